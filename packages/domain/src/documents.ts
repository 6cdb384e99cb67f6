/**
 * Document uploads (spec 2.7, 2.8, 3, 4.3, 5.2, 7): the types, their formats and limits, the
 * spec's notices, the stored document types of a document location, and the wire shapes of the
 * upload, history, attendance and download calls.
 */
import { SHEET_UPLOAD_LIMIT_MB, RAW_FILE_UPLOAD_LIMIT_MB, BYTES_PER_MB } from './constants.js';
import type { Area } from './access.js';

export const DOCUMENT_TYPES = [
  'ADD_EMPLOYEES_BULK_UPLOAD',
  'ATTENDANCE_UPLOAD',
  'TERMINATED_EMPLOYEES_UPLOAD',
  'PAYROLL_UPLOAD',
  'PAYROLL_STREAMING_ACCOUNT',
  'RAW_FILE',
  // Issue 13: spec 2.8 names no leave type; this portal's name (the sample's kind too).
  'LEAVE_UPLOAD',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const isDocumentType = (v: unknown): v is DocumentType => typeof v === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(v);

/** Sheets the portal processes row by row (payroll ones from the payroll issue on). */
export const SHEET_DOCUMENT_TYPES = ['ADD_EMPLOYEES_BULK_UPLOAD', 'ATTENDANCE_UPLOAD', 'TERMINATED_EMPLOYEES_UPLOAD', 'PAYROLL_UPLOAD', 'PAYROLL_STREAMING_ACCOUNT', 'LEAVE_UPLOAD'] as const;
export type SheetDocumentType = (typeof SHEET_DOCUMENT_TYPES)[number];

/** 5.2: formats and size limits per type. */
export const RAW_FILE_EXTENSIONS = ['pdf', 'csv', 'doc', 'docx', 'xlsx', 'xls'] as const;
export type FileExtension = (typeof RAW_FILE_EXTENSIONS)[number];
export interface DocumentFormat {
  extensions: readonly FileExtension[];
  maxMb: number;
}
export const DOCUMENT_FORMATS: Record<DocumentType, DocumentFormat> = {
  ADD_EMPLOYEES_BULK_UPLOAD: { extensions: ['xlsx'], maxMb: SHEET_UPLOAD_LIMIT_MB },
  ATTENDANCE_UPLOAD: { extensions: ['xlsx'], maxMb: SHEET_UPLOAD_LIMIT_MB },
  TERMINATED_EMPLOYEES_UPLOAD: { extensions: ['xlsx'], maxMb: SHEET_UPLOAD_LIMIT_MB },
  PAYROLL_UPLOAD: { extensions: ['xlsx'], maxMb: SHEET_UPLOAD_LIMIT_MB },
  PAYROLL_STREAMING_ACCOUNT: { extensions: ['xlsx'], maxMb: SHEET_UPLOAD_LIMIT_MB },
  RAW_FILE: { extensions: RAW_FILE_EXTENSIONS, maxMb: RAW_FILE_UPLOAD_LIMIT_MB },
  LEAVE_UPLOAD: { extensions: ['xlsx'], maxMb: SHEET_UPLOAD_LIMIT_MB },
};
export const maxBytesOf = (type: DocumentType): number => DOCUMENT_FORMATS[type].maxMb * BYTES_PER_MB;
/** "xlsx" or "pdf, csv, doc, docx, xlsx, xls", as the hint and the Format Error show them. */
export const formatsText = (type: DocumentType): string => DOCUMENT_FORMATS[type].extensions.join(', ');

/** Spec 6: the area whose resource guards a type (history READ, upload WRITE). */
export const DOCUMENT_AREA: Record<DocumentType, Area> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'EMPLOYEES',
  TERMINATED_EMPLOYEES_UPLOAD: 'EMPLOYEES',
  ATTENDANCE_UPLOAD: 'ATTENDANCE',
  PAYROLL_UPLOAD: 'PAYROLL',
  PAYROLL_STREAMING_ACCOUNT: 'PAYROLL',
  RAW_FILE: 'RAW_FILES',
  LEAVE_UPLOAD: 'ATTENDANCE',
};

