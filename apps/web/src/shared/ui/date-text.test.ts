import { describe, expect, it } from 'vitest';
import { formatDayFirst, parseDayFirst } from './date-text';

describe('parseDayFirst', () => {
  it('reads the day first, as the tables show dates', () => {
    expect(parseDayFirst('07/03/2026')).toBe('2026-03-07');
    expect(parseDayFirst(' 7/3/2026 ')).toBe('2026-03-07');
    expect(parseDayFirst('07-03-2026')).toBe('2026-03-07');
    expect(parseDayFirst('07.03.2026')).toBe('2026-03-07');
  });
  it('takes a pasted yyyy-mm-dd too', () => {
    expect(parseDayFirst('2026-03-07')).toBe('2026-03-07');
  });
  it('refuses what is not a real date or not complete', () => {
    for (const t of ['31/02/2026', '13/13/2026', '03/07', '07/03/26', '2026/03/07', 'tomorrow', '']) expect(parseDayFirst(t), t).toBeNull();
  });
});

describe('formatDayFirst', () => {
  it('shows a value day first, and nothing for none', () => {
    expect(formatDayFirst('2026-03-07')).toBe('07/03/2026');
    expect(formatDayFirst('')).toBe('');
    expect(formatDayFirst('07/03/2026')).toBe('');
  });
  it('reads back as the same date', () => {
    expect(parseDayFirst(formatDayFirst('2025-12-31'))).toBe('2025-12-31');
  });
});
