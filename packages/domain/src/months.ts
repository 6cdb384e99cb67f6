/**
 * Months as the portal counts them (`yyyy-mm` keys, spec 9's month names): a module of its own, so
 * the sign-in bundle, which needs only a month's query key, does not carry the payroll rules.
 */

/** Spec 9: the month name list misspells February, and the screens show it so. */
export const MONTH_NAMES = ['January', 'Febuary', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export interface MonthYearValue {
  /** 1..12 */
  month: number;
  year: number;
}
const pad2 = (n: number) => String(n).padStart(2, '0');
/** "October 2026" (with spec 9's "Febuary"). */
export const monthLabel = (m: MonthYearValue): string => `${MONTH_NAMES[m.month - 1]} ${m.year}`;
/** 'yyyy-mm' */
export const monthKey = (m: MonthYearValue): string => `${String(m.year).padStart(4, '0')}-${pad2(m.month)}`;
/** 'yyyy-mm' -> month, or null. */
export function parseMonthKey(key: string): MonthYearValue | null {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}
/** The month of a yyyy-mm-dd date. */
export const monthOfDate = (isoDate: string): MonthYearValue => ({ year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) });
export const addMonths = (m: MonthYearValue, n: number): MonthYearValue => {
  const k = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(k / 12), month: (k % 12) + 1 };
};
export const compareMonths = (a: MonthYearValue, b: MonthYearValue): number => a.year * 12 + a.month - (b.year * 12 + b.month);
export const daysInMonthOf = (m: MonthYearValue): number => new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
/** yyyy-mm-01 */
export const firstDayOf = (m: MonthYearValue): string => `${monthKey(m)}-01`;
/** The month's last date, yyyy-mm-dd. */
export const lastDayOf = (m: MonthYearValue): string => `${monthKey(m)}-${pad2(daysInMonthOf(m))}`;
/** The month's day `day`, clamped to the month's length. */
export const dayOf = (m: MonthYearValue, day: number): string => `${monthKey(m)}-${pad2(Math.min(Math.max(1, day), daysInMonthOf(m)))}`;
