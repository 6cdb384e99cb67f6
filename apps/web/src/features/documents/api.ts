/** Upload calls (spec 2.8, 4.3, 7): the uploads, the histories and the stored files (an upload's progress: the shell's outcome notices). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  UPLOAD_HISTORY_PAGE_SIZE,
  type DocumentType,
  type PayrollKind,
  type UploadCall,
  type UploadPayrollDocBody,
  documentCalls,
  payrollCalls,
} from '@portal/domain';
import { call } from '../../shared/api/client';
import { documentsKeys, payrollKeys } from '../../shared/api/query-keys';
import { saveBlob } from '../../shared/api/save-file';
import { base64ToBytes, bytesToBase64 } from './file-checks';
import { anyProcessing, type DocRef } from './history-rows';

/** The history tables refresh themselves this often while one of their rows is being processed. */
export const HISTORY_REFRESH_MS = 1500;

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : {});

export { documentsKeys } from '../../shared/api/query-keys';

export const uploadHistoryQuery = (type: DocumentType, vendorId: string | null, page: number) =>
  queryOptions({
    queryKey: documentsKeys.history(type, vendorId, page),
    queryFn: () =>
      call(documentCalls.history, { query: {
        docType: type,
        pageNumber: page,
        limit: UPLOAD_HISTORY_PAGE_SIZE,
        ...vendorQuery(vendorId),
      } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (anyProcessing(q.state.data?.auditLogs) ? HISTORY_REFRESH_MS : false),
  });

/** Raw files have their own list (spec 7); they exist in employer context only. */
export const rawFilesQuery = (page: number) =>
  queryOptions({
    queryKey: documentsKeys.rawFiles(page),
    queryFn: () => call(documentCalls.rawFiles, { query: { pageNumber: page, limit: UPLOAD_HISTORY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (anyProcessing(q.state.data?.files) ? HISTORY_REFRESH_MS : false),
  });

/**
 * payroll-info, for its `hasEmployerOptedForStreamingAccount` (decision 0022): the streaming upload
 * opened by URL says before a file is chosen that the employer has not opted in. The payroll
 * screens' own query (same key and call); features do not import each other (decision 0007).
 */
export const streamingOptInQuery = (vendorId: string | null) =>
  queryOptions({
    queryKey: payrollKeys.info(vendorId),
    queryFn: () => call(payrollCalls.info, { query: vendorQuery(vendorId) }),
    staleTime: 60_000,
  });

const UPLOAD_PATHS = {
  ADD_EMPLOYEES_BULK_UPLOAD: documentCalls.uploadEmployees,
  TERMINATED_EMPLOYEES_UPLOAD: documentCalls.uploadTerminations,
  ATTENDANCE_UPLOAD: documentCalls.uploadAttendance,
  RAW_FILE: documentCalls.uploadRawFile,
  LEAVE_UPLOAD: documentCalls.uploadLeave,
} as const satisfies Partial<Record<DocumentType, UploadCall>>;
type MultipartType = keyof typeof UPLOAD_PATHS;

/** A file as read by the screen: its name, type and the bytes read. */
export interface ReadFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Multipart upload with the one field `file` (the bytes the screen read, under the chosen name). */
export function uploadSheetOrFile(type: MultipartType, file: ReadFile, vendorId: string | null) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.mimeType || 'application/octet-stream' }), file.name);
  return call(UPLOAD_PATHS[type], { body: form, query: vendorQuery(vendorId) });
}

/** What the payroll upload answers; its full shape arrives with the payroll release. */
export interface PayrollUploadAnswer {
  status?: string;
}

/** Spec 7: the payroll sheet goes as base64 in a JSON body, with its kind (the screen's document type; decision 0022). */
export function uploadPayroll(file: ReadFile, payrollMonth: string | null, vendorId: string | null, docType: PayrollKind) {
  const body: UploadPayrollDocBody = { file: bytesToBase64(file.bytes), fileName: file.name, ...(payrollMonth ? { payrollMonth } : {}), docType };
  return call(payrollCalls.upload, { body, query: vendorQuery(vendorId) });
}

/** Fetches a stored document with the token and saves it under the server's name (or `fileName`). */
export async function downloadDocument(ref: DocRef, vendorId: string | null, fileName?: string): Promise<void> {
  const doc = await call(documentCalls.doc, { query: { ...ref, ...vendorQuery(vendorId) } });
  saveBlob(new Blob([base64ToBytes(doc.b64File)], { type: doc.mimeType }), fileName ?? doc.fileName);
}

export const isMultipartType = (type: DocumentType): type is MultipartType => type in UPLOAD_PATHS;
