/** The zod wire schemas of ../payroll.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { PAYROLL_FLAGS, type PayrollFlag, PAYROLL_KINDS, PAYROLL_STATUSES, PAYOUT_FILTERS, DEDUCTION_KINDS, PAYOUT_STATUSES, type PayoutFilter, UPDATABLE_PAYROLL_STATUSES, HR_ACTION_TYPES, MISSING_WORKERS_PAGE_SIZE } from '../payroll.js';
import { PAYROLL_HISTORY_PAGE_SIZE } from '../constants.js';

// ---- wire shapes ----

const uuid = z.string().uuid();
const money = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const MonthYear = z.object({ month: z.number().int().min(1).max(12), year: z.number().int(), label: z.string() });
export type MonthYear = z.infer<typeof MonthYear>;

/** Query month (1..12) and year of the payroll month. */
const monthQuery = {
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(9999),
};
export const PayrollVendorQuery = z.object({ vendorId: uuid.optional() });
export const CountAmount = z.object({ count: z.number().int(), amount: money });
export type CountAmount = z.infer<typeof CountAmount>;
/** Entries per flag. A key missing (a payroll processed before the flag existed) reads as 0. */
export const PayrollFlagCounts = z.object(Object.fromEntries(PAYROLL_FLAGS.map((f) => [f, z.number().int().default(0)])) as Record<PayrollFlag, z.ZodDefault<z.ZodNumber>>);
export type PayrollFlagCounts = z.infer<typeof PayrollFlagCounts>;

/** GET /employer-admin/payroll: the payroll upload history, 5 a page, newest first. */
export const PayrollListQuery = z.object({
  vendorId: uuid.optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAYROLL_HISTORY_PAGE_SIZE),
});
export type PayrollListQuery = z.infer<typeof PayrollListQuery>;
/** Spec 3's upload history row, plus the payroll's id, status, month, kind and document locations (usable with GET /employer-admin/doc). */
export const PayrollHistoryRow = z.object({
  /** the payroll id */
  _id: uuid,
  /** the document_uploads row */
  documentId: uuid,
  kind: z.enum(PAYROLL_KINDS),
  status: z.enum(PAYROLL_STATUSES),
  month: MonthYear,
  fileName: z.string(),
  /** ISO instant */
  uploadedAt: z.string(),
  /** the admin's name */
  uploadedBy: z.string(),
  employerAdminId: uuid,
  /** the payroll month's first and last day, yyyy-mm-dd */
  startDate: isoDate,
  endDate: isoDate,
  /** stored file id of the uploaded sheet */
  originalPayrollId: uuid,
  /** stored file id of the processed (highlighted) sheet; null until processed */
  processedPayrollId: uuid.nullable(),
  /** document locations `{employerId}/{adminId}/{type}/{id}` */
  originalDocumentURL: z.string(),
  processedDocumentURL: z.string().nullable(),
  /** ISO instant of the freeze, or null */
  freezedDate: z.string().nullable(),
  failureReason: z.string().nullable(),
  totalEntries: z.number().int().nullable(),
  /** ISO instant of the cancel, or null */
  cancelledAt: z.string().nullable(),
  /**
   * ISO instant of the newer upload for the same month and context that replaced this one before
   * it was executed or cancelled; null when this is the month's current payroll (or it ended
   * executed or cancelled). The history shows such a row as SUPERSEDED.
   */
  supersededAt: z.string().nullable(),
  /**
   * The payout report's location (`{employerId}/{adminId}/FINAL_REPORT/{payrollId}`, for GET
   * /employer-admin/doc) once the payroll is executed (DISBURSAL_*); null before, and for a payroll
   * never executed. The same as payroll-details' `payrollFile.finalReport`.
   */
  finalReport: z.string().nullable(),
});
export type PayrollHistoryRow = z.infer<typeof PayrollHistoryRow>;
export const PayrollListResult = z.object({
  payrolls: z.array(PayrollHistoryRow),
  total: z.number().int(),
  hasEmployerOptedForStreamingAccount: z.boolean(),
});
export type PayrollListResult = z.infer<typeof PayrollListResult>;

