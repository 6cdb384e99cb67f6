import type { EmployeeSearchBody } from '@portal/domain';
import type { Scope } from '../../../platform/scope.js';
import { checkFilters, orderBy, searchExpression } from '../list-query.js';
import { type EmployeeDeps, workersInScope } from '../shared.js';

/** The download's query: every matching row of the scope, in the list's order (no paging). */
export function reportQuery(deps: EmployeeDeps, ctx: Scope, body: Pick<EmployeeSearchBody, 'filters' | 'searchText' | 'searchOn' | 'sortby' | 'sortOrder'>) {
  const { db } = deps;
  checkFilters(body.filters);
  return orderBy(workersInScope(db, ctx).where((eb) => searchExpression(eb, body)).selectAll(), body.sortby, body.searchText.trim() !== '', body.sortOrder);
}
