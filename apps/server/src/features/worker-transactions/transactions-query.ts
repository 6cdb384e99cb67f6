/**
 * The Transactions search (spec 2.13): the rows it reads, their wire form, the orders of sortBy and
 * the scope of a query. Shared by the page (`use-cases/transactions.ts`) and the download
 * (`use-cases/transaction-search.ts`, whose rows the route writes with `toTransactionRow`).
 */
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { TRANSACTION_FILTER_STATUSES, checkTransactionDates, type TransactionSortBy, type WorkerTransactionRow, type WorkerTransactionsFilter } from '@portal/domain';
import type { DB } from '../../db/schema.js';
import { vendorIs } from '../../platform/scope.js';
import { dateWindow, today, transactionsFrom, type Scope, type TransactionScope, type WorkerTransactionsDeps } from './shared.js';

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

export type TransactionSearch = SelectQueryBuilder<DB, 'transactions', TransactionSelection>;

export const TRANSACTION_COLUMNS = ['id', 'created_at', 'amount', 'status', 'worker_id', 'repaid_amount', 'latest_repayment_date', 'worker_snapshot'] as const;

/**
 * What each sortBy orders by. Names compare without case (as the employees list); the name of a
 * transaction is the one recorded with it (its worker snapshot, as the table shows it).
 */
export const TRANSACTION_SORT: Record<TransactionSortBy, Expression<unknown>> = {
  createdAt: sql.ref('created_at'),
  amount: sql.ref('amount'),
  status: sql.ref('status'),
  name: sql`lower(worker_snapshot->>'fullName')`,
};

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

/** The transactions a search matches, checked before anything runs (bad input is a 400 before a download starts). */
export function transactionScope(deps: WorkerTransactionsDeps, ctx: Scope, q: WorkerTransactionsFilter): TransactionScope {
  const { db } = deps;
  const { from, until } = dateWindow(q.startDate, q.endDate, today(deps), checkTransactionDates);
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
