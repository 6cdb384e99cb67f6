/**
 * A list's URL state read outside React (issue 24, "Fast"): what useListState reads from the same
 * URL with the same parsers, so a route's prefetch asks for the very query the page will ask for
 * (the same query key) while the page's code is still on its way.
 */
import { EMPLOYEE_LIST_DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '@portal/domain';
import type { Filter } from '../filter-model';
import { filtersFromEntries, parseAsOneOf, parseAsPage, parseAsText, parseFilterEntry, type FilterEntry } from './url-parsers';
import type { ListSort, ListStateConfig, SortOrder } from './use-list-state';

export interface ListUrlState<S extends string, F extends string> {
  page: number;
  pageSize: number;
  search: string;
  sort: ListSort<S> | null;
  filters: Filter<F>[];
}

const oneOf = <T extends string>(allowed: readonly T[], v: string | null): T | null => (v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : null);

/** The page, page size, search, sort and filters a list's URL holds, as useListState reads them. */
export function listStateFromUrl<S extends string, F extends string>(
  q: URLSearchParams,
  config: Pick<ListStateConfig<S, F, never, Record<never, never>>, 'sorts' | 'defaultSort' | 'firstOrder' | 'pageSizes' | 'defaultPageSize' | 'filterFields' | 'searchKey'>,
): ListUrlState<S, F> {
  const read = <T>(parser: { parse: (v: string) => T | null }, key: string): T | null => {
    const v = q.get(key);
    return v === null ? null : parser.parse(v);
  };
  const by = oneOf(config.sorts ?? [], q.get('sortBy'));
  const order = oneOf<SortOrder>(['asc', 'desc'], q.get('sortOrder'));
  const entries = q
    .getAll('filter')
    .map((v) => parseFilterEntry(v, config.filterFields ?? []))
    .filter((e): e is FilterEntry<F> => e !== null);
  return {
    page: read(parseAsPage, 'page') ?? 1,
    pageSize: read(parseAsOneOf(config.pageSizes ?? LIST_PAGE_SIZES), 'pageSize') ?? config.defaultPageSize ?? EMPLOYEE_LIST_DEFAULT_PAGE_SIZE,
    search: read(parseAsText(), config.searchKey ?? 'search') ?? '',
    sort: by ? { by, order: order ?? config.firstOrder?.[by] ?? 'asc' } : (config.defaultSort ?? null),
    filters: filtersFromEntries(entries, oneOf(['AND', 'OR'] as const, q.get('join'))),
  };
}
