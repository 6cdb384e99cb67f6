/**
 * Worker transactions (spec 2.13) and salary top-ups (spec 2.12): the search dates of 5.1 with
 * their messages, the status filters of 4.1, the 20,000-record cap of 8 and 9, the call shapes of
 * 7, and the cells of the two tables and their xlsx downloads. Money is integer paise on the wire.
 */
import { LIST_PAGE_SIZES, WORKER_TRANSACTIONS_RESULT_CAP } from './constants.js';
import { isValidIsoDate, checkDateRange, checkTransactionSearchStart } from './validation.js';
import { IST_OFFSET_MS, businessDate, formatRupees } from './format.js';
import { TRANSACTION_FILTER_STATUSES, statusLabel, type SalaryAdvanceStatus, SALARY_ADVANCE_STATUSES } from './advances.js';
import { formatDdMmYyyy, spreadsheetSafeText } from './employees.js';
import type { WorkerTransactionRow, SalaryTopupRow } from './wire/worker-transactions.js';

export const TRANSACTIONS_REPORT_NAME = 'transactions-report.xlsx';
export const SALARY_TOPUPS_REPORT_NAME = 'advance-salary-report.xlsx';
/** Rows per page of the two tables (the spec is silent: the employees list default). */
export const WORKER_TRANSACTIONS_PAGE_SIZE = 10;
export const TRANSACTION_NA = 'NA';

// ---- paging on the server (issue 14) ----

