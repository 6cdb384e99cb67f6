/** The payroll entry flags as the tables show them (design doc: flags are shown, never applied). Pure. */
import { PAYROLL_FLAGS, PAYROLL_FLAG_LABELS, payrollFlagText, type PayrollEntryRow, type PayrollFlag, type PayrollFlagCounts } from '@portal/domain';

/** A few words per flag for the row marker; the tooltip and the legend carry the domain's full text. */
export const FLAG_SHORT_LABELS: Record<PayrollFlag, string> = {
  NON_POSITIVE_NET: 'Net ≤ 0',
  NET_CHANGED_OVER_30_PERCENT: 'Net ±30%',
  NEW_BANK_ACCOUNT: 'New account',
  SHARED_BANK_ACCOUNT: 'Shared account',
  NAME_DIFFERS: 'Name differs',
  MOBILE_DIFFERS: 'Mobile differs',
  PAID_DAYS_OVER_UNPAID_LEAVE: 'Unpaid leave',
};

export const FLAG_NOTE = 'Flags are shown for your review and never change the payroll.';

/** A row's flags in the domain's order, unknown values left out. */
export function orderedFlags(flags: readonly string[]): PayrollFlag[] {
  return PAYROLL_FLAGS.filter((f) => flags.includes(f));
}

/** The full text of a row's flags, for the tooltip and screen readers; with the employee record, naming what it holds ("... (Ananya Rao)"). */
export const flagsText = (flags: readonly string[], record?: PayrollEntryRow['employeeRecord']): string =>
  orderedFlags(flags)
    .map((f) => payrollFlagText(f, record))
    .join('; ');

/** The flags present in a payroll, with their counts, in the domain's order. */
export function flagSummary(counts: Partial<PayrollFlagCounts> | null | undefined): { flag: PayrollFlag; count: number; label: string; short: string }[] {
  if (!counts) return [];
  return PAYROLL_FLAGS.filter((f) => (counts[f] ?? 0) > 0).map((f) => ({ flag: f, count: counts[f] ?? 0, label: PAYROLL_FLAG_LABELS[f], short: FLAG_SHORT_LABELS[f] }));
}
