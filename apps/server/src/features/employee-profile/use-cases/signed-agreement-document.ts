import { EMPLOYEE_PROFILE_MSG, sniffDocumentType } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import { sameBytes } from '../../../platform/secrets.js';
import type { ProfileDeps, StoredFile } from '../shared.js';

/** The signed link itself: the agreement's document while the signature holds and the link has not expired. */
export async function signedAgreementDocument(deps: ProfileDeps, agreementId: string, expires: string, signature: string): Promise<StoredFile> {
  const { db, sign } = deps;
  const at = Number(expires);
  const fail = () => notFound(EMPLOYEE_PROFILE_MSG.linkExpired);
  if (!isUuid(agreementId) || !Number.isSafeInteger(at)) throw fail();
  if (!sameBytes(Buffer.from(sign(agreementId, at), 'hex'), Buffer.from(signature, 'hex'))) throw fail();
  if (deps.now().getTime() > at) throw fail();
  const row = await db.selectFrom('worker_agreements').select(['agreement_type', 'content']).where('id', '=', agreementId).executeTakeFirst();
  if (!row?.content || row.content.length === 0) throw fail();
  const content = await deps.protector.openBytesFresh(row.content);
  const mimeType = sniffDocumentType(content) ?? 'application/octet-stream';
  const ext = mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : mimeType === 'image/jpeg' ? 'jpg' : 'bin';
  return { content, mimeType, fileName: `agreement-${agreementId.slice(0, 8)}.${ext}` };
}
