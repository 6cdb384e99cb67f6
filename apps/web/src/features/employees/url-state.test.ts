import { describe, expect, it } from 'vitest';
import { parseListState, writeListState } from './url-state';

describe('list state in the URL', () => {
  it('defaults to page 1, no search, no filters', () => {
    expect(parseListState(new URLSearchParams())).toEqual({ page: 1, search: '', filters: [] });
    expect(parseListState(new URLSearchParams('page=0')).page).toBe(1);
    expect(parseListState(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseListState(new URLSearchParams('page=-2')).page).toBe(1);
  });

  it('reads page, search and filters with their conjunction', () => {
    const state = parseListState(
      new URLSearchParams('page=3&search=%20priya%20&filter=signUpStatus:IS:SIGNED_UP&filter=branchId:IS_NOT:Pune:East&join=OR'),
    );
    expect(state).toEqual({
      page: 3,
      search: 'priya',
      filters: [
        { conjunction: 'WHERE', field: 'signUpStatus', operator: 'IS', value: 'SIGNED_UP' },
        { conjunction: 'OR', field: 'branchId', operator: 'IS_NOT', value: 'Pune:East' },
      ],
    });
  });

  it('drops unknown fields, operators and empty values', () => {
    const state = parseListState(new URLSearchParams('filter=salary:IS:1&filter=gradeId:LIKE:G1&filter=gradeId:IS:&filter=gradeId&filter=gradeId:IS:G2'));
    expect(state.filters).toEqual([{ conjunction: 'WHERE', field: 'gradeId', operator: 'IS', value: 'G2' }]);
  });

  it('writes the state back, keeping vendorId and leaving defaults out', () => {
    const current = new URLSearchParams('vendorId=v1&page=4&search=old');
    const next = writeListState(current, {
      page: 1,
      search: '',
      filters: [
        { conjunction: 'WHERE', field: 'employmentStatus', operator: 'IS', value: 'ACTIVE' },
        { conjunction: 'AND', field: 'gradeId', operator: 'IS', value: 'G1' },
      ],
    });
    expect(next.toString()).toBe('vendorId=v1&filter=employmentStatus%3AIS%3AACTIVE&filter=gradeId%3AIS%3AG1');
    const round = writeListState(new URLSearchParams(), { page: 2, search: 'a b', filters: parseListState(new URLSearchParams('filter=gradeId:IS:G1&filter=branchId:IS:X&join=OR')).filters });
    expect(parseListState(round)).toEqual({
      page: 2,
      search: 'a b',
      filters: [
        { conjunction: 'WHERE', field: 'gradeId', operator: 'IS', value: 'G1' },
        { conjunction: 'OR', field: 'branchId', operator: 'IS', value: 'X' },
      ],
    });
  });
});
