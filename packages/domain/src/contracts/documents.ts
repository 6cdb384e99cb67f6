/** Uploads, histories, attendance and leave lists, stored files, outcome notices, the File Upload link; payroll and payouts. */
import type { VendorQuery } from '../wire/api.js';
import type {
  AttendanceListResult,
  DocQuery,
  DocResult,
  DocumentIdParam,
  PageQuery,
  RawFileListResult,
  SampleFileParam,
  UploadAuditRecord,
  UploadHistoryQuery,
  UploadHistoryResult,
  UploadOutcomeList,
  UploadOutcomeParams,
  UploadOutcomesDismissAllBody,
  UploadOutcomesDismissAllResult,
  UploadOutcomesSeenBody,
  UploadOutcomesSeenResult,
} from '../wire/documents.js';
import type { LeaveListResult } from '../wire/leave.js';
import type { FileUploadTokenQuery, FileUploadTokenResult } from '../wire/external-links.js';
import type { BulkIdParam, BulkStatus } from '../wire/bulk.js';
import type {
  AccountStatement,
  EmployeePayoutDetailsBody,
  EmployeePayoutDetailsResult,
  ExecutePayrollResult,
  HrActionBody,
  MissingWorkersQuery,
  MissingWorkersResult,
  PayrollDetails,
  PayrollDetailsQuery,
  PayrollIdQuery,
  PayrollInfo,
  PayrollListQuery,
  PayrollListResult,
  PayrollMonthlySummary,
  PayrollMonthlySummaryQuery,
  PayrollStatusResult,
  PayrollVendorQuery,
  StreamAccountInfo,
  StreamingExecuteQuery,
  UpdatePayrollStatusBody,
  UploadPayrollDocBody,
  UploadPayrollDocResult,
} from '../wire/payroll.js';
import { endpoint, type Endpoint } from './endpoint.js';

/** A multipart upload of one file (field `file`) in the caller's context. */
type Upload = { query: typeof VendorQuery; body: 'multipart'; answer: typeof UploadAuditRecord };
export type UploadCall = Endpoint<'POST', string, Upload>;

export const documentCalls = {
  uploadEmployees: endpoint<Upload>()('POST', '/v2/employer-admin/upload-employee-doc'),
  uploadTerminations: endpoint<Upload>()('POST', '/employer-admin/upload-employee-termination-doc'),
  uploadAttendance: endpoint<Upload>()('POST', '/employer-admin/upload-attendance-doc'),
  uploadRawFile: endpoint<Upload>()('POST', '/employer-admin/file/upload'),
  uploadLeave: endpoint<Upload>()('POST', '/employer-admin/upload-leave-doc'),
  rawFiles: endpoint<{ query: typeof PageQuery; answer: typeof RawFileListResult }>()('GET', '/employer-admin/file/list'),
  history: endpoint<{ query: typeof UploadHistoryQuery; answer: typeof UploadHistoryResult }>()('GET', '/v2/employer-admin/doc-upload-audit-logs'),
  upload: endpoint<{ params: typeof DocumentIdParam; query: typeof VendorQuery; answer: typeof UploadAuditRecord }>()('GET', '/v2/employer-admin/doc-upload-audit-logs/:documentId'),
  attendance: endpoint<{ query: typeof PageQuery; answer: typeof AttendanceListResult }>()('GET', '/employer-admin/attendance'),
  leave: endpoint<{ query: typeof PageQuery; answer: typeof LeaveListResult }>()('GET', '/employer-admin/leave'),
  doc: endpoint<{ query: typeof DocQuery; answer: typeof DocResult }>()('GET', '/employer-admin/doc'),
  sample: endpoint<{ params: typeof SampleFileParam; answer: 'file' }>()('GET', '/samples/:fileName'),
  bulkStatus: endpoint<{ params: typeof BulkIdParam; query: typeof VendorQuery; answer: typeof BulkStatus }>()('GET', '/employer-admin/bulk/:id'),
};

