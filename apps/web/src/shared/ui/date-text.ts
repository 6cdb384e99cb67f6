/**
 * Dates typed in a date box (issue 14): day first, as every table shows them (dd/mm/yyyy), and
 * yyyy-mm-dd as pasted from elsewhere. Pure; the box (date-field.tsx) keeps yyyy-mm-dd values.
 */
import { isValidIsoDate } from '@portal/domain';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "07/03/2026", "7/3/2026", "07-03-2026", "07.03.2026" and "2026-03-07" -> "2026-03-07"; null when not a real date. */
export function parseDayFirst(text: string): string | null {
  const t = text.trim();
  const dayFirst = DAY_FIRST.exec(t);
  const iso = dayFirst ? `${dayFirst[3]}-${pad(Number(dayFirst[2]))}-${pad(Number(dayFirst[1]))}` : ISO.test(t) ? t : null;
  return iso && isValidIsoDate(iso) ? iso : null;
}

/** "2026-03-07" -> "07/03/2026", as the date boxes show a value; '' for none (or not yyyy-mm-dd). */
export function formatDayFirst(iso: string): string {
  const m = ISO.exec(iso.slice(0, 10));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * What a date box holds (issue 24 item 1): nothing, a date within min/max, text that may still become
 * one (being typed), or text that cannot: a complete day/month/year that is no real date (31/02/2026)
 * or outside min/max. On leaving the box, text that is not yet a date is not one either.
 */
export type DateText = { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'typing' } | { kind: 'invalid' };

export function readDateText(text: string, bounds: { min?: string; max?: string } = {}, left = false): DateText {
  if (text.trim() === '') return { kind: 'empty' };
  const iso = parseDayFirst(text);
  if (iso && (!bounds.min || iso >= bounds.min) && (!bounds.max || iso <= bounds.max)) return { kind: 'date', iso };
  const complete = iso !== null || DAY_FIRST.test(text.trim()) || ISO.test(text.trim());
  return complete || left ? { kind: 'invalid' } : { kind: 'typing' };
}

/** The message under a box whose text is no date: the spec's "Please enter a valid Joining Date" (5.3), "... From Date" (5.1). */
export const invalidDateMessage = (label: string): string => `Please enter a valid ${label}${/\bdate\b/i.test(label) ? '' : ' Date'}`;
