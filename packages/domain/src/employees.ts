/**
 * Employees and contractors (spec 2.5, 3, 4.6, 5.3): statuses, the employee form's rules with
 * their exact messages, and the list call's shapes. Money is integer paise on the wire and in the
 * database; forms take whole rupees and convert with `rupeesToPaise`.
 */
import { z } from 'zod';
import { EMPLOYEE_LIST_DEFAULT_PAGE_SIZE, NUMERIC_LIMIT, SALARY_ACCOUNT_MAX_LENGTH, SALARY_ACCOUNT_MIN_LENGTH } from './constants.js';
import { isBlank, isValidEmail, isValidIsoDate, isValidMobile, isValidName, type FieldErrors } from './validation.js';

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

/** The employee form as typed (strings), before conversion. */
export interface EmployeeFormInput {
  fullName: string;
  email: string;
  mobile: string;
  employerEmployeeId: string;
  currentMonthlySalary: string;
  joiningDate: string;
  salaryAccountNumber: string;
  maxWithdrawalSalaryPercent: string;
  maxWithdrawalPerDay: string;
  maxWithdrawalPerTransaction: string;
}

const DIGITS = /^\d+$/;
const NUMBER = /^\d+(\.\d{1,2})?$/;

/** 5.3: every rule of the employee form, with the spec's messages; the server runs the same function. */
export function validateEmployeeForm(input: EmployeeFormInput): FieldErrors<EmployeeFormInput> {
  const e: FieldErrors<EmployeeFormInput> = {};
  if (!isValidName(input.fullName.trim())) e.fullName = EMPLOYEE_MSG.name;
  const email = input.email.trim();
  const mobile = input.mobile.trim();
  if (email && !isValidEmail(email)) e.email = EMPLOYEE_MSG.email;
  if (mobile && !isValidMobile(mobile)) e.mobile = EMPLOYEE_MSG.mobile;
  if (!email && !mobile) e.email = EMPLOYEE_MSG.emailOrMobile;
  if (isBlank(input.employerEmployeeId)) e.employerEmployeeId = EMPLOYEE_MSG.employeeId;
  const salary = input.currentMonthlySalary.trim();
  if (!salary) e.currentMonthlySalary = EMPLOYEE_MSG.salaryRequired;
  // A negative amount is a number, just not a valid salary: say so rather than "numbers only".
  else if (/^-\s*\d+(\.\d+)?$/.test(salary)) e.currentMonthlySalary = EMPLOYEE_MSG.salaryPositive;
  else if (!NUMBER.test(salary)) e.currentMonthlySalary = EMPLOYEE_MSG.salaryNumeric;
  else if (Number(salary) < 1) e.currentMonthlySalary = EMPLOYEE_MSG.salaryPositive;
  if (!isValidIsoDate(input.joiningDate.trim())) e.joiningDate = EMPLOYEE_MSG.joiningDate;
  const account = input.salaryAccountNumber.trim();
  if (account && (!DIGITS.test(account) || account.length < SALARY_ACCOUNT_MIN_LENGTH || account.length > SALARY_ACCOUNT_MAX_LENGTH)) {
    e.salaryAccountNumber = EMPLOYEE_MSG.accountNumber;
  }
  const percent = input.maxWithdrawalSalaryPercent.trim();
  if (percent && (!NUMBER.test(percent) || Number(percent) > 100)) e.maxWithdrawalSalaryPercent = EMPLOYEE_MSG.percent;
  for (const key of ['maxWithdrawalPerDay', 'maxWithdrawalPerTransaction'] as const) {
    const v = input[key].trim();
    if (v && (!NUMBER.test(v) || Number(v) > NUMERIC_LIMIT)) e[key] = EMPLOYEE_MSG.positive;
  }
  return e;
}

