import { describe, expect, it } from 'vitest';
import { salaryInputOf, salaryText, tableDate } from './format';

describe('pending workers table texts', () => {
  it('shows dates as dd/mm/yyyy, instants on their Indian business date, NA when missing', () => {
    expect(tableDate('2026-11-01')).toBe('01/11/2026');
    expect(tableDate('2026-11-21T20:00:00.000Z')).toBe('22/11/2026');
    expect(tableDate(null)).toBe('NA');
    expect(tableDate('not a date')).toBe('NA');
  });
  it('shows salaries in en-IN rupees and fills the Modify box with whole rupees', () => {
    expect(salaryText(1_650_000)).toMatch(/16,500/);
    expect(salaryInputOf(1_650_000)).toBe('16500');
    expect(salaryInputOf(1_650_050)).toBe('16500');
  });
});
