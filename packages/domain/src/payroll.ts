/**
 * Payroll (spec 2.9-2.11, 3, 4.1, 4.4, 4.5, 7, 8, 9; docs/payroll-design.md): statuses and their
 * moves, the payroll month and window in Asia/Kolkata, the arithmetic of an entry (integer paise,
 * exact), the flags, the payroll sheet's row rules, the screens' texts verbatim, and the wire
 * shapes of every payroll call. Pure: shared by the server, the payouts part and the web app.
 */
import { SALARY_ACCOUNT_MIN_LENGTH, SALARY_ACCOUNT_MAX_LENGTH } from './constants.js';
import { EMPLOYEE_MSG } from './employees.js';
import { SHEET_MSG, type PayrollSheetKey, type CellValue, type RowOptions, type RowResult, cellText, mobileText, amountText } from './sheets.js';
import { isValidMobile } from './validation.js';
import type { MonthYear, PayrollInfo } from './wire/payroll.js';
import { addMonths, compareMonths, dayOf, lastDayOf, monthLabel, monthOfDate, type MonthYearValue } from './months.js';

// ---- statuses ----

/** Spec 4.1's payroll file statuses, plus CANCELLED ("a cancelled payroll status also exists"). */
export const PAYROLL_STATUSES = [
  'UPLOADED',
  'PROCESSING',
  'PROCESSED',
  'PAYROLL_FROZEN',
  'PAYROLL_PROCESSING_FAILED',
  'DISBURSAL_INITIATED',
  'DISBURSAL_IN_PROGRESS',
  'DISBURSAL_FAILED',
  'DISBURSAL_COMPLETED',
  'EXPIRED',
  'CANCELLED',
] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];

/** The two kinds of payroll upload (document types of spec 2.8). */
export const PAYROLL_KINDS = ['PAYROLL_UPLOAD', 'PAYROLL_STREAMING_ACCOUNT'] as const;
export type PayrollKind = (typeof PAYROLL_KINDS)[number];

/** Executed payrolls: the payout screen's statuses (4.5). */
export const DISBURSAL_STATUSES = ['DISBURSAL_INITIATED', 'DISBURSAL_IN_PROGRESS', 'DISBURSAL_FAILED', 'DISBURSAL_COMPLETED'] as const satisfies readonly PayrollStatus[];
export const isDisbursalStatus = (s: string): boolean => (DISBURSAL_STATUSES as readonly string[]).includes(s);
/** 4.5: the pre-execution summary is shown only for these; otherwise the screen goes back to the payroll page. */
export const PRE_EXECUTION_STATUSES = ['UPLOADED', 'PROCESSING', 'PROCESSED', 'PAYROLL_FROZEN'] as const satisfies readonly PayrollStatus[];
export const isPreExecutionStatus = (s: string): boolean => (PRE_EXECUTION_STATUSES as readonly string[]).includes(s);
/** 4.4: actions are disabled while the sheet is being processed. */
export const isProcessingStatus = (s: string): boolean => s === 'UPLOADED' || s === 'PROCESSING';
/** Statuses the daily expiry moves to EXPIRED once the month's window has closed. */
export const EXPIRABLE_STATUSES = ['PROCESSED', 'PAYROLL_FROZEN', 'PAYROLL_PROCESSING_FAILED'] as const satisfies readonly PayrollStatus[];

/**
 * The payroll state machine (design doc, Lifecycle): every move the product makes, and only those.
 * The server's features/payroll/lifecycle.ts is the only writer of the status and refuses anything
 * not listed; a user's action outside it answers 409, `PAYROLL_MSG.notAllowed(status)`. Three
 * moves are the outside world's, not a user's (issue 23):
 * - UPLOADED -> PAYROLL_PROCESSING_FAILED: the sheet's job failed for good or was lost before it
 *   began (the dead-letter worker, or a re-upload that finds the job dead);
 * - DISBURSAL_INITIATED -> DISBURSAL_COMPLETED | DISBURSAL_FAILED: every payout settled before the
 *   payroll's status was first recounted from its entries;
 * - DISBURSAL_COMPLETED -> DISBURSAL_FAILED: the bank reversed a transferred payout.
 */
