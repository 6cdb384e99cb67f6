/**
 * Bulk writes without a spreadsheet (issue 26, decision 0046): JSON rows for what sheets do, taken
 * through the same sheet kinds, rules, messages and statuses. Each row's fields are the kind's
 * column keys (the sample sheets' columns); dates as yyyy-mm-dd or dd/mm/yyyy, amounts in rupees as
 * on the sheet.
 */
import { ATTENDANCE_SHEET_COLUMNS, EMPLOYEE_SHEET_COLUMNS, LEAVE_SHEET_COLUMNS, PAYROLL_SHEET_COLUMNS, TERMINATION_SHEET_COLUMNS, type SheetColumn } from './sheets.js';
import type { DocumentType } from './documents.js';
import type { Area } from './access.js';

export const BULK_KINDS = {
  employees: { docType: 'ADD_EMPLOYEES_BULK_UPLOAD', area: 'EMPLOYEES', columns: EMPLOYEE_SHEET_COLUMNS },
  terminations: { docType: 'TERMINATED_EMPLOYEES_UPLOAD', area: 'EMPLOYEES', columns: TERMINATION_SHEET_COLUMNS },
  attendance: { docType: 'ATTENDANCE_UPLOAD', area: 'ATTENDANCE', columns: ATTENDANCE_SHEET_COLUMNS },
  leave: { docType: 'LEAVE_UPLOAD', area: 'ATTENDANCE', columns: LEAVE_SHEET_COLUMNS },
} as const satisfies Record<string, { docType: DocumentType; area: Area; columns: readonly SheetColumn<string>[] }>;
export type BulkKind = keyof typeof BULK_KINDS;
export const BULK_KIND_NAMES = Object.keys(BULK_KINDS) as BulkKind[];

/**
 * Payroll entries for a month (`POST /employer-admin/bulk/payroll`): the payroll sheet's rows, with
 * the sheet upload's `payrollMonth` and `docType` beside them, taken through the payroll upload
 * (features/payroll), whose payroll row and month checks the other kinds do not have.
 */
export const BULK_PAYROLL = { kind: 'payroll', area: 'PAYROLL', columns: PAYROLL_SHEET_COLUMNS } as const satisfies { kind: string; area: Area; columns: readonly SheetColumn<string>[] };

/** The header every bulk write needs; a repeat with the same body answers as the first did. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 100;
/** A bulk body may be this large (the sheet limit's rows as JSON). */
export const BULK_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export const BULK_MSG = {
  idempotencyKeyMissing: `The ${IDEMPOTENCY_HEADER} header is required: any unique text of up to ${IDEMPOTENCY_KEY_MAX} characters, the same when you repeat the request`,
  idempotencyKeyReused: `This ${IDEMPOTENCY_HEADER} was used with another request body. Use a new key for a new request.`,
  unknownField: (row: number, field: string, fields: readonly string[]) => `Row ${row}: unknown field "${field}". Fields: ${fields.join(', ')}`,
  notScalar: (row: number, field: string) => `Row ${row}: "${field}" must be a text, a number or null`,
  notFound: 'Bulk request not found',
} as const;
