/**
 * The uploaded sheets' columns and row rules (issue 4): header matching, cell conversion (dates as
 * text, Excel serials and real dates; numbers stored as text; trailing spaces), and one parser per
 * sheet type returning either the row's values or a message per offending column. Pure: the
 * server adds what needs the database (existing workers, metadata lists, duplicates).
 */
import { isValidIsoDate } from './validation.js';
import type { EmployeeFormBody } from './wire/employees.js';
import { type SignedUpLockedField, type WorkerType, EMPLOYEE_MSG, signedUpLockMessage } from './employees.js';
import { latestJoiningDate, MAX_JOINING_MONTHS_AHEAD, validateEmployeeForm, type EmployeeFormInput } from './forms/employee.js';

/** A cell as the sheet reader hands it over. Dates may come as Date or as Excel serial numbers. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetColumn<K extends string = string> {
  key: K;
  /** The header as the sample file writes it. */
  header: string;
  required: boolean;
  /** Other headers taken for this column (compared normalised, see `normalizeHeader`). */
  aliases: readonly string[];
  /** One example value per sample row (the sample file's rows). */
  examples: readonly (string | number)[];
}

export type EmployeeSheetKey =
  | 'employerEmployeeId'
  | 'fullName'
  | 'email'
  | 'mobile'
  | 'currentMonthlySalary'
  | 'joiningDate'
  | 'salaryAccountNumber'
  | 'maxWithdrawalSalaryPercent'
  | 'maxWithdrawalPerDay'
  | 'maxWithdrawalPerTransaction'
  | 'designation'
  | 'branchId'
  | 'gradeId'
  | 'departmentId'
  | 'branchLocation'
  | 'isTransactionAllowed'
  | 'workerType';
export type TerminationSheetKey = 'employerEmployeeId' | 'terminationDate';
export type AttendanceSheetKey = 'employerEmployeeId' | 'date' | 'status';
export type LeaveSheetKey = 'employerEmployeeId' | 'fromDate' | 'toDate' | 'leaveType';
export type PayrollSheetKey = 'employerEmployeeId' | 'fullName' | 'mobile' | 'salary' | 'workingDays' | 'paidDays' | 'accountNumber' | 'ifsc';

const col = <K extends string>(key: K, header: string, required: boolean, aliases: readonly string[], examples: readonly (string | number)[]): SheetColumn<K> => ({
  key,
  header,
  required,
  aliases,
  examples,
});

// The three sample rows describe the same three workers in every list, so the samples read as one story.
export const EMPLOYEE_SHEET_COLUMNS: readonly SheetColumn<EmployeeSheetKey>[] = [
  col('employerEmployeeId', 'Employee ID', true, ['Employee Code', 'Emp ID', 'Emp Code', 'Employer Employee ID', 'Employee No', 'Employee Number'], ['EMP001', 'EMP002', 'CON003']),
  col('fullName', 'Full Name', true, ['Name', 'Employee Name'], ['Rahul Sharma', 'Priya Nair', 'Arjun Patel']),
  col('email', 'Email', false, ['Email ID', 'Email Address', 'E-mail', 'E-mail ID', 'Mail ID'], ['rahul.sharma@example.com', 'priya.nair@example.com', '']),
  col('mobile', 'Mobile', false, ['Mobile No', 'Mobile Number', 'Phone', 'Phone Number', 'Contact Number'], ['9876543210', '9123456780', '8765432109']),
  col('currentMonthlySalary', 'Monthly Salary', true, ['Salary', 'Current Monthly Salary', 'Monthly Salary (Rs)', 'Monthly Salary (INR)', 'Monthly Salary (₹)', 'Gross Salary'], [25000, 32000, 18000]),
  col('joiningDate', 'Joining Date', true, ['Date of Joining', 'DOJ', 'Joined On', 'Join Date', 'Start Date'], ['01/04/2026', '15/05/2026', '01/06/2026']),
  col('salaryAccountNumber', 'Salary Account Number', false, ['Salary Account No', 'Account Number', 'Account No', 'Bank Account Number', 'Bank Account No'], ['50100123456789', '123456789012', '']),
  col('maxWithdrawalSalaryPercent', 'Max Withdrawal Salary Percentage', false, ['Max Withdrawal Salary Percent', 'Max Withdrawal Percentage', 'Max Withdrawal Percent', 'Max Withdrawal %', 'Max Withdrawal Salary %'], [50, 40, '']),
  col('maxWithdrawalPerDay', 'Max Withdrawal Per Day', false, ['Per Day Limit', 'Daily Withdrawal Limit', 'Max Withdrawal Per Day (Rs)'], [5000, 4000, '']),
  col('maxWithdrawalPerTransaction', 'Max Withdrawal Per Transaction', false, ['Per Transaction Limit', 'Max Withdrawal Per Transaction (Rs)'], [10000, 8000, '']),
  col('designation', 'Designation', false, ['Job Title', 'Role Title'], ['Software Engineer', 'Accountant', 'Electrician']),
  col('branchId', 'Branch', false, ['Branch ID', 'Branch Name'], ['', '', '']),
  col('gradeId', 'Grade', false, ['Grade ID', 'Grade Name'], ['', '', '']),
  col('departmentId', 'Department', false, ['Department ID', 'Department Name', 'Dept'], ['', '', '']),
  col('branchLocation', 'Branch Location', false, ['Location', 'Work Location'], ['Bengaluru', 'Kochi', 'Ahmedabad']),
  col('isTransactionAllowed', 'Withdrawal Allowed', false, ['Withdrawal Access', 'Is Transaction Allowed', 'Transaction Allowed'], ['Yes', 'Yes', 'No']),
  col('workerType', 'Worker Type', false, ['Employee Type', 'Type'], ['Employee', 'Employee', 'Contractor']),
];