/** The lower-case extension of a file name ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** 5.2 and 2.8: the screen's notices, verbatim, and the server's refusals beyond them. */
export const UPLOAD_MSG = {
  formatErrorTitle: 'Format Error',
  formatError: (formats: string) => `The document you uploaded is not in an acceptable format. Please reupload it in ${formats} format.`,
  sizeErrorTitle: 'Size Error',
  sizeError: (mb: number) => `Selected file size is greater than ${mb} MB`,
  hint: (formats: string, mb: number) => `Please select a file in ${formats} format(s). Max File Size: ${mb} MB`,
  uploaded: 'File Uploaded',
  // Beyond the spec: what the server says when the content is refused.
  emptyFile: 'The file is empty. Please choose a file with content.',
  noFile: 'Please choose a file to upload.',
  contentMismatch: (formats: string) => `The file's content is not a valid ${formats} file. Please reupload it in ${formats} format.`,
  corrupt: 'The file is damaged and cannot be read. Please save it again and reupload it.',
  tooManyEntries: 'The file has too many parts to be a document. Please reupload a plain spreadsheet or document.',
  tooLargeUnpacked: 'The file unpacks to more than 100 MB. Please split it into smaller files.',
  forbiddenContent: 'The file contains content that is not allowed (XML document type or entity declarations, links or encrypted parts).',
  notInRelease: 'Payroll sheets are processed from the payroll release on.',
  notFound: 'Document not found',
} as const;

