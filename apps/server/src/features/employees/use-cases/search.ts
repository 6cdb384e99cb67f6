import type { EmployeeRecord, EmployeeSearchBody } from '@portal/domain';
import type { WorkerRecord } from '../../../db/schema.js';
import type { Scope } from '../../../platform/scope.js';
import { checkFilters, contextCount, orderBy, searchExpression } from '../list-query.js';
import { type EmployeeDeps, toRecord, workersInScope } from '../shared.js';

/** PUT /v2/employer-admin/employee-paginated-filter-search */
export async function search(deps: EmployeeDeps, ctx: Scope, body: EmployeeSearchBody): Promise<{ employees: EmployeeRecord[]; total: number }> {
  const { db } = deps;
  checkFilters(body.filters);
  const filtered = workersInScope(db, ctx).where((eb) => searchExpression(eb, body));
  const page = (searching: boolean) =>
    orderBy(filtered.selectAll(), body.sortby, searching, body.sortOrder)
      .limit(body.limit)
      .offset((body.pageNumber - 1) * body.limit)
      .execute();
  let rows: WorkerRecord[];
  let count: { n: number };
  if (body.searchText.trim() === '') {
    [rows, count] = await Promise.all([
      page(false),
      body.filters.length === 0 ? contextCount(deps, ctx) : filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
  } else {
    // The match count (trigram indexes, cheap) decides the plan of the page: walking the list
    // index in order reads about (offset + limit) x scope / matches rows before it has the
    // page, sorting the matches reads all of them. Walk when that is the smaller figure.
    const [matches, scope] = await Promise.all([filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(), contextCount(deps, ctx)]);
    count = { n: Number(matches.n) };
    const walk = (body.pageNumber * body.limit) * scope.n < count.n * count.n;
    rows = count.n === 0 ? [] : await page(!walk);
  }
  return { employees: rows.map((w) => toRecord(w, true)), total: Number(count.n) };
}