export const TERMINATION_SHEET_COLUMNS: readonly SheetColumn<TerminationSheetKey>[] = [
  col('employerEmployeeId', 'Employee ID', true, ['Employee Code', 'Emp ID', 'Emp Code', 'Employer Employee ID', 'Employee No', 'Employee Number'], ['EMP001', 'EMP002', 'CON003']),
  col('terminationDate', 'Termination Date', true, ['Date of Termination', 'Terminated On', 'Exit Date', 'Date of Exit', 'Last Working Day', 'Relieving Date'], ['31/10/2026', '31/10/2026', '31/10/2026']),
];

export const ATTENDANCE_SHEET_COLUMNS: readonly SheetColumn<AttendanceSheetKey>[] = [
  col('employerEmployeeId', 'Employee ID', true, ['Employee Code', 'Emp ID', 'Emp Code', 'Employer Employee ID', 'Employee No', 'Employee Number'], ['EMP001', 'EMP002', 'CON003']),
  col('date', 'Date', true, ['Attendance Date', 'Day'], ['01/10/2026', '01/10/2026', '01/10/2026']),
  col('status', 'Status', true, ['Attendance Status', 'Attendance'], ['Present', 'Half Day', 'Absent']),
];

export const LEAVE_SHEET_COLUMNS: readonly SheetColumn<LeaveSheetKey>[] = [
  col('employerEmployeeId', 'Employee ID', true, ['Employee Code', 'Emp ID', 'Emp Code', 'Employer Employee ID', 'Employee No', 'Employee Number'], ['EMP001', 'EMP002', 'CON003']),
  col('fromDate', 'From Date', true, ['Leave From', 'Start Date'], ['05/10/2026', '12/10/2026', '19/10/2026']),
  col('toDate', 'To Date', true, ['Leave To', 'End Date'], ['07/10/2026', '12/10/2026', '23/10/2026']),
  col('leaveType', 'Leave Type', true, ['Type of Leave', 'Leave'], ['Casual Leave', 'Sick Leave', 'Earned Leave']),
];

