/** Display formatting shared by server (exports, mails) and web app. */
import { EMPLOYER_NAME_MENU_MAX } from './constants.js';

/** 2.3: the employer name in the menu is uppercased and truncated to 13 characters. */
export const menuEmployerName = (name: string): string => name.toUpperCase().slice(0, EMPLOYER_NAME_MENU_MAX);

/** Account number and PAN are masked except the last 4 characters. */
export function maskLast4(value: string | null | undefined): string {
  if (!value) return '';
  return value.length <= 4 ? value : '*'.repeat(value.length - 4) + value.slice(-4);
}

/** A phone shown while a code is on its way: +91 ******1234. */
export const phoneHint = (mobile: string): string => `+91 ${maskLast4(mobile)}`;

// Rupees are grouped by hand (en-IN: the last three digits, then pairs) rather than by an
// Intl.NumberFormat: the first en-IN currency formatter loads the locale's data, which took a
// quarter to half a second of a 10-row employees page on Lighthouse's mobile CPU (decision 0041).
let rupees: Intl.NumberFormat | undefined;

/** Indian rupees from integer paise, en-IN grouping: ₹1,23,456.78, -₹5.00. */
export function formatRupees(paise: number | bigint): string {
  const n = typeof paise === 'bigint' ? Number(paise) : paise;
  if (!Number.isSafeInteger(n)) {
    rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
    return rupees.format(n / 100);
  }
  const abs = Math.abs(n);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${n < 0 ? '-' : ''}₹${groupDigitsEnIn(String(Math.floor(abs / 100)))}.${fraction}`;
}

/** en-IN grouping of a string of digits: the last three, then pairs (1,23,45,678). */
const groupDigitsEnIn = (whole: string): string => {
  const head = whole.slice(0, -3);
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
};

/**
 * A whole number with en-IN grouping (12,34,567), as `toLocaleString('en-IN')` gives it, by hand for
 * the same reason as `formatRupees`: the first en-IN number formatting loads the locale's data (about
 * 0.17 s of the dashboard's Quick Stats on Lighthouse's mobile CPU, decision 0041).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-IN');
  return `${n < 0 ? '-' : ''}${groupDigitsEnIn(String(Math.abs(n)))}`;
}

/** Initial shown in the header's employer dropdown. */
export const initialOf = (name: string): string => (name.trim()[0] ?? '?').toUpperCase();

/** Asia/Kolkata is UTC+05:30 all year, with no daylight saving since 1945. */
export const IST_OFFSET_MS = 330 * 60_000;
/**
 * The business date (Asia/Kolkata) of an instant, as yyyy-mm-dd: by the fixed offset, not by an Intl
 * formatter, whose time-zone data costs a phone's first page (decision 0041).
 */
export const businessDate = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
/** First day of the month of a yyyy-mm-dd date. */
export const monthStart = (isoDate: string): string => `${isoDate.slice(0, 7)}-01`;
/** The instant a business date starts in Asia/Kolkata (UTC+05:30, no daylight saving). */
export const businessDayStart = (isoDate: string): Date => new Date(`${isoDate}T00:00:00+05:30`);
