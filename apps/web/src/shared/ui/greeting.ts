/** The dashboard greeting (spec 2.4), by the business time zone (Asia/Kolkata). */
import { BUSINESS_TIME_ZONE } from '@portal/domain';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Hour of the day (0-23) of `at` in `timeZone`. */
export function hourIn(at: Date, timeZone: string = BUSINESS_TIME_ZONE): number {
  const hour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).formatToParts(at).find((p) => p.type === 'hour');
  return Number(hour?.value ?? 0) % 24;
}

/** Morning before noon, afternoon until 5 pm, evening after. */
export function dayPart(at: Date, timeZone: string = BUSINESS_TIME_ZONE): DayPart {
  const hour = hourIn(at, timeZone);
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** "Good morning, Priya Sharma" (the name is left out when empty). */
export function greeting(name: string, at: Date = new Date(), timeZone: string = BUSINESS_TIME_ZONE): string {
  const trimmed = name.trim();
  return `Good ${dayPart(at, timeZone)}${trimmed ? `, ${trimmed}` : ''}`;
}
