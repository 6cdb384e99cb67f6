/**
 * What the payroll screens decide (spec 2.9-2.11, 4.4, 4.5, 6): the notification box per status,
 * which actions are offered, whether the balance covers an execution, the month list, the tones
 * of payroll statuses, the day-month-year dates, the `month` URL parameter, the entries' tabs and
 * the payroll links. Pure, unit-tested.
 */
import { createParser } from 'nuqs';
import {
  MONTH_NAMES,
  PAYOUT_TABS,
  PAYROLL_MSG,
  PAYROLL_OUTCOME_MSG,
  PRE_EXECUTION_TABS,
  addMonths,
  businessDate,
  compareMonths,
  formatDateTimeIst,
  formatDdMmYyyy,
  formatRupees,
  isDisbursalStatus,
  isPreExecutionStatus,
  isProcessingStatus,
  monthKey,
  monthLabel,
  parseMonthKey,
  payrollStatusMessage,
  type MonthYearValue,
  type PayoutFilter,
  type PayrollKind,
  type PayrollDonut,
  type PayrollMonthlySummary,
  type PayrollStatus,
} from '@portal/domain';
import type { StatusTone } from '../../shared/ui';

// ---- the URL: month, tabs, links (spec 2.9-2.11: month, page and tab kept in the query string) ----

/** A month from yyyy-mm or mm-yyyy (month 1 to 12, one or two digits, year 2000 on), else null. */
export function parseMonthParam(value: string | null | undefined): MonthYearValue | null {
  const text = (value ?? '').trim();
  let m = /^(\d{4})-(\d{1,2})$/.exec(text);
  let key: string | null = null;
  if (m) key = `${m[1]}-${m[2]!.padStart(2, '0')}`;
  else if ((m = /^(\d{1,2})-(\d{4})$/.exec(text))) key = `${m[2]}-${m[1]!.padStart(2, '0')}`;
  const month = key ? parseMonthKey(key) : null;
  return month && month.year >= 2000 ? month : null;
}

/** The payroll screens' `month` parameter (nuqs): read as parseMonthParam, written yyyy-mm. */
export const parseAsPayrollMonth = createParser<MonthYearValue>({
  parse: parseMonthParam,
  serialize: monthKey,
  eq: (a, b) => compareMonths(a, b) === 0,
});

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

/** The header of the provider-deductions column (spec 2.10 names the column only by what it holds). */
export const DEDUCTIONS_HEADER = 'Provider Deductions';

/** The two refresh rates: while a sheet is processed (2 s) and while payouts settle (3 s). */
export const PROCESSING_REFRESH_MS = 2000;
export const DISBURSAL_REFRESH_MS = 3000;

export const isSettlingStatus = (status: string | null | undefined): boolean => status === 'DISBURSAL_INITIATED' || status === 'DISBURSAL_IN_PROGRESS';

/** How often the month's payroll is asked for again: every 2 s while processed, every 3 s while paid out, else not. */
export function refreshIntervalOf(status: string | null | undefined): number | false {
  if (status && isProcessingStatus(status)) return PROCESSING_REFRESH_MS;
  if (isSettlingStatus(status)) return DISBURSAL_REFRESH_MS;
  return false;
}

/** A payroll status's badge tone: waiting pending, done success, failed or ended reject, others info. */
export function payrollStatusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'UPLOADED':
    case 'PROCESSING':
    case 'DISBURSAL_INITIATED':
    case 'DISBURSAL_IN_PROGRESS':
      return 'pending';
    case 'PROCESSED':
    case 'PAYROLL_FROZEN':
    case 'DISBURSAL_COMPLETED':
      return 'success';
    case 'PAYROLL_PROCESSING_FAILED':
    case 'DISBURSAL_FAILED':
    case 'EXPIRED':
    case 'CANCELLED':
      return 'reject';
    default:
      return 'info';
  }
}

/** The notification box's colour. */
export type NoticeTone = 'info' | 'progress' | 'success' | 'warning' | 'error';

