/** The zod wire schemas of ../documents.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { DOCUMENT_TYPES, UPLOAD_STATUSES, STORED_DOCUMENT_TYPES, SHEET_DOCUMENT_TYPES } from '../documents.js';
import { UPLOAD_HISTORY_PAGE_SIZE } from '../constants.js';

// ---- wire shapes ----

export const RowCounts = z.object({
  totalRows: z.number().int(),
  /** created + updated */
  appliedRows: z.number().int(),
  /** new: an employee added, an attendance day recorded for the first time */
  createdRows: z.number().int(),
  /** changed: an employee's fields, a day's status, a termination (the Reason says what changed) */
  updatedRows: z.number().int(),
  /** already so: a re-upload of the same row */
  unchangedRows: z.number().int(),
  failedRows: z.number().int(),
});
export type RowCounts = z.infer<typeof RowCounts>;

/** Spec 3's upload audit record, plus the type, the file name, the row counts and the reason of a failure. */
export const UploadAuditRecord = z.object({
  _id: z.string(),
  docType: z.enum(DOCUMENT_TYPES),
  fileName: z.string(),
  originalDocumentId: z.string(),
  originalDocumentURL: z.string(),
  processedDocumentId: z.string().nullable(),
  processedDocumentURL: z.string().nullable(),
  /** ISO instant */
  uploadedDate: z.string(),
  /** the admin's name */
  uploadedBy: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  employerAdminId: z.string(),
  counts: RowCounts.nullable(),
  failureReason: z.string().nullable(),
  /** ISO instant, when processing ended */
  processedAt: z.string().nullable(),
  /** the worksheet that was read, when known */
  sheetName: z.string().nullable(),
});
export type UploadAuditRecord = z.infer<typeof UploadAuditRecord>;

const pageQuery = {
  vendorId: z.string().uuid().optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(UPLOAD_HISTORY_PAGE_SIZE),
};
export const UploadHistoryQuery = z.object({ docType: z.enum(DOCUMENT_TYPES), ...pageQuery });
export const UploadHistoryResult = z.object({ auditLogs: z.array(UploadAuditRecord), total: z.number().int() });
export type UploadHistoryResult = z.infer<typeof UploadHistoryResult>;
export const PageQuery = z.object(pageQuery);

/** Spec 3's attendance record. `latestAttendanceDate` is yyyymmdd. */
export const AttendanceRecord = z.object({
  _id: z.string(),
  processedDocumentId: z.string().nullable(),
  processedDocumentURL: z.string().nullable(),
  uploadedDate: z.string(),
  uploadedBy: z.string(),
  latestAttendanceDate: z.string().nullable(),
  status: z.enum(UPLOAD_STATUSES),
  employerAdminId: z.string(),
  counts: RowCounts.nullable(),
  failureReason: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;
export const AttendanceListResult = z.object({ attendances: z.array(AttendanceRecord), total: z.number().int() });
export type AttendanceListResult = z.infer<typeof AttendanceListResult>;

/** Spec 3's raw file record. */
export const RawFileRecord = z.object({
  _id: z.string(),
  originalFileName: z.string(),
  fileName: z.string(),
  updatedAt: z.string(),
  employerAdminEmail: z.string(),
  employerAdminId: z.string(),
  uploadedBy: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  originalDocumentURL: z.string(),
  sizeBytes: z.number().int(),
});
export type RawFileRecord = z.infer<typeof RawFileRecord>;
export const RawFileListResult = z.object({ files: z.array(RawFileRecord), total: z.number().int() });
export type RawFileListResult = z.infer<typeof RawFileListResult>;

/** GET /employer-admin/doc */
export const DocQuery = z.object({
  documentType: z.enum(STORED_DOCUMENT_TYPES),
  documentId: z.string().uuid(),
  employerAdminId: z.string().uuid(),
  vendorId: z.string().uuid().optional(),
});
export const DocResult = z.object({ b64File: z.string(), fileName: z.string(), mimeType: z.string() });
export type DocResult = z.infer<typeof DocResult>;

/**
 * GET /employer-admin/upload-outcomes: one of the caller's own sheet uploads, still PROCESSING or
 * finished within the window and not dismissed. `processedDocumentURL` is a document location (the
 * query of GET /employer-admin/doc, with `vendorId` in vendor context). `payrollMonth` (yyyy-mm) is
 * set for payroll sheets, whose outcome the payroll screen reports (spec 8).
 */
export const UploadOutcome = z.object({
  _id: z.string(),
  docType: z.enum(SHEET_DOCUMENT_TYPES),
  fileName: z.string(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  status: z.enum(UPLOAD_STATUSES),
  counts: RowCounts.nullable(),
  failureReason: z.string().nullable(),
  sheetName: z.string().nullable(),
  /** ISO instant */
  uploadedDate: z.string(),
  /** ISO instant, when processing ended */
  processedAt: z.string().nullable(),
  employerAdminId: z.string(),
  processedDocumentId: z.string().nullable(),
  processedDocumentURL: z.string().nullable(),
  payrollMonth: z.string().nullable(),
});
export type UploadOutcome = z.infer<typeof UploadOutcome>;
export const UploadOutcomeList = z.object({ outcomes: z.array(UploadOutcome) });
export type UploadOutcomeList = z.infer<typeof UploadOutcomeList>;
export const UploadOutcomeParams = z.object({ id: z.string().max(100) });
/**
 * POST /employer-admin/upload-outcomes/seen (issue 20): uploads whose finished outcome the admin
 * has just seen on their own list (the upload history, Attendance, Leave); the caller's own
 * finished ones among them stop being notices. Others' ids and unknown ids are ignored.
 */
export const UploadOutcomesSeenBody = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });
export type UploadOutcomesSeenBody = z.infer<typeof UploadOutcomesSeenBody>;
export const UploadOutcomesSeenResult = z.object({ seen: z.number().int() });
export type UploadOutcomesSeenResult = z.infer<typeof UploadOutcomesSeenResult>;
/**
 * POST /employer-admin/upload-outcomes/dismiss-all (issue 20, "Close all"): every notice of the
 * caller of an upload made at or before `uploadedUntil` (the newest `uploadedDate` the stack
 * showed), so an upload the admin has not seen yet is not closed with them.
 */
export const UploadOutcomesDismissAllBody = z.object({ uploadedUntil: z.string().datetime({ offset: true }) });
export type UploadOutcomesDismissAllBody = z.infer<typeof UploadOutcomesDismissAllBody>;
export const UploadOutcomesDismissAllResult = z.object({ dismissed: z.number().int() });
export type UploadOutcomesDismissAllResult = z.infer<typeof UploadOutcomesDismissAllResult>;

/** Path parameters of the documents routes (the contracts' params, decision 0051). */
export const DocumentIdParam = z.object({ documentId: z.string().max(100) });
export const SampleFileParam = z.object({ fileName: z.string().max(100) });
