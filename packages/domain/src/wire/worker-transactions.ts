/** The zod wire schemas of ../worker-transactions.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { TRANSACTION_FILTER_STATUSES, SALARY_ADVANCE_STATUSES } from '../advances.js';
import { LIST_PAGE_SIZES } from '../constants.js';
import { SALARY_TOPUP_SORT_FIELDS, SORT_ORDERS, TRANSACTION_SORT_FIELDS, WORKER_TRANSACTIONS_MSG as M, WORKER_TRANSACTIONS_PAGE_SIZE } from '../worker-transactions.js';

// ---- the calls (7) ----

const queryDate = z.string().trim().min(1).max(40);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * A page of a search (query strings, so numbers are coerced): `page` from 1, `pageSize` one of
 * LIST_PAGE_SIZES, `sortBy` one of the table's fields, `sortOrder`; default the first page of 10,
 * newest first. Each refusal carries its WORKER_TRANSACTIONS_MSG, which the routes answer with.
 */
function pageParams<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return {
    page: z.coerce.number({ error: M.invalidPage }).int({ error: M.invalidPage }).min(1, { error: M.invalidPage }).default(1),
    pageSize: z.coerce
      .number({ error: M.invalidPageSize })
      .pipe(z.literal(LIST_PAGE_SIZES, { error: M.invalidPageSize }))
      .default(WORKER_TRANSACTIONS_PAGE_SIZE),
    sortBy: z.enum(sortFields, { error: M.invalidSortBy(sortFields) }).default('createdAt' as F[number] & 'createdAt'),
    sortOrder: z.enum(SORT_ORDERS, { error: M.invalidSortOrder }).default('desc'),
  };
}

/** GET /employer-admin/transactions-of-workers/report (the search, every row up to the cap). `status` absent or '' is All. */
export const WorkerTransactionsFilter = z.object({
  startDate: queryDate,
  endDate: queryDate,
  employerWorkerId: optionalText(100),
  vendorId: z.string().uuid().optional(),
  status: z.union([z.enum(TRANSACTION_FILTER_STATUSES), z.literal('')]).optional(),
});
export type WorkerTransactionsFilter = z.infer<typeof WorkerTransactionsFilter>;
/** GET /employer-admin/transactions-of-workers: the search and one page of it. */
export const WorkerTransactionsQuery = WorkerTransactionsFilter.extend(pageParams(TRANSACTION_SORT_FIELDS));
export type WorkerTransactionsQuery = z.infer<typeof WorkerTransactionsQuery>;

export const WorkerTransactionRow = z.object({
  _id: z.string(),
  /** ISO instant */
  createdAt: z.string(),
  /** paise disbursed */
  amount: z.number().int(),
  status: z.string(),
  /** the worker's _id */
  employeeId: z.string(),
  workerType: z.enum(['EMPLOYEE', 'CONTRACTOR']),
  /** paise repaid so far */
  repaidAmount: z.number().int(),
  /** paise still owed */
  pendingRepaymentAmount: z.number().int(),
  /** yyyy-mm-dd */
  latestRepaymentDate: z.string().nullable(),
  /** Payroll confirmed the deduction from salary (status DEDUCTED_FROM_SALARY). */
  deductionConfirmed: z.boolean(),
  employeeDataSnapshot: z.object({ fullName: z.string(), employerEmployeeId: z.string() }).nullable(),
  contractorDataSnapshot: z.object({ fullName: z.string(), employersContractorId: z.string() }).nullable(),
});
export type WorkerTransactionRow = z.infer<typeof WorkerTransactionRow>;

/**
 * One page of a search. `total`: the rows it matches, counted no further than `limit` (the spec's
 * cap); `capped`: it matches at least `limit`, so there may be more than can be reached (the cap
 * toast). Only the first `limit` rows of the sort order are reachable; a page beyond them is empty.
 */
const pageResult = {
  total: z.number().int(),
  limit: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
};
export const WorkerTransactionsResult = z.object({
  /** this page's rows */
  transactions: z.array(WorkerTransactionRow),
  ...pageResult,
});
export type WorkerTransactionsResult = z.infer<typeof WorkerTransactionsResult>;

/** GET /employer-admin/salary-topup/applications/report (every row up to the cap). */
export const SalaryTopupFilter = z.object({
  startDate: queryDate,
  endDate: queryDate,
  vendorId: z.string().uuid().optional(),
  status: z.union([z.enum(SALARY_ADVANCE_STATUSES), z.literal('')]).optional(),
});
export type SalaryTopupFilter = z.infer<typeof SalaryTopupFilter>;
/** GET /employer-admin/salary-topup/applications: the search and one page of it. */
export const SalaryTopupQuery = SalaryTopupFilter.extend(pageParams(SALARY_TOPUP_SORT_FIELDS));
export type SalaryTopupQuery = z.infer<typeof SalaryTopupQuery>;

export const SalaryTopupRow = z.object({
  _id: z.string(),
  /** yyyy-mm-dd */
  approvalDate: z.string().nullable(),
  disbursalDate: z.string().nullable(),
  emiStartDate: z.string().nullable(),
  /** paise */
  emiAmount: z.number().int(),
  status: z.enum(SALARY_ADVANCE_STATUSES),
  /** amount in paise */
  currentApplicationTerm: z.object({ amount: z.number().int(), tenureInMonths: z.number().int() }),
  /** the worker's _id */
  employeeId: z.string(),
  name: z.string(),
  employerEmployeeId: z.string(),
  /** ISO instant the worker applied */
  createdAt: z.string(),
});
export type SalaryTopupRow = z.infer<typeof SalaryTopupRow>;

export const SalaryTopupResult = z.object({
  /** this page's rows */
  applications: z.array(SalaryTopupRow),
  ...pageResult,
});
export type SalaryTopupResult = z.infer<typeof SalaryTopupResult>;
