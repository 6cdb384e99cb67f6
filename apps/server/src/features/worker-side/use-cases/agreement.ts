import { sniffDocumentType } from '@portal/domain';
import { badRequest } from '../../../platform/errors.js';
import { type WorkerSideDeps, PROFILE_REFUSALS, workerOrThrow } from '../shared.js';

/** The worker signs an agreement in the app; `content` is the signed document, when one was kept. */
export async function signAgreement(deps: WorkerSideDeps, workerId: string, agreementType: string, content: Buffer | null): Promise<string> {
  const { db } = deps;
  await workerOrThrow(deps, workerId);
  if (content && sniffDocumentType(content) === null) throw badRequest(PROFILE_REFUSALS.documentType);
  const row = await db
    .insertInto('worker_agreements')
    .values({ worker_id: workerId, agreement_type: agreementType, signed_at: deps.now(), content: content ? deps.protector.sealBytes(content) : null, created_at: deps.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
