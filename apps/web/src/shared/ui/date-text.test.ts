import { describe, expect, it } from 'vitest';
import { formatDayFirst, invalidDateMessage, parseDayFirst, readDateText } from './date-text';

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

describe('readDateText', () => {
  it('tells a date from text being typed and from text that is no date', () => {
    expect(readDateText('')).toEqual({ kind: 'empty' });
    expect(readDateText('07/10/2026')).toEqual({ kind: 'date', iso: '2026-10-07' });
    expect(readDateText('31/0')).toEqual({ kind: 'typing' });
    // complete but impossible: refused at once, not silently undone
    expect(readDateText('31/02/2026')).toEqual({ kind: 'invalid' });
    expect(readDateText('2026-02-31')).toEqual({ kind: 'invalid' });
  });
  it('refuses a date outside the bounds, and half a date once the box is left', () => {
    expect(readDateText('07/10/2026', { max: '2026-10-06' })).toEqual({ kind: 'invalid' });
    expect(readDateText('07/10/2026', { min: '2026-10-08' })).toEqual({ kind: 'invalid' });
    expect(readDateText('31/0', {}, true)).toEqual({ kind: 'invalid' });
  });
  it('names the box in the message, as the spec words it', () => {
    expect(invalidDateMessage('Joining Date')).toBe('Please enter a valid Joining Date');
    expect(invalidDateMessage('From')).toBe('Please enter a valid From Date');
  });
});