export const PAYROLL_SHEET_COLUMNS: readonly SheetColumn<PayrollSheetKey>[] = [
  col('employerEmployeeId', 'Employee ID', true, ['Employee Code', 'Emp ID', 'Emp Code', 'Employer Employee ID', 'Employer Employee Code', 'Employee No'], ['EMP001', 'EMP002', 'CON003']),
  col('fullName', 'Employee Name', true, ['Name', 'Full Name'], ['Rahul Sharma', 'Priya Nair', 'Arjun Patel']),
  col('mobile', 'Mobile', false, ['Mobile No', 'Mobile Number', 'Phone', 'Phone Number'], ['9876543210', '9123456780', '8765432109']),
  col('salary', 'Monthly Salary', true, ['Salary', 'Current Monthly Salary', 'Gross Salary'], [25000, 32000, 18000]),
  col('workingDays', 'Working Days', true, ['Total Working Days', 'Total Days'], [26, 26, 26]),
  col('paidDays', 'Paid Days', true, ['Days Paid', 'Payable Days'], [26, 24, 22]),
  col('accountNumber', 'Account Number', true, ['Account No', 'Bank Account Number', 'Bank Account No', 'Salary Account Number'], ['50100123456789', '123456789012', '31234567890']),
  col('ifsc', 'IFSC', true, ['IFSC Code', 'Bank IFSC'], ['HDFC0001234', 'SBIN0070123', 'ICIC0000456']),
];


export const ATTENDANCE_DAY_STATUSES = ['PRESENT', 'ABSENT', 'HALF_DAY', 'LEAVE', 'HOLIDAY'] as const;
export type AttendanceDayStatus = (typeof ATTENDANCE_DAY_STATUSES)[number];
export const ATTENDANCE_DAY_STATUS_LABELS: Record<AttendanceDayStatus, string> = {
  PRESENT: 'Present',
  ABSENT: 'Absent',
  HALF_DAY: 'Half Day',
  LEAVE: 'Leave',
  HOLIDAY: 'Holiday',
};

/**
 * Headers the processed sheet adds after the original columns. Its Status is CREATED (new),
 * UPDATED (changed; the Reason lists "field: old -> new"), UNCHANGED (already so) or FAILED (the
 * Reason says why).
 */
export const PROCESSED_STATUS_HEADER = 'Status';
export const PROCESSED_REASON_HEADER = 'Reason';

/** Messages of the sheet rules (beyond 5.3's, which the employee rows reuse verbatim). */
export const SHEET_MSG: {
  readonly noHeader: (expected: string) => string;
  readonly missingColumns: (names: string) => string;
  readonly duplicateColumn: (name: string) => string;
  readonly noRows: string;
  readonly tooManyRows: (max: number) => string;
  readonly duplicateInSheet: (label: string, rows: string) => string;
  readonly terminationDate: string;
  readonly attendanceDate: string;
  readonly attendanceStatus: string;
  readonly futureDate: string;
  readonly beforeJoining: string;
  readonly afterTermination: string;
  readonly yesNo: string;
  readonly workerType: string;
  readonly accountAsNumber: string;
  readonly required: (label: string) => string;
  readonly dateFormat: (label: string, typed: string) => string;
  readonly joiningTooLate: (limit: string) => string;
  readonly noMatchingSheet: (sheet: string, reason: string) => string;
  readonly updated: string;
  readonly signedUp: (who: string, fields: readonly SignedUpLockedField[]) => string;
} = {
  noHeader: (expected: string) => `The first row must hold the column names of the sample file: ${expected}`,
  missingColumns: (names: string) => `Missing column(s): ${names}. Please use the sample file's columns.`,
  duplicateColumn: (name: string) => `The column ${name} appears more than once. Please keep only one ${name} column.`,
  noRows: 'The sheet has no data rows.',
  tooManyRows: (max: number) => `The sheet has more than ${max.toLocaleString('en-IN')} data rows. Please split it into smaller sheets.`,
  duplicateInSheet: (label: string, rows: string) => `${label} appears more than once in this sheet (rows ${rows})`,
  terminationDate: 'Please enter a valid Termination Date',
  attendanceDate: 'Please enter a valid Date',
  attendanceStatus: 'Status must be one of Present, Absent, Half Day, Leave, Holiday',
  futureDate: 'Date cannot be later than today',
  beforeJoining: 'Date cannot be before the Joining Date',
  afterTermination: 'Date cannot be after the Termination Date',
  yesNo: 'Please enter Yes or No',
  workerType: 'Please enter Employee or Contractor',
  accountAsNumber:
    'This account number is stored as a number, and Excel keeps only the first 15 digits of a number. Please format the column as Text and enter the account number again.',
  required: (label: string) => `Please enter ${label}`,
  dateFormat: (label: string, typed: string) =>
    `Please enter a valid ${label} as dd/mm/yyyy (day first)${typed ? `: "${typed}" is not a date in that format` : ''}`,
  joiningTooLate: (limit: string) => `Joining Date cannot be more than ${MAX_JOINING_MONTHS_AHEAD} months after today (the latest is ${limit})`,
  noMatchingSheet: (sheet: string, reason: string) => `${reason} (read from the sheet "${sheet}")`,
  updated: 'Updated',
  /** A row that would change a signed-up worker's identity: the worker on record, then the lock's one message. */
  signedUp: (who: string, fields: readonly SignedUpLockedField[]) => `This Employee ID belongs to ${who}. ${signedUpLockMessage(fields)}. Please check the row.`,
};
/** Largest number of data rows one sheet may carry. */
export const MAX_SHEET_ROWS: number = 100_000;

