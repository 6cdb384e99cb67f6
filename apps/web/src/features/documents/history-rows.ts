/**
 * What the upload screen shows per type (spec 2.8) and the rows of its history table: upload audit
 * records and raw file records brought to one shape, with the stored documents behind the Source
 * File and Processed File buttons taken from their locations (spec 3). Pure.
 */
import {
  type StoredDocumentType,
  parseDocumentLocation,
  type DocumentType,
  type RawFileRecord,
  type RowCounts,
  type UploadAuditRecord,
  type UploadStatus,
} from '@portal/domain';
import { rowCountsText } from '../../shared/ui/upload-outcomes';

/** The uploader's heading per type. */
export const UPLOAD_TITLES: Record<DocumentType, string> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'Bulk Employee Upload',
  TERMINATED_EMPLOYEES_UPLOAD: 'Bulk Termination',
  ATTENDANCE_UPLOAD: 'Attendance Upload',
  PAYROLL_UPLOAD: 'Payroll Upload',
  PAYROLL_STREAMING_ACCOUNT: 'Payroll Upload (Streaming Account)',
  RAW_FILE: 'Raw File Upload',
  LEAVE_UPLOAD: 'Leave Upload',
};

/** The three types with an upload-history table, and its title. */
export const HISTORY_TITLES: Partial<Record<DocumentType, string>> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'Bulk Employee Upload History',
  TERMINATED_EMPLOYEES_UPLOAD: 'Bulk Terminate History',
  RAW_FILE: 'Upload History',
  // Beyond the spec's three: the leave sheet's history (issue 13).
  LEAVE_UPLOAD: 'Leave Upload History',
};
export const hasHistory = (type: DocumentType): boolean => HISTORY_TITLES[type] !== undefined;

export const isPayrollType = (type: DocumentType): type is 'PAYROLL_UPLOAD' | 'PAYROLL_STREAMING_ACCOUNT' =>
  type === 'PAYROLL_UPLOAD' || type === 'PAYROLL_STREAMING_ACCOUNT';

/** The query of GET /employer-admin/doc for one stored document. */
export interface DocRef {
  documentType: StoredDocumentType;
  documentId: string;
  employerAdminId: string;
}
/** The stored document at a location, or null when there is none or it cannot be read. */
export const docRefOf = (location: string | null | undefined): DocRef | null => (location ? parseDocumentLocation(location) : null);

export interface HistoryRow {
  id: string;
  /** ISO instant */
  uploadedAt: string;
  fileName: string;
  uploadedBy: string;
  status: UploadStatus;
  source: DocRef | null;
  processed: DocRef | null;
  counts: RowCounts | null;
  failureReason: string | null;
}

export const auditHistoryRow = (r: UploadAuditRecord): HistoryRow => ({
  id: r._id,
  uploadedAt: r.uploadedDate,
  fileName: r.fileName,
  uploadedBy: r.uploadedBy,
  status: r.status,
  source: docRefOf(r.originalDocumentURL),
  processed: docRefOf(r.processedDocumentURL),
  counts: r.counts,
  failureReason: r.failureReason,
});

/** Spec 3: a raw file is named by originalFileName, or fileName when that is missing. */
export const rawFileHistoryRow = (r: RawFileRecord): HistoryRow => ({
  id: r._id,
  uploadedAt: r.updatedAt,
  fileName: r.originalFileName || r.fileName,
  uploadedBy: r.uploadedBy,
  status: r.status,
  source: docRefOf(r.originalDocumentURL),
  processed: null,
  counts: null,
  failureReason: null,
});

/** "3 created, 1 updated, 0 unchanged, 2 failed" (the same words as the outcome notice). */
export const countsText = (c: RowCounts): string => rowCountsText(c);

/** The line under a status badge: why an upload failed, or what a processed one did. */
export function statusDetail(row: Pick<HistoryRow, 'status' | 'counts' | 'failureReason'>): string | null {
  if (row.status === 'FAILED') return row.failureReason || null;
  if (row.status === 'PROCESSED' && row.counts) return countsText(row.counts);
  return null;
}

/** Whether a page of rows still has an upload being processed (the table then refreshes itself). */
export const anyProcessing = (rows: readonly { status: string }[] | undefined): boolean => (rows ?? []).some((r) => r.status === 'PROCESSING');
