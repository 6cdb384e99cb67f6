import type { AttendanceListResult, AttendanceRecord } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { page, toAuditRecord, type DocumentDeps } from '../shared.js';

/** GET /employer-admin/attendance: attendance uploads, newest first (2.7). */
export async function attendance(deps: Pick<DocumentDeps, 'db'>, ctx: AuthContext, pageNumber: number, limit: number): Promise<AttendanceListResult> {
  const { rows, total } = await page(deps, ctx, 'ATTENDANCE_UPLOAD', pageNumber, limit);
  const attendances: AttendanceRecord[] = rows.map((u) => {
    const r = toAuditRecord(u);
    return {
      _id: r._id,
      processedDocumentId: r.processedDocumentId,
      processedDocumentURL: r.processedDocumentURL,
      uploadedDate: r.uploadedDate,
      uploadedBy: r.uploadedBy,
      latestAttendanceDate: u.latest_attendance_date ? u.latest_attendance_date.replace(/-/g, '') : null,
      status: r.status,
      employerAdminId: r.employerAdminId,
      counts: r.counts,
      failureReason: r.failureReason,
    };
  });
  return { attendances, total };
}