export type StatusNotice =
  | { kind: 'loading' }
  | { kind: 'error'; tone: 'error'; text: string }
  | { kind: 'upload-prompt'; tone: 'info'; text: string }
  | { kind: 'expired'; tone: 'warning'; text: string }
  | { kind: 'status'; tone: NoticeTone; status: PayrollStatus; text: string; detail: string | null };

export interface NoticeInput {
  /** the current payroll's status; null when the month has no payroll */
  status: PayrollStatus | null;
  month: MonthYearValue;
  isCurrentPayrollActive: boolean;
  failureReason?: string | null;
  /** when the month's current payroll was cancelled (ISO instant) */
  cancelledAt?: string | null;
  /** a load failure other than "no payroll" */
  loadError?: string | null;
  loading?: boolean;
  /** An executed payroll's payouts by outcome (payroll-details' counts), for the words and the tone. */
  outcome?: PayoutOutcome | null;
  /** Whether the failed payouts can still be re-run (payroll-details' isReexecutionAllowed). */
  rerunAllowed?: boolean;
  /** Whether the viewer may re-run (WRITE on payroll); a read-only admin is told who can (default true). */
  canWrite?: boolean;
}

/** An executed payroll's payouts: paid, pending (sent, not settled) and failed, of `total` to pay. */
export interface PayoutOutcome {
  paid: number;
  pending: number;
  failed: number;
  total: number;
  /** paise the failed, cancelled or reversed payouts gave back to the account balance (payroll-details' returned) */
  returned?: number;
}

/** The outcome counts of payroll-details (total: the finalized entries, each of which is paid out). */
export function payoutOutcomeOf(d: { finalizedEntries: number; paid: { count: number }; pending: { count: number }; failed: { count: number }; returned?: { amount: number } }): PayoutOutcome {
  const sent = d.paid.count + d.pending.count + d.failed.count;
  return { paid: d.paid.count, pending: d.pending.count, failed: d.failed.count, total: Math.max(d.finalizedEntries, sent), ...(d.returned ? { returned: d.returned.amount } : {}) };
}

const STATUS_TONE: Record<PayrollStatus, NoticeTone> = {
  UPLOADED: 'progress',
  PROCESSING: 'progress',
  PROCESSED: 'info',
  PAYROLL_FROZEN: 'success',
  PAYROLL_PROCESSING_FAILED: 'error',
  DISBURSAL_INITIATED: 'progress',
  DISBURSAL_IN_PROGRESS: 'progress',
  DISBURSAL_FAILED: 'error',
  DISBURSAL_COMPLETED: 'success',
  EXPIRED: 'warning',
  CANCELLED: 'info',
};

/** The upload prompt when the month has no payroll yet and the window is open (4.4). */
export const uploadPromptText = (month: MonthYearValue): string => `Upload the payroll sheet for ${monthLabel(month)} to start this month's payroll.`;

/**
 * What the status notification box says (4.4, 8): the load error; no payroll: an Upload Payroll
 * prompt while the cycle is active, else the expiry text; otherwise the status's text, with the
 * reason under a processing failure.
 */
export function statusNotice(input: NoticeInput): StatusNotice {
  if (input.loadError) return { kind: 'error', tone: 'error', text: input.loadError };
  if (input.loading) return { kind: 'loading' };
  if (input.status === null) {
    return input.isCurrentPayrollActive ? { kind: 'upload-prompt', tone: 'info', text: uploadPromptText(input.month) } : { kind: 'expired', tone: 'warning', text: PAYROLL_MSG.expired };
  }
  if (input.status === 'CANCELLED') {
    // The month's newest upload was cancelled: say so, and offer a new upload while the window is open.
    const cancelled = input.cancelledAt ? PAYROLL_MSG.cancelledOn(monthLabel(input.month), dateAndTimeIst(input.cancelledAt).date) : PAYROLL_MSG.cancelled(monthLabel(input.month));
    return input.isCurrentPayrollActive
      ? { kind: 'upload-prompt', tone: 'info', text: `${cancelled} ${PAYROLL_MSG.uploadAfterCancel}` }
      : { kind: 'expired', tone: 'warning', text: `${cancelled} ${PAYROLL_MSG.expired}` };
  }
  if (input.status === 'EXPIRED') return { kind: 'expired', tone: 'warning', text: PAYROLL_MSG.expired };
  if (isDisbursalStatus(input.status) && input.outcome) return disbursalNotice(input.status, input.outcome, input.rerunAllowed ?? false, input.month, input.canWrite ?? true);
  const text = payrollStatusMessage(input.status, input.month) ?? '';
  const detail = input.status === 'PAYROLL_PROCESSING_FAILED' ? input.failureReason || null : null;
  return { kind: 'status', tone: STATUS_TONE[input.status], status: input.status, text, detail };
}