/** What the Transactions table sorts by (sortBy); createdAt, newest first, unless asked. */
export const TRANSACTION_SORT_FIELDS = ['createdAt', 'amount', 'status', 'name'] as const;
export type TransactionSortBy = (typeof TRANSACTION_SORT_FIELDS)[number];
/** What the Salary Topups table sorts by; applications with no approval date come last either way. */
export const SALARY_TOPUP_SORT_FIELDS = ['createdAt', 'amount', 'status', 'name', 'approvalDate'] as const;
export type SalaryTopupSortBy = (typeof SALARY_TOPUP_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** The query parameters of a page (the downloads ignore them). */
export const WORKER_TRANSACTIONS_PAGE_PARAMS = ['page', 'pageSize', 'sortBy', 'sortOrder'] as const;

export const WORKER_TRANSACTIONS_MSG = {
  invalidDate: 'Please select valid dates',
  /** The four below: the spec is silent; a 400 says which value the server could not take. */
  invalidPage: 'Invalid page: a whole number, 1 or more',
  invalidPageSize: `Invalid page size: ${LIST_PAGE_SIZES.slice(0, -1).join(', ')} or ${LIST_PAGE_SIZES[LIST_PAGE_SIZES.length - 1]} rows per page`,
  invalidSortBy: (fields: readonly string[]) => `Invalid sort: sortBy is one of ${fields.join(', ')}`,
  invalidSortOrder: 'Invalid sort order: asc or desc',
  /** spec 8: shown for CAP_TOAST_DURATION_MS when a search returns as many rows as the cap. */
  capToast: (cap: number = WORKER_TRANSACTIONS_RESULT_CAP) =>
    `Results are limited to ${cap} records, To access full report, please connect with the provider`,
} as const;

/** spec 8: the cap toast shows when a search returns as many rows as the cap. */
export const isCapReached = (rows: number, cap: number = WORKER_TRANSACTIONS_RESULT_CAP): boolean => rows >= cap;

// ---- dates (5.1), business dates in Asia/Kolkata ----

/**
 * A date of the query as a business date: yyyy-mm-dd as is, or an ISO instant (what a client in
 * another zone may send, e.g. IST midnight as 2026-10-31T18:30:00.000Z) as its Asia/Kolkata date.
 * Null when unreadable.
 */
export function queryBusinessDate(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (v === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return isValidIsoDate(v) ? v : null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return null;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? null : businessDate(at);
}

/** 5.1 for the Salary Topups dates: valid dates, not after today, To not before From. */
export function checkTopupDates(from: string, to: string, today: string): string | null {
  return checkDateRange(from, to, today);
}

/** 5.1 for a transaction search: valid dates, From within the last 2 years, not after today, To not before From. */
export function checkTransactionDates(from: string, to: string, today: string): string | null {
  if (!isValidIsoDate(from) || !isValidIsoDate(to)) return WORKER_TRANSACTIONS_MSG.invalidDate;
  return checkTransactionSearchStart(from, today) ?? checkDateRange(from, to, today);
}

/** 2.13: the current month so far (its first day to today); 2.12 uses the same defaults. */
export function currentMonthRange(today: string): { startDate: string; endDate: string } {
  return { startDate: `${today.slice(0, 7)}-01`, endDate: today };
}

/** The next calendar day of a yyyy-mm-dd date. */
export const nextDay = (isoDate: string): string => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

// ---- status filters (2.12, 2.13, 4.1) ----

export type TransactionFilterStatus = (typeof TRANSACTION_FILTER_STATUSES)[number];
const titleCase = (status: string) =>
  statusLabel(status)
    .toLowerCase()
    .replace(/\b[a-z]/g, (c) => c.toUpperCase());
/** 2.13: All, Transferred, Deducted From Salary, Repaid. `value` '' is All (no status sent). */
export const TRANSACTION_STATUS_OPTIONS: readonly { value: '' | TransactionFilterStatus; label: string }[] = [
  { value: '', label: 'All' },
  ...TRANSACTION_FILTER_STATUSES.map((s) => ({ value: s, label: titleCase(s) })),
];
/** 2.12: All plus every application status with underscores shown as spaces. */
export const SALARY_TOPUP_STATUS_OPTIONS: readonly { value: '' | SalaryAdvanceStatus; label: string }[] = [
  { value: '', label: 'All' },
  ...SALARY_ADVANCE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];

// ---- cells (tables and downloads) ----

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as dd/mm/yyyy hh:mm AM/PM in Asia/Kolkata; NA when missing or unreadable. By the fixed
 * +05:30 offset, not an Intl formatter made for every cell (whose time-zone data the first one loads:
 * decision 0041); tested against Intl's en-GB output.
 */
export function formatDateTimeIst(value: string | Date | null | undefined): string {
  if (!value) return TRANSACTION_NA;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return TRANSACTION_NA;
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const hour = ist.getUTCHours();
  return `${pad2(ist.getUTCDate())}/${pad2(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()} ${pad2(hour % 12 || 12)}:${pad2(ist.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
}

export const dateOrNA = (isoDate: string | null | undefined): string => (isoDate ? formatDdMmYyyy(isoDate) : TRANSACTION_NA);
export const rupeesOrNA = (paise: number | null | undefined): string => (typeof paise === 'number' ? formatRupees(paise) : TRANSACTION_NA);
export const textOrNA = (value: string | null | undefined): string => (value && value.trim() ? value : TRANSACTION_NA);

/** The worker's name and id from whichever snapshot the row carries. */
export function transactionWorker(row: Pick<WorkerTransactionRow, 'employeeDataSnapshot' | 'contractorDataSnapshot'>): { name: string | null; workerId: string | null } {
  if (row.employeeDataSnapshot) return { name: row.employeeDataSnapshot.fullName, workerId: row.employeeDataSnapshot.employerEmployeeId };
  if (row.contractorDataSnapshot) return { name: row.contractorDataSnapshot.fullName, workerId: row.contractorDataSnapshot.employersContractorId };
  return { name: null, workerId: null };
}

export const deductionConfirmedLabel = (confirmed: boolean | null | undefined): string =>
  confirmed === null || confirmed === undefined ? TRANSACTION_NA : confirmed ? 'Yes' : 'No';

export const TRANSACTION_COLUMNS = [
  { key: 'name', header: 'Name' },
  { key: 'workerId', header: 'Worker Id' },
  { key: 'createdAt', header: 'Date & time' },
  { key: 'amount', header: 'Amount Disbursed' },
  { key: 'repaidAmount', header: 'Repaid Amount' },
  { key: 'latestRepaymentDate', header: 'Last Repayment Date' },
  { key: 'deductionConfirmed', header: 'Deduction Confirmed' },
  { key: 'pendingRepaymentAmount', header: 'Pending Amount' },
  { key: 'status', header: 'Status' },
] as const;

export const SALARY_TOPUP_COLUMNS = [
  { key: 'employerEmployeeId', header: 'Employee ID' },
  { key: 'name', header: 'Name' },
  { key: 'approvalDate', header: 'Approval date' },
  { key: 'disbursalDate', header: 'Disbursal date' },
  { key: 'amount', header: 'Amount Approved' },
  { key: 'tenure', header: 'Tenure' },
  { key: 'emiAmount', header: 'EMI amount' },
  { key: 'emiStartDate', header: 'EMI Start Date' },
  { key: 'status', header: 'Status' },
] as const;

/** "3 months" / "1 month". */
export const tenureLabel = (months: number): string => `${months} ${months === 1 ? 'month' : 'months'}`;

const safe = (v: string | null) => spreadsheetSafeText(textOrNA(v));

/** One row of transactions-report.xlsx: text cells made spreadsheet-safe, money as rupee numbers. */
export function transactionExportRow(row: WorkerTransactionRow): (string | number)[] {
  const { name, workerId } = transactionWorker(row);
  return [
    safe(name),
    safe(workerId),
    formatDateTimeIst(row.createdAt),
    row.amount / 100,
    row.repaidAmount / 100,
    dateOrNA(row.latestRepaymentDate),
    deductionConfirmedLabel(row.deductionConfirmed),
    row.pendingRepaymentAmount / 100,
    statusLabel(row.status),
  ];
}

/** One row of advance-salary-report.xlsx. */
export function salaryTopupExportRow(row: SalaryTopupRow): (string | number)[] {
  return [
    safe(row.employerEmployeeId),
    safe(row.name),
    dateOrNA(row.approvalDate),
    dateOrNA(row.disbursalDate),
    row.currentApplicationTerm.amount / 100,
    tenureLabel(row.currentApplicationTerm.tenureInMonths),
    row.emiAmount / 100,
    dateOrNA(row.emiStartDate),
    statusLabel(row.status),
  ];
}