/** Whole or 2-decimal rupees as typed -> integer paise, without floating point. */
export function rupeesToPaise(value: string): number {
  const [whole = '0', frac = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

// ---- wire shapes ----

export const EmployeeRecord = z.object({
  _id: z.string(),
  workerType: z.enum(WORKER_TYPES),
  fullName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  employerEmployeeId: z.string(),
  joinedAt: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES),
  /** paise */
  currentMonthlySalary: z.number().int(),
  isTransactionAllowed: z.boolean(),
  userId: z.string().nullable(),
  salaryAccountNumber: z.string().nullable(),
  maxWithdrawalSalaryPercent: z.number().nullable(),
  /** paise */
  maxWithdrawalPerDay: z.number().int().nullable(),
  /** paise */
  maxWithdrawalPerTransaction: z.number().int().nullable(),
  designation: z.string().nullable(),
  departmentId: z.string().nullable(),
  gradeId: z.string().nullable(),
  branchId: z.string().nullable(),
  branchLocation: z.string().nullable(),
  vendorId: z.string().nullable(),
});
export type EmployeeRecord = z.infer<typeof EmployeeRecord>;

/** Fields the list's filter popover offers (spec 2.5). */
export const EMPLOYEE_FILTER_FIELDS = ['signUpStatus', 'employmentStatus', 'branchId', 'gradeId', 'departmentId'] as const;
export type EmployeeFilterField = (typeof EMPLOYEE_FILTER_FIELDS)[number];
export const EMPLOYEE_SEARCH_FIELDS = ['employerEmployeeId', 'mobile', 'fullName', 'email'] as const;

export const EmployeeFilter = z.object({
  conjunction: z.enum(['WHERE', 'AND', 'OR']),
  field: z.enum(EMPLOYEE_FILTER_FIELDS),
  operator: z.enum(['IS', 'IS_NOT']),
  value: z.string().max(100),
});
export const EmployeeSearchBody = z.object({
  filters: z.array(EmployeeFilter).max(20).default([]),
  limit: z.number().int().min(1).max(100).default(EMPLOYEE_LIST_DEFAULT_PAGE_SIZE),
  pageNumber: z.number().int().min(1).default(1),
  searchText: z.string().max(100).default(''),
  sortby: z.enum(['fullName', 'employerEmployeeId', 'joinedAt', 'createdAt']).default('createdAt'),
  searchOn: z.enum(EMPLOYEE_SEARCH_FIELDS).optional(),
});
export type EmployeeSearchBody = z.infer<typeof EmployeeSearchBody>;
export const EmployeeSearchResult = z.object({ employees: z.array(EmployeeRecord), total: z.number().int() });

// ---- search helpers ----

export type EmployeeFilter = z.infer<typeof EmployeeFilter>;

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

// ---- the form on the wire ----

/**
 * Add (POST) and edit (PATCH) body: the form's fields as typed (strings; money in rupees as typed,
 * converted to paise by the server), plus the metadata picks. Blank optional fields may be sent as
 * '' or left out. `vendorId` travels in the query, as everywhere else.
 */
const formText = (max: number) => z.string().max(max);
const FORM_FIELDS = {
  fullName: formText(100),
  email: formText(254),
  mobile: formText(20),
  employerEmployeeId: formText(50),
  currentMonthlySalary: formText(20),
  joiningDate: formText(20),
  salaryAccountNumber: formText(30),
  maxWithdrawalSalaryPercent: formText(20),
  maxWithdrawalPerDay: formText(20),
  maxWithdrawalPerTransaction: formText(20),
  designation: formText(100),
  branchId: formText(100),
  gradeId: formText(100),
  departmentId: formText(100),
  branchLocation: formText(100),
  isTransactionAllowed: z.boolean(),
  workerType: z.enum(WORKER_TYPES),
};
export const EmployeeFormBody = z.object({
  ...FORM_FIELDS,
  email: FORM_FIELDS.email.default(''),
  mobile: FORM_FIELDS.mobile.default(''),
  salaryAccountNumber: FORM_FIELDS.salaryAccountNumber.default(''),
  maxWithdrawalSalaryPercent: FORM_FIELDS.maxWithdrawalSalaryPercent.default(''),
  maxWithdrawalPerDay: FORM_FIELDS.maxWithdrawalPerDay.default(''),
  maxWithdrawalPerTransaction: FORM_FIELDS.maxWithdrawalPerTransaction.default(''),
  designation: FORM_FIELDS.designation.default(''),
  branchId: FORM_FIELDS.branchId.default(''),
  gradeId: FORM_FIELDS.gradeId.default(''),
  departmentId: FORM_FIELDS.departmentId.default(''),
  branchLocation: FORM_FIELDS.branchLocation.default(''),
  isTransactionAllowed: FORM_FIELDS.isTransactionAllowed.default(true),
  workerType: FORM_FIELDS.workerType.default('EMPLOYEE'),
});
export type EmployeeFormBody = z.infer<typeof EmployeeFormBody>;
/**
 * Edit: `id` is the worker's _id (missing -> "Can't able to update, Employee Id missing"). Every
 * other field is optional; a field left out keeps its stored value (the list masks the salary
 * account number, so an unchanged one is simply not sent).
 */
export const EmployeeUpdateBody = z.object(FORM_FIELDS).partial().extend({ id: z.string().max(100).optional() });
export type EmployeeUpdateBody = z.infer<typeof EmployeeUpdateBody>;

/** Field keys of a form error answer: the form's own keys (`validateEmployeeForm`), plus the picks. */
export type EmployeeFormField = keyof EmployeeFormInput | 'branchId' | 'gradeId' | 'departmentId';
/** 400 answer of add and edit: `description` is the first problem, `errors` has one message per field. */
export const EmployeeFormErrorBody = z.object({
  message: z.object({ description: z.string(), code: z.string().optional() }),
  errors: z.record(z.string(), z.string()),
});
export type EmployeeFormErrorBody = z.infer<typeof EmployeeFormErrorBody>;

/** Server-side messages beyond the spec's form rules (duplicates, metadata picks, the locked id). */
export const EMPLOYEE_SERVER_MSG = {
  duplicateEmployeeId: 'An employee with this Employee ID already exists',
  duplicateEmail: 'An employee with this Email Id already exists',
  duplicateMobile: 'An employee with this Mobile already exists',
  branch: 'Please choose a valid Branch',
  grade: 'Please choose a valid Grade',
  department: 'Please choose a valid Department',
  employeeIdLocked: 'Employee ID cannot be changed after the employee has signed up',
  notFound: 'Employee not found',
  alreadyInactive: 'Employee is already inactive',
  alreadyActive: 'Employee is already active',
  unknownEmployeeId: 'No employee with this Employee ID',
  invalidFilter: 'Invalid filter value',
} as const;

export const EmployeeFieldCheckBody = z.object({
  field: z.enum(['email', 'mobile']),
  value: z.string().max(254),
  /** The worker being edited (its _id), which may keep its own value. */
  employeeId: z.string().uuid().optional(),
});
export const EmployeeFieldCheckResult = z.object({ available: z.boolean() });

export const BULK_EMPLOYEE_ACTION_MAX = 500;
export const BulkEmployeeIdsBody = z.object({
  employerEmployeeIds: z.array(z.string().trim().min(1).max(100)).min(1).max(BULK_EMPLOYEE_ACTION_MAX),
});
export const BulkEmployeeItem = z.object({
  employeeId: z.string(),
  status: z.enum(['SUCCESS', 'FAILED']),
  reason: z.string().optional(),
  fullName: z.string().optional(),
});
export const BulkEmployeeResult = z.object({ data: z.array(BulkEmployeeItem) });
export type BulkEmployeeResult = z.infer<typeof BulkEmployeeResult>;
/** Profile Terminate: the worker's _id. */
export const TerminateEmployeeBody = z.object({ employeeId: z.string().max(100) });

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

/** PUT /employer-admin/search: the list's filters and search, plus the visible columns. */
export const EmployeeExportBody = EmployeeSearchBody.omit({ limit: true, pageNumber: true }).extend({
  columns: z.array(z.enum(EMPLOYEE_COLUMN_KEYS)).max(EMPLOYEE_COLUMNS.length * 2).default([]),
});
export type EmployeeExportBody = z.infer<typeof EmployeeExportBody>;

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
