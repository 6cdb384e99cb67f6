import { describe, expect, it } from 'vitest';
import { PAYROLL_MSG } from '@portal/domain';
import { flagSummary, flagsText, orderedFlags } from './flags';
import {
  BALANCE_UNKNOWN,
  EXECUTION_NOT_ALLOWED,
  PAYOUT_SCREEN_TABS,
  SUMMARY_TABS,
  canUploadNow,
  dateAndTimeIst,
  dayMonthYear,
  isBalanceSufficient,
  monthsBetween,
  parseAsPayrollMonth,
  parseMonthParam,
  payoutMonths,
  payrollActions,
  payrollHome,
  payrollHref,
  payrollStatusTone,
  payoutOutcomeOf,
  payrollUploadHref,
  refreshIntervalOf,
  refusalOf,
  statusNotice,
  summaryFigures,
  summaryMonths,
  type ActionInput,
} from './model';

const OCT = { year: 2026, month: 10 };

describe('the status notification box (4.4, 4.5, 8)', () => {
  const base = { month: OCT, isCurrentPayrollActive: true };
  it('says the 4.4 texts verbatim', () => {
    expect(statusNotice({ ...base, status: 'PROCESSING' })).toMatchObject({ text: 'Please wait while we are processing the payroll sheet.', tone: 'progress' });
    expect(statusNotice({ ...base, status: 'UPLOADED' })).toMatchObject({ text: 'Please wait while we are processing the payroll sheet.' });
    expect(statusNotice({ ...base, status: 'PROCESSED' })).toMatchObject({ text: 'Please verify the details and finalize the payroll.' });
    expect(statusNotice({ ...base, status: 'PAYROLL_FROZEN' })).toMatchObject({ text: 'Payroll Finalized for October 2026' });
    expect(statusNotice({ ...base, status: 'DISBURSAL_IN_PROGRESS' })).toMatchObject({ text: 'Payroll execution in progress.' });
    expect(statusNotice({ ...base, status: 'DISBURSAL_COMPLETED' })).toMatchObject({ text: 'You have successfully ran payroll.' });
    expect(statusNotice({ ...base, status: 'DISBURSAL_FAILED' })).toMatchObject({ text: 'Payroll execution failed', tone: 'error' });
    expect(statusNotice({ ...base, status: 'EXPIRED' })).toMatchObject({ kind: 'expired', text: 'Your payroll got expired, since no action was taken' });
  });
  it('uses the misspelt February of spec 9', () => {
    expect(statusNotice({ ...base, month: { year: 2026, month: 2 }, status: 'PAYROLL_FROZEN' })).toMatchObject({ text: 'Payroll Finalized for Febuary 2026' });
  });
  it('shows the processing failure with its reason', () => {
    expect(statusNotice({ ...base, status: 'PAYROLL_PROCESSING_FAILED', failureReason: '2 row(s) have errors.' })).toMatchObject({ text: PAYROLL_MSG.processingFailedTitle, detail: '2 row(s) have errors.', tone: 'error' });
  });
  it('without a payroll: the upload prompt while the cycle is active, else the expiry text', () => {
    expect(statusNotice({ ...base, status: null })).toMatchObject({ kind: 'upload-prompt' });
    expect(statusNotice({ ...base, status: null, isCurrentPayrollActive: false })).toMatchObject({ kind: 'expired', text: PAYROLL_MSG.expired });
  });
  it('a cancelled payroll says so, with its date, and offers a new upload while the cycle is active', () => {
    // 20:00 UTC on 22 November is 23 November in IST.
    expect(statusNotice({ ...base, status: 'CANCELLED', cancelledAt: '2026-11-22T20:00:00.000Z' })).toEqual({
      kind: 'upload-prompt',
      tone: 'info',
      text: "The payroll for October 2026 was cancelled on 23/11/2026. Upload a new sheet to run this month's payroll.",
    });
    expect(statusNotice({ ...base, status: 'CANCELLED', cancelledAt: '2026-11-22T20:00:00.000Z', isCurrentPayrollActive: false })).toMatchObject({
      kind: 'expired',
      text: 'The payroll for October 2026 was cancelled on 23/11/2026. Your payroll got expired, since no action was taken',
    });
  });
  it('shows the load error in the box, before anything else', () => {
    expect(statusNotice({ ...base, status: 'PROCESSED', loadError: 'Something Went Wrong!' })).toEqual({ kind: 'error', tone: 'error', text: 'Something Went Wrong!' });
    expect(statusNotice({ ...base, status: null, loading: true })).toEqual({ kind: 'loading' });
  });
});

