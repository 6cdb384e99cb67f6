import { describe, expect, it } from 'vitest';
import { dayPart, greeting, hourIn } from './greeting';

// Asia/Kolkata is UTC+05:30 all year.
const ist = (hh: number, mm = 0) => new Date(Date.UTC(2026, 0, 15, hh, mm) - 5.5 * 3_600_000);

describe('greeting', () => {
  it('reads the hour in Asia/Kolkata, not in the machine time zone', () => {
    expect(hourIn(new Date('2026-01-15T00:00:00Z'))).toBe(5);
    expect(hourIn(new Date('2026-01-15T18:29:00Z'))).toBe(23);
    expect(hourIn(new Date('2026-01-15T18:30:00Z'))).toBe(0);
  });

  it('splits the day at noon and 5 pm', () => {
    expect(dayPart(ist(0))).toBe('morning');
    expect(dayPart(ist(11, 59))).toBe('morning');
    expect(dayPart(ist(12))).toBe('afternoon');
    expect(dayPart(ist(16, 59))).toBe('afternoon');
    expect(dayPart(ist(17))).toBe('evening');
    expect(dayPart(ist(23, 59))).toBe('evening');
  });

  it('greets by name', () => {
    expect(greeting('Priya Sharma', ist(9))).toBe('Good morning, Priya Sharma');
    expect(greeting('  ', ist(14))).toBe('Good afternoon');
    expect(greeting('Arjun', ist(20))).toBe('Good evening, Arjun');
  });
});