/** GET /employer-admin/payroll/payroll-info */
export const PayrollInfo = z.object({
  monthForWhichPayrollWillBeExecuted: MonthYear,
  isCurrentPayrollActive: z.boolean(),
  /** yyyy-mm-dd */
  nextPayroll: isoDate,
  isPayrollExecutionAllowed: z.boolean(),
  /** this month's window, yyyy-mm-dd */
  windowStartDate: isoDate,
  windowEndDate: isoDate,
  executionStartDate: isoDate,
  /** the employer's opt-in (config): its payroll sheets are uploaded and executed as PAYROLL_STREAMING_ACCOUNT (decision 0022) */
  hasEmployerOptedForStreamingAccount: z.boolean(),
});
export type PayrollInfo = z.infer<typeof PayrollInfo>;

/** GET /employer-admin/payroll-monthly-summary: optional month and year (default: the latest executed payroll's month, else the current payroll month). */
export const PayrollMonthlySummaryQuery = z.object({
  vendorId: uuid.optional(),
  month: monthQuery.month.optional(),
  year: monthQuery.year.optional(),
});
export type PayrollMonthlySummaryQuery = z.infer<typeof PayrollMonthlySummaryQuery>;
/** The donut's figures of a month's payroll: entries by outcome, amounts are net payable (paise). */
export const PayrollDonut = z.object({
  payrollId: uuid.nullable(),
  status: z.enum(PAYROLL_STATUSES).nullable(),
  total: CountAmount,
  /** TRANSFERRED */
  paid: CountAmount,
  /** INITIATED, PENDING: payouts sent to the bank and not settled yet (decision 0033) */
  pending: CountAmount,
  /** FINALIZED: entries of a payroll not executed (yet), nothing sent to the bank (decision 0033) */
  finalized: CountAmount,
  /** FAILED, CANCELLED */
  failed: CountAmount,
  /** SKIPPED (amount: the positive net of skipped entries, 0 otherwise) */
  skipped: CountAmount,
});
export type PayrollDonut = z.infer<typeof PayrollDonut>;
export const PayrollMonthlySummary = z.object({
  firstExecutedPayrollMonthYear: MonthYear.nullable(),
  latestExecutedPayrollMonthYear: MonthYear.nullable(),
  hasExecutedAnyPayrollBefore: z.boolean(),
  /** the month the figures are for */
  month: MonthYear,
  summary: PayrollDonut,
});
export type PayrollMonthlySummary = z.infer<typeof PayrollMonthlySummary>;

/** GET /employer-admin/payroll/stream-account-info (features/payouts). */
export const StreamAccountInfo = z.object({
  /** the account's id in the streaming-account payroll calls (random; checked against the caller's employer) */
  streamingAccountId: uuid,
  /** the employer's balance; null in a vendor's context (decision 0034: a vendor sees no figure of the employer's account) */
  accountBalance: money.nullable(),
  /** whether the balance covers the context's payroll waiting to be executed (its newest PROCESSED or PAYROLL_FROZEN one); null when none waits */
  covers: z.boolean().nullable(),
  /** the bank's recharge page; null in a vendor's context and without WRITE on payroll (decision 0034) */
  rechargeLink: z.string().nullable(),
  /** the employer's virtual account; null in a vendor's context */
  virtualAccount: z.string().nullable(),
});
export type StreamAccountInfo = z.infer<typeof StreamAccountInfo>;

/**
 * GET /employer-admin/payroll/account-statement (issue 20 item 1): the employer's ledger, newest
 * first, each line with the balance after it; returns of failed, cancelled or reversed payouts are
 * their own lines. Employer context only (404 in vendor context for now). credits - debits = balance.
 */
