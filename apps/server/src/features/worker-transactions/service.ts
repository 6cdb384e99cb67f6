/**
 * Worker transactions (spec 2.13, 7 `GET /employer-admin/transactions-of-workers`) and salary
 * top-up applications (2.12, 7 `GET /employer-admin/salary-topup/applications`). Every query is
 * scoped by the caller's employer and context: the employer's own workers (`vendor_id is null`)
 * without `vendorId`, that vendor's with it. Dates are business dates in Asia/Kolkata: a day runs
 * from its IST midnight to the next. Only the first `cap` rows (spec 9: 20,000) of a search's sort
 * order are reachable: the screens get one page of them at a time with their count (itself stopped
 * at the cap, without reading the rows), the xlsx downloads all of them, newest first.
 */
import { sql, type Expression, type OrderByModifiers, type SelectQueryBuilder } from 'kysely';
import {
  TRANSACTION_FILTER_STATUSES,
  WORKER_TRANSACTIONS_MSG,
  businessDate,
  businessDayStart,
  checkTopupDates,
  checkTransactionDates,
  isCapReached,
  nextDay,
  queryBusinessDate,
  type SalaryAdvanceStatus,
  type SalaryTopupFilter,
  type SalaryTopupQuery,
  type SalaryTopupRow,
  type SalaryTopupSortBy,
  type TransactionSortBy,
  type WorkerTransactionRow,
  type WorkerTransactionsFilter,
  type WorkerTransactionsQuery,
} from '@portal/domain';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { vendorIs, type Scope } from '../../platform/scope.js';

/** A stored transaction as the search reads it. */
export interface TransactionSelection {
  id: string;
  created_at: Date;
  amount: number;
  status: string;
  worker_id: string;
  repaid_amount: number;
  latest_repayment_date: string | null;
  worker_snapshot: unknown;
}

export interface TopupSelection {
  id: string;
  created_at: Date;
  amount: number;
  tenure_months: number;
  emi_amount: number;
  emi_start_date: string | null;
  approval_date: string | null;
  disbursal_date: string | null;
  status: string;
  worker_id: string;
  full_name: string;
  employer_worker_id: string;
}

export type TransactionSearch = SelectQueryBuilder<DB, 'transactions', TransactionSelection>;
export type TopupSearch = SelectQueryBuilder<DB, 'salary_topup_applications' | 'workers', TopupSelection>;
/** The tables a search reads, before anything is filtered, selected, ordered or limited. */
const transactionsFrom = (db: Deps['db']) => db.selectFrom('transactions');
const topupsFrom = (db: Deps['db']) => db.selectFrom('salary_topup_applications as a').innerJoin('workers as w', 'w.id', 'a.worker_id');
type TransactionScope = ReturnType<typeof transactionsFrom>;
type TopupScope = ReturnType<typeof topupsFrom>;

const TRANSACTION_COLUMNS = ['id', 'created_at', 'amount', 'status', 'worker_id', 'repaid_amount', 'latest_repayment_date', 'worker_snapshot'] as const;
const TOPUP_COLUMNS = [
  'a.id',
  'a.created_at',
  'a.amount',
  'a.tenure_months',
  'a.emi_amount',
  'a.emi_start_date',
  'a.approval_date',
  'a.disbursal_date',
  'a.status',
  'a.worker_id',
  'w.full_name',
  'w.employer_worker_id',
] as const;

/**
 * What each sortBy orders by. Names compare without case (as the employees list); the name of a
 * transaction is the one recorded with it (its worker snapshot, as the table shows it).
 */
const TRANSACTION_SORT: Record<TransactionSortBy, Expression<unknown>> = {
  createdAt: sql.ref('created_at'),
  amount: sql.ref('amount'),
  status: sql.ref('status'),
  name: sql`lower(worker_snapshot->>'fullName')`,
};
const TOPUP_SORT: Record<SalaryTopupSortBy, Expression<unknown>> = {
  createdAt: sql.ref('a.created_at'),
  amount: sql.ref('a.amount'),
  status: sql.ref('a.status'),
  name: sql`lower(w.full_name)`,
  approvalDate: sql.ref('a.approval_date'),
};

