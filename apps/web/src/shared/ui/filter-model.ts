/**
 * The filter builder's data (spec 2.19): rows "Where / AND / OR", a field, Is or Is not, and a
 * value. The first row reads "Where"; every later row carries the one conjunction chosen for the
 * list (a mix of AND and OR without brackets would be ambiguous). Pure, unit-tested.
 */

export type FilterConjunction = 'WHERE' | 'AND' | 'OR';
export type FilterOperator = 'IS' | 'IS_NOT';

export const FILTER_OPERATORS: readonly { value: FilterOperator; label: string }[] = [
  { value: 'IS', label: 'Is' },
  { value: 'IS_NOT', label: 'Is not' },
];
export const FILTER_CONJUNCTIONS: readonly { value: Exclude<FilterConjunction, 'WHERE'>; label: string }[] = [
  { value: 'AND', label: 'AND' },
  { value: 'OR', label: 'OR' },
];

/** One applied filter, as the builder emits it. */
export interface Filter<F extends string = string> {
  conjunction: FilterConjunction;
  field: F;
  operator: FilterOperator;
  value: string;
}

/** A row while it is being edited: field and value may still be empty. */
export interface FilterDraft<F extends string = string> {
  id: number;
  field: F | '';
  operator: FilterOperator;
  value: string;
}

export interface FilterDraftState<F extends string = string> {
  conjunction: Exclude<FilterConjunction, 'WHERE'>;
  rows: FilterDraft<F>[];
}

let nextId = 1;
export const emptyDraft = <F extends string>(): FilterDraft<F> => ({ id: nextId++, field: '', operator: 'IS', value: '' });

/** The editing state for a list of applied filters (one empty row when there are none). */
export function draftFromFilters<F extends string>(filters: readonly Filter<F>[]): FilterDraftState<F> {
  const joined = filters.slice(1).find((f) => f.conjunction !== 'WHERE')?.conjunction;
  return {
    conjunction: joined === 'OR' ? 'OR' : 'AND',
    rows: filters.length > 0 ? filters.map((f) => ({ id: nextId++, field: f.field, operator: f.operator, value: f.value })) : [emptyDraft<F>()],
  };
}

export const isBlankRow = (row: FilterDraft): boolean => row.field === '' && row.value.trim() === '';
export const isCompleteRow = (row: FilterDraft): boolean => row.field !== '' && row.value.trim() !== '';

/** Problems per row id: a row with only one of field and value filled in. Blank rows are ignored. */
export function draftProblems(state: FilterDraftState): Map<number, string> {
  const problems = new Map<number, string>();
  for (const row of state.rows) {
    if (isBlankRow(row) || isCompleteRow(row)) continue;
    problems.set(row.id, row.field === '' ? 'Choose a field' : 'Enter a value');
  }
  return problems;
}

/** The filters a draft applies: complete rows in order, the first "Where", the rest the chosen conjunction. */
export function filtersFromDraft<F extends string>(state: FilterDraftState<F>): Filter<F>[] {
  return state.rows
    .filter(isCompleteRow)
    .map((row, index) => ({
      conjunction: index === 0 ? 'WHERE' : state.conjunction,
      field: row.field as F,
      operator: row.operator,
      value: row.value.trim(),
    }));
}
