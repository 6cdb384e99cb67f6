import { describe, expect, it } from 'vitest';
import { entriesFromFilters, filtersFromEntries, parseAsBusinessDate, parseAsOneOf, parseAsPage, parseAsText, parseFilterEntry } from './url-parsers';

const FIELDS = ['signUpStatus', 'employmentStatus', 'branchId'] as const;

describe('list URL parsers', () => {
  it('reads a page from 1, and nothing else', () => {
    expect(parseAsPage.parse('3')).toBe(3);
    for (const bad of ['0', '-2', 'abc', '1.5', '1234567']) expect(parseAsPage.parse(bad)).toBeNull();
  });

  it('reads only the offered page sizes', () => {
    const sizes = parseAsOneOf([10, 25, 50, 100]);
    expect(sizes.parse('25')).toBe(25);
    expect(sizes.parse('30')).toBeNull();
    expect(sizes.parse('1000')).toBeNull();
  });

  it('trims search text and cuts it to 100 characters', () => {
    const text = parseAsText();
    expect(text.parse('  priya ')).toBe('priya');
    expect(text.parse('   ')).toBeNull();
    expect(text.parse('x'.repeat(150))).toHaveLength(100);
  });

  it('reads business dates, an older link\'s instant as its IST date, and drops the rest', () => {
    expect(parseAsBusinessDate.parse('2026-09-01')).toBe('2026-09-01');
    expect(parseAsBusinessDate.parse('2026-10-31T18:30:00.000Z')).toBe('2026-11-01');
    expect(parseAsBusinessDate.parse('2026-02-30')).toBeNull();
    expect(parseAsBusinessDate.parse('soon')).toBeNull();
  });

  it('reads field:operator:value filters (a value may hold ":"), and drops unknown fields or operators', () => {
    expect(parseFilterEntry('branchId:IS_NOT:Pune:East', FIELDS)).toEqual({ field: 'branchId', operator: 'IS_NOT', value: 'Pune:East' });
    expect(parseFilterEntry('signUpStatus:IS: SIGNED_UP ', FIELDS)).toEqual({ field: 'signUpStatus', operator: 'IS', value: 'SIGNED_UP' });
    expect(parseFilterEntry('mobile:IS:1', FIELDS)).toBeNull();
    expect(parseFilterEntry('branchId:LIKE:Pune', FIELDS)).toBeNull();
    expect(parseFilterEntry('branchId:IS:', FIELDS)).toBeNull();
    expect(parseFilterEntry('branchId', FIELDS)).toBeNull();
  });

  it('gives the first filter "Where" and the rest the join (AND unless OR), and back', () => {
    const entries = [
      { field: 'signUpStatus' as const, operator: 'IS' as const, value: 'SIGNED_UP' },
      { field: 'branchId' as const, operator: 'IS_NOT' as const, value: 'Pune' },
    ];
    const or = filtersFromEntries(entries, 'OR');
    expect(or.map((f) => f.conjunction)).toEqual(['WHERE', 'OR']);
    expect(filtersFromEntries(entries, null).map((f) => f.conjunction)).toEqual(['WHERE', 'AND']);
    expect(entriesFromFilters(or)).toEqual({ entries, join: 'OR' });
    expect(entriesFromFilters(filtersFromEntries(entries, 'AND')).join).toBeNull();
  });
});
