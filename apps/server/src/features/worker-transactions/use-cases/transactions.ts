import { isCapReached, type WorkerTransactionsQuery } from '@portal/domain';
import { capOf, cappedCount, direction, pageWindow, type Scope, type WorkerTransactionsDeps } from '../shared.js';
import { TRANSACTION_COLUMNS, TRANSACTION_SORT, toTransactionRow, transactionScope } from '../transactions-query.js';

/** GET /employer-admin/transactions-of-workers: one page of the first `cap` rows of the sort order. */
export async function transactions(deps: WorkerTransactionsDeps, ctx: Scope, q: WorkerTransactionsQuery) {
  const cap = capOf(deps);
  const scope = transactionScope(deps, ctx, q);
  const window = pageWindow(q.page, q.pageSize, cap);
  const [total, rows] = await Promise.all([
    cappedCount(deps, scope),
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
}
