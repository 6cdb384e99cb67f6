/** Attendance calls (spec 2.7, 7): the uploads list and the processed sheet's download. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ATTENDANCE_PAGE_SIZE, type StoredDocumentType, documentCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { attendanceKeys } from '../../shared/api/query-keys';
import { saveBlob } from '../../shared/api/save-file';

/** The list refreshes itself this often while one of its rows is being processed. */
export const ATTENDANCE_REFRESH_MS = 1500;

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : {});

export const attendanceListQuery = (vendorId: string | null, page: number) =>
  queryOptions({
    queryKey: attendanceKeys.list(vendorId, page),
    queryFn: () => call(documentCalls.attendance, { query: { pageNumber: page, limit: ATTENDANCE_PAGE_SIZE, ...vendorQuery(vendorId) } }),
    placeholderData: keepPreviousData,
    // Coming back from an upload must show the new row at once.
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.attendances.some((a) => a.status === 'PROCESSING') ? ATTENDANCE_REFRESH_MS : false),
  });

function bytesOf(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** Fetches a stored sheet with the token and saves it under `fileName`. */
export async function downloadSheet(ref: { documentType: StoredDocumentType; documentId: string; employerAdminId: string }, vendorId: string | null, fileName: string): Promise<void> {
  const doc = await call(documentCalls.doc, { query: { ...ref, ...vendorQuery(vendorId) } });
  saveBlob(new Blob([bytesOf(doc.b64File)], { type: doc.mimeType }), fileName);
}