/** Processing statuses of an upload (2.8 badges: PROCESSING pending, PROCESSED success, FAILED reject). */
export const UPLOAD_STATUSES = ['PROCESSING', 'PROCESSED', 'FAILED'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * The moves an upload's status makes (issue 23); anything else is refused. A sheet begins
 * PROCESSING and ends once, PROCESSED or FAILED; a document kept as it is begins PROCESSED.
 */
export const UPLOAD_MOVES: Record<UploadStatus, readonly UploadStatus[]> = {
  PROCESSING: ['PROCESSED', 'FAILED'],
  PROCESSED: [],
  FAILED: [],
};
/** The statuses an upload may begin in: PROCESSING (a sheet, processed by its job), PROCESSED (a document kept as it is). */
export const UPLOAD_STARTS: readonly UploadStatus[] = ['PROCESSING', 'PROCESSED'];
export const canMoveUpload = (from: UploadStatus, to: UploadStatus): boolean => UPLOAD_MOVES[from].includes(to);

/**
 * Spec 3's stored document types: a document location is `{employerId}/{adminId}/{type}/{id}`
 * (parts 2, 3, 4 are admin id, type and id). RAW_FILE is this portal's name for raw files.
 */
export const STORED_DOCUMENT_TYPES = [
  'ATTENDANCE_SHEET',
  'PROCESSED_ATTENDANCE_SHEET',
  'LEAVES_SHEET',
  // Beyond spec 3's list: the processed leave sheet (Status and Reason).
  'PROCESSED_LEAVES_SHEET',
  'PAYROLL',
  'PROCESSED_PAYROLL',
  'FINAL_REPORT',
  'EMPLOYEE_TERMINATION_SHEET',
  'PROCESSED_EMPLOYEE_TERMINATION_SHEET',
  'NEW_EMPLOYEE_SHEET',
  'PROCESSED_NEW_EMPLOYEE_SHEET',
  'RAW_FILE',
] as const;
export type StoredDocumentType = (typeof STORED_DOCUMENT_TYPES)[number];

/** The stored types of an upload's original and processed files. */
export const STORED_TYPES_OF: Record<DocumentType, { original: StoredDocumentType; processed: StoredDocumentType | null }> = {
  ADD_EMPLOYEES_BULK_UPLOAD: { original: 'NEW_EMPLOYEE_SHEET', processed: 'PROCESSED_NEW_EMPLOYEE_SHEET' },
  TERMINATED_EMPLOYEES_UPLOAD: { original: 'EMPLOYEE_TERMINATION_SHEET', processed: 'PROCESSED_EMPLOYEE_TERMINATION_SHEET' },
  ATTENDANCE_UPLOAD: { original: 'ATTENDANCE_SHEET', processed: 'PROCESSED_ATTENDANCE_SHEET' },
  PAYROLL_UPLOAD: { original: 'PAYROLL', processed: 'PROCESSED_PAYROLL' },
  PAYROLL_STREAMING_ACCOUNT: { original: 'PAYROLL', processed: 'PROCESSED_PAYROLL' },
  RAW_FILE: { original: 'RAW_FILE', processed: null },
  LEAVE_UPLOAD: { original: 'LEAVES_SHEET', processed: 'PROCESSED_LEAVES_SHEET' },
};
/** The area guarding a stored document type (for GET /employer-admin/doc). */
export const STORED_TYPE_AREA: Record<StoredDocumentType, Area> = {
  ATTENDANCE_SHEET: 'ATTENDANCE',
  PROCESSED_ATTENDANCE_SHEET: 'ATTENDANCE',
  LEAVES_SHEET: 'ATTENDANCE',
  PROCESSED_LEAVES_SHEET: 'ATTENDANCE',
  PAYROLL: 'PAYROLL',
  PROCESSED_PAYROLL: 'PAYROLL',
  FINAL_REPORT: 'PAYROLL',
  EMPLOYEE_TERMINATION_SHEET: 'EMPLOYEES',
  PROCESSED_EMPLOYEE_TERMINATION_SHEET: 'EMPLOYEES',
  NEW_EMPLOYEE_SHEET: 'EMPLOYEES',
  PROCESSED_NEW_EMPLOYEE_SHEET: 'EMPLOYEES',
  RAW_FILE: 'RAW_FILES',
};

export const documentLocation = (employerId: string, adminId: string, type: StoredDocumentType, documentId: string): string =>
  `${employerId}/${adminId}/${type}/${documentId}`;
/** Spec 3: the second, third and fourth parts are the admin id, document type and document id. */
export function parseDocumentLocation(location: string): { employerAdminId: string; documentType: StoredDocumentType; documentId: string } | null {
  const parts = location.split('/');
  if (parts.length < 4 || !parts[1] || !parts[2] || !parts[3]) return null;
  const documentType = STORED_DOCUMENT_TYPES.find((t) => t === parts[2]);
  if (!documentType) return null;
  return { employerAdminId: parts[1], documentType, documentId: parts[3] };
}

/** Sample format files (2.8): one per type, and the leave sheet's. */
export const SAMPLE_KINDS = ['ADD_EMPLOYEES_BULK_UPLOAD', 'ATTENDANCE_UPLOAD', 'TERMINATED_EMPLOYEES_UPLOAD', 'PAYROLL_UPLOAD', 'PAYROLL_STREAMING_ACCOUNT', 'LEAVE_UPLOAD'] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];
export const SAMPLE_FILE_NAMES: Record<SampleKind, string> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'sample-bulk-employee-upload.xlsx',
  ATTENDANCE_UPLOAD: 'sample-attendance-upload.xlsx',
  TERMINATED_EMPLOYEES_UPLOAD: 'sample-bulk-termination.xlsx',
  PAYROLL_UPLOAD: 'sample-payroll-upload.xlsx',
  PAYROLL_STREAMING_ACCOUNT: 'sample-payroll-streaming-account.xlsx',
  LEAVE_UPLOAD: 'sample-leave-upload.xlsx',
};
/** The public path of a sample file (no sign-in needed: it holds no data). */
export const samplePath = (kind: SampleKind): string => `/api/samples/${SAMPLE_FILE_NAMES[kind]}`;
/** Raw files have no sample: any of the formats is taken as is. */
export const sampleKindOf = (type: DocumentType): SampleKind | null => (type === 'RAW_FILE' ? null : type);

// ---- upload outcome notices (issue 11) ----

/** How long a finished upload's outcome notice is offered, and how many at most. */
export const UPLOAD_OUTCOME_WINDOW_DAYS = 7;
export const UPLOAD_OUTCOME_LIMIT = 10;
