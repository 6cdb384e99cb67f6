/**
 * The Summary chart's model (spec 2.4): one bar per attendance-cycle period, its height the
 * period's value in rupees, with labels people read. Pure.
 */
import { MONTH_NAMES, formatCount, paiseToRupees, type CycleTransactionDetail } from '@portal/domain';

export interface Bar {
  key: string;
  label: string;
  /** the period in words, for assistive technology and the tooltip */
  longLabel: string;
  rupees: number;
  count: number;
  /** 0..1 of the chart's height */
  height: number;
}

const monthShort = (iso: string) => MONTH_NAMES[Number(iso.slice(5, 7)) - 1]!.slice(0, 3);
const dayMonth = (iso: string) => `${Number(iso.slice(8, 10))} ${monthShort(iso)}`;

/** "Jun 2026" for a calendar-month period, else "15 Jun - 14 Jul". */
export function periodLabel(p: { startDate: string; endDate: string }): string {
  if (p.startDate.endsWith('-01') && p.startDate.slice(0, 7) === p.endDate.slice(0, 7)) return `${monthShort(p.startDate)} ${p.startDate.slice(0, 4)}`;
  return `${dayMonth(p.startDate)} - ${dayMonth(p.endDate)}`;
}

const longDate = (iso: string) => `${dayMonth(iso)} ${iso.slice(0, 4)}`;

/**
 * Rupees in en-IN, without paise: "₹1,23,456" (rounded half away from zero, as Intl does). Grouped by
 * hand (`formatCount`): an Intl currency formatter made per bar cost the dashboard the en-IN locale data
 * on Lighthouse's mobile CPU (decision 0041).
 */
export function wholeRupees(rupees: number): string {
  const whole = Math.round(Math.abs(rupees));
  if (!Number.isSafeInteger(whole)) return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(rupees);
  return `${rupees < 0 || Object.is(rupees, -0) ? '-' : ''}₹${formatCount(whole)}`;
}

/** Rupees in short form for the axis: "₹0", "₹950", "₹12K", "₹3.4L", "₹1.2Cr". */
export function compactRupees(rupees: number): string {
  const fmt = (n: number, unit: string) => `₹${Number(n.toFixed(n < 10 ? 1 : 0))}${unit}`;
  if (rupees >= 1e7) return fmt(rupees / 1e7, 'Cr');
  if (rupees >= 1e5) return fmt(rupees / 1e5, 'L');
  if (rupees >= 1e3) return fmt(rupees / 1e3, 'K');
  return `₹${Math.round(rupees)}`;
}

/** A round top for the axis at or above the largest value (1, 2 or 5 times a power of ten). */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Gridlines of an axis topped at `max` (from niceMax): steps of a round size (5 for a top of 5 x 10^n, else 4). */
export const axisTicks = (max: number): number => (max / 10 ** Math.floor(Math.log10(max)) === 5 ? 5 : 4);

export function chartBars(periods: readonly CycleTransactionDetail[]): { bars: Bar[]; max: number; ticks: number } {
  const rupees = periods.map((p) => paiseToRupees(p.value));
  const max = niceMax(Math.max(0, ...rupees));
  return {
    max,
    ticks: axisTicks(max),
    bars: periods.map((p, k) => ({
      key: p.startDate,
      label: periodLabel(p),
      longLabel: `${longDate(p.startDate)} to ${longDate(p.endDate)}`,
      rupees: rupees[k]!,
      count: p.numberOfTransactions,
      height: rupees[k]! / max,
    })),
  };
}
