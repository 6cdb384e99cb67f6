/** Validation rules of spec 5.1 and 5.5. Each rule is a pure function; messages come from MSG. */
import {
  MOBILE_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TRANSACTION_SEARCH_WINDOW_YEARS,
} from './constants.js';
import { MSG } from './messages.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** 5.1: an empty or blank string counts as empty. */
export const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

// One local part, one domain with at least one dot, no spaces; the usual HTML-form definition.
const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const isValidEmail = (value: string): boolean =>
  !isBlank(value) && value.length <= 254 && EMAIL_RE.test(value.trim());

const NAME_RE = new RegExp(`^[A-Za-z.' -]{${NAME_MIN_LENGTH},${NAME_MAX_LENGTH}}$`);
/** 5.1: 2 to 30 characters from letters, dot, apostrophe, hyphen and space (and not only punctuation). */
export const isValidName = (value: string): boolean => NAME_RE.test(value) && /[A-Za-z]/.test(value);

const MOBILE_RE = new RegExp(`^[5-9]\\d{${MOBILE_LENGTH - 1}}$`);
/** 5.1: 10 digits starting 5 to 9. */
export const isValidMobile = (value: string): boolean => MOBILE_RE.test(value);

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE_RE.test(value)) return false;
  // Arithmetic, not Date parsing: sheets call this for every row.
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return d <= days;
}

/** 5.1: From and To must not be after today, and To not before From. Returns an error or null. */
export function checkDateRange(from: string, to: string, today: string): string | null {
  if (!isValidIsoDate(from) || !isValidIsoDate(to)) return 'Please select valid dates';
  if (from > today) return "'From Date' cannot be later than today";
  if (to > today) return "'To Date' cannot be later than today";
  if (to < from) return "'To Date' cannot be before 'From Date'";
  return null;
}

/** 5.1: a transaction search start must lie within the last 2 years. */
export function checkTransactionSearchStart(from: string, today: string): string | null {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const earliest = `${String(y - TRANSACTION_SEARCH_WINDOW_YEARS).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return from < earliest ? MSG.invalidDateRangeTwoYears : null;
}

/** 5.1: the jump-to page is at least 1 and at most the page count. */
export const isValidJumpPage = (page: number, pageCount: number): boolean =>
  Number.isInteger(page) && page >= 1 && page <= Math.max(1, pageCount);

// ---- 5.5 passwords and sign-in ----

// The forms of 5.5 (change password, admin form, sign-in, sign-up, reset) are schemas in forms/.

/** 5.5: a one-time code is 6 numeric digits. */
export const isValidOtp = (code: string): boolean => /^\d{6}$/.test(code);

/** A password's length as the server counts it: characters (code points), not UTF-16 units. */
export const passwordLength = (password: string): number => [...password].length;

/**
 * The cheap part of the server's password policy (shared/security.md: length 8..64+, no
 * composition rules, no truncation, no common passwords). The server adds the strength estimate
 * (zxcvbn-ts, score PASSWORD_MIN_STRENGTH with the admin's own words: apps/server/src/platform/
 * passwords.ts), which is too large for the browser. A message starting "Missing password
 * requirements" is what the spec's sign-in screen turns into "Password Expired..." for a stored
 * password that fails it.
 */
export function passwordPolicyProblems(password: string, context: { email?: string } = {}): string[] {
  const problems: string[] = [];
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) problems.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) problems.push(`at most ${PASSWORD_MAX_LENGTH} characters`);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) problems.push('not a commonly used password');
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 3 && lower === local) problems.push('not your e-mail name');
  return problems;
}
export function passwordPolicyMessage(problems: string[]): string {
  return `${MSG.missingPasswordRequirementsPrefix}: ${problems.join(', ')}`;
}
