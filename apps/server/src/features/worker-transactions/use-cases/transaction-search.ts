import type { WorkerTransactionsFilter } from '@portal/domain';
import { capOf, type Scope, type WorkerTransactionsDeps } from '../shared.js';
import { TRANSACTION_COLUMNS, transactionScope, type TransactionSearch } from '../transactions-query.js';

/**
 * The download's query: the first `cap` rows, newest first. It reads the index (employer_id,
 * vendor_id, [status,] created_at desc, id desc) from the newest row of the window.
 */
export function transactionSearch(deps: WorkerTransactionsDeps, ctx: Scope, q: WorkerTransactionsFilter): TransactionSearch {
  return transactionScope(deps, ctx, q).select(TRANSACTION_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(capOf(deps));
}
