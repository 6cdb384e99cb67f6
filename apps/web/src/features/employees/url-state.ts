/**
 * The list's state in the page URL (design brief: table state in the URL): `page` (1-based),
 * `search`, and the filters as repeated `filter=field:operator:value` with `join=AND|OR` for the
 * conjunction of the second and later rows. Anything else in the query (vendorId) is kept. Pure.
 */
import { EMPLOYEE_FILTER_FIELDS, type EmployeeFilterField } from '@portal/domain';
import type { Filter, FilterOperator } from '../../shared/ui/filter-model';

export type EmployeeFilter = Filter<EmployeeFilterField>;

export interface ListState {
  page: number;
  search: string;
  filters: EmployeeFilter[];
}

const OPERATORS: readonly FilterOperator[] = ['IS', 'IS_NOT'];
const MAX_FILTERS = 20;
const MAX_TEXT = 100;

const isField = (v: string): v is EmployeeFilterField => (EMPLOYEE_FILTER_FIELDS as readonly string[]).includes(v);
const isOperator = (v: string): v is FilterOperator => (OPERATORS as readonly string[]).includes(v);

/** One `field:operator:value` entry, or null when it is not a valid filter. The value may contain ':'. */
function parseFilter(raw: string): Omit<EmployeeFilter, 'conjunction'> | null {
  const first = raw.indexOf(':');
  const second = first < 0 ? -1 : raw.indexOf(':', first + 1);
  if (second < 0) return null;
  const field = raw.slice(0, first);
  const operator = raw.slice(first + 1, second);
  const value = raw.slice(second + 1).trim();
  if (!isField(field) || !isOperator(operator) || value === '' || value.length > MAX_TEXT) return null;
  return { field, operator, value };
}

export function parseListState(params: URLSearchParams): ListState {
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const search = (params.get('search') ?? '').trim().slice(0, MAX_TEXT);
  const join = params.get('join') === 'OR' ? 'OR' : 'AND';
  const filters = params
    .getAll('filter')
    .map(parseFilter)
    .filter((f): f is Omit<EmployeeFilter, 'conjunction'> => f !== null)
    .slice(0, MAX_FILTERS)
    .map((f, index): EmployeeFilter => ({ ...f, conjunction: index === 0 ? 'WHERE' : join }));
  return { page, search, filters };
}

/** The URL query for a state, keeping every other parameter of `current` (e.g. vendorId). Defaults are left out. */
export function writeListState(current: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['page', 'search', 'filter', 'join']) next.delete(key);
  if (state.page > 1) next.set('page', String(state.page));
  if (state.search) next.set('search', state.search);
  state.filters.forEach((f) => next.append('filter', `${f.field}:${f.operator}:${f.value}`));
  const join = state.filters.slice(1).find((f) => f.conjunction !== 'WHERE')?.conjunction;
  if (join === 'OR') next.set('join', 'OR');
  return next;
}