// ---- headers ----

/** Lower-case, without spaces, '*', '.', '_', '-', '(', ')': 'Employee ID*' -> 'employeeid'. */
export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/[\s\u00a0\u2007\u202f\ufeff*._\-()]/g, '');
}

export type HeaderMatch<K extends string> =
  | { ok: true; /** column key -> index in the row; optional columns absent from the sheet are missing */ index: Partial<Record<K, number>> }
  | { ok: false; reason: string };
/** Matches a header row against the columns: any order, extra columns ignored, required ones must be there. */
export function matchHeader<K extends string>(row: readonly CellValue[], columns: readonly SheetColumn<K>[]): HeaderMatch<K> {
  const byName = new Map<string, SheetColumn<K>>();
  for (const c of columns) for (const name of [c.header, ...c.aliases]) if (!byName.has(normalizeHeader(name))) byName.set(normalizeHeader(name), c);
  const index: Partial<Record<K, number>> = {};
  let duplicate: SheetColumn<K> | null = null;
  for (const [i, cell] of row.entries()) {
    const name = normalizeHeader(cellText(cell));
    const c = name ? byName.get(name) : undefined;
    if (!c) continue;
    if (index[c.key] === undefined) index[c.key] = i;
    else duplicate ??= c;
  }
  // Nothing recognised: most likely the sheet starts with data, or it is another sheet altogether.
  if (Object.keys(index).length === 0) return { ok: false, reason: SHEET_MSG.noHeader(columns.map((c) => c.header).join(', ')) };
  if (duplicate) return { ok: false, reason: SHEET_MSG.duplicateColumn(duplicate.header) };
  const missing = columns.filter((c) => c.required && index[c.key] === undefined);
  if (missing.length) return { ok: false, reason: SHEET_MSG.missingColumns(missing.map((c) => c.header).join(', ')) };
  return { ok: true, index };
}

// ---- cells ----

const SPACES = /[\u00a0\u2007\u202f\ufeff]/g;
const pad2 = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  // BigInt prints every integer in full, where String() switches to exponent form at 1e21.
  if (Number.isInteger(value)) return BigInt(value).toString();
  // Excel's binary fractions leave noise in the last digits (0.1 + 0.2): keep 12 significant
  // digits, never fewer than 2 decimals (paise) nor more than 10.
  const intDigits = Math.abs(value) >= 1 ? String(Math.trunc(Math.abs(value))).length : 0;
  const decimals = Math.min(10, Math.max(2, 12 - intDigits));
  const text = value.toFixed(decimals).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

/**
 * A cell as trimmed text: numbers without exponent or float noise, dates as yyyy-mm-dd, booleans
 * 'TRUE'/'FALSE', null ''. A NUL character (Excel's _x0000_ escape) is dropped: no PostgreSQL text
 * can hold one, and no name, number or date means anything by it.
 */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value).replace(SPACES, ' ').trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoOf(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  return '';
}

const MIN_YEAR = 1900;
const MAX_YEAR = 9999;
/** Excel's last serial (9999-12-31) in the 1900 system. */
const MAX_SERIAL_1900 = 2_958_465;
const DAY_MS = 86_400_000;

