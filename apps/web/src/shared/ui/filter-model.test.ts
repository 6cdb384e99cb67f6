import { describe, expect, it } from 'vitest';
import { draftFromFilters, draftProblems, emptyDraft, filtersFromDraft, type FilterDraftState } from './filter-model';

type Field = 'branch' | 'grade';
const row = (field: Field | '', value: string, operator: 'IS' | 'IS_NOT' = 'IS') => ({ ...emptyDraft<Field>(), field, value, operator });

describe('filter builder model', () => {
  it('starts with one empty row when nothing is applied', () => {
    const state = draftFromFilters<Field>([]);
    expect(state.rows).toHaveLength(1);
    expect(state.rows[0]).toMatchObject({ field: '', operator: 'IS', value: '' });
    expect(state.conjunction).toBe('AND');
  });

  it('emits complete rows, the first as Where and the rest with the chosen conjunction', () => {
    const state: FilterDraftState<Field> = { conjunction: 'OR', rows: [row('branch', ' Pune '), row('', ''), row('grade', 'G1', 'IS_NOT')] };
    expect(filtersFromDraft(state)).toEqual([
      { conjunction: 'WHERE', field: 'branch', operator: 'IS', value: 'Pune' },
      { conjunction: 'OR', field: 'grade', operator: 'IS_NOT', value: 'G1' },
    ]);
  });

  it('round-trips applied filters', () => {
    const filters = [
      { conjunction: 'WHERE' as const, field: 'branch' as const, operator: 'IS' as const, value: 'Pune' },
      { conjunction: 'OR' as const, field: 'grade' as const, operator: 'IS_NOT' as const, value: 'G2' },
    ];
    expect(filtersFromDraft(draftFromFilters(filters))).toEqual(filters);
  });

  it('reports half-filled rows and ignores blank ones', () => {
    const a = row('branch', '');
    const b = row('', 'x');
    const c = row('', '');
    const problems = draftProblems({ conjunction: 'AND', rows: [a, b, c] });
    expect(problems.get(a.id)).toBe('Enter a value');
    expect(problems.get(b.id)).toBe('Choose a field');
    expect(problems.has(c.id)).toBe(false);
  });

  it('emits nothing after everything is cleared', () => {
    expect(filtersFromDraft({ conjunction: 'AND', rows: [] })).toEqual([]);
  });
});
