import { isCapReached, type SalaryTopupQuery } from '@portal/domain';
import { capOf, cappedCount, direction, pageWindow, type Scope, type WorkerTransactionsDeps } from '../shared.js';
import { TOPUP_COLUMNS, TOPUP_SORT, toTopupRow, topupScope } from '../topups-query.js';

/** GET /employer-admin/salary-topup/applications: one page, as the transactions. */
export async function topups(deps: WorkerTransactionsDeps, ctx: Scope, q: SalaryTopupQuery) {
  const cap = capOf(deps);
  const scope = topupScope(deps, ctx, q);
  const window = pageWindow(q.page, q.pageSize, cap);
  const [total, rows] = await Promise.all([
    cappedCount(deps, scope),
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
}