export const PAYROLL_MOVES: Record<PayrollStatus, readonly PayrollStatus[]> = {
  UPLOADED: ['PROCESSING', 'PAYROLL_PROCESSING_FAILED'],
  PROCESSING: ['PROCESSED', 'PAYROLL_PROCESSING_FAILED'],
  PROCESSED: ['PAYROLL_FROZEN', 'EXPIRED'],
  PAYROLL_FROZEN: ['CANCELLED', 'DISBURSAL_INITIATED', 'EXPIRED'],
  PAYROLL_PROCESSING_FAILED: ['EXPIRED'],
  DISBURSAL_INITIATED: ['DISBURSAL_IN_PROGRESS', 'DISBURSAL_COMPLETED', 'DISBURSAL_FAILED'],
  DISBURSAL_IN_PROGRESS: ['DISBURSAL_COMPLETED', 'DISBURSAL_FAILED'],
  DISBURSAL_FAILED: ['DISBURSAL_IN_PROGRESS'],
  DISBURSAL_COMPLETED: ['DISBURSAL_FAILED'],
  EXPIRED: [],
  CANCELLED: [],
};
/** True when a payroll may move from `from` to `to`. */
export const canMove = (from: PayrollStatus, to: PayrollStatus): boolean => PAYROLL_MOVES[from].includes(to);

/**
 * Spec 4.1's payout statuses: the status of a payroll entry. FINALIZED or SKIPPED after
 * processing; execution moves FINALIZED on.
 */
export const PAYOUT_STATUSES = ['FINALIZED', 'SKIPPED', 'INITIATED', 'PENDING', 'FAILED', 'TRANSFERRED', 'CANCELLED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** The payout filter: a status, or TOTAL (no status filter). */
export const PAYOUT_FILTERS = ['TOTAL', ...PAYOUT_STATUSES] as const;
export type PayoutFilter = (typeof PAYOUT_FILTERS)[number];
/**
 * The entry statuses a filter (a tab) shows: TOTAL all; PENDING also INITIATED (both use the
 * pending badge); FAILED also CANCELLED (both use the reject badge, and both are re-run).
 */
export function payoutStatusesOf(filter: PayoutFilter): readonly PayoutStatus[] | null {
  switch (filter) {
    case 'TOTAL':
      return null;
    case 'PENDING':
      return ['INITIATED', 'PENDING'];
    case 'FAILED':
      return ['FAILED', 'CANCELLED'];
    default:
      return [filter];
  }
}
/** 2.10's tabs (pre-execution) and 2.11's (payout screen), with their labels. */
export const PRE_EXECUTION_TABS: readonly { filter: PayoutFilter; label: string }[] = [
  { filter: 'TOTAL', label: 'Total' },
  { filter: 'FINALIZED', label: 'Finalized' },
  { filter: 'SKIPPED', label: 'Skipped' },
];
export const PAYOUT_TABS: readonly { filter: PayoutFilter; label: string }[] = [
  { filter: 'TOTAL', label: 'Total' },
  { filter: 'TRANSFERRED', label: 'Paid' },
  { filter: 'PENDING', label: 'Pending' },
  { filter: 'FAILED', label: 'Failed' },
  { filter: 'SKIPPED', label: 'Skipped' },
];

/** The payroll of month M is run in M+1: on any day of M+1 (IST) this is M. */
export const payrollMonthOf = (todayIso: string): MonthYearValue => addMonths(monthOfDate(todayIso), -1);

// ---- employer payroll config ----

/** Employer config for payroll (design doc, Payroll month and cycle). Days are days of the run month (M+1). */
export interface PayrollConfig {
  payrollWindowStartDay: number;
  /** null: the month's last day. */
  payrollWindowEndDay: number | null;
  payrollExecutionStartDay: number;
  hasEmployerOptedForStreamingAccount: boolean;
}
export const DEFAULT_PAYROLL_CONFIG: PayrollConfig = {
  payrollWindowStartDay: 1,
  payrollWindowEndDay: null,
  payrollExecutionStartDay: 1,
  hasEmployerOptedForStreamingAccount: false,
};
const dayNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 31 ? v : null);
/** The payroll config of a stored employer config: missing or invalid values take the defaults. */
export function payrollConfigOf(raw: Partial<Record<keyof PayrollConfig, unknown>> | null | undefined): PayrollConfig {
  const r = raw ?? {};
  return {
    payrollWindowStartDay: dayNumber(r.payrollWindowStartDay) ?? DEFAULT_PAYROLL_CONFIG.payrollWindowStartDay,
    payrollWindowEndDay: dayNumber(r.payrollWindowEndDay),
    payrollExecutionStartDay: dayNumber(r.payrollExecutionStartDay) ?? DEFAULT_PAYROLL_CONFIG.payrollExecutionStartDay,
    hasEmployerOptedForStreamingAccount: r.hasEmployerOptedForStreamingAccount === true,
  };
}