export const uploadOutcomeCalls = {
  list: endpoint<{ answer: typeof UploadOutcomeList }>()('GET', '/employer-admin/upload-outcomes'),
  dismiss: endpoint<{ params: typeof UploadOutcomeParams }>()('POST', '/employer-admin/upload-outcomes/:id/dismiss'),
  seen: endpoint<{ body: typeof UploadOutcomesSeenBody; answer: typeof UploadOutcomesSeenResult }>()('POST', '/employer-admin/upload-outcomes/seen'),
  dismissAll: endpoint<{ body: typeof UploadOutcomesDismissAllBody; answer: typeof UploadOutcomesDismissAllResult }>()('POST', '/employer-admin/upload-outcomes/dismiss-all'),
};

export const fileLinkCalls = {
  token: endpoint<{ query: typeof VendorQuery; answer: typeof FileUploadTokenResult }>()('POST', '/employer-admin/file-upload-token'),
  upload: endpoint<{ query: typeof FileUploadTokenQuery; body: 'multipart'; answer: typeof UploadAuditRecord }>()('POST', '/file-upload/raw'),
};

export const payrollCalls = {
  upload: endpoint<{ query: typeof PayrollVendorQuery; body: typeof UploadPayrollDocBody; answer: typeof UploadPayrollDocResult }>()('POST', '/employer-admin/payroll/upload-payroll-doc'),
  list: endpoint<{ query: typeof PayrollListQuery; answer: typeof PayrollListResult }>()('GET', '/employer-admin/payroll'),
  info: endpoint<{ query: typeof PayrollVendorQuery; answer: typeof PayrollInfo }>()('GET', '/employer-admin/payroll/payroll-info'),
  monthlySummary: endpoint<{ query: typeof PayrollMonthlySummaryQuery; answer: typeof PayrollMonthlySummary }>()('GET', '/employer-admin/payroll-monthly-summary'),
  details: endpoint<{ query: typeof PayrollDetailsQuery; answer: typeof PayrollDetails }>()('GET', '/employer-admin/payroll/payroll-details'),
  streamingDetails: endpoint<{ query: typeof PayrollDetailsQuery; answer: typeof PayrollDetails }>()('GET', '/employer-admin/payroll/streaming-account/payroll-details'),
  payoutDetails: endpoint<{ query: typeof PayrollVendorQuery; body: typeof EmployeePayoutDetailsBody; answer: typeof EmployeePayoutDetailsResult }>()('POST', '/employer-admin/payroll/employee-payout-details'),
  missingWorkers: endpoint<{ query: typeof MissingWorkersQuery; answer: typeof MissingWorkersResult }>()('GET', '/employer-admin/payroll/missing-workers'),
  updateStatus: endpoint<{ query: typeof PayrollVendorQuery; body: typeof UpdatePayrollStatusBody; answer: typeof PayrollStatusResult }>()('PUT', '/employer-admin/payroll/update-payroll-status'),
  freeze: endpoint<{ query: typeof PayrollVendorQuery; body: typeof HrActionBody; answer: typeof PayrollStatusResult }>()('POST', '/hrAction'),
};

export const payoutCalls = {
  accountInfo: endpoint<{ query: typeof PayrollVendorQuery; answer: typeof StreamAccountInfo }>()('GET', '/employer-admin/payroll/stream-account-info'),
  accountStatement: endpoint<{ query: typeof PayrollVendorQuery; answer: typeof AccountStatement }>()('GET', '/employer-admin/payroll/account-statement'),
  execute: endpoint<{ query: typeof PayrollIdQuery; answer: typeof ExecutePayrollResult }>()('PUT', '/employer-admin/payroll/execute-payroll'),
  executeStreaming: endpoint<{ query: typeof StreamingExecuteQuery; answer: typeof ExecutePayrollResult }>()('PUT', '/employer-admin/payroll/streaming-account/execute-payroll'),
  reinitiate: endpoint<{ query: typeof PayrollIdQuery; answer: typeof ExecutePayrollResult }>()('PUT', '/employer-admin/payroll/reinitiate-failed-transactions'),
};
