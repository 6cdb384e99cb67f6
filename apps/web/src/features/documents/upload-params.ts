/**
 * The upload screen's query (spec 2.8): `document`, `vendorId`, `returnTo`, `payrollMonth`, and the
 * history's `page`. `returnTo` is followed only when it is a path of this site, so a crafted link
 * cannot send the admin elsewhere after an upload. Pure.
 */
import { isDocumentType, type DocumentType } from '@portal/domain';
import { vendorIdOf } from '../../shared/auth/vendor-context';

export interface UploadParams {
  /** null when the query names no known type (the screen says so). */
  document: DocumentType | null;
  /** The `document` value as given, for the message about an unknown one. */
  documentText: string;
  vendorId: string | null;
  returnTo: string | null;
  /** yyyy-mm, or null when absent or unreadable. */
  payrollMonth: string | null;
  page: number;
}

const MAX_RETURN_TO = 2000;
// Any origin will do: it only has to be one no real path can leave.
const BASE = 'https://portal.invalid';

/**
 * A same-origin relative path (path, query and hash) or null. Refused: anything not starting with
 * a single '/', protocol-relative '//' and '/\' forms, backslashes, control characters and spaces.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_TO) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value, BASE);
  } catch {
    return null;
  }
  if (parsed.origin !== BASE) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** yyyy-mm from "yyyy-mm" or "mm-yyyy" (month 1 to 12, one or two digits), else null. */
export function parsePayrollMonth(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  let year: string | undefined;
  let month: string | undefined;
  let m = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (m) [, year, month] = m;
  else if ((m = /^(\d{1,2})-(\d{4})$/.exec(text))) [, month, year] = m;
  if (!year || !month) return null;
  const n = Number(month);
  if (n < 1 || n > 12 || Number(year) < 1900) return null;
  return `${year}-${String(n).padStart(2, '0')}`;
}

/** "November 2026" from yyyy-mm. */
export function payrollMonthText(yyyyMm: string): string {
  const [year, month] = yyyyMm.split('-');
  return `${MONTHS[Number(month) - 1] ?? ''} ${year ?? ''}`.trim();
}

export function parseUploadParams(params: URLSearchParams): UploadParams {
  const documentText = (params.get('document') ?? '').trim();
  const pageText = params.get('page') ?? '';
  return {
    document: isDocumentType(documentText) ? documentText : null,
    documentText: documentText.slice(0, 60),
    vendorId: vendorIdOf(params),
    returnTo: safeReturnTo(params.get('returnTo')),
    payrollMonth: parsePayrollMonth(params.get('payrollMonth')),
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
  };
}

/** The query with another history page (1 is left out), keeping every other parameter. */
export function withPage(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** Where the screen's Back link goes: returnTo, else the screen the type's upload is opened from. */
export function backLinkOf(type: DocumentType, vendorId: string | null, returnTo: string | null): { href: string; label: string } | null {
  if (returnTo) return { href: returnTo, label: 'Back' };
  const q = vendorId ? `?${new URLSearchParams({ vendorId }).toString()}` : '';
  switch (type) {
    case 'ADD_EMPLOYEES_BULK_UPLOAD':
    case 'TERMINATED_EMPLOYEES_UPLOAD':
      return { href: `${vendorId ? '/vendors/employees' : '/employees'}${q}`, label: 'Back to Employees' };
    case 'ATTENDANCE_UPLOAD':
      return { href: `${vendorId ? '/vendors/attendance' : '/attendance'}${q}`, label: 'Back to Attendance' };
    case 'PAYROLL_UPLOAD':
    case 'PAYROLL_STREAMING_ACCOUNT':
      return { href: `/payroll${q}`, label: 'Back to Payroll' };
    default:
      return null;
  }
}
