import type { SalaryTopupFilter } from '@portal/domain';
import { capOf, type Scope, type WorkerTransactionsDeps } from '../shared.js';
import { TOPUP_COLUMNS, topupScope, type TopupSearch } from '../topups-query.js';

/** The download's query of the Salary Topups: the first `cap` rows, newest first. */
export function topupSearch(deps: WorkerTransactionsDeps, ctx: Scope, q: SalaryTopupFilter): TopupSearch {
  return topupScope(deps, ctx, q)
    .select(TOPUP_COLUMNS)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(capOf(deps)) as unknown as TopupSearch;
}
