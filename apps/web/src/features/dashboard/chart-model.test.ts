import { describe, expect, it } from 'vitest';
import { axisTicks, chartBars, compactRupees, niceMax, periodLabel, wholeRupees } from './chart-model';

describe('Summary chart model', () => {
  it('labels calendar months and shifted cycles', () => {
    expect(periodLabel({ startDate: '2026-06-01', endDate: '2026-06-30' })).toBe('Jun 2026');
    expect(periodLabel({ startDate: '2026-11-01', endDate: '2026-11-23' })).toBe('Nov 2026');
    expect(periodLabel({ startDate: '2026-10-15', endDate: '2026-11-14' })).toBe('15 Oct - 14 Nov');
  });
  it('shows rupees from paise, bars scaled to a round top', () => {
    const { bars, max } = chartBars([
      { numberOfTransactions: 2, startDate: '2026-10-01', endDate: '2026-10-31', value: 15_000_000 },
      { numberOfTransactions: 0, startDate: '2026-11-01', endDate: '2026-11-23', value: 0 },
    ]);
    expect(max).toBe(200_000);
    expect(bars.map((b) => [b.rupees, b.count, b.height])).toEqual([
      [150_000, 2, 0.75],
      [0, 0, 0],
    ]);
    expect(bars[0]!.longLabel).toBe('1 Oct 2026 to 31 Oct 2026');
  });
  it('rounds the axis and writes rupees the Indian way', () => {
    expect([niceMax(0), niceMax(7), niceMax(120), niceMax(4_800_000)]).toEqual([1, 10, 200, 5_000_000]);
    expect([compactRupees(0), compactRupees(950), compactRupees(12_000), compactRupees(340_000), compactRupees(12_000_000)]).toEqual(['₹0', '₹950', '₹12K', '₹3.4L', '₹1.2Cr']);
    expect(wholeRupees(123_456)).toBe('₹1,23,456');
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const samples = [0, -0, 0.4, 0.5, 1.5, 2.5, 999.5, 12_345.49, 12_345.5, 1e15 + 0.5, 2 ** 60];
    for (let i = 0; i < 2000; i++) samples.push(Math.random() * 10 ** (1 + (i % 13)), Math.floor(Math.random() * 10 ** (1 + (i % 13))) / 100);
    for (const r of samples) for (const v of [r, -r]) expect(wholeRupees(v), String(v)).toBe(intl.format(v));
    expect([axisTicks(50_000), axisTicks(200_000), axisTicks(100)]).toEqual([5, 4, 4]);
  });
});