function validIso(y: number, m: number, d: number): string | null {
  if (y < MIN_YEAR || y > MAX_YEAR) return null;
  const iso = isoOf(y, m, d);
  return isValidIsoDate(iso) ? iso : null;
}

function serialDate(value: number, date1904: boolean): string | null {
  if (!Number.isFinite(value)) return null;
  const serial = Math.floor(value);
  let ms: number;
  if (date1904) {
    if (value < 0) return null;
    ms = Date.UTC(1904, 0, 1) + serial * DAY_MS;
  } else {
    if (value < 1 || value > MAX_SERIAL_1900) return null;
    // Lotus 1-2-3 counted 1900 as a leap year and Excel kept it: serial 60 is the 29 February that never was.
    if (serial === 60) return null;
    ms = Date.UTC(1899, 11, serial < 60 ? 31 : 30) + serial * DAY_MS;
  }
  const d = new Date(ms);
  return validIso(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, febuary: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
};
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
// A time after the date (typed, or from a text export) says nothing about the day.
const TIME_SUFFIX = /(?:[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm]|Z|[+-]\d{2}:?\d{2})?)$/;
const NUMERIC_DMY = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/;
const NUMERIC_YMD = /^(\d{4})([/.-])(\d{1,2})\2(\d{1,2})$/;
const NAMED_DMY = /^(\d{1,2})(?:st|nd|rd|th)?[\s/.-]+([A-Za-z]+)\.?,?[\s/.-]+(\d{4}|\d{2})$/;
const NAMED_MDY = /^([A-Za-z]+)\.?[\s/.-]+(\d{1,2})(?:st|nd|rd|th)?,?[\s/.-]+(\d{4}|\d{2})$/;

function textDate(raw: string, date1904: boolean): string | null {
  if (!raw) return null;
  // A serial typed or pasted as text ("46000"), as Excel writes numbers stored as text.
  if (/^\d+(\.\d+)?$/.test(raw)) return serialDate(Number(raw), date1904);
  const text = raw.replace(TIME_SUFFIX, '').trim();
  let m = NUMERIC_DMY.exec(text);
  // India writes day first: 03/04/2026 is 3 April.
  if (m) return validIso(fullYear(m[4]!), Number(m[3]), Number(m[1]));
  m = NUMERIC_YMD.exec(text);
  if (m) return validIso(Number(m[1]), Number(m[3]), Number(m[4]));
  m = NAMED_DMY.exec(text);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? validIso(fullYear(m[3]!), month, Number(m[1])) : null;
  }
  m = NAMED_MDY.exec(text);
  if (m) {
    const month = MONTHS[m[1]!.toLowerCase()];
    return month ? validIso(fullYear(m[3]!), month, Number(m[2])) : null;
  }
  return null;
}

/** A date cell as yyyy-mm-dd: Date, Excel serial (1900 system, or 1904 when `date1904`), or text dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy, yyyy-mm-dd, d Mon yyyy, d-Mon-yyyy. Null when not a real calendar date. */
export function cellDate(value: CellValue, date1904 = false): string | null {
  if (value === null || value === undefined || typeof value === 'boolean') return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return validIso(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value === 'number') return serialDate(value, date1904);
  return textDate(cellText(value), date1904);
}

/** yyyy-mm-dd -> dd/mm/yyyy. */
function formatIsoAsDdMmYyyy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

// ---- rows ----

export interface RowOptions {
  /** Business date today (yyyy-mm-dd, Asia/Kolkata): dates after it are refused where the rule says so. */
  today: string;
  date1904?: boolean;
}
export type RowResult<T, K extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<K, string>> };

/** Money or a percentage as typed: without thousands commas (Indian or western), a rupee sign or a '%'. */
export function amountText(value: CellValue): string {
  const text = cellText(value);
  const bare = text.replace(/^(?:₹|rs\.?|inr)\s*/i, '').replace(/\s*%$/, '');
  return /^\d{1,3}(?:,\d{2,3})+(?:\.\d+)?$/.test(bare) || /^\d+(?:\.\d+)?$/.test(bare) ? bare.replace(/,/g, '') : text;
}