export const ACCOUNT_STATEMENT_LIMIT = 200;
export const AccountStatementLine = z.object({
  id: uuid,
  /** ISO instant */
  at: z.string(),
  kind: z.enum(['CREDIT', 'DEBIT']),
  /** RECHARGE: money in from the bank; PAYROLL: a payroll's debit (execute or re-run); RETURN: a payout's amount back */
  what: z.enum(['RECHARGE', 'PAYROLL', 'RETURN']),
  amount: money,
  reason: z.string(),
  /** the balance right after this line (all lines up to it, in order) */
  balanceAfter: money,
});
export type AccountStatementLine = z.infer<typeof AccountStatementLine>;
export const AccountStatement = z.object({
  accountBalance: money,
  /** over the whole ledger: credits - debits = accountBalance */
  credits: money,
  debits: money,
  /** of which: returns of payouts that did not reach the worker */
  returned: money,
  /** the newest ACCOUNT_STATEMENT_LIMIT lines */
  lines: z.array(AccountStatementLine),
  /** the number of lines in the whole ledger */
  totalLines: z.number().int(),
});
export type AccountStatement = z.infer<typeof AccountStatement>;

/** GET /employer-admin/payroll/payroll-details: the month's current payroll (its newest upload, a CANCELLED one included); 404 `PAYROLL_MSG.noData` when none. */
export const PayrollDetailsQuery = z.object({ vendorId: uuid.optional(), ...monthQuery });
export type PayrollDetailsQuery = z.infer<typeof PayrollDetailsQuery>;
export const PayrollDetails = z.object({
  _id: uuid,
  documentId: uuid,
  kind: z.enum(PAYROLL_KINDS),
  status: z.enum(PAYROLL_STATUSES),
  month: MonthYear,
  totalNumberOfEmployeeEntries: z.number().int(),
  finalizedEntries: z.number().int(),
  skippedEntries: z.number().int(),
  paid: CountAmount,
  pending: CountAmount,
  failed: CountAmount,
  /**
   * Payouts of this payroll whose amount a failure, cancellation or reversal gave back to the
   * account balance (their return CREDITs; issue 20 item 1), over all its runs. Optional on the wire
   * for older servers.
   */
  returned: CountAmount.optional(),
  completePayrollPayoutBreakup: z.object({
    /** sum of finalized entries' salary: employee payouts + the provider's deductions */
    totalBalanceRequired: money,
    /** sum of finalized entries' amount payable */
    totalEmployeePayoutAmount: money,
    /** sum of finalized entries' deductions (the amount payable to the provider) */
    providerAmount: money,
  }),
  payrollFile: z.object({
    /** document locations, usable with GET /employer-admin/doc */
    uploadedFileUrl: z.string(),
    processedFileUrl: z.string().nullable(),
    /** the payout report (FINAL_REPORT, built when downloaded) once executed (DISBURSAL_*), else null */
    finalReport: z.string().nullable(),
    fileName: z.string(),
  }),
  /** the sheet's working days (the most frequent value when rows differ); null before processing */
  workingDays: z.number().int().nullable(),
  /** ISO instant */
  uploadDate: z.string(),
  freezedDate: z.string().nullable(),
  executedAt: z.string().nullable(),
  /** the name of the admin who executed it, or null (decision 0033) */
  executedBy: z.string().nullable(),
  /** ISO instant of the cancel (status CANCELLED), or null */
  cancelledAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  paginationInfo: z.object({ perPageLimit: z.number().int() }),
  isReexecutionAllowed: z.boolean(),
  /** entries carrying each flag */
  flags: PayrollFlagCounts,
  /**
   * Advances of the context's workers taken in the month after the payroll month (after the
   * deductions' cut-off, its last day) and still outstanding: the next payroll deducts them.
   * Count and pending amount (paise).
   */
  laterAdvances: CountAmount,
  /** What left the employer's account for this payroll (paise): the execution's DEBIT in the ledger (payouts + deductions); null before execution. */
  debited: money.nullable(),
});
export type PayrollDetails = z.infer<typeof PayrollDetails>;

