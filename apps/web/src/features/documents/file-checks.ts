/**
 * The screen's checks of a chosen file (spec 4.3 step 1, 5.2), made before the file is read so a
 * wrong or oversized file is never loaded into memory, and the byte conversions of the upload and
 * download bodies. Pure.
 */
import { DOCUMENT_FORMATS, UPLOAD_MSG, extensionOf, formatsText, maxBytesOf, type DocumentType, type ErrorCode } from '@portal/domain';

export interface FileProblem {
  title: string;
  message: string;
}

/** The first rule the file breaks (format before size, as the spec lists them), or null. */
export function checkFile(type: DocumentType, file: { name: string; size: number }): FileProblem | null {
  const allowed: readonly string[] = DOCUMENT_FORMATS[type].extensions;
  if (!allowed.includes(extensionOf(file.name))) {
    return { title: UPLOAD_MSG.formatErrorTitle, message: UPLOAD_MSG.formatError(formatsText(type)) };
  }
  if (file.size > maxBytesOf(type)) {
    return { title: UPLOAD_MSG.sizeErrorTitle, message: UPLOAD_MSG.sizeError(DOCUMENT_FORMATS[type].maxMb) };
  }
  return null;
}

/** The `accept` attribute of the file input: ".xlsx" or ".pdf,.csv,...". */
export const acceptOf = (type: DocumentType): string => DOCUMENT_FORMATS[type].extensions.map((e) => `.${e}`).join(',');

/** "12 KB" / "4.2 MB", for the chosen file's line. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// btoa/atob work on "binary strings"; chunks keep String.fromCharCode's argument list small.
const CHUNK = 0x8000;

/** Base64 of bytes (the payroll upload's JSON body carries the file so). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** Bytes of base64 text (a download's b64File). */
export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** Spec 8's title of a failed payroll upload. */
export const PAYROLL_FAILED_TITLE = 'Payroll Processing Failed';
/** A streaming-account upload refused because the employer has not opted in: nothing was processed or stored (issue 20). */
export const STREAMING_NOT_OPTED_IN_TITLE = 'Streaming account not enabled';

/**
 * The title of a payroll upload's refusal, by the answer's code: the streaming account's opt-in,
 * the format and size errors for what they are (the file was refused before anything was stored),
 * spec 8's "Payroll Processing Failed" otherwise.
 */
export function payrollRefusalTitle(code: ErrorCode | undefined): string {
  if (code === 'STREAMING_ACCOUNT_NOT_OPTED_IN') return STREAMING_NOT_OPTED_IN_TITLE;
  const title = refusalTitle(code);
  return title === UPLOAD_REFUSED_TITLE ? PAYROLL_FAILED_TITLE : title;
}
export const UPLOAD_REFUSED_TITLE = 'Upload failed';

/**
 * The title of the notice for a refusal by the server, by the answer's code: the spec's Format
 * Error or Size Error for those refusals (the server's checks repeat the screen's), else a plain one.
 */
export function refusalTitle(code: ErrorCode | undefined): string {
  if (code === 'UPLOAD_FORMAT') return UPLOAD_MSG.formatErrorTitle;
  if (code === 'UPLOAD_TOO_LARGE') return UPLOAD_MSG.sizeErrorTitle;
  return UPLOAD_REFUSED_TITLE;
}