/** A mobile number as 10 digits when it is one: spaces, hyphens and a leading +91, 91 or 0 removed. */
export function mobileText(value: CellValue): string {
  const text = cellText(value);
  const compact = text.replace(/[\s\-()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return text;
  const digits = compact.replace(/^\+/, '');
  if (digits.length === 10) return digits;
  for (const prefix of ['91', '0']) {
    if (digits.startsWith(prefix) && digits.length - prefix.length === 10) return digits.slice(prefix.length);
  }
  return compact.startsWith('+') ? text : digits;
}

const YES = new Set(['yes', 'y', 'true', 'allowed']);
const NO = new Set(['no', 'n', 'false', 'notallowed']);
/** Yes/No cell (Withdrawal Allowed); null when it is neither. */
export function parseYesNo(value: CellValue): boolean | null {
  const text = cellText(value).toLowerCase().replace(/[\s_-]/g, '');
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return null;
}

const STATUS_WORDS: Record<string, AttendanceDayStatus> = {
  present: 'PRESENT',
  p: 'PRESENT',
  absent: 'ABSENT',
  a: 'ABSENT',
  halfday: 'HALF_DAY',
  hd: 'HALF_DAY',
  leave: 'LEAVE',
  l: 'LEAVE',
  holiday: 'HOLIDAY',
  h: 'HOLIDAY',
};
/** An attendance Status cell ('Present', 'P', 'Half-Day', 'hd', ...); null when not recognised. */
export function parseAttendanceStatus(value: CellValue): AttendanceDayStatus | null {
  return STATUS_WORDS[cellText(value).toLowerCase().replace(/[\s_-]/g, '')] ?? null;
}

/** An employee row: the form (5.3's rules, verbatim messages) and which optional columns had a value. */
export interface EmployeeSheetRow {
  form: EmployeeFormBody;
  /** Keys whose cell was not blank; a blank optional cell keeps an existing employee's stored value. */
  given: ReadonlySet<EmployeeSheetKey>;
}
export function parseEmployeeRow(cells: Partial<Record<EmployeeSheetKey, CellValue>>, options: RowOptions): RowResult<EmployeeSheetRow, EmployeeSheetKey> {
  const errors: Partial<Record<EmployeeSheetKey, string>> = {};
  const given = new Set<EmployeeSheetKey>();
  for (const c of EMPLOYEE_SHEET_COLUMNS) if (cellText(cells[c.key] ?? null) !== '') given.add(c.key);
  const text = (key: EmployeeSheetKey) => cellText(cells[key] ?? null);

  const joiningRaw = text('joiningDate');
  const joiningDate = joiningRaw ? cellDate(cells.joiningDate ?? null, options.date1904) : null;
  if (joiningRaw && !joiningDate) errors.joiningDate = SHEET_MSG.dateFormat('Joining Date', joiningRaw);
  else if (joiningDate && joiningDate > latestJoiningDate(options.today)) errors.joiningDate = SHEET_MSG.joiningTooLate(formatIsoAsDdMmYyyy(latestJoiningDate(options.today)));

  const account = cells.salaryAccountNumber ?? null;
  let salaryAccountNumber = text('salaryAccountNumber');
  // From 1e15 up a number has lost digits in Excel already (and prints in exponent form as text).
  if ((typeof account === 'number' && Math.abs(account) >= 1e15) || /^\d+(?:\.\d+)?e\+?\d+$/i.test(salaryAccountNumber)) {
    errors.salaryAccountNumber = SHEET_MSG.accountAsNumber;
  } else {
    salaryAccountNumber = salaryAccountNumber.replace(/[\s-]/g, '');
  }

  let isTransactionAllowed = true;
  if (given.has('isTransactionAllowed')) {
    const yes = parseYesNo(cells.isTransactionAllowed ?? null);
    if (yes === null) errors.isTransactionAllowed = SHEET_MSG.yesNo;
    else isTransactionAllowed = yes;
  }
  let workerType: WorkerType = 'EMPLOYEE';
  if (given.has('workerType')) {
    const type = text('workerType').toLowerCase();
    if (type === 'employee') workerType = 'EMPLOYEE';
    else if (type === 'contractor') workerType = 'CONTRACTOR';
    else errors.workerType = SHEET_MSG.workerType;
  }

  const form: EmployeeFormBody = {
    fullName: text('fullName'),
    email: text('email'),
    mobile: mobileText(cells.mobile ?? null),
    employerEmployeeId: text('employerEmployeeId'),
    currentMonthlySalary: amountText(cells.currentMonthlySalary ?? null),
    joiningDate: joiningDate ?? joiningRaw,
    salaryAccountNumber,
    maxWithdrawalSalaryPercent: amountText(cells.maxWithdrawalSalaryPercent ?? null),
    maxWithdrawalPerDay: amountText(cells.maxWithdrawalPerDay ?? null),
    maxWithdrawalPerTransaction: amountText(cells.maxWithdrawalPerTransaction ?? null),
    designation: text('designation'),
    branchId: text('branchId'),
    gradeId: text('gradeId'),
    departmentId: text('departmentId'),
    branchLocation: text('branchLocation'),
    isTransactionAllowed,
    workerType,
  };
  // The form's keys and the sheet's keys are the same names, so 5.3's errors carry over as they are.
  const formErrors = validateEmployeeForm(form satisfies EmployeeFormInput, options.today);
  // "Either Email Id or Mobile" depends on what is stored: blank cells keep an existing employee's
  // e-mail and mobile. The processing checks it for new employees and on the merged form.
  if (formErrors.email === EMPLOYEE_MSG.emailOrMobile) delete formErrors.email;
  const all: Partial<Record<EmployeeSheetKey, string>> = { ...formErrors, ...errors };
  return Object.keys(all).length ? { ok: false, errors: all } : { ok: true, value: { form, given } };
}

export interface TerminationSheetRow {
  employerEmployeeId: string;
  terminationDate: string;
}
export function parseTerminationRow(cells: Partial<Record<TerminationSheetKey, CellValue>>, options: RowOptions): RowResult<TerminationSheetRow, TerminationSheetKey> {
  const errors: Partial<Record<TerminationSheetKey, string>> = {};
  const employerEmployeeId = cellText(cells.employerEmployeeId ?? null);
  if (!employerEmployeeId) errors.employerEmployeeId = EMPLOYEE_MSG.employeeId;
  const terminationRaw = cellText(cells.terminationDate ?? null);
  const terminationDate = cellDate(cells.terminationDate ?? null, options.date1904);
  if (!terminationDate) errors.terminationDate = terminationRaw ? SHEET_MSG.dateFormat('Termination Date', terminationRaw) : SHEET_MSG.terminationDate;
  else if (terminationDate > options.today) errors.terminationDate = SHEET_MSG.futureDate;
  if (Object.keys(errors).length || !terminationDate) return { ok: false, errors };
  return { ok: true, value: { employerEmployeeId, terminationDate } };
}

export interface AttendanceSheetRow {
  employerEmployeeId: string;
  date: string;
  status: AttendanceDayStatus;
}
export function parseAttendanceRow(cells: Partial<Record<AttendanceSheetKey, CellValue>>, options: RowOptions): RowResult<AttendanceSheetRow, AttendanceSheetKey> {
  const errors: Partial<Record<AttendanceSheetKey, string>> = {};
  const employerEmployeeId = cellText(cells.employerEmployeeId ?? null);
  if (!employerEmployeeId) errors.employerEmployeeId = EMPLOYEE_MSG.employeeId;
  const dateRaw = cellText(cells.date ?? null);
  const date = cellDate(cells.date ?? null, options.date1904);
  if (!date) errors.date = dateRaw ? SHEET_MSG.dateFormat('Date', dateRaw) : SHEET_MSG.attendanceDate;
  else if (date > options.today) errors.date = SHEET_MSG.futureDate;
  const status = parseAttendanceStatus(cells.status ?? null);
  if (!status) errors.status = SHEET_MSG.attendanceStatus;
  if (Object.keys(errors).length || !date || !status) return { ok: false, errors };
  return { ok: true, value: { employerEmployeeId, date, status } };
}