describe('an executed payroll in words and in the colour of what happened (issue 20 item 4; decision 0033)', () => {
  const base = { month: OCT, isCurrentPayrollActive: true };
  const outcome = (paid: number, failed: number, pending = 0, total = 48) => ({ paid, failed, pending, total });
  it('some paid and some failed: the counts and the way out, in orange, never "Payroll execution failed"', () => {
    expect(statusNotice({ ...base, status: 'DISBURSAL_FAILED', outcome: outcome(45, 3), rerunAllowed: true })).toMatchObject({
      kind: 'status',
      tone: 'warning',
      text: '45 of 48 paid, 3 failed: re-run them from the Failed tab',
    });
  });
  it('a read-only admin (no WRITE on payroll) is told who can re-run, not told to re-run (decision 0034)', () => {
    expect(statusNotice({ ...base, status: 'DISBURSAL_FAILED', outcome: outcome(45, 3), rerunAllowed: true, canWrite: false })).toMatchObject({
      tone: 'warning',
      text: '45 of 48 paid, 3 failed: an admin with payroll write access can re-run them from the Failed tab',
    });
    expect(statusNotice({ ...base, status: 'DISBURSAL_FAILED', outcome: outcome(0, 48), rerunAllowed: true, canWrite: false })).toMatchObject({
      detail: '0 of 48 paid, 48 failed. An admin with payroll write access can re-run the failed payouts from the Failed tab.',
    });
  });
  it('some failed once the re-run window has closed: the counts, and no re-run (no claim about the money the API does not show)', () => {
    const n = statusNotice({ ...base, status: 'DISBURSAL_FAILED', outcome: outcome(45, 3), rerunAllowed: false });
    expect(n).toMatchObject({ tone: 'warning', text: '45 of 48 paid, 3 failed.', detail: 'The payroll window has closed, so they can no longer be re-run.' });
    expect(JSON.stringify(n)).not.toMatch(/balance/i);
  });
  it('some failed once the re-run window has closed, their amount returned: says how much went back to the balance (issue 20 item 1)', () => {
    const n = statusNotice({ ...base, status: 'DISBURSAL_FAILED', outcome: { ...outcome(45, 3), returned: 9_540_000 }, rerunAllowed: false });
    expect(n).toMatchObject({ tone: 'warning', text: '45 of 48 paid, 3 failed.', detail: 'The payroll window has closed, so they can no longer be re-run. ₹95,400.00 was returned to the account balance.' });
    // While a re-run is possible the notice offers it and makes no claim about the balance.
    expect(JSON.stringify(statusNotice({ ...base, status: 'DISBURSAL_FAILED', outcome: { ...outcome(45, 3), returned: 9_540_000 }, rerunAllowed: true }))).not.toMatch(/balance/i);
    expect(payoutOutcomeOf({ finalizedEntries: 48, paid: { count: 45 }, pending: { count: 0 }, failed: { count: 3 }, returned: { amount: 9_540_000 } }).returned).toBe(9_540_000);
  });
  it('nothing paid: the spec\'s "Payroll execution failed" in red, with the counts', () => {
    expect(statusNotice({ ...base, status: 'DISBURSAL_FAILED', outcome: outcome(0, 48), rerunAllowed: true })).toMatchObject({
      tone: 'error',
      text: 'Payroll execution failed',
      detail: '0 of 48 paid, 48 failed. Re-run the failed payouts from the Failed tab.',
    });
  });
  it('in progress and all paid: the spec\'s texts, with the counts, in progress and success tones', () => {
    expect(statusNotice({ ...base, status: 'DISBURSAL_IN_PROGRESS', outcome: outcome(12, 0, 36) })).toMatchObject({ tone: 'progress', text: 'Payroll execution in progress.', detail: '12 of 48 paid, 36 pending.' });
    expect(statusNotice({ ...base, status: 'DISBURSAL_COMPLETED', outcome: outcome(48, 0) })).toMatchObject({ tone: 'success', text: 'You have successfully ran payroll.', detail: '48 of 48 paid.' });
  });
  it('takes the counts from payroll-details (total: the finalized entries)', () => {
    expect(payoutOutcomeOf({ finalizedEntries: 48, paid: { count: 45 }, pending: { count: 0 }, failed: { count: 3 } })).toEqual({ paid: 45, pending: 0, failed: 3, total: 48 });
  });
  it('judges a refused Execute or Re-run by the payroll read again, not by the words', () => {
    expect(refusalOf('execute', 409, 'DISBURSAL_INITIATED')).toBe('already-executed');
    expect(refusalOf('execute', 409, 'DISBURSAL_COMPLETED')).toBe('already-executed');
    expect(refusalOf('execute', 409, 'PAYROLL_FROZEN')).toBe('failed'); // e.g. outside the window: a real failure
    expect(refusalOf('execute', 500, 'DISBURSAL_INITIATED')).toBe('failed');
    expect(refusalOf('rerun', 409, 'DISBURSAL_IN_PROGRESS')).toBe('rerun-under-way');
    expect(refusalOf('rerun', 409, 'DISBURSAL_COMPLETED')).toBe('rerun-done');
    expect(refusalOf('rerun', 409, 'DISBURSAL_FAILED')).toBe('failed'); // nothing to re-run, or the window closed
    expect(refusalOf('rerun', 409, null)).toBe('failed');
  });
});

