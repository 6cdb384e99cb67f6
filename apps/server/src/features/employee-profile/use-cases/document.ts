import { EMPLOYEE_PROFILE_MSG, sniffDocumentType, type ProfileDocumentType } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { notFound } from '../../../platform/errors.js';
import { workerInScope, type Scope, type StoredFile } from '../shared.js';

/** GET /employer-admin/user-document: the latest document of a kind, or 404. */
export async function document(deps: Pick<Deps, 'db' | 'protector'>, ctx: Scope, employeeId: string, docType: ProfileDocumentType): Promise<StoredFile> {
  const { db } = deps;
  const w = await workerInScope(deps, ctx, employeeId);
  const doc = await db
    .selectFrom('worker_documents')
    .select(['id', 'content', 'mime_type'])
    .where('worker_id', '=', w.id)
    .where('kind', '=', docType)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!doc) throw notFound(EMPLOYEE_PROFILE_MSG.documentNotFound);
  const content = await deps.protector.openBytesFresh(doc.content);
  // The type the bytes prove, not the stored label.
  const mimeType = sniffDocumentType(content) ?? 'application/octet-stream';
  const ext = mimeType === 'image/png' ? 'png' : mimeType === 'image/jpeg' ? 'jpg' : mimeType === 'application/pdf' ? 'pdf' : 'bin';
  return { content, mimeType, fileName: `${docType}.${ext}` };
}