/** POST /employer-admin/payroll/employee-payout-details: a page of entries of the month's current payroll (or of `payrollId`). */
export const EmployeePayoutDetailsBody = z.object({
  /** zero-based */
  page: z.number().int().min(0).max(100_000).default(0),
  status: z.enum(PAYOUT_FILTERS).default('TOTAL'),
  /** name or Employee ID, part of it; blank for none */
  searchId: z.string().max(100).optional(),
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(2000).max(9999),
  payrollId: uuid.optional(),
});
export type EmployeePayoutDetailsBody = z.input<typeof EmployeePayoutDetailsBody>;
export const DeductionLine = z.object({ kind: z.enum(DEDUCTION_KINDS), id: uuid, amount: money, date: isoDate });
export type DeductionLine = z.infer<typeof DeductionLine>;
/** Spec 3's payroll entry row, plus the sheet's figures, the flags, the skip reason and what the deductions repay. */
export const PayrollEntryRow = z.object({
  _id: uuid,
  workerId: uuid,
  rowNumber: z.number().int(),
  name: z.string(),
  employerEmployeeCode: z.string(),
  mobile: z.string().nullable(),
  monthlySalary: money,
  workingDays: z.number().int(),
  /** may carry up to 2 decimals */
  paidDays: z.number(),
  /** the salary for the paid days (gross payable) */
  salary: money,
  /** the provider-deductions amount */
  deductions: money,
  amountPayable: money,
  /** masked but the last 4 */
  accountNumber: z.string(),
  ifsc: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  skipReason: z.string().nullable(),
  flags: z.array(z.enum(PAYROLL_FLAGS)),
  /** what the employee record of the Employee ID holds, when the row carries NAME_DIFFERS or MOBILE_DIFFERS */
  employeeRecord: z.object({ name: z.string(), mobile: z.string().nullable() }).nullable().optional(),
  deductionItems: z.array(DeductionLine),
  /** the transaction id: the current payout's id */
  requestId: z.string().nullable(),
  utr: z.string().nullable(),
  /**
   * yyyy-mm-dd (IST) when the bank reversed the current payout after paying it (status FAILED, the
   * reversed transfer's UTR kept): the screens say "Reversed on ..." instead of showing a paid UTR
   */
  reversedOn: z.string().nullable().optional(),
  /** ISO instants */
  paidAt: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type PayrollEntryRow = z.infer<typeof PayrollEntryRow>;
export const PayoutCounts = z.object(Object.fromEntries(PAYOUT_FILTERS.map((f) => [f, z.number().int()])) as Record<PayoutFilter, z.ZodNumber>);
export type PayoutCounts = z.infer<typeof PayoutCounts>;
/** Per tab, over the whole payroll (no search): the count and the net amount (negative nets count as 0). */
export const PayoutFigures = z.object(Object.fromEntries(PAYOUT_FILTERS.map((f) => [f, CountAmount])) as Record<PayoutFilter, typeof CountAmount>);
export type PayoutFigures = z.infer<typeof PayoutFigures>;
export const EmployeePayoutDetailsResult = z.object({
  payrollId: uuid,
  data: z.array(PayrollEntryRow),
  /** rows matching the search and the status filter */
  totalCount: z.number().int(),
  /** per tab (`payoutStatusesOf`), with the search applied */
  counts: PayoutCounts,
  /**
   * Per tab over the whole payroll, from the same read as `counts` (without a search they are the
   * same numbers): the payout screen's summary and its tabs never disagree.
   */
  figures: PayoutFigures,
  perPageLimit: z.number().int(),
});
export type EmployeePayoutDetailsResult = z.infer<typeof EmployeePayoutDetailsResult>;
export const UpdatePayrollStatusBody = z.object({ payrollId: uuid, status: z.enum(UPDATABLE_PAYROLL_STATUSES) });
export type UpdatePayrollStatusBody = z.infer<typeof UpdatePayrollStatusBody>;
export const PayrollStatusResult = z.object({ payrollId: uuid, status: z.enum(PAYROLL_STATUSES), message: z.string() });
export type PayrollStatusResult = z.infer<typeof PayrollStatusResult>;
export const HrActionBody = z.object({
  type: z.enum(HR_ACTION_TYPES),
  data: z.object({ payrollId: uuid, startDate: isoDate, endDate: isoDate }),
});
export type HrActionBody = z.infer<typeof HrActionBody>;

/** POST /employer-admin/payroll/upload-payroll-doc (JSON; optional vendorId query). */
export const UploadPayrollDocBody = z.object({
  /** the xlsx, base64 (a data: URL prefix is accepted) */
  file: z.string().min(1),
  fileName: z.string().min(1).max(300),
  /** yyyy-mm; must be the current payroll month when given */
  payrollMonth: z.string().regex(/^\d{4}-\d{2}$/).optional(),
  docType: z.enum(PAYROLL_KINDS).default('PAYROLL_UPLOAD'),
});
export type UploadPayrollDocBody = z.input<typeof UploadPayrollDocBody>;
export const UploadPayrollDocResult = z.object({
  payrollId: uuid,
  documentId: uuid,
  status: z.literal('PROCESSING'),
  month: MonthYear,
});
export type UploadPayrollDocResult = z.infer<typeof UploadPayrollDocResult>;

/** PUT execute-payroll and reinitiate-failed-transactions (features/payouts): query payrollId. */
export const PayrollIdQuery = z.object({ payrollId: uuid, vendorId: uuid.optional() });
export type PayrollIdQuery = z.infer<typeof PayrollIdQuery>;
export const ExecutePayrollResult = z.object({ payrollId: uuid, status: z.enum(PAYROLL_STATUSES), payouts: z.number().int(), message: z.string() });
export type ExecutePayrollResult = z.infer<typeof ExecutePayrollResult>;

/*
 * Payroll through the streaming account (spec 7: "the streaming-account payroll calls (month and
 * year), execute by streaming account id"; decision 0022).
 * GET /employer-admin/payroll/streaming-account/payroll-details (query `PayrollDetailsQuery`): the
 * month's current payroll when it is a PAYROLL_STREAMING_ACCOUNT one, as payroll-details answers
 * it; 404 `PAYROLL_MSG.noData` otherwise.
 */
/**
 * PUT /employer-admin/payroll/streaming-account/execute-payroll: executes the month's current
 * PAYROLL_STREAMING_ACCOUNT payroll of the context from the account `streamingAccountId` (the
 * caller's employer's, else 404), through the same execution as execute-payroll.
 */
export const StreamingExecuteQuery = z.object({ streamingAccountId: uuid, vendorId: uuid.optional(), ...monthQuery });
export type StreamingExecuteQuery = z.infer<typeof StreamingExecuteQuery>;
export const MissingWorkersQuery = z.object({
  payrollId: uuid,
  vendorId: uuid.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(MISSING_WORKERS_PAGE_SIZE),
});
export type MissingWorkersQuery = z.input<typeof MissingWorkersQuery>;
export const MissingWorker = z.object({
  /** the worker id */
  _id: uuid,
  name: z.string(),
  employerEmployeeId: z.string(),
  mobile: z.string().nullable(),
});
export type MissingWorker = z.infer<typeof MissingWorker>;
export const MissingWorkersResult = z.object({
  payrollId: uuid,
  /** every missing worker, not only this page's */
  total: z.number().int(),
  workers: z.array(MissingWorker),
  pageNumber: z.number().int(),
  perPageLimit: z.number().int(),
});
export type MissingWorkersResult = z.infer<typeof MissingWorkersResult>;