describe('the Monthly Summary figures (issue 20 item 6; decision 0033)', () => {
  const ca = (count: number, amount: number) => ({ count, amount });
  const zero = ca(0, 0);
  it('a payroll not executed shows its finalized entries as "To be paid", never as Pending', () => {
    const f = summaryFigures({ status: 'PAYROLL_FROZEN', total: ca(5, 100), paid: zero, pending: zero, failed: zero, finalized: ca(4, 100), skipped: ca(1, 0) });
    expect(f.map((x) => [x.label, x.value.count])).toEqual([
      ['Total Employees', 5],
      ['To be paid', 4],
      ['Skipped', 1],
    ]);
    expect(summaryFigures({ status: 'EXPIRED', total: ca(4, 100), paid: zero, pending: zero, failed: zero, finalized: ca(4, 100), skipped: zero })[1]!.label).toBe('Not paid (expired)');
  });
  it('an executed payroll by outcome: paid, pending (sent, not settled), failed', () => {
    const f = summaryFigures({ status: 'DISBURSAL_IN_PROGRESS', total: ca(5, 100), paid: ca(2, 40), pending: ca(2, 40), failed: ca(1, 20), finalized: zero, skipped: zero });
    expect(f.map((x) => x.label)).toEqual(['Total Employees', 'Paid', 'Pending', 'Failed', 'Skipped']);
  });
});

describe('payroll actions (4.4, 4.5, 6)', () => {
  const input = (patch: Partial<ActionInput>): ActionInput => ({
    status: 'PAYROLL_FROZEN',
    canWrite: true,
    isPayrollExecutionAllowed: true,
    isCurrentPayrollActive: true,
    balance: 10_000_00,
    required: 5_000_00,
    hasProcessedSheet: true,
    ...patch,
  });
  it('offers Finalize only for a processed payroll, with WRITE', () => {
    expect(payrollActions(input({ status: 'PROCESSED' })).finalize).toBe(true);
    expect(payrollActions(input({ status: 'PROCESSED', canWrite: false })).finalize).toBe(false);
    expect(payrollActions(input({ status: 'PAYROLL_FROZEN' })).finalize).toBe(false);
  });
  it('offers Cancel and Execute only when frozen, with WRITE', () => {
    const a = payrollActions(input({}));
    expect([a.cancel, a.execute, a.executeBlocked, a.insufficientBalance]).toEqual([true, true, null, false]);
    const ro = payrollActions(input({ canWrite: false }));
    expect([ro.cancel, ro.execute]).toEqual([false, false]);
    const processed = payrollActions(input({ status: 'PROCESSED' }));
    expect([processed.cancel, processed.execute]).toEqual([false, false]);
  });
  it('holds Execute outside the window and when the balance is short or unknown', () => {
    expect(payrollActions(input({ isPayrollExecutionAllowed: false })).executeBlocked).toBe(EXECUTION_NOT_ALLOWED);
    expect(payrollActions(input({ balance: null })).executeBlocked).toBe(BALANCE_UNKNOWN);
    const short = payrollActions(input({ balance: 4_999_99 }));
    expect(short.executeBlocked).toBe('Insufficient Balance!');
    expect(short.insufficientBalance).toBe(true);
  });
  it('balance equal to the requirement is enough', () => {
    expect(isBalanceSufficient(500, 500)).toBe(true);
    expect(isBalanceSufficient(499, 500)).toBe(false);
    expect(payrollActions(input({ balance: 5_000_00 })).executeBlocked).toBeNull();
  });
  it('re-upload and the highlighted sheet after a processing failure; View Status once executed', () => {
    const failed = payrollActions(input({ status: 'PAYROLL_PROCESSING_FAILED' }));
    expect([failed.reupload, failed.downloadSheet, failed.insufficientBalance]).toEqual([true, true, false]);
    expect(payrollActions(input({ status: 'PAYROLL_PROCESSING_FAILED', canWrite: false })).reupload).toBe(false);
    expect(payrollActions(input({ status: 'DISBURSAL_FAILED', balance: 0 }))).toMatchObject({ viewStatus: true, insufficientBalance: false, execute: false });
    expect(payrollActions(input({ status: 'PROCESSING' }))).toMatchObject({ processing: true, finalize: false, viewSummary: true });
  });
  it('takes a new upload only when nothing is processing, finalized or executed', () => {
    const ok = (status: ActionInput['status']) => canUploadNow({ canWrite: true, isCurrentPayrollActive: true, status });
    expect([null, 'PROCESSED', 'PAYROLL_PROCESSING_FAILED'].map((s) => ok(s as ActionInput['status']))).toEqual([true, true, true]);
    expect(['PROCESSING', 'PAYROLL_FROZEN', 'DISBURSAL_COMPLETED'].map((s) => ok(s as ActionInput['status']))).toEqual([false, false, false]);
    expect(canUploadNow({ canWrite: true, isCurrentPayrollActive: false, status: null })).toBe(false);
    expect(canUploadNow({ canWrite: false, isCurrentPayrollActive: true, status: null })).toBe(false);
  });
});

