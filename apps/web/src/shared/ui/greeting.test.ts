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

  it('gives the hour Intl gives for Asia/Kolkata, over 60 years in 97-minute steps', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Asia/Kolkata' });
    const step = 97 * 60_000;
    let checked = 0;
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2030, 0, 1); t += step) {
      const at = new Date(t);
      const expected = Number(intl.formatToParts(at).find((p) => p.type === 'hour')?.value) % 24;
      if (hourIn(at) !== expected) throw new Error(`${at.toISOString()}: ${hourIn(at)} against Intl's ${expected}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(300_000);
    // Another zone is still read through Intl.
    expect(hourIn(new Date('2026-01-15T00:00:00Z'), 'America/New_York')).toBe(19);
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
