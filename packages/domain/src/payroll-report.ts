/**
 * The payout report of an executed payroll (spec 3's FINAL_REPORT; issue 12; docs/payroll-design.md
 * "Payout report"): one row per entry in sheet order with the sheet's figures, the payout's status,
 * transaction id, UTR and date, then a totals line. Built when it is downloaded, from the entries as
 * they are then (a re-run's results included). Text cells are made spreadsheet-safe here as in the
 * other exports (security.md Exports), and again by the server's xlsx writer.
 */
import { statusLabel } from './advances.js';
import { BUSINESS_TIME_ZONE } from './constants.js';
import { formatDdMmYyyy, isoDateInZone, spreadsheetSafeText } from './employees.js';
import { maskLast4 } from './format.js';
import { isDisbursalStatus } from './payroll.js';
import { monthKey, type MonthYearValue } from './months.js';

export const PAYROLL_REPORT_MSG = {
  /** The payout screen's button. */
  download: 'Download payout report',
  /** The history's icon, per row (its accessible name). */
  downloadFor: (month: string) => `Download payout report for ${month}`,
  /** The history's column. */
  column: 'Payout Report',
  /** 409 of GET /employer-admin/doc?documentType=FINAL_REPORT before execution (and for a payroll never executed). */
  notReady: 'The payout report is available once the payroll has been executed.',
  totalLabel: 'Total (excluding skipped)',
  paidLabel: 'Paid',
} as const;

/** A payroll has a payout report once it is executed (DISBURSAL_*); a payroll never executed (EXPIRED, CANCELLED, ...) has none. */
export const hasPayoutReport = (status: string): boolean => isDisbursalStatus(status);

/** `payroll-report-2026-10.xlsx` (spec 9 names the other downloads; it is silent on this one). */
export const payrollReportFileName = (month: MonthYearValue): string => `payroll-report-${monthKey(month)}.xlsx`;

/** The report's columns, in order, with their widths in characters. */
export const PAYROLL_REPORT_COLUMNS = [
  { key: 'rowNumber', header: 'Row', width: 6 },
  { key: 'employeeId', header: 'Employee ID', width: 16 },
  { key: 'name', header: 'Name', width: 28 },
  { key: 'mobile', header: 'Mobile Number', width: 16 },
  { key: 'accountNumber', header: 'Account Number', width: 20 },
  { key: 'ifsc', header: 'IFSC', width: 13 },
  { key: 'salary', header: 'Salary', width: 12 },
  { key: 'deductions', header: 'Provider Deductions', width: 20 },
  { key: 'amount', header: 'Net Salary', width: 12 },
  { key: 'status', header: 'Status', width: 14 },
  { key: 'reason', header: 'Reason', width: 40 },
  { key: 'transactionId', header: 'Transaction ID', width: 38 },
  { key: 'utr', header: 'UTR', width: 16 },
  { key: 'date', header: 'Date', width: 12 },
  { key: 'returned', header: 'Returned to Balance', width: 20 },
] as const;
export type PayrollReportColumnKey = (typeof PAYROLL_REPORT_COLUMNS)[number]['key'];
export const PAYROLL_REPORT_HEADERS: readonly string[] = PAYROLL_REPORT_COLUMNS.map((c) => c.header);
/** 0-based index of a column. */
export const payrollReportColumn = (key: PayrollReportColumnKey): number => PAYROLL_REPORT_COLUMNS.findIndex((c) => c.key === key);