/**
 * An executed payroll in words and in the colour of what happened (decision 0033): in progress
 * (progress), all paid (success), some paid and some failed (warning: "45 of 48 paid, 3 failed:
 * re-run them from the Failed tab"), nothing paid (the spec's "Payroll execution failed", error).
 * The counts go under the spec's texts.
 */
function disbursalNotice(status: PayrollStatus, o: PayoutOutcome, rerunAllowed: boolean, month: MonthYearValue, canWrite: boolean): StatusNotice {
  const counts = PAYROLL_OUTCOME_MSG.outcomeCounts(o.paid, o.total, o.pending, o.failed);
  const spec = payrollStatusMessage(status, month) ?? '';
  if (status !== 'DISBURSAL_FAILED') {
    const tone: NoticeTone = status === 'DISBURSAL_COMPLETED' ? 'success' : 'progress';
    return { kind: 'status', tone, status, text: spec, detail: o.total > 0 ? `${counts}.` : null };
  }
  // Once the window has closed, the failed amount stays back in the balance (issue 20 item 1): say
  // how much came back, from the payroll's return credits, and only when there are some.
  const closed = o.returned ? `${PAYROLL_OUTCOME_MSG.rerunClosed} ${formatRupees(o.returned)} was returned to the account balance.` : PAYROLL_OUTCOME_MSG.rerunClosed;
  // A read-only admin cannot re-run: told who can, never told to do it (decision 0034).
  const wayOut = rerunAllowed ? (canWrite ? `Re-run the failed payouts from the Failed tab.` : PAYROLL_OUTCOME_MSG.rerunByWriterSentence) : closed;
  if (o.paid === 0) return { kind: 'status', tone: 'error', status, text: spec, detail: o.total > 0 ? `${counts}. ${wayOut}` : null };
  const text = rerunAllowed ? `${PAYROLL_OUTCOME_MSG.partlyPaid(o.paid, o.total, o.failed)}: ${canWrite ? PAYROLL_OUTCOME_MSG.rerunFromFailedTab : PAYROLL_OUTCOME_MSG.rerunByWriter}` : `${PAYROLL_OUTCOME_MSG.partlyPaid(o.paid, o.total, o.failed)}.`;
  return { kind: 'status', tone: 'warning', status, text, detail: rerunAllowed ? (o.pending > 0 ? `${counts}.` : null) : closed };
}

/**
 * What a refused Execute or Re-run (409) means, decided by the payroll's state read again after
 * the refusal (never by the message's words): executed elsewhere, a re-run under way or already
 * settled, or a failure to show as one.
 */
export type Refusal = 'already-executed' | 'rerun-under-way' | 'rerun-done' | 'failed';
export function refusalOf(action: 'execute' | 'rerun', httpStatus: number | null, refreshed: PayrollStatus | null): Refusal {
  if (httpStatus !== 409 || refreshed === null) return 'failed';
  if (action === 'execute') return isDisbursalStatus(refreshed) ? 'already-executed' : 'failed';
  if (isSettlingStatus(refreshed)) return 'rerun-under-way';
  return refreshed === 'DISBURSAL_COMPLETED' ? 'rerun-done' : 'failed';
}

