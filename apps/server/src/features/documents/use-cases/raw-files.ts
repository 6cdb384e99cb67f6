import type { RawFileListResult } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { page, toAuditRecord, type DocumentDeps } from '../shared.js';

/** GET /employer-admin/file/list: raw files, newest first. */
export async function rawFiles(deps: Pick<DocumentDeps, 'db'>, ctx: AuthContext, pageNumber: number, limit: number): Promise<RawFileListResult> {
  const { rows, total } = await page(deps, ctx, 'RAW_FILE', pageNumber, limit);
  return {
    files: rows.map((u) => {
      const r = toAuditRecord(u);
      return {
        _id: r._id,
        originalFileName: u.file_name,
        fileName: u.file_name,
        updatedAt: (u.processed_at ?? u.created_at).toISOString(),
        employerAdminEmail: u.admin_email,
        employerAdminId: u.admin_id,
        uploadedBy: u.admin_name,
        status: r.status,
        originalDocumentURL: r.originalDocumentURL,
        sizeBytes: u.size_bytes,
      };
    }),
    total,
  };
}
