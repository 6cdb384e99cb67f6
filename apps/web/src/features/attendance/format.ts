/** Cell texts and links of the Attendance screen (spec 2.7, 3, 9). Pure. */
import { parseDocumentLocation, type AttendanceRecord, type StoredDocumentType } from '@portal/domain';
import { rowCountsText } from '../../shared/ui/upload-outcomes';

export const NA = 'NA';

/** dd/mm/yyyy from the record's latestAttendanceDate (yyyymmdd); NA when missing or not a date. */
export function attendanceDateText(yyyymmdd: string | null | undefined): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd ?? '');
  if (!m) return NA;
  const [, y, mo, d] = m;
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (at.getUTCFullYear() !== Number(y) || at.getUTCMonth() !== Number(mo) - 1 || at.getUTCDate() !== Number(d)) return NA;
  return `${d}/${mo}/${y}`;
}

/** Spec 2.7: the processed sheet is saved as attendance_{documentId}.xlsx. */
export const attendanceFileName = (documentId: string): string => `attendance_${documentId}.xlsx`;

/** The stored processed sheet of a record (GET /employer-admin/doc's query), or null when there is none yet. */
export function processedSheetOf(record: Pick<AttendanceRecord, 'processedDocumentURL'>): { documentType: StoredDocumentType; documentId: string; employerAdminId: string } | null {
  return record.processedDocumentURL ? parseDocumentLocation(record.processedDocumentURL) : null;
}

/**
 * Bulk Upload's target (spec 2.7): the upload screen for attendance, with the vendor in vendor
 * context and this screen (path and query) to come back to.
 */
export function bulkUploadHref(vendorId: string | null, returnTo: string): string {
  const q = new URLSearchParams({ document: 'ATTENDANCE_UPLOAD' });
  if (vendorId) q.set('vendorId', vendorId);
  q.set('returnTo', returnTo);
  return `/documentUpload?${q.toString()}`;
}

/** The line under a row's status badge: why it failed, or what it recorded. */
export function statusDetail(record: Pick<AttendanceRecord, 'status' | 'counts' | 'failureReason'>): string | null {
  if (record.status === 'FAILED') return record.failureReason || null;
  if (record.status === 'PROCESSED' && record.counts) return rowCountsText(record.counts);
  return null;
}
