/**
 * The payroll screens' state in the URL (spec 2.11: month, page and tab kept in the query string,
 * page 1 and tab total by default; 2.10 the same for the pre-execution summary). `month` is
 * yyyy-mm (mm-yyyy is read too), `tab` the tab's label in lower case (total, finalized, skipped;
 * total, paid, pending, failed, skipped), `search` the name or employee ID searched. Other
 * parameters (vendorId) are kept. Pure.
 */
import { PAYOUT_TABS, PRE_EXECUTION_TABS, addMonths, compareMonths, monthKey, parseMonthKey, type MonthYearValue, type PayoutFilter, type PayrollKind } from '@portal/domain';

export interface PayrollTab {
  /** the URL value: the label in lower case */
  key: string;
  label: string;
  filter: PayoutFilter;
}
const tabsOf = (list: readonly { filter: PayoutFilter; label: string }[]): PayrollTab[] => list.map((t) => ({ key: t.label.toLowerCase(), label: t.label, filter: t.filter }));
/** 2.10: Total, Finalized, Skipped. */
export const SUMMARY_TABS: readonly PayrollTab[] = tabsOf(PRE_EXECUTION_TABS);
/** 2.11: Total, Paid, Pending, Failed, Skipped. */
export const PAYOUT_SCREEN_TABS: readonly PayrollTab[] = tabsOf(PAYOUT_TABS);

export interface PayrollListState {
  month: MonthYearValue | null;
  page: number;
  tab: PayrollTab;
  search: string;
}

const MAX_SEARCH = 100;

/** A month from yyyy-mm or mm-yyyy (month 1 to 12, one or two digits), else null. */
export function parseMonthParam(value: string | null | undefined): MonthYearValue | null {
  const text = (value ?? '').trim();
  let m = /^(\d{4})-(\d{1,2})$/.exec(text);
  let key: string | null = null;
  if (m) key = `${m[1]}-${m[2]!.padStart(2, '0')}`;
  else if ((m = /^(\d{1,2})-(\d{4})$/.exec(text))) key = `${m[2]}-${m[1]!.padStart(2, '0')}`;
  const month = key ? parseMonthKey(key) : null;
  return month && month.year >= 2000 ? month : null;
}

export const sameMonth = (a: MonthYearValue | null | undefined, b: MonthYearValue | null | undefined): boolean => Boolean(a && b && compareMonths(a, b) === 0);

/** Months from `from` to `to` inclusive, newest first (empty when from is after to), at most `max`. */
export function monthsBetween(from: MonthYearValue, to: MonthYearValue, max = 120): MonthYearValue[] {
  const out: MonthYearValue[] = [];
  let at = to;
  while (out.length < max && compareMonths(at, from) >= 0) {
    out.push(at);
    at = addMonths(at, -1);
  }
  return out;
}

function parsePage(params: URLSearchParams): number {
  const text = params.get('page') ?? '';
  return /^\d{1,6}$/.test(text) && Number(text) >= 1 ? Number(text) : 1;
}

export function parseListState(params: URLSearchParams, tabs: readonly PayrollTab[]): PayrollListState {
  const tabText = (params.get('tab') ?? '').trim().toLowerCase();
  return {
    month: parseMonthParam(params.get('month')),
    page: parsePage(params),
    tab: tabs.find((t) => t.key === tabText) ?? tabs[0]!,
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH),
  };
}

/** The query for a state, keeping every other parameter (vendorId). Month, page and tab are always written. */
export function writeListState(current: URLSearchParams, state: PayrollListState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['month', 'page', 'tab', 'search']) next.delete(key);
  if (state.month) next.set('month', monthKey(state.month));
  next.set('page', String(state.page));
  next.set('tab', state.tab.key);
  if (state.search) next.set('search', state.search);
  return next;
}

/** A payroll path with the month and the vendor context, e.g. /payroll/summary?month=2026-10&vendorId=... */
export function payrollHref(path: string, month: MonthYearValue | null, vendorId: string | null): string {
  const q = new URLSearchParams();
  if (month) q.set('month', monthKey(month));
  if (vendorId) q.set('vendorId', vendorId);
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The upload screen for a month's payroll sheet (spec 2.8), coming back to `returnTo` afterwards.
 * `kind`: PAYROLL_STREAMING_ACCOUNT for an employer that has opted in (`payrollUploadKindOf`; decision 0022).
 */
export function payrollUploadHref(month: MonthYearValue, vendorId: string | null, returnTo: string, kind: PayrollKind = 'PAYROLL_UPLOAD'): string {
  const q = new URLSearchParams({ document: kind, payrollMonth: monthKey(month), returnTo });
  if (vendorId) q.set('vendorId', vendorId);
  return `/documentUpload?${q.toString()}`;
}

/** The payroll screen's own path in the vendor context, the upload's returnTo (2.9: returnTo=/payroll). */
export const payrollHome = (vendorId: string | null): string => payrollHref('/payroll', null, vendorId);
