import { sql } from 'kysely';
import {
  PROFILE_DOCUMENT_MAX_BYTES,
  PROFILE_DOCUMENT_TYPES,
  VERIFICATION_KINDS,
  sniffDocumentType,
  type ProfileDocumentType,
  type VerificationKind,
  type VerificationStatus,
} from '@portal/domain';
import { badRequest, notFound } from '../../../platform/errors.js';
import { type WorkerSideDeps, PROFILE_REFUSALS, workerOrThrow } from '../shared.js';

/** A document the worker uploads (JPEG, PNG or PDF by content, at most 5 MB); it waits for review. */
export async function uploadDocument(deps: WorkerSideDeps, workerId: string, kind: ProfileDocumentType, content: Buffer): Promise<string> {
  const { db } = deps;
  await workerOrThrow(deps, workerId);
  if (!(PROFILE_DOCUMENT_TYPES as readonly string[]).includes(kind)) throw badRequest(PROFILE_REFUSALS.documentKind);
  if (content.length > PROFILE_DOCUMENT_MAX_BYTES) throw badRequest(PROFILE_REFUSALS.documentSize);
  const mime = sniffDocumentType(content);
  if (!mime) throw badRequest(PROFILE_REFUSALS.documentType);
  const row = await db
    .insertInto('worker_documents')
    .values({ worker_id: workerId, kind, mime_type: mime, content: deps.protector.sealBytes(content), created_at: deps.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The provider's review of an uploaded document; a kind with a verification status gets it too. */
export async function reviewDocument(deps: WorkerSideDeps, documentId: string, status: VerificationStatus): Promise<void> {
  const { db } = deps;
  const doc = await db.updateTable('worker_documents').set({ status }).where('id', '=', documentId).returning(['worker_id', 'kind']).executeTakeFirst();
  if (!doc) throw notFound('Document not found');
  if ((VERIFICATION_KINDS as readonly string[]).includes(doc.kind)) await setVerification(deps, doc.worker_id, doc.kind as VerificationKind, status);
}

/** The provider's review of a detail (address, bank details, PAN, ...). */
export async function setVerification(deps: WorkerSideDeps, workerId: string, kind: VerificationKind, status: VerificationStatus): Promise<void> {
  const { db } = deps;
  if (!(VERIFICATION_KINDS as readonly string[]).includes(kind)) throw badRequest(PROFILE_REFUSALS.verificationKind);
  await workerOrThrow(deps, workerId);
  const entry = JSON.stringify({ [kind]: status });
  await db
    .insertInto('worker_profiles')
    .values({ worker_id: workerId, verification: entry, updated_at: deps.now() })
    .onConflict((oc) => oc.column('worker_id').doUpdateSet({ verification: sql`worker_profiles.verification || ${entry}::jsonb`, updated_at: deps.now() }))
    .execute();
}
