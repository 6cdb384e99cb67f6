/**
 * One list's state in the page URL, through nuqs: page, page size, search, sort (column and
 * direction), filters (`filter=field:operator:value` repeated, `join=OR`), a tab and any
 * page-specific parameters (dates, status...). Defaults are left out of the URL; parameters the
 * list does not own (vendorId) are kept. Changing the search, filters, sort, page size, tab or a
 * page-specific parameter goes back to page 1. Every change is a history entry (Back undoes it).
 */
import { startTransition, useMemo, useState } from 'react';
import { parseAsStringLiteral, useQueryStates, type ParserMap, type inferParserType } from 'nuqs';
import { EMPLOYEE_LIST_DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '@portal/domain';
import type { Filter } from '../filter-model';
import { entriesFromFilters, filtersFromEntries, parseAsFilterEntries, parseAsLiteral, parseAsOneOf, parseAsPage, parseAsText, type FilterEntry } from './url-parsers';

export type SortOrder = 'asc' | 'desc';
export interface ListSort<S extends string = string> {
  by: S;
  order: SortOrder;
}

export interface ListStateConfig<S extends string, F extends string, T extends string, X extends ParserMap> {
  /** Columns the list may be sorted by (what the server accepts). */
  sorts?: readonly S[];
  defaultSort?: ListSort<S>;
  /** Direction a column starts in when first chosen (default asc). */
  firstOrder?: Partial<Record<S, SortOrder>>;
  /** Rows-per-page choices (LIST_PAGE_SIZES) and the default (10). */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Fields the filter builder offers; without them the URL's `filter` is ignored. */
  filterFields?: readonly F[];
  tabs?: readonly T[];
  defaultTab?: T;
  /** URL key of the search text: `search` unless a page's links used another (transactions: employerWorkerId). */
  searchKey?: string;
  /** Page-specific parameters: nuqs parsers, with their defaults (`.withDefault`). */
  extra?: X;
}

export interface ListState<S extends string = string, F extends string = string, T extends string = string, X extends ParserMap = ParserMap> {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  search: string;
  sort: ListSort<S> | null;
  filters: Filter<F>[];
  tab: T | null;
  extra: inferParserType<X>;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: ListSort<S>) => void;
  /** A sortable header's click: the same column flips direction, another starts at its first direction. */
  toggleSort: (by: S) => void;
  setFilters: (filters: Filter<F>[]) => void;
  setTab: (tab: T) => void;
  /** Page-specific parameters (null clears one to its default); back to page 1. */
  setExtra: (patch: Partial<{ [K in keyof X]: inferParserType<X>[K] | null }>) => void;
}

const NONE: readonly never[] = [];

/**
 * The list's URL state. The configuration is read once, when the page opens (its parsers must not
 * change while the list is shown).
 */
export function useListState<S extends string = never, F extends string = never, T extends string = never, X extends ParserMap = Record<never, never>>(
  config: ListStateConfig<S, F, T, X>,
): ListState<S, F, T, X> {
  const [setup] = useState(() => {
    const pageSizes = config.pageSizes ?? LIST_PAGE_SIZES;
    const defaultPageSize = config.defaultPageSize ?? EMPLOYEE_LIST_DEFAULT_PAGE_SIZE;
    const sorts = config.sorts ?? NONE;
    const parsers = {
      ...(config.extra ?? {}),
      page: parseAsPage.withDefault(1),
      pageSize: parseAsOneOf(pageSizes).withDefault(defaultPageSize),
      search: parseAsText().withDefault(''),
      sortBy: parseAsLiteral(sorts),
      sortOrder: parseAsStringLiteral(['asc', 'desc'] as const),
      filter: parseAsFilterEntries(config.filterFields ?? (NONE as readonly F[])).withDefault([]),
      join: parseAsStringLiteral(['AND', 'OR'] as const),
      tab: parseAsLiteral(config.tabs ?? (NONE as readonly T[])),
    };
    return { parsers, pageSizes, defaultPageSize, sorts, config };
  });

  const [values, setValues] = useQueryStates(setup.parsers, {
    history: 'push',
    // React Router sees every change too (its useSearchParams, links built from the location).
    shallow: false,
    // The router's navigation as a transition too (nuqs wraps its URL update in it).
    startTransition,
    urlKeys: setup.config.searchKey ? { search: setup.config.searchKey } : undefined,
  });

  return useMemo(() => {
    const { config } = setup;
    const v = values as unknown as {
      page: number;
      pageSize: number;
      search: string;
      sortBy: S | null;
      sortOrder: SortOrder | null;
      filter: FilterEntry<F>[];
      join: 'AND' | 'OR' | null;
      tab: T | null;
    };
    // Every change as a transition: the list and the page around it render in slices the browser
    // runs between, where a press (a discrete event) rendered them in one task, 150-400 ms on the
    // mobile preset's CPU for the next page of /employees (decision 0041, ninth update). What is on
    // screen stays, whole, until the new state is drawn.
    const set = (patch: Record<string, unknown>) => startTransition(() => void setValues(patch));
    const sort: ListSort<S> | null = v.sortBy
      ? { by: v.sortBy, order: v.sortOrder ?? config.firstOrder?.[v.sortBy] ?? 'asc' }
      : (config.defaultSort ?? null);
    const isDefaultSort = (s: ListSort<S>) => config.defaultSort?.by === s.by && config.defaultSort.order === s.order;
    const setSort = (next: ListSort<S>) =>
      set(isDefaultSort(next) ? { sortBy: null, sortOrder: null, page: null } : { sortBy: next.by, sortOrder: next.order, page: null });
    const extra = Object.fromEntries(Object.keys(config.extra ?? {}).map((k) => [k, (values as Record<string, unknown>)[k]])) as inferParserType<X>;
    return {
      page: v.page,
      pageSize: v.pageSize,
      pageSizes: setup.pageSizes,
      search: v.search,
      sort,
      filters: filtersFromEntries(v.filter, v.join),
      tab: v.tab ?? config.defaultTab ?? null,
      extra,
      setPage: (page) => set({ page: page > 1 ? page : null }),
      setPageSize: (size) => set({ pageSize: size === setup.defaultPageSize ? null : size, page: null }),
      setSearch: (search) => set({ search: search.trim() || null, page: null }),
      setSort,
      toggleSort: (by) => {
        if (sort?.by === by) setSort({ by, order: sort.order === 'asc' ? 'desc' : 'asc' });
        else setSort({ by, order: config.firstOrder?.[by] ?? 'asc' });
      },
      setFilters: (filters) => {
        const { entries, join } = entriesFromFilters(filters);
        set({ filter: entries.length ? entries : null, join, page: null });
      },
      setTab: (tab) => set({ tab: tab === config.defaultTab ? null : tab, page: null }),
      setExtra: (patch) => set({ ...patch, page: null }),
    };
  }, [values, setValues, setup]);
}