/** Spec 4.5: the balance is sufficient when it is at least totalBalanceRequired. */
export const isBalanceSufficient = (balance: number, required: number): boolean => balance >= required;

/**
 * Whether the account covers `required`: from the balance, or in a vendor's context (no balance,
 * decision 0034) from the server's `covers` (true when no payroll waits).
 */
export const accountCovers = (a: { accountBalance: number | null; covers: boolean | null }, required: number): boolean =>
  a.accountBalance !== null ? isBalanceSufficient(a.accountBalance, required) : a.covers !== false;

export interface ActionInput {
  status: PayrollStatus | null;
  canWrite: boolean;
  isPayrollExecutionAllowed: boolean;
  isCurrentPayrollActive: boolean;
  /** null while the balance is not known (and in a vendor's context, where `covers` says it) */
  balance: number | null;
  /** the server's answer in a vendor's context (decision 0034): whether the employer's balance covers the payroll */
  covers?: boolean | null;
  required: number;
  hasProcessedSheet: boolean;
}

export interface PayrollActions {
  finalize: boolean;
  cancel: boolean;
  /** Execute is shown when frozen with WRITE; `executeBlocked` says why it cannot run yet. */
  execute: boolean;
  executeBlocked: string | null;
  /** the "Insufficient Balance!" card */
  insufficientBalance: boolean;
  reupload: boolean;
  downloadSheet: boolean;
  viewSummary: boolean;
  viewStatus: boolean;
  /** everything is held while the sheet is being processed (4.4) */
  processing: boolean;
}

export const EXECUTION_NOT_ALLOWED = 'Payroll can be executed only within the payroll window.';
export const BALANCE_UNKNOWN = 'The account balance could not be read.';

/** Which payroll actions the screens offer (4.4, 4.5, 6). */
export function payrollActions(i: ActionInput): PayrollActions {
  const s = i.status;
  const frozen = s === 'PAYROLL_FROZEN';
  const preExecution = s !== null && (s === 'PROCESSED' || frozen);
  const known = i.balance !== null || typeof i.covers === 'boolean';
  const insufficient = preExecution && (i.balance !== null ? !isBalanceSufficient(i.balance, i.required) : i.covers === false);
  let executeBlocked: string | null = null;
  if (frozen) {
    if (!i.isPayrollExecutionAllowed) executeBlocked = EXECUTION_NOT_ALLOWED;
    else if (!known) executeBlocked = BALANCE_UNKNOWN;
    else if (insufficient) executeBlocked = PAYROLL_MSG.insufficientBalance;
  }
  return {
    finalize: s === 'PROCESSED' && i.canWrite,
    cancel: frozen && i.canWrite,
    execute: frozen && i.canWrite,
    executeBlocked,
    insufficientBalance: insufficient,
    reupload: i.canWrite && i.isCurrentPayrollActive && (s === 'PROCESSED' || s === 'PAYROLL_PROCESSING_FAILED'),
    downloadSheet: i.hasProcessedSheet && (s === 'PAYROLL_PROCESSING_FAILED' || preExecution),
    viewSummary: s !== null && isPreExecutionStatus(s),
    viewStatus: s !== null && isDisbursalStatus(s),
    processing: s !== null && isProcessingStatus(s),
  };
}

/**
 * Whether the month takes a new upload now (spec 2.9's Upload link): WRITE, the window open, and
 * the month's payroll not being processed, finalized or executed.
 */
export function canUploadNow(i: { canWrite: boolean; isCurrentPayrollActive: boolean; status: PayrollStatus | null }): boolean {
  if (!i.canWrite || !i.isCurrentPayrollActive) return false;
  const s = i.status;
  return s === null || s === 'PROCESSED' || s === 'PAYROLL_PROCESSING_FAILED' || s === 'CANCELLED' || s === 'EXPIRED';
}

