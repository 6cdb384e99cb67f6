import { describe, expect, it } from 'vitest';
import { PAYOUT_SCREEN_TABS, SUMMARY_TABS, monthsBetween, parseListState, parseMonthParam, payrollHref, payrollUploadHref, writeListState } from './url-state';

describe('payroll URL state', () => {
  it('defaults to page 1 and the Total tab, with no month or search', () => {
    const s = parseListState(new URLSearchParams(''), PAYOUT_SCREEN_TABS);
    expect(s).toEqual({ month: null, page: 1, tab: PAYOUT_SCREEN_TABS[0], search: '' });
    expect(s.tab).toMatchObject({ key: 'total', filter: 'TOTAL' });
  });
  it('reads month (yyyy-mm or mm-yyyy), page, tab and search', () => {
    const s = parseListState(new URLSearchParams('month=2026-10&page=3&tab=Failed&search=%20SUN-1001%20'), PAYOUT_SCREEN_TABS);
    expect(s.month).toEqual({ year: 2026, month: 10 });
    expect(s.page).toBe(3);
    expect(s.tab).toMatchObject({ key: 'failed', filter: 'FAILED' });
    expect(s.search).toBe('SUN-1001');
    expect(parseMonthParam('9-2026')).toEqual({ year: 2026, month: 9 });
  });
  it('maps the tabs to the payout filters (Paid is TRANSFERRED)', () => {
    expect(PAYOUT_SCREEN_TABS.map((t) => [t.key, t.filter])).toEqual([
      ['total', 'TOTAL'],
      ['paid', 'TRANSFERRED'],
      ['pending', 'PENDING'],
      ['failed', 'FAILED'],
      ['skipped', 'SKIPPED'],
    ]);
    expect(SUMMARY_TABS.map((t) => t.key)).toEqual(['total', 'finalized', 'skipped']);
  });
  it('ignores unreadable values', () => {
    const s = parseListState(new URLSearchParams('month=2026-13&page=0&tab=finalized'), PAYOUT_SCREEN_TABS);
    expect(s).toEqual({ month: null, page: 1, tab: PAYOUT_SCREEN_TABS[0], search: '' });
    expect(parseMonthParam('October')).toBeNull();
  });
  it('writes month, page and tab always, keeps the vendorId and drops an empty search', () => {
    const next = writeListState(new URLSearchParams('vendorId=v1&search=x'), { month: { year: 2026, month: 2 }, page: 1, tab: PAYOUT_SCREEN_TABS[0]!, search: '' });
    expect(next.toString()).toBe('vendorId=v1&month=2026-02&page=1&tab=total');
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
    expect(payrollHref('/payroll', null, 'v9')).toBe('/payroll?vendorId=v9');
    const upload = new URL(payrollUploadHref({ year: 2026, month: 10 }, 'v9', '/payroll?vendorId=v9'), 'https://x.invalid');
    expect(upload.pathname).toBe('/documentUpload');
    expect(Object.fromEntries(upload.searchParams)).toEqual({ document: 'PAYROLL_UPLOAD', payrollMonth: '2026-10', returnTo: '/payroll?vendorId=v9', vendorId: 'v9' });
    // An employer that has opted for the streaming account uploads its sheets as that kind.
    const streaming = new URL(payrollUploadHref({ year: 2026, month: 10 }, null, '/payroll', 'PAYROLL_STREAMING_ACCOUNT'), 'https://x.invalid');
    expect(Object.fromEntries(streaming.searchParams)).toEqual({ document: 'PAYROLL_STREAMING_ACCOUNT', payrollMonth: '2026-10', returnTo: '/payroll' });
  });
});
