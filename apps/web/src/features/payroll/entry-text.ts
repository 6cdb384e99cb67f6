/**
 * What the payroll entry tables say beside the figures (issue 12): the salary's arithmetic (the
 * monthly salary for the paid days of the working days) and what the provider deductions repay,
 * with the cut-off that decided them (the payroll month's last day, design doc "Deductions of a
 * worker for month M"). Pure, unit-tested.
 */
import { formatDdMmYyyy, formatRupees, lastDayOf, type CountAmount, type DeductionLine, type MonthYearValue } from '@portal/domain';

/** Days as the sheet gives them: a whole number, or up to 2 decimals ("24.5"). */
export const daysText = (days: number): string => String(Math.round(days * 100) / 100);

/** "Paid days 26 / 30". */
export const paidDaysText = (paidDays: number, workingDays: number): string => `Paid days ${daysText(paidDays)} / ${workingDays}`;

/** "₹30,000.00 × 26/30": the monthly salary for the paid days of the working days. */
export const prorationText = (monthlySalary: number, paidDays: number, workingDays: number): string => `${formatRupees(monthlySalary)} × ${daysText(paidDays)}/${workingDays}`;

/** The same, read out: "Monthly salary ₹30,000.00 for 26 of 30 working days". */
export const prorationLabel = (monthlySalary: number, paidDays: number, workingDays: number): string =>
  `Monthly salary ${formatRupees(monthlySalary)} for ${daysText(paidDays)} of ${workingDays} working days`;

/** The deductions' cut-off of a payroll month, dd/mm/yyyy: advances and EMIs up to its last day are deducted. */
export const cutOffOf = (month: MonthYearValue): string => formatDdMmYyyy(lastDayOf(month));

/** "Advances and EMIs up to 31/10/2026 are deducted." */
export const cutOffText = (month: MonthYearValue): string => `Advances and EMIs up to ${cutOffOf(month)} are deducted.`;

/** What a deduction of 0 says: "No advances or EMIs up to 31/10/2026". */
export const noDeductionsText = (month: MonthYearValue): string => `No advances or EMIs up to ${cutOffOf(month)}`;

/** "Advance of 12/10/2026" or "Top-up EMI due 05/10/2026". */
export const deductionLineLabel = (line: Pick<DeductionLine, 'kind' | 'date'>): string =>
  line.kind === 'ADVANCE' ? `Advance of ${formatDdMmYyyy(line.date)}` : `Top-up EMI due ${formatDdMmYyyy(line.date)}`;

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A row's deductions in a few words: "2 advances, 1 EMI"; empty for none. */
export function deductionsBrief(lines: readonly Pick<DeductionLine, 'kind'>[]): string {
  const advances = lines.filter((l) => l.kind === 'ADVANCE').length;
  const emis = lines.length - advances;
  const parts: string[] = [];
  if (advances) parts.push(counted(advances, 'advance', 'advances'));
  if (emis) parts.push(counted(emis, 'EMI', 'EMIs'));
  return parts.join(', ');
}

/**
 * The advances taken after the cut-off and still owed, which this payroll leaves to the next:
 * "2 advances (₹5,400.00) taken after 31/10/2026 will be deducted from next month's payroll.";
 * null when there are none.
 */
export function laterAdvancesText(later: CountAmount | null | undefined, month: MonthYearValue): string | null {
  if (!later || later.count <= 0) return null;
  return `${counted(later.count, 'advance', 'advances')} (${formatRupees(later.amount)}) taken after ${cutOffOf(month)} will be deducted from next month's payroll.`;
}
