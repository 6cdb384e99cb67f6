/** The `documentCalls` contracts (decision 0051): an export per endpoint, the namespace `documentCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorQuery } from '../wire/api.js';
import type { AttendanceListResult, DocQuery, DocResult, DocumentIdParam, PageQuery, RawFileListResult, SampleFileParam, UploadAuditRecord, UploadHistoryQuery, UploadHistoryResult } from '../wire/documents.js';
import type { LeaveListResult } from '../wire/leave.js';
import type { BulkIdParam, BulkStatus } from '../wire/bulk.js';
import { endpoint, type Endpoint } from './endpoint.js';

/** A multipart upload of one file (field `file`) in the caller's context. */
type Upload = { query: typeof VendorQuery; body: 'multipart'; answer: typeof UploadAuditRecord };
export type UploadCall = Endpoint<'POST', string, Upload>;

export const uploadEmployees = /*#__PURE__*/ endpoint<Upload>()('POST', '/v2/employer-admin/upload-employee-doc');
export const uploadTerminations = /*#__PURE__*/ endpoint<Upload>()('POST', '/employer-admin/upload-employee-termination-doc');
export const uploadAttendance = /*#__PURE__*/ endpoint<Upload>()('POST', '/employer-admin/upload-attendance-doc');
export const uploadRawFile = /*#__PURE__*/ endpoint<Upload>()('POST', '/employer-admin/file/upload');
export const uploadLeave = /*#__PURE__*/ endpoint<Upload>()('POST', '/employer-admin/upload-leave-doc');
export const rawFiles = /*#__PURE__*/ endpoint<{ query: typeof PageQuery; answer: typeof RawFileListResult }>()('GET', '/employer-admin/file/list');
export const history = /*#__PURE__*/ endpoint<{ query: typeof UploadHistoryQuery; answer: typeof UploadHistoryResult }>()('GET', '/v2/employer-admin/doc-upload-audit-logs');
export const upload = /*#__PURE__*/ endpoint<{ params: typeof DocumentIdParam; query: typeof VendorQuery; answer: typeof UploadAuditRecord }>()('GET', '/v2/employer-admin/doc-upload-audit-logs/:documentId');
export const attendance = /*#__PURE__*/ endpoint<{ query: typeof PageQuery; answer: typeof AttendanceListResult }>()('GET', '/employer-admin/attendance');
export const leave = /*#__PURE__*/ endpoint<{ query: typeof PageQuery; answer: typeof LeaveListResult }>()('GET', '/employer-admin/leave');
export const doc = /*#__PURE__*/ endpoint<{ query: typeof DocQuery; answer: typeof DocResult }>()('GET', '/employer-admin/doc');
export const sample = /*#__PURE__*/ endpoint<{ params: typeof SampleFileParam; answer: 'file' }>()('GET', '/samples/:fileName');
export const bulkStatus = /*#__PURE__*/ endpoint<{ params: typeof BulkIdParam; query: typeof VendorQuery; answer: typeof BulkStatus }>()('GET', '/employer-admin/bulk/:id');
