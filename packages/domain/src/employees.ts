/**
 * Employees and contractors (spec 2.5, 3, 4.6, 5.3): statuses, the employee form's rules with
 * their exact messages, and the list call's shapes. Money is integer paise on the wire and in the
 * database; forms take whole rupees and convert with `rupeesToPaise`.
 */
import type { EmployeeFormInput } from './forms/employee.js';
import type { EmployeeRecord } from './wire/employees.js';

export const WORKER_TYPES = ['EMPLOYEE', 'CONTRACTOR'] as const;
export type WorkerType = (typeof WORKER_TYPES)[number];

export const EMPLOYMENT_STATUSES = ['ACTIVE', 'IN_PROBATION', 'INACTIVE'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EMPLOYMENT_STATUS_LABELS: Record<EmploymentStatus, string> = { ACTIVE: 'Active', IN_PROBATION: 'In Probation', INACTIVE: 'Inactive' };

/** 4.1: derived from userId. */
export const SIGN_UP_STATUSES = ['SIGNED_UP', 'NOT_SIGNED_UP'] as const;
export type SignUpStatus = (typeof SIGN_UP_STATUSES)[number];
export const SIGN_UP_STATUS_LABELS: Record<SignUpStatus, string> = { SIGNED_UP: 'Signed Up', NOT_SIGNED_UP: 'Not Signed Up' };
export const signUpStatusOf = (userId: string | null | undefined): SignUpStatus => (userId ? 'SIGNED_UP' : 'NOT_SIGNED_UP');

export const EMPLOYEE_MSG = {
  name: 'Please enter a valid Name',
  email: 'Please enter a valid Email Id',
  mobile: 'Please enter a valid Mobile',
  emailOrMobile: 'Please enter either Email Id or Mobile',
  employeeId: 'Please enter Employee Id',
  salaryRequired: 'Please enter Monthly Salary',
  salaryNumeric: 'Monthly Salary should be number(s) only',
  salaryPositive: 'Monthly Salary should be a positive number',
  joiningDate: 'Please enter a valid Joining Date',
  accountNumber: 'Salary Account Number length should be between 9 & 18 characters',
  percent: 'Please enter a number between 0 to 100',
  positive: 'Please enter a positive number',
  emailTaken: 'Invalid Email Id',
  mobileTaken: 'Invalid Mobile',
  addFailed: 'Employee addition failed',
  updateFailed: 'Employee updation failed',
  updateWithoutId: "Can't able to update, Employee Id missing",
  terminationFailed: 'Termination Failed',
  activationFailed: 'Activation Failed',
  partialTermination: (n: number, m: number) => `Only ${n} employes(s) got terminated out of ${m}`,
  partialActivation: (n: number, m: number) => `Only ${n} employes(s) got activated out of ${m}`,
} as const;

/**
 * The signed-up identity lock (spec 5.3, decision 0020, issue 23): once a worker has signed up
 * (`userId` set) an employer may no longer change who they are: the Employee ID they signed up
 * with, the Full Name on record, and the Mobile and Email the worker app knows them by. The one
 * rule for the form, the API and the employee sheet alike; the web shows these fields read-only.
 */
export const SIGNED_UP_LOCKED_FIELDS = ['employerEmployeeId', 'fullName', 'mobile', 'email'] as const;
export type SignedUpLockedField = (typeof SIGNED_UP_LOCKED_FIELDS)[number];
const SIGNED_UP_LOCKED_LABELS: Record<SignedUpLockedField, string> = { employerEmployeeId: 'Employee ID', fullName: 'Full Name', mobile: 'Mobile', email: 'Email' };
/** The lock's one message: "Employee ID cannot be changed after the employee has signed up" ("Full Name, Mobile cannot ..." for several). */
export const signedUpLockMessage = (fields: readonly SignedUpLockedField[]): string =>
  `${fields.map((f) => SIGNED_UP_LOCKED_LABELS[f]).join(', ')} cannot be changed after the employee has signed up`;

/** Each locked field compared as the portal stores and matches it: ids and e-mails without case, names without case or extra spaces, blank as none. */
const identityKey: Record<SignedUpLockedField, (v: string) => string> = {
  employerEmployeeId: (v) => v.trim().toLowerCase(),
  fullName: (v) => v.trim().replace(/\s+/g, ' ').toLowerCase(),
  mobile: (v) => v.trim(),
  email: (v) => v.trim().toLowerCase(),
};

/**
 * The signed-up identity lock applied to `next`, the form about to be stored over `stored` (both
 * as the form holds them). Not signed up: `next` as it is. Signed up: `next` with the stored
 * spelling of every locked field it leaves the same ("  ananya   RAO " keeps "Ananya Rao"), and
 * `changed`, the locked fields it would change (in SIGNED_UP_LOCKED_FIELDS order): the caller
 * refuses the change with `signedUpLockMessage(changed)`.
 */
export function holdSignedUpIdentity<T extends Record<SignedUpLockedField, string>>(
  signedUp: boolean,
  stored: Record<SignedUpLockedField, string>,
  next: T,
): { form: T; changed: SignedUpLockedField[] } {
  if (!signedUp) return { form: next, changed: [] };
  const form: T = { ...next };
  const changed: SignedUpLockedField[] = [];
  for (const key of SIGNED_UP_LOCKED_FIELDS) {
    if (identityKey[key](next[key] ?? '') === identityKey[key](stored[key] ?? '')) form[key] = stored[key];
    else changed.push(key);
  }
  return { form, changed };
}

/** The form as typed and its rules (5.3) live in forms/employee.ts: one schema for the drawer, the calls and the sheet. */

/** Whole or 2-decimal rupees as typed -> integer paise, without floating point. */
export function rupeesToPaise(value: string): number {
  const [whole = '0', frac = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

/** Fields the list's filter popover offers (spec 2.5). */
export const EMPLOYEE_FILTER_FIELDS = ['signUpStatus', 'employmentStatus', 'branchId', 'gradeId', 'departmentId'] as const;
export type EmployeeFilterField = (typeof EMPLOYEE_FILTER_FIELDS)[number];
export const EMPLOYEE_SEARCH_FIELDS = ['employerEmployeeId', 'mobile', 'fullName', 'email'] as const;

/**
 * How a list of filter rows combines. The web builder sends one conjunction for every row after
 * the first; when a caller mixes them, AND binds tighter than OR (as in SQL): the result is a list
 * of groups, OR-ed together, each group's rows AND-ed.
 */
export function groupFilters<F extends { conjunction: 'WHERE' | 'AND' | 'OR' }>(filters: readonly F[]): F[][] {
  const groups: F[][] = [];
  for (const f of filters) {
    const last = groups[groups.length - 1];
    if (!last || f.conjunction === 'OR') groups.push([f]);
    else last.push(f);
  }
  return groups;
}

/** The values a filter field accepts; null means any text (branch, grade, department ids). */
export const EMPLOYEE_FILTER_VALUES: Record<EmployeeFilterField, readonly string[] | null> = {
  signUpStatus: SIGN_UP_STATUSES,
  employmentStatus: EMPLOYMENT_STATUSES,
  branchId: null,
  gradeId: null,
  departmentId: null,
};

/** Field keys of a form error answer: the form's own keys (`validateEmployeeForm`), plus the picks. */
export type EmployeeFormField = keyof EmployeeFormInput | 'branchId' | 'gradeId' | 'departmentId';

/** Server-side messages beyond the spec's form rules (duplicates, metadata picks; the signed-up lock: `signedUpLockMessage`). */
export const EMPLOYEE_SERVER_MSG = {
  duplicateEmployeeId: 'An employee with this Employee ID already exists',
  duplicateEmail: 'An employee with this Email Id already exists',
  duplicateMobile: 'An employee with this Mobile already exists',
  branch: 'Please choose a valid Branch',
  grade: 'Please choose a valid Grade',
  department: 'Please choose a valid Department',
  notFound: 'Employee not found',
  alreadyInactive: 'Employee is already inactive',
  alreadyActive: 'Employee is already active',
  unknownEmployeeId: 'No employee with this Employee ID',
  invalidFilter: 'Invalid filter value',
} as const;

export const BULK_EMPLOYEE_ACTION_MAX = 500;

/** Integer paise -> rupees as a form shows them ('12500', '12500.5' -> '12500.50'). */
export function paiseToRupeesText(paise: number): string {
  const rupees = Math.trunc(paise / 100);
  const rest = Math.abs(paise % 100);
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

// ---- the download (employee-report.xlsx) ----

export const EMPLOYEE_COLUMNS = [
  { key: 'fullName', header: 'Full Name', hideable: false, metadata: null },
  { key: 'employerEmployeeId', header: 'Employee ID', hideable: false, metadata: null },
  { key: 'email', header: 'Email ID', hideable: true, metadata: null },
  { key: 'mobile', header: 'Mobile No.', hideable: true, metadata: null },
  { key: 'signUpStatus', header: 'Sign Up Status', hideable: true, metadata: null },
  { key: 'employmentStatus', header: 'Employment Status', hideable: true, metadata: null },
  { key: 'joinedAt', header: 'Joining Date', hideable: true, metadata: null },
  { key: 'terminatedAt', header: 'Termination Date', hideable: true, metadata: null },
  { key: 'withdrawalAllowed', header: 'Withdrawal Allowed', hideable: true, metadata: null },
  { key: 'currentMonthlySalary', header: 'Monthly Salary', hideable: true, metadata: null },
  { key: 'branchId', header: 'Branch', hideable: true, metadata: 'branchIds' },
  { key: 'gradeId', header: 'Grade', hideable: true, metadata: 'gradeIds' },
  { key: 'departmentId', header: 'Department', hideable: true, metadata: 'departmentIds' },
] as const;
export type EmployeeColumnKey = (typeof EMPLOYEE_COLUMNS)[number]['key'];
export const EMPLOYEE_COLUMN_KEYS = EMPLOYEE_COLUMNS.map((c) => c.key) as [EmployeeColumnKey, ...EmployeeColumnKey[]];

/**
 * The columns of the download, in the spec's order: the requested ones, always Full Name and
 * Employee ID (they cannot be hidden), and Branch / Grade / Department only when the employer
 * metadata lists them. No request (empty list) means the default view: every column but those three.
 */
export function exportColumns(
  requested: readonly EmployeeColumnKey[],
  metadata: { branchIds?: readonly string[]; gradeIds?: readonly string[]; departmentIds?: readonly string[] },
): (typeof EMPLOYEE_COLUMNS)[number][] {
  const want = new Set<EmployeeColumnKey>(requested.length ? requested : EMPLOYEE_COLUMNS.filter((c) => !c.metadata).map((c) => c.key));
  return EMPLOYEE_COLUMNS.filter((c) => {
    if (!c.hideable) return true;
    if (!want.has(c.key)) return false;
    return c.metadata ? (metadata[c.metadata]?.length ?? 0) > 0 : true;
  });
}

/** security.md Exports: text that a spreadsheet could read as a formula is written as text ('-prefixed). */
export function spreadsheetSafeText(value: string): string {
  return /^[=+\-@\t\r\0]/.test(value) ? `'${value}` : value;
}

/** yyyy-mm-dd -> dd/mm/yyyy (spec 9: tables); '' for no date. */
export function formatDdMmYyyy(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export const WITHDRAWAL_ACCESS_LABELS = { allowed: 'Allowed', notAllowed: 'Not Allowed' } as const;

/** One row of the download: display text per column (money as rupees, a number). */
export function employeeExportRow(record: EmployeeRecord, columns: readonly { key: EmployeeColumnKey }[]): (string | number)[] {
  const cell = (key: EmployeeColumnKey): string | number => {
    switch (key) {
      case 'signUpStatus':
        return SIGN_UP_STATUS_LABELS[signUpStatusOf(record.userId)];
      case 'employmentStatus':
        return EMPLOYMENT_STATUS_LABELS[record.employmentStatus];
      case 'joinedAt':
        return formatDdMmYyyy(record.joinedAt);
      case 'terminatedAt':
        return formatDdMmYyyy(record.terminatedAt);
      case 'withdrawalAllowed':
        return record.isTransactionAllowed ? WITHDRAWAL_ACCESS_LABELS.allowed : WITHDRAWAL_ACCESS_LABELS.notAllowed;
      case 'currentMonthlySalary':
        return record.currentMonthlySalary / 100;
      default:
        return spreadsheetSafeText(record[key] ?? '');
    }
  };
  return columns.map((c) => cell(c.key));
}

/** The calendar date (yyyy-mm-dd) of an instant in a time zone (business dates are Asia/Kolkata). */
export function isoDateInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}