describe('refresh, tones, months and dates', () => {
  it('refreshes every 2 s while processing and every 3 s while payouts settle', () => {
    expect(refreshIntervalOf('UPLOADED')).toBe(2000);
    expect(refreshIntervalOf('PROCESSING')).toBe(2000);
    expect(refreshIntervalOf('DISBURSAL_INITIATED')).toBe(3000);
    expect(refreshIntervalOf('DISBURSAL_IN_PROGRESS')).toBe(3000);
    expect(refreshIntervalOf('DISBURSAL_FAILED')).toBe(false);
    expect(refreshIntervalOf(undefined)).toBe(false);
  });
  it('gives payroll statuses a badge tone', () => {
    expect(payrollStatusTone('PROCESSING')).toBe('pending');
    expect(payrollStatusTone('DISBURSAL_COMPLETED')).toBe('success');
    expect(payrollStatusTone('PAYROLL_PROCESSING_FAILED')).toBe('reject');
    expect(payrollStatusTone('SOMETHING')).toBe('info');
  });
  it('lists summary months from the first executed payroll to the current payroll month', () => {
    expect(summaryMonths(OCT, { firstExecutedPayrollMonthYear: { year: 2026, month: 8, label: 'August 2026' } })).toEqual([OCT, { year: 2026, month: 9 }, { year: 2026, month: 8 }]);
    expect(summaryMonths(OCT, { firstExecutedPayrollMonthYear: null })).toEqual([OCT]);
  });
  it('lists payout months from the first to the latest executed, with the selected one', () => {
    const range = { firstExecutedPayrollMonthYear: { year: 2026, month: 8, label: '' }, latestExecutedPayrollMonthYear: { year: 2026, month: 9, label: '' } };
    expect(payoutMonths(range, OCT)).toEqual([OCT, { year: 2026, month: 9 }, { year: 2026, month: 8 }]);
    expect(payoutMonths(null, OCT)).toEqual([OCT]);
    expect(payoutMonths(undefined, null)).toEqual([]);
  });
  it('writes dates as day month year (spec 9 names) and instants in IST', () => {
    expect(dayMonthYear('2026-12-01')).toBe('1 December 2026');
    expect(dayMonthYear('2026-02-14')).toBe('14 Febuary 2026');
    expect(dayMonthYear('2026-11-30T20:00:00.000Z')).toBe('1 December 2026');
    expect(dayMonthYear(null)).toBe('');
    expect(dateAndTimeIst('2026-11-30T20:05:00.000Z')).toEqual({ date: '01/12/2026', time: '01:35 AM' });
    expect(dateAndTimeIst('nonsense')).toEqual({ date: '', time: '' });
  });
});