/** The payroll window in a run month (M+1): from the start day to the end day, both clamped to the month. */
export function payrollWindow(runMonth: MonthYearValue, config: PayrollConfig): { start: string; end: string } {
  const start = dayOf(runMonth, config.payrollWindowStartDay);
  const end = config.payrollWindowEndDay === null ? lastDayOf(runMonth) : dayOf(runMonth, config.payrollWindowEndDay);
  return { start, end: end < start ? start : end };
}
/** The window in which the payroll of month M is run (in M+1). */
export const windowOfPayrollMonth = (payrollMonth: MonthYearValue, config: PayrollConfig) => payrollWindow(addMonths(payrollMonth, 1), config);
/** True while today (IST) is within this month's payroll window. */
export function isCurrentPayrollActive(todayIso: string, config: PayrollConfig): boolean {
  const w = payrollWindow(monthOfDate(todayIso), config);
  return todayIso >= w.start && todayIso <= w.end;
}
/**
 * The date the next payroll window opens: this month's window start while it is still ahead,
 * otherwise next month's (with the default config: the first of next month).
 */
export function nextPayroll(todayIso: string, config: PayrollConfig): string {
  const month = monthOfDate(todayIso);
  const here = payrollWindow(month, config).start;
  return todayIso < here ? here : payrollWindow(addMonths(month, 1), config).start;
}
/** The window is open and today is on or after the execution start day. */
export function isPayrollExecutionAllowed(todayIso: string, config: PayrollConfig): boolean {
  if (!isCurrentPayrollActive(todayIso, config)) return false;
  return todayIso >= dayOf(monthOfDate(todayIso), config.payrollExecutionStartDay);
}
/** True once the window of payroll month M has closed (today is after its end), so M's unexecuted payrolls expire. */
export function isPayrollWindowClosed(payrollMonth: MonthYearValue, todayIso: string, config: PayrollConfig): boolean {
  return todayIso > windowOfPayrollMonth(payrollMonth, config).end;
}
/** True when today is inside the window of payroll month M (uploads, freezes and executions of M are open). */
export function isPayrollMonthOpen(payrollMonth: MonthYearValue, todayIso: string, config: PayrollConfig): boolean {
  return compareMonths(payrollMonth, payrollMonthOf(todayIso)) === 0 && isCurrentPayrollActive(todayIso, config);
}

// ---- arithmetic (integer paise, exact) ----

/** Paid days are kept in hundredths of a day (24.5 days -> 2450), so the arithmetic stays integral. */
export const DAY_HUNDREDTHS = 100;
/**
 * The salary for the paid days: monthly * paid / working, rounded half up to the paisa, exactly
 * (BigInt). `paidHundredths` is paid days in hundredths; `workingDays` a whole number >= 1.
 */
