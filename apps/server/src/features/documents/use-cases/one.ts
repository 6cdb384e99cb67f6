import { DOCUMENT_AREA, UPLOAD_MSG, type UploadAuditRecord } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { isUuid } from '../../../platform/ids.js';
import { requireArea, toAuditRecord, uploads, type DocumentDeps } from '../shared.js';

/** GET /v2/employer-admin/doc-upload-audit-logs/{id}: one upload, to watch it finish. */
export async function one(deps: Pick<DocumentDeps, 'db'>, ctx: AuthContext, id: string): Promise<UploadAuditRecord> {
  if (!isUuid(id)) throw notFound(UPLOAD_MSG.notFound);
  const row = await uploads(deps, ctx).where('u.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(UPLOAD_MSG.notFound);
  requireArea(ctx, DOCUMENT_AREA[row.doc_type], 'READ');
  return toAuditRecord(row);
}
