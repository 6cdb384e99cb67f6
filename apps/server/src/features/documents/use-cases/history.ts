import type { DocumentType, UploadHistoryResult } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { page, toAuditRecord, type DocumentDeps } from '../shared.js';

/** GET /v2/employer-admin/doc-upload-audit-logs: the type's history, newest first (the guard checked READ on the type's area). */
export async function history(deps: Pick<DocumentDeps, 'db'>, ctx: AuthContext, docType: DocumentType, pageNumber: number, limit: number): Promise<UploadHistoryResult> {
  const { rows, total } = await page(deps, ctx, docType, pageNumber, limit);
  return { auditLogs: rows.map(toAuditRecord), total };
}
