import { UPLOAD_MSG, type DocResult, type StoredDocumentType } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { vendorIs } from '../../../platform/scope.js';
import type { DocumentDeps } from '../shared.js';

/** GET /employer-admin/doc: a stored document of the caller's scope, as base64 (the guard checked READ on the type's area). */
export async function document(
  deps: Pick<DocumentDeps, 'db' | 'protector'>,
  ctx: AuthContext,
  q: { documentType: StoredDocumentType; documentId: string; employerAdminId: string },
): Promise<DocResult> {
  const f = await deps.db
    .selectFrom('stored_files')
    .select(['file_name', 'mime_type', 'content'])
    .where('id', '=', q.documentId)
    .where('employer_id', '=', ctx.admin.employer_id)
    .where('admin_id', '=', q.employerAdminId)
    .where('document_type', '=', q.documentType)
    .where(vendorIs(ctx.vendorId))
    .executeTakeFirst();
  if (!f) throw notFound(UPLOAD_MSG.notFound);
  return { b64File: (await deps.protector.openBytesFresh(f.content)).toString('base64'), fileName: f.file_name, mimeType: f.mime_type };
}