/**
 * The direction of a sort. A key that may be missing (no approval date yet) puts those rows last
 * either way; the others keep PostgreSQL's default null order, which is the order of their indexes
 * (`created_at desc, id desc` is read backwards for asc): a NULLS LAST there would cost a full sort.
 */
const direction = (order: 'asc' | 'desc', nullable = false): OrderByModifiers => (nullable ? (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast() : order);

/**
 * The window of the sort order a page shows: rows [offset, offset + limit) of the first `cap`.
 * Null when the page lies wholly beyond them (an empty page, not an error).
 */
export function pageWindow(page: number, pageSize: number, cap: number): { offset: number; limit: number } | null {
  const offset = (page - 1) * pageSize;
  if (offset >= cap) return null;
  return { offset, limit: Math.min(pageSize, cap - offset) };
}

/** Stored row -> wire row. Owed = disbursed less repaid while TRANSFERRED; nothing once repaid or deducted. */
export function toTransactionRow(t: TransactionSelection): WorkerTransactionRow {
  const snapshot = (t.worker_snapshot ?? {}) as { fullName?: string; employerWorkerId?: string; workerType?: string };
  const fullName = snapshot.fullName ?? '';
  const workerId = snapshot.employerWorkerId ?? '';
  const contractor = snapshot.workerType === 'CONTRACTOR';
  return {
    _id: t.id,
    createdAt: t.created_at.toISOString(),
    amount: t.amount,
    status: t.status,
    employeeId: t.worker_id,
    workerType: contractor ? 'CONTRACTOR' : 'EMPLOYEE',
    repaidAmount: t.repaid_amount,
    pendingRepaymentAmount: t.status === 'TRANSFERRED' ? Math.max(0, t.amount - t.repaid_amount) : 0,
    latestRepaymentDate: t.latest_repayment_date,
    deductionConfirmed: t.status === 'DEDUCTED_FROM_SALARY',
    employeeDataSnapshot: contractor ? null : { fullName, employerEmployeeId: workerId },
    contractorDataSnapshot: contractor ? { fullName, employersContractorId: workerId } : null,
  };
}

export function toTopupRow(a: TopupSelection): SalaryTopupRow {
  return {
    _id: a.id,
    approvalDate: a.approval_date,
    disbursalDate: a.disbursal_date,
    emiStartDate: a.emi_start_date,
    emiAmount: a.emi_amount,
    status: a.status as SalaryAdvanceStatus,
    currentApplicationTerm: { amount: a.amount, tenureInMonths: a.tenure_months },
    employeeId: a.worker_id,
    name: a.full_name,
    employerEmployeeId: a.employer_worker_id,
    createdAt: a.created_at.toISOString(),
  };
}

/** The query's dates as business dates, checked with `check`; the instants [from, to) they cover. */
function dateWindow(startDate: string, endDate: string, today: string, check: (from: string, to: string, today: string) => string | null) {
  const from = queryBusinessDate(startDate);
  const to = queryBusinessDate(endDate);
  if (!from || !to) throw badRequest(WORKER_TRANSACTIONS_MSG.invalidDate);
  const problem = check(from, to, today);
  if (problem) throw badRequest(problem);
  return { from: businessDayStart(from), until: businessDayStart(nextDay(to)) };
}

export function createWorkerTransactionsService(deps: Deps) {
  const { db } = deps;
  const cap = deps.config.workerTransactionsCap;
  const today = () => businessDate(deps.now());

  /** How many rows a search matches, counted no further than the cap (no row is read: 1 per match). */
  async function cappedCount(scope: TransactionScope | TopupScope): Promise<number> {
    // Either scope: only its FROM and WHERE are used.
    const matches = (scope as TransactionScope).select(sql<number>`1`.as('one')).limit(cap).as('m');
    const { n } = await db
      .selectFrom(matches)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** The transactions a search matches, checked before anything runs (bad input is a 400 before a download starts). */
  function transactionScope(ctx: Scope, q: WorkerTransactionsFilter): TransactionScope {
    const { from, until } = dateWindow(q.startDate, q.endDate, today(), checkTransactionDates);
    const workerId = q.employerWorkerId?.trim() ?? '';
    let query = transactionsFrom(db)
      .where('employer_id', '=', ctx.admin.employer_id)
      .where(vendorIs(ctx.vendorId))
      .where('created_at', '>=', from)
      .where('created_at', '<', until);
    // All is every status the screen offers: the advances whose money reached the worker.
    query = q.status ? query.where('status', '=', q.status) : query.where('status', 'in', [...TRANSACTION_FILTER_STATUSES]);
    if (workerId) {
      query = query.where('worker_id', 'in', (eb) =>
        eb
          .selectFrom('workers')
          .select('id')
          .where('employer_id', '=', ctx.admin.employer_id)
          .where(sql<string>`lower(employer_worker_id)`, '=', workerId.toLowerCase()),
      );
    }
    return query;
  }

  function topupScope(ctx: Scope, q: SalaryTopupFilter): TopupScope {
    const { from, until } = dateWindow(q.startDate, q.endDate, today(), checkTopupDates);
    let query = topupsFrom(db)
      .where('a.employer_id', '=', ctx.admin.employer_id)
      .where(vendorIs(ctx.vendorId, 'a.vendor_id'))
      .where('a.created_at', '>=', from)
      .where('a.created_at', '<', until);
    if (q.status) query = query.where('a.status', '=', q.status);
    return query;
  }

  /**
   * The download's query: the first `cap` rows, newest first. It reads the index (employer_id,
   * vendor_id, [status,] created_at desc, id desc) from the newest row of the window.
   */
  function transactionSearch(ctx: Scope, q: WorkerTransactionsFilter): TransactionSearch {
    return transactionScope(ctx, q).select(TRANSACTION_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(cap);
  }

  function topupSearch(ctx: Scope, q: SalaryTopupFilter): TopupSearch {
    return topupScope(ctx, q)
      .select(TOPUP_COLUMNS)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(cap) as unknown as TopupSearch;
  }

  return {
    cap,
    transactionSearch,
    topupSearch,

    /** GET /employer-admin/transactions-of-workers: one page of the first `cap` rows of the sort order. */
    async transactions(ctx: Scope, q: WorkerTransactionsQuery) {
      const scope = transactionScope(ctx, q);
      const window = pageWindow(q.page, q.pageSize, cap);
      const [total, rows] = await Promise.all([
        cappedCount(scope),
        window
          ? scope.select(TRANSACTION_COLUMNS).orderBy(TRANSACTION_SORT[q.sortBy], direction(q.sortOrder)).orderBy('id', q.sortOrder).limit(window.limit).offset(window.offset).execute()
          : Promise.resolve([]),
      ]);
      return {
        transactions: rows.map(toTransactionRow),
        total,
        limit: cap,
        capped: isCapReached(total, cap),
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** GET /employer-admin/salary-topup/applications: one page, as the transactions. */
    async topups(ctx: Scope, q: SalaryTopupQuery) {
      const scope = topupScope(ctx, q);
      const window = pageWindow(q.page, q.pageSize, cap);
      const [total, rows] = await Promise.all([
        cappedCount(scope),
        window
          ? scope
              .select(TOPUP_COLUMNS)
              .orderBy(TOPUP_SORT[q.sortBy], direction(q.sortOrder, q.sortBy === 'approvalDate'))
              .orderBy('a.id', q.sortOrder).limit(window.limit).offset(window.offset).execute()
          : Promise.resolve([]),
      ]);
      return {
        applications: rows.map(toTopupRow),
        total,
        limit: cap,
        capped: isCapReached(total, cap),
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  };
}