describe('flags (shown, never applied)', () => {
  it('keeps the domain order and drops unknown values', () => {
    expect(orderedFlags(['SHARED_BANK_ACCOUNT', 'X', 'NON_POSITIVE_NET'])).toEqual(['NON_POSITIVE_NET', 'SHARED_BANK_ACCOUNT']);
    expect(flagsText(['NEW_BANK_ACCOUNT'])).toBe('Bank account differs from the last executed payroll');
  });
  it('summarises the flags present with their counts', () => {
    const s = flagSummary({ NON_POSITIVE_NET: 0, NET_CHANGED_OVER_30_PERCENT: 2, NEW_BANK_ACCOUNT: 5, SHARED_BANK_ACCOUNT: 0 });
    expect(s.map((f) => [f.flag, f.count])).toEqual([
      ['NET_CHANGED_OVER_30_PERCENT', 2],
      ['NEW_BANK_ACCOUNT', 5],
    ]);
    expect(flagSummary(null)).toEqual([]);
  });
  it("names what the employee record holds on a row naming someone else", () => {
    expect(flagsText(['MOBILE_DIFFERS', 'NAME_DIFFERS'], { name: 'Ananya Rao', mobile: '9811122233' })).toBe(
      'Name differs from the employee record (Ananya Rao); Mobile number differs from the employee record (9811122233)',
    );
    expect(flagSummary({ NAME_DIFFERS: 1 }).map((f) => [f.short, f.count])).toEqual([['Name differs', 1]]);
  });
});

describe('the payroll URL: month, tabs and links', () => {
  it('reads the month as yyyy-mm or mm-yyyy, and nothing else', () => {
    expect(parseMonthParam('2026-10')).toEqual({ year: 2026, month: 10 });
    expect(parseMonthParam(' 2026-3 ')).toEqual({ year: 2026, month: 3 });
    expect(parseMonthParam('9-2026')).toEqual({ year: 2026, month: 9 });
    for (const bad of ['2026-13', '2026-00', '1999-12', 'October', '', null, undefined]) expect(parseMonthParam(bad), String(bad)).toBeNull();
  });
  it('the month parameter of the screens writes yyyy-mm and reads what older links carry', () => {
    expect(parseAsPayrollMonth.serialize({ year: 2026, month: 2 })).toBe('2026-02');
    expect(parseAsPayrollMonth.parse('02-2026')).toEqual({ year: 2026, month: 2 });
    expect(parseAsPayrollMonth.parse('2026-14')).toBeNull();
    expect(parseAsPayrollMonth.eq({ year: 2026, month: 2 }, { year: 2026, month: 2 })).toBe(true);
    expect(parseAsPayrollMonth.eq({ year: 2026, month: 2 }, { year: 2025, month: 2 })).toBe(false);
  });
  it('maps the tabs to the payout filters (Paid is TRANSFERRED), keyed by their label in lower case', () => {
    expect(PAYOUT_SCREEN_TABS.map((t) => [t.key, t.filter])).toEqual([
      ['total', 'TOTAL'],
      ['paid', 'TRANSFERRED'],
      ['pending', 'PENDING'],
      ['failed', 'FAILED'],
      ['skipped', 'SKIPPED'],
    ]);
    expect(SUMMARY_TABS.map((t) => [t.key, t.filter])).toEqual([
      ['total', 'TOTAL'],
      ['finalized', 'FINALIZED'],
      ['skipped', 'SKIPPED'],
    ]);
  });
  it('lists months newest first', () => {
    expect(monthsBetween({ year: 2025, month: 11 }, { year: 2026, month: 2 })).toEqual([
      { year: 2026, month: 2 },
      { year: 2026, month: 1 },
      { year: 2025, month: 12 },
      { year: 2025, month: 11 },
    ]);
    expect(monthsBetween({ year: 2026, month: 3 }, { year: 2026, month: 2 })).toEqual([]);
  });
  it('builds the payroll links with the month and the vendor context', () => {
    expect(payrollHref('/payroll/summary', { year: 2026, month: 10 }, null)).toBe('/payroll/summary?month=2026-10');
    expect(payrollHref('/payroll/uploadSummary', { year: 2026, month: 10 }, 'v9')).toBe('/payroll/uploadSummary?month=2026-10&vendorId=v9');
    expect(payrollHome('v9')).toBe('/payroll?vendorId=v9');
    expect(payrollHome(null)).toBe('/payroll');
    const upload = new URL(payrollUploadHref({ year: 2026, month: 10 }, 'v9', '/payroll?vendorId=v9'), 'https://x.invalid');
    expect(upload.pathname).toBe('/documentUpload');
    expect(Object.fromEntries(upload.searchParams)).toEqual({ document: 'PAYROLL_UPLOAD', payrollMonth: '2026-10', returnTo: '/payroll?vendorId=v9', vendorId: 'v9' });
    // An employer that has opted for the streaming account uploads its sheets as that kind.
    const streaming = new URL(payrollUploadHref({ year: 2026, month: 10 }, null, '/payroll', 'PAYROLL_STREAMING_ACCOUNT'), 'https://x.invalid');
    expect(Object.fromEntries(streaming.searchParams)).toEqual({ document: 'PAYROLL_STREAMING_ACCOUNT', payrollMonth: '2026-10', returnTo: '/payroll' });
  });
});