/** What a report row is made of: an entry and its current payout's failure reason. Money in paise. */
export interface PayrollReportEntry {
  rowNumber: number;
  employerEmployeeCode: string;
  name: string;
  mobile: string | null;
  /** unmasked: masked here as the screens mask it */
  accountNumber: string;
  ifsc: string;
  salary: number;
  deductions: number;
  amountPayable: number;
  status: string;
  skipReason: string | null;
  /** the current payout's failure reason (FAILED, CANCELLED, a reversal) */
  failureReason: string | null;
  requestId: string | null;
  utr: string | null;
  paidAt: Date | string | null;
  updatedAt: Date | string;
  /** yyyy-mm-dd (IST) when the bank reversed the current payout after paying it (issue 20 item 2) */
  reversedOn?: string | null;
  /** paise the current payout's failure or reversal gave back to the account balance (issue 20 item 1) */
  returned?: number;
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** yyyy-mm-dd -> "05 Nov 2026". */
export function formatDdMonYyyy(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d} ${MONTHS_SHORT[Number(m) - 1] ?? m} ${y}`;
}
/**
 * What a reversed payout says instead of a bare UTR (issue 20 item 2): the bank paid and then took
 * the transfer back, so its UTR is no proof of payment and the amount came back to the balance.
 */
export const reversedText = (reversedOn: string, utr: string | null): string =>
  `Reversed on ${formatDdMonYyyy(reversedOn)}${utr ? ` (UTR ${utr} returned)` : ''}`;

const safe = (v: string | null | undefined): string => spreadsheetSafeText(v ?? '');
const rupees = (paise: number): number => Math.round(paise) / 100;
const dateIst = (at: Date | string): string => {
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? '' : formatDdMmYyyy(isoDateInZone(d, BUSINESS_TIME_ZONE));
};

/**
 * One report row, in PAYROLL_REPORT_COLUMNS order. Status as the payout screen's badge shows it;
 * Reason: the skip reason of a SKIPPED entry, the bank's reason of a FAILED or CANCELLED one; Date:
 * the paid date (dd/mm/yyyy, IST) of a TRANSFERRED entry, else the date of its last status as the
 * payout screen shows it, and none for a SKIPPED entry (it never went to the bank).
 */
export function payrollReportRow(e: PayrollReportEntry): (string | number)[] {
  const reversed = e.status === 'FAILED' && e.reversedOn ? reversedText(e.reversedOn, e.utr) : null;
  const reason = e.status === 'SKIPPED' ? e.skipReason : reversed ?? (e.status === 'FAILED' || e.status === 'CANCELLED' ? e.failureReason : null);
  const date = e.status === 'SKIPPED' ? '' : e.paidAt ? dateIst(e.paidAt) : dateIst(e.updatedAt);
  return [
    e.rowNumber,
    safe(e.employerEmployeeCode),
    safe(e.name),
    safe(e.mobile),
    maskLast4(e.accountNumber),
    safe(e.ifsc),
    rupees(e.salary),
    rupees(e.deductions),
    rupees(e.amountPayable),
    statusLabel(e.status),
    safe(reason),
    safe(e.requestId),
    // A UTR is proof of payment only beside a paid entry; a reversed one says so in Reason.
    e.status === 'TRANSFERRED' ? safe(e.utr) : '',
    date,
    e.returned ? rupees(e.returned) : '',
  ];
}

/** Running totals of the report: the entries that went to the bank (not SKIPPED), and those paid. */
export interface PayrollReportTotals {
  entries: number;
  salary: number;
  deductions: number;
  amount: number;
  paidEntries: number;
  paidAmount: number;
  /** paise given back to the balance by failed, cancelled or reversed payouts */
  returned: number;
}
export const emptyReportTotals = (): PayrollReportTotals => ({ entries: 0, salary: 0, deductions: 0, amount: 0, paidEntries: 0, paidAmount: 0, returned: 0 });
export function addToReportTotals(t: PayrollReportTotals, e: Pick<PayrollReportEntry, 'status' | 'salary' | 'deductions' | 'amountPayable' | 'returned'>): void {
  if (e.status === 'SKIPPED') return;
  t.returned += e.returned ?? 0;
  t.entries += 1;
  t.salary += e.salary;
  t.deductions += e.deductions;
  t.amount += e.amountPayable;
  if (e.status === 'TRANSFERRED') {
    t.paidEntries += 1;
    t.paidAmount += e.amountPayable;
  }
}
/** The totals lines under the entries: the payroll's totals (as its payout breakup) and what was paid. */
export function payrollReportTotalRows(t: PayrollReportTotals): (string | number | null)[][] {
  const at = (cells: Partial<Record<PayrollReportColumnKey, string | number>>) => PAYROLL_REPORT_COLUMNS.map((c) => cells[c.key] ?? null);
  return [
    at({ employeeId: PAYROLL_REPORT_MSG.totalLabel, salary: rupees(t.salary), deductions: rupees(t.deductions), amount: rupees(t.amount), status: `${t.entries} payouts` }),
    at({ employeeId: PAYROLL_REPORT_MSG.paidLabel, amount: rupees(t.paidAmount), status: `${t.paidEntries} paid`, returned: rupees(t.returned) }),
  ];
}
