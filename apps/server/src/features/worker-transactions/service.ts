/**
 * Worker transactions (spec 2.13, 7 `GET /employer-admin/transactions-of-workers`) and salary
 * top-up applications (2.12, 7 `GET /employer-admin/salary-topup/applications`). Every query is
 * scoped by the caller's employer and context: the employer's own workers (`vendor_id is null`)
 * without `vendorId`, that vendor's with it. Dates are business dates in Asia/Kolkata: a day runs
 * from its IST midnight to the next. Results stop at the cap (spec 9: 20,000), newest first.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
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
  type SalaryTopupQuery,
  type SalaryTopupRow,
  type WorkerTransactionRow,
  type WorkerTransactionsQuery,
} from '@portal/domain';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';

type Scope = Pick<AuthContext, 'admin' | 'vendorId'>;

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

  /**
   * The search as one query, checked before anything runs (bad input is a 400 before a download
   * starts). It reads the index (employer_id, vendor_id, [status,] created_at desc, id desc) from
   * the newest row of the window and stops after `cap` rows.
   */
  function transactionSearch(ctx: Scope, q: WorkerTransactionsQuery): TransactionSearch {
    const { from, until } = dateWindow(q.startDate, q.endDate, today(), checkTransactionDates);
    const workerId = q.employerWorkerId?.trim() ?? '';
    let query = db
      .selectFrom('transactions')
      .select(['id', 'created_at', 'amount', 'status', 'worker_id', 'repaid_amount', 'latest_repayment_date', 'worker_snapshot'])
      .where('employer_id', '=', ctx.admin.employer_id)
      .where((eb) => (ctx.vendorId ? eb('vendor_id', '=', ctx.vendorId) : eb('vendor_id', 'is', null)))
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
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(cap) as TransactionSearch;
  }

  function topupSearch(ctx: Scope, q: SalaryTopupQuery): TopupSearch {
    const { from, until } = dateWindow(q.startDate, q.endDate, today(), checkTopupDates);
    let query = db
      .selectFrom('salary_topup_applications as a')
      .innerJoin('workers as w', 'w.id', 'a.worker_id')
      .select([
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
      ])
      .where('a.employer_id', '=', ctx.admin.employer_id)
      .where((eb) => (ctx.vendorId ? eb('a.vendor_id', '=', ctx.vendorId) : eb('a.vendor_id', 'is', null)))
      .where('a.created_at', '>=', from)
      .where('a.created_at', '<', until);
    if (q.status) query = query.where('a.status', '=', q.status);
    return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(cap) as unknown as TopupSearch;
  }

  return {
    cap,
    transactionSearch,
    topupSearch,

    /** GET /employer-admin/transactions-of-workers */
    async transactions(ctx: Scope, q: WorkerTransactionsQuery) {
      const rows = (await transactionSearch(ctx, q).execute()).map(toTransactionRow);
      return { transactions: rows, total: rows.length, limit: cap, capped: isCapReached(rows.length, cap) };
    },

    /** GET /employer-admin/salary-topup/applications */
    async topups(ctx: Scope, q: SalaryTopupQuery) {
      const rows = (await topupSearch(ctx, q).execute()).map(toTopupRow);
      return { applications: rows, total: rows.length, limit: cap, capped: isCapReached(rows.length, cap) };
    },
  };
}

export type WorkerTransactionsService = ReturnType<typeof createWorkerTransactionsService>;