export function salaryForPaidDays(monthlySalary: number, paidHundredths: number, workingDays: number): number {
  if (!Number.isSafeInteger(monthlySalary) || monthlySalary < 0) throw new RangeError('monthlySalary must be a non-negative integer (paise)');
  if (!Number.isSafeInteger(paidHundredths) || paidHundredths < 0) throw new RangeError('paidHundredths must be a non-negative integer');
  if (!Number.isSafeInteger(workingDays) || workingDays < 1) throw new RangeError('workingDays must be a positive integer');
  const num = BigInt(monthlySalary) * BigInt(paidHundredths);
  const den = BigInt(workingDays) * BigInt(DAY_HUNDREDTHS);
  // round half up: floor((2 * num + den) / (2 * den))
  return Number((2n * num + den) / (2n * den));
}

export const DEDUCTION_KINDS = ['ADVANCE', 'TOPUP_EMI'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];
/** Something a worker repays from the salary: an advance's pending amount or a due top-up EMI. */
export interface DeductionItem {
  kind: DeductionKind;
  /** transactions.id or topup_emis.id */
  id: string;
  /** paise, > 0 */
  amount: number;
  /** the advance's creation date or the EMI's due date, yyyy-mm-dd (IST) */
  date: string;
}
/** Deductions oldest first (date, then advances before EMIs, then id): the order they are shown and repaid in. */
export function orderDeductions<T extends DeductionItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.kind !== b.kind ? (a.kind === 'ADVANCE' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
export const sumAmounts = (items: readonly { amount: number }[]): number => items.reduce((s, i) => s + i.amount, 0);
/** Net salary: the salary less every deduction (may be zero or negative: the entry is then skipped). */
export const netSalary = (salary: number, deductions: number): number => salary - deductions;

export const PAYROLL_FLAGS = [
  'NON_POSITIVE_NET',
  'NET_CHANGED_OVER_30_PERCENT',
  'NEW_BANK_ACCOUNT',
  'SHARED_BANK_ACCOUNT',
  'NAME_DIFFERS',
  'MOBILE_DIFFERS',
  // Issue 13 (decision 0025): set while the rows are processed, stored before the identity flags.
  'PAID_DAYS_OVER_UNPAID_LEAVE',
] as const;
export type PayrollFlag = (typeof PAYROLL_FLAGS)[number];
/** What the screens say for a flag (shown, never applied). */
export const PAYROLL_FLAG_LABELS: Record<PayrollFlag, string> = {
  NON_POSITIVE_NET: 'Net salary is zero or negative',
  NET_CHANGED_OVER_30_PERCENT: 'Net salary changed by more than 30% since the last executed payroll',
  NEW_BANK_ACCOUNT: 'Bank account differs from the last executed payroll',
  SHARED_BANK_ACCOUNT: 'Bank account is also used by another employee in this payroll',
  NAME_DIFFERS: 'Name differs from the employee record',
  MOBILE_DIFFERS: 'Mobile number differs from the employee record',
  PAID_DAYS_OVER_UNPAID_LEAVE: 'Paid Days exceed Working Days less the unpaid leave recorded for the month',
};
/** A flag's text for one row, naming what the employee record holds: "Name differs from the employee record (Ananya Rao)". */
export function payrollFlagText(flag: PayrollFlag, record?: { name: string; mobile: string | null } | null): string {
  const label = PAYROLL_FLAG_LABELS[flag];
  if (flag === 'NAME_DIFFERS' && record) return `${label} (${record.name})`;
  if (flag === 'MOBILE_DIFFERS' && record?.mobile) return `${label} (${record.mobile})`;
  return label;
}

export const NET_CHANGE_FLAG_PERCENT = 30;

export interface FlagInput {
  net: number;
  /** The worker's entry in the last executed payroll (its net, and whether it went to this entry's account number), or null when there is none. */
  previous: { net: number; sameAccount: boolean } | null;
  /** True when another worker's entry in this payroll has the same account number. */
  accountShared: boolean;
}
/** The flags of an entry, in PAYROLL_FLAGS order. */
export function payrollFlags(i: FlagInput): PayrollFlag[] {
  const flags: PayrollFlag[] = [];
  if (i.net <= 0) flags.push('NON_POSITIVE_NET');
  if (i.previous && i.previous.net > 0 && Math.abs(i.net - i.previous.net) * 100 > NET_CHANGE_FLAG_PERCENT * i.previous.net) flags.push('NET_CHANGED_OVER_30_PERCENT');
  if (!i.previous?.sameAccount) flags.push('NEW_BANK_ACCOUNT');
  if (i.accountShared) flags.push('SHARED_BANK_ACCOUNT');
  return flags;
}

export const SKIP_REASONS = {
  inactive: 'Employee was inactive before the payroll month',
  noPaidDays: 'No paid days in the month',
  nonPositiveNet: 'Net salary is zero or negative after deductions',
} as const;
export type SkipReason = (typeof SKIP_REASONS)[keyof typeof SKIP_REASONS];
/** Why an entry is skipped, or null when it is finalized. */
export function skipReasonOf(i: { inactiveBeforeMonth: boolean; paidHundredths: number; net: number }): SkipReason | null {
  if (i.inactiveBeforeMonth) return SKIP_REASONS.inactive;
  if (i.paidHundredths === 0) return SKIP_REASONS.noPaidDays;
  if (i.net <= 0) return SKIP_REASONS.nonPositiveNet;
  return null;
}

// ---- texts (spec 4.4, 4.5, 8 verbatim; then our own) ----

export const PAYROLL_MSG = {
  processing: 'Please wait while we are processing the payroll sheet.',
  verifyAndFinalize: 'Please verify the details and finalize the payroll.',
  finalizedFor: (month: string) => `Payroll Finalized for ${month}`,
  expired: 'Your payroll got expired, since no action was taken',
  noData: 'Oops! No Data found',
  executionInProgress: 'Payroll execution in progress.',
  executionCompleted: 'You have successfully ran payroll.',
  executionFailed: 'Payroll execution failed',
  insufficientBalance: 'Insufficient Balance!',
  processingFailedTitle: 'Payroll Processing Failed',
  downloadSheet: 'Download payroll sheet',
  /** The name the highlighted sheet is saved under (spec 8). */
  processedSheetFileName: 'PROCESSED_PAYROLL_SHEET',
  // Titles and buttons (2.9-2.11).
  summaryTitle: 'Payroll Summary',
  uploadPayroll: 'Upload Payroll',
  finalizePayroll: 'Finalize Payroll',
  cancel: 'Cancel',
  executePayroll: 'Execute payroll',
  reRunPayroll: 'Re-Run Payroll',
  addBalance: 'Add Balance',
  addAmount: 'Add amount',
  viewStatus: 'View Status',
  // Design doc: refusals.
  alreadyFinalized: (month: string) => `Payroll for ${month} is already finalized. Cancel it before uploading a new sheet.`,
  alreadyExecuted: (month: string) => `Payroll for ${month} has already been executed.`,
  notAllowed: (status: string) => `This action is not allowed while the payroll is ${status}`,
  rowsFailed: (n: number) => `${n} row(s) have errors. Download the payroll sheet, correct the highlighted cells and upload it again.`,
  // Our own (the spec and the design are silent).
  notFound: 'Payroll not found',
  stillProcessing: (month: string) => `The payroll sheet for ${month} is still being processed. Please wait for it to finish.`,
  windowClosed: (next: string) => `The payroll window is closed. The next payroll window opens on ${next}.`,
  wrongMonth: (month: string) => `Payroll can be uploaded only for ${month}.`,
  notCurrent: (month: string) => `A newer payroll sheet was uploaded for ${month}. Please act on the newest one.`,
  freezeDates: 'The start and end dates must be the first and last day of the payroll month.',
  badFile: 'Please choose a payroll sheet to upload.',
  frozen: (month: string) => `Payroll Finalized for ${month}`,
  cancelled: (month: string) => `Payroll for ${month} cancelled`,
  /** The finalize's HR action (4.5) failed after the freeze itself succeeded. */
  hrActionFailed: 'Payroll finalized, but the freeze could not be recorded as an HR action',
  /** The payroll screen when the month's newest upload was cancelled. */
  cancelledOn: (month: string, date: string) => `The payroll for ${month} was cancelled on ${date}.`,
  uploadAfterCancel: "Upload a new sheet to run this month's payroll.",
  /** The history's badge of an upload a newer one replaced. */
  superseded: 'SUPERSEDED',
  supersededBy: (at: string) => `Replaced by the upload of ${at}`,
  // Payroll through the streaming account (issue 12; decision 0022).
  /** A PAYROLL_STREAMING_ACCOUNT upload by an employer that has not opted in (nothing is stored). */
  streamingNotOptedIn:
    'Your organisation has not opted for payroll through a streaming account. Upload the sheet as a payroll upload, or ask the provider to turn the streaming account on.',
  /** A streaming account id that is not the caller's employer's. */
  streamingAccountNotFound: 'Streaming account not found',
} as const;

/** A status as a sentence shows it: 'PAYROLL_FROZEN' -> 'PAYROLL FROZEN'. */
export const payrollStatusText = (status: string): string => status.replace(/_/g, ' ');

/** What the payroll screen says for a payroll status (4.4, 4.5); null when it shows no text. */
export function payrollStatusMessage(status: PayrollStatus, month: MonthYearValue): string | null {
  switch (status) {
    case 'UPLOADED':
    case 'PROCESSING':
      return PAYROLL_MSG.processing;
    case 'PROCESSED':
      return PAYROLL_MSG.verifyAndFinalize;
    case 'PAYROLL_FROZEN':
      return PAYROLL_MSG.finalizedFor(monthLabel(month));
    case 'DISBURSAL_INITIATED':
    case 'DISBURSAL_IN_PROGRESS':
      return PAYROLL_MSG.executionInProgress;
    case 'DISBURSAL_COMPLETED':
      return PAYROLL_MSG.executionCompleted;
    case 'DISBURSAL_FAILED':
      return PAYROLL_MSG.executionFailed;
    case 'PAYROLL_PROCESSING_FAILED':
      return PAYROLL_MSG.processingFailedTitle;
    case 'EXPIRED':
      return PAYROLL_MSG.expired;
    case 'CANCELLED':
      return null;
  }
}

// ---- the payroll sheet's rows ----

/** The largest monthly salary a payroll row may carry: 10 crore rupees (keeps 50,000-row sums exact). */
export const PAYROLL_MAX_MONTHLY_SALARY_PAISE = 10_000_000_000;
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PAYROLL_ACCOUNT_RE = new RegExp(`^\\d{${SALARY_ACCOUNT_MIN_LENGTH},${SALARY_ACCOUNT_MAX_LENGTH}}$`);
const MAX_NAME_CHARS = 100;

export const PAYROLL_ROW_MSG = {
  employeeId: EMPLOYEE_MSG.employeeId,
  unknownEmployeeId: 'No employee with this Employee ID in this context',
  name: 'Please enter Employee Name',
  nameTooLong: `Employee Name must be at most ${MAX_NAME_CHARS} characters`,
  mobile: EMPLOYEE_MSG.mobile,
  salaryRequired: EMPLOYEE_MSG.salaryRequired,
  salaryNumeric: EMPLOYEE_MSG.salaryNumeric,
  salaryPositive: EMPLOYEE_MSG.salaryPositive,
  salaryTooLarge: 'Monthly Salary is too large',
  workingDays: 'Working Days must be a whole number from 1 to 31',
  paidDays: 'Paid Days must be a number from 0 to the Working Days (at most 2 decimals)',
  accountNumber: 'Account Number must be 9 to 18 digits',
  accountAsNumber: SHEET_MSG.accountAsNumber,
  ifsc: 'Please enter a valid IFSC (4 letters, 0, then 6 letters or digits)',
} as const;

export interface PayrollSheetRow {
  employerEmployeeId: string;
  fullName: string;
  /** 10 digits or '' */
  mobile: string;
  /** paise */
  monthlySalary: number;
  workingDays: number;
  /** paid days in hundredths (24.5 -> 2450) */
  paidHundredths: number;
  accountNumber: string;
  ifsc: string;
}

const DECIMAL = /^\d+(?:\.\d+)?$/;
/** A negative amount as a cell gives it: -5000, "- 5,000.50", "-₹5000". */
const NEGATIVE_AMOUNT = /^-\s*(?:₹|rs\.?|inr)?\s*\d[\d,]*(?:\.\d+)?$/i;
/** A decimal text as an integer count of 1/10^places, or null when it has more places than that. */
function scaled(text: string, places: number): number | null {
  if (!DECIMAL.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > places) return null;
  const n = Number(whole) * 10 ** places + Number((trimmed + '0'.repeat(places)).slice(0, places) || '0');
  return Number.isSafeInteger(n) ? n : null;
}

/** One payroll row by PAYROLL_SHEET_COLUMNS: every field checked, or a message per offending column. */
export function parsePayrollRow(cells: Partial<Record<PayrollSheetKey, CellValue>>, _options?: RowOptions): RowResult<PayrollSheetRow, PayrollSheetKey> {
  const errors: Partial<Record<PayrollSheetKey, string>> = {};
  const text = (k: PayrollSheetKey) => cellText(cells[k] ?? null);

  const employerEmployeeId = text('employerEmployeeId');
  if (!employerEmployeeId) errors.employerEmployeeId = PAYROLL_ROW_MSG.employeeId;

  const fullName = text('fullName');
  if (!fullName) errors.fullName = PAYROLL_ROW_MSG.name;
  else if ([...fullName].length > MAX_NAME_CHARS) errors.fullName = PAYROLL_ROW_MSG.nameTooLong;

  let mobile = '';
  if (text('mobile')) {
    mobile = mobileText(cells.mobile ?? null);
    if (!isValidMobile(mobile)) errors.mobile = PAYROLL_ROW_MSG.mobile;
  }

  let monthlySalary = 0;
  const salaryRaw = amountText(cells.salary ?? null);
  if (!salaryRaw) errors.salary = PAYROLL_ROW_MSG.salaryRequired;
  else {
    const paise = scaled(salaryRaw, 2);
    // A negative amount is a number, just not a valid salary: the employee form's message (decision 0020).
    if (NEGATIVE_AMOUNT.test(salaryRaw)) errors.salary = PAYROLL_ROW_MSG.salaryPositive;
    else if (paise === null) errors.salary = PAYROLL_ROW_MSG.salaryNumeric;
    else if (paise <= 0) errors.salary = PAYROLL_ROW_MSG.salaryPositive;
    else if (paise > PAYROLL_MAX_MONTHLY_SALARY_PAISE) errors.salary = PAYROLL_ROW_MSG.salaryTooLarge;
    else monthlySalary = paise;
  }

  const working = scaled(text('workingDays'), 0);
  const workingDays = working !== null && working >= 1 && working <= 31 ? working : null;
  if (workingDays === null) errors.workingDays = PAYROLL_ROW_MSG.workingDays;

  const paid = scaled(text('paidDays'), 2);
  let paidHundredths = 0;
  if (paid === null || (workingDays !== null && paid > workingDays * DAY_HUNDREDTHS) || paid > 31 * DAY_HUNDREDTHS) errors.paidDays = PAYROLL_ROW_MSG.paidDays;
  else paidHundredths = paid;

  const accountCell = cells.accountNumber ?? null;
  const accountText = text('accountNumber');
  let accountNumber = '';
  // From 1e15 up a number has lost digits in Excel already (and prints in exponent form as text).
  if ((typeof accountCell === 'number' && Math.abs(accountCell) >= 1e15) || /^\d+(?:\.\d+)?e\+?\d+$/i.test(accountText)) errors.accountNumber = PAYROLL_ROW_MSG.accountAsNumber;
  else {
    accountNumber = accountText.replace(/[\s-]/g, '');
    if (!PAYROLL_ACCOUNT_RE.test(accountNumber)) errors.accountNumber = PAYROLL_ROW_MSG.accountNumber;
  }

  const ifsc = text('ifsc').replace(/\s/g, '').toUpperCase();
  if (!IFSC_RE.test(ifsc)) errors.ifsc = PAYROLL_ROW_MSG.ifsc;

  if (Object.keys(errors).length || workingDays === null) return { ok: false, errors };
  return { ok: true, value: { employerEmployeeId, fullName, mobile, monthlySalary, workingDays, paidHundredths, accountNumber, ifsc } };
}
export const monthYearOf = (m: MonthYearValue): MonthYear => ({ month: m.month, year: m.year, label: monthLabel(m) });
/** The payroll info of a business date and config. */
export function payrollInfoOf(todayIso: string, config: PayrollConfig): PayrollInfo {
  const run = monthOfDate(todayIso);
  const w = payrollWindow(run, config);
  return {
    monthForWhichPayrollWillBeExecuted: monthYearOf(payrollMonthOf(todayIso)),
    isCurrentPayrollActive: isCurrentPayrollActive(todayIso, config),
    nextPayroll: nextPayroll(todayIso, config),
    isPayrollExecutionAllowed: isPayrollExecutionAllowed(todayIso, config),
    windowStartDate: w.start,
    windowEndDate: w.end,
    executionStartDate: dayOf(run, config.payrollExecutionStartDay),
    hasEmployerOptedForStreamingAccount: config.hasEmployerOptedForStreamingAccount,
  };
}
/** The kind a payroll sheet is uploaded as: the streaming account's when the employer has opted in. */
export const payrollUploadKindOf = (optedIn: boolean | null | undefined): PayrollKind => (optedIn ? 'PAYROLL_STREAMING_ACCOUNT' : 'PAYROLL_UPLOAD');
/** The server's page size of the payroll screens (spec 9: perPageLimit from the server). */
export const PAYROLL_PER_PAGE_LIMIT = 10;

/** PUT /employer-admin/payroll/update-payroll-status: finalize (PAYROLL_FROZEN, from PROCESSED) or cancel (CANCELLED, from PAYROLL_FROZEN). */
export const UPDATABLE_PAYROLL_STATUSES = ['PAYROLL_FROZEN', 'CANCELLED'] as const;

/** POST /hrAction: the freeze as an HR action; startDate and endDate are the payroll month's first and last day. */
export const HR_ACTION_TYPES = ['FREEZE_PAYROLL'] as const;

/**
 * GET /employer-admin/payroll/missing-workers: the active workers of the payroll's context who are
 * not in its sheet (PROCESSED or PAYROLL_FROZEN payrolls; 409 otherwise), by Employee ID, a page at
 * a time. Active: employment status ACTIVE or IN_PROBATION, not waiting for or refused approval,
 * joined on or before the payroll month's last day (or no joining date).
 */
export const MISSING_WORKERS_PAGE_SIZE = 10;
export const MISSING_WORKERS_MSG = {
  title: 'Employees not in this sheet',
  count: (n: number) => (n === 1 ? '1 active employee is not in this payroll sheet.' : `${n} active employees are not in this payroll sheet.`),
  none: 'Every active employee is in this payroll sheet.',
  note: 'They will not be paid by this payroll. Add them to the sheet and upload it again if they should be.',
  view: 'View list',
} as const;