/**
 * The Monthly Summary's months, newest first: from the first executed payroll's month (or the
 * current payroll month when none was executed) to the current payroll month.
 */
export function summaryMonths(current: MonthYearValue, summary: Pick<PayrollMonthlySummary, 'firstExecutedPayrollMonthYear'> | null | undefined): MonthYearValue[] {
  const first = summary?.firstExecutedPayrollMonthYear;
  const from = first && compareMonths(first, current) < 0 ? first : current;
  return monthsBetween(from, current);
}

export interface SummaryFigure {
  key: 'total' | 'paid' | 'pending' | 'failed' | 'toBePaid' | 'skipped';
  label: string;
  value: { count: number; amount: number };
}

/** The label of a payroll's finalized entries that nothing was sent for: to be paid, or never paid once expired. */
const TO_BE_PAID = 'To be paid';
const NOT_PAID_EXPIRED = 'Not paid (expired)';

/**
 * The Monthly Summary's figures (decision 0033): an executed payroll by outcome (paid, pending =
 * sent and not settled, failed); a payroll not executed has sent nothing, so its finalized
 * entries are "To be paid" (never "Pending"), or "Not paid (expired)" once its window closed.
 */
export function summaryFigures(s: Pick<PayrollDonut, 'status' | 'total' | 'paid' | 'pending' | 'failed' | 'finalized' | 'skipped'>): SummaryFigure[] {
  const total: SummaryFigure = { key: 'total', label: 'Total Employees', value: s.total };
  const skipped: SummaryFigure = { key: 'skipped', label: 'Skipped', value: s.skipped };
  const finalized: SummaryFigure = { key: 'toBePaid', label: s.status === 'EXPIRED' ? NOT_PAID_EXPIRED : TO_BE_PAID, value: s.finalized };
  if (!s.status || !isDisbursalStatus(s.status)) return [total, finalized, skipped];
  const sent: SummaryFigure[] = [
    { key: 'paid', label: 'Paid', value: s.paid },
    { key: 'pending', label: 'Pending', value: s.pending },
    { key: 'failed', label: 'Failed', value: s.failed },
  ];
  return [total, ...sent, ...(s.finalized.count > 0 ? [finalized] : []), skipped];
}

/**
 * The payout screen's months, newest first: executed payrolls' months from the first to the
 * latest (and the selected month, so the dropdown always shows it).
 */
export function payoutMonths(summary: Pick<PayrollMonthlySummary, 'firstExecutedPayrollMonthYear' | 'latestExecutedPayrollMonthYear'> | null | undefined, selected: MonthYearValue | null): MonthYearValue[] {
  const first = summary?.firstExecutedPayrollMonthYear ?? selected;
  const latest = summary?.latestExecutedPayrollMonthYear ?? selected;
  if (!first || !latest) return selected ? [selected] : [];
  let from = compareMonths(first, latest) <= 0 ? first : latest;
  let to = latest;
  if (selected && compareMonths(selected, to) > 0) to = selected;
  if (selected && compareMonths(selected, from) < 0) from = selected;
  return monthsBetween(from, to);
}

/** yyyy-mm-dd (or an ISO instant: its IST date) -> "1 December 2026" (spec 9: day month year, with its month names). */
export function dayMonthYear(value: string | null | undefined): string {
  if (!value) return '';
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : safeBusinessDate(value);
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${Number(d)} ${MONTH_NAMES[Number(m) - 1] ?? ''} ${y}`;
}

function safeBusinessDate(instant: string): string | null {
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? null : businessDate(at);
}

/** An instant's IST date (dd/mm/yyyy) and time (hh:mm AM/PM), for the payout table and its dialog. */
export function dateAndTimeIst(instant: string | null | undefined): { date: string; time: string } {
  if (!instant) return { date: '', time: '' };
  const iso = safeBusinessDate(instant);
  if (!iso) return { date: '', time: '' };
  const text = formatDateTimeIst(instant);
  return { date: formatDdMmYyyy(iso), time: text.slice(text.indexOf(' ') + 1) };
}
