/**
 * nuqs parsers of the lists' URL state (design brief: table state in the URL). Each reads what an
 * older link may carry and drops what it cannot read, so a hand-edited or stale URL still opens
 * the list (at its defaults). Pure apart from nuqs.
 */
import { createParser, parseAsNativeArrayOf } from 'nuqs';
import { queryBusinessDate } from '@portal/domain';
import type { Filter, FilterOperator } from '../filter-model';

export const MAX_SEARCH_TEXT = 100;
export const MAX_FILTERS = 20;
const OPERATORS: readonly FilterOperator[] = ['IS', 'IS_NOT'];

/** A 1-based page number (1..999,999). */
export const parseAsPage = createParser({
  parse: (v: string) => (/^\d{1,6}$/.test(v) && Number(v) >= 1 ? Number(v) : null),
  serialize: (v: number) => String(v),
});

/** One of a list of numbers (page sizes). */
export const parseAsOneOf = (allowed: readonly number[]) =>
  createParser({
    parse: (v: string) => (/^\d+$/.test(v) && allowed.includes(Number(v)) ? Number(v) : null),
    serialize: (v: number) => String(v),
  });

/** Text trimmed and cut to `max` characters; empty reads as absent. */
export const parseAsText = (max = MAX_SEARCH_TEXT) =>
  createParser({
    parse: (v: string) => v.trim().slice(0, max) || null,
    serialize: (v: string) => v,
  });

/** One of a list of strings (a sort column, a status, a tab). */
export const parseAsLiteral = <T extends string>(allowed: readonly T[]) =>
  createParser({
    parse: (v: string) => ((allowed as readonly string[]).includes(v) ? (v as T) : null),
    serialize: (v: T) => v,
  });

/**
 * A business date, written yyyy-mm-dd; an older link's instant (ISO with offset) reads as its
 * business date (queryBusinessDate).
 */
export const parseAsBusinessDate = createParser({
  parse: (v: string) => queryBusinessDate(v),
  serialize: (v: string) => v,
});

/** A filter row without its conjunction: `field:operator:value` (the value may contain ':'). */
export type FilterEntry<F extends string> = Omit<Filter<F>, 'conjunction'>;

export function parseFilterEntry<F extends string>(raw: string, fields: readonly F[]): FilterEntry<F> | null {
  const first = raw.indexOf(':');
  const second = first < 0 ? -1 : raw.indexOf(':', first + 1);
  if (second < 0) return null;
  const field = raw.slice(0, first);
  const operator = raw.slice(first + 1, second);
  const value = raw.slice(second + 1).trim();
  if (!(fields as readonly string[]).includes(field) || !(OPERATORS as readonly string[]).includes(operator)) return null;
  if (value === '' || value.length > MAX_SEARCH_TEXT) return null;
  return { field: field as F, operator: operator as FilterOperator, value };
}

/** Repeated `filter=field:operator:value` parameters (the employees list's links since release 1). */
export const parseAsFilterEntries = <F extends string>(fields: readonly F[]) =>
  parseAsNativeArrayOf(
    createParser({
      parse: (v: string) => parseFilterEntry(v, fields),
      serialize: (f: FilterEntry<F>) => `${f.field}:${f.operator}:${f.value}`,
      eq: (a, b) => a.field === b.field && a.operator === b.operator && a.value === b.value,
    }),
  );

/** The builder's filters from the URL's entries and `join` (AND unless OR). */
export function filtersFromEntries<F extends string>(entries: readonly FilterEntry<F>[], join: 'AND' | 'OR' | null): Filter<F>[] {
  return entries.slice(0, MAX_FILTERS).map((f, index) => ({ ...f, conjunction: index === 0 ? 'WHERE' : (join ?? 'AND') }));
}

/** The URL's entries and `join` for the builder's filters (`join` only when OR). */
export function entriesFromFilters<F extends string>(filters: readonly Filter<F>[]): { entries: FilterEntry<F>[]; join: 'OR' | null } {
  const join = filters.slice(1).find((f) => f.conjunction !== 'WHERE')?.conjunction;
  return { entries: filters.map(({ field, operator, value }) => ({ field, operator, value })), join: join === 'OR' ? 'OR' : null };
}
