import { describe, expect, it } from 'vitest';
import {
  PAYROLL_REPORT_COLUMNS,
  addToReportTotals,
  emptyReportTotals,
  hasPayoutReport,
  payrollReportColumn,
  payrollReportFileName,
  payrollReportRow,
  payrollReportTotalRows,
  type PayrollReportEntry,
} from './index.js';

const entry = (over: Partial<PayrollReportEntry> = {}): PayrollReportEntry => ({
  rowNumber: 2,
  employerEmployeeCode: 'EMP-1',
  name: 'Asha Rao',
  mobile: '9876543210',
  accountNumber: '501009876543',
  ifsc: 'HDFC0001234',
  salary: 2_012_345,
  deductions: 150_000,
  amountPayable: 1_862_345,
  status: 'TRANSFERRED',
  skipReason: null,
  failureReason: null,
  requestId: '7c0d6a3e-2b7c-4a55-9a0e-111111111111',
  utr: '123456789012',
  // 20:00 UTC is 01:30 the next day in Asia/Kolkata.
  paidAt: new Date('2026-11-04T20:00:00Z'),
  updatedAt: new Date('2026-11-04T20:00:00Z'),
  ...over,
});
const col = payrollReportColumn;

describe('the payout report', () => {
  it('a payout reversed after it was paid: FAILED, no bare UTR, the reversal in words and its amount returned (issue 20 items 1, 2)', () => {
    const row = payrollReportRow(entry({ status: 'FAILED', utr: 'UTR998877', failureReason: 'Beneficiary account closed', reversedOn: '2026-11-06', returned: 1_862_345 }));
    expect(row[col('status')]).toBe('FAILED');
    expect(row[col('utr')]).toBe('');
    expect(row[col('reason')]).toBe('Reversed on 06 Nov 2026 (UTR UTR998877 returned)');
    expect(row[col('returned')]).toBe(18_623.45);
    // A rejected payout: the bank's reason and its amount returned; a paid one keeps its UTR and returns nothing.
    const rejected = payrollReportRow(entry({ status: 'FAILED', utr: null, failureReason: 'Invalid IFSC', returned: 1_862_345 }));
    expect([rejected[col('reason')], rejected[col('returned')]]).toEqual(['Invalid IFSC', 18_623.45]);
    const paid = payrollReportRow(entry());
    expect([paid[col('utr')], paid[col('returned')]]).toEqual(['123456789012', '']);
    const t = emptyReportTotals();
    addToReportTotals(t, entry({ status: 'FAILED', returned: 1_862_345 }));
    addToReportTotals(t, entry());
    expect(payrollReportTotalRows(t)[1]![col('returned')]).toBe(18_623.45);
  });
  it('exists once a payroll is executed, under payroll-report-{yyyy-mm}.xlsx', () => {
    for (const s of ['DISBURSAL_INITIATED', 'DISBURSAL_IN_PROGRESS', 'DISBURSAL_COMPLETED', 'DISBURSAL_FAILED']) expect(hasPayoutReport(s)).toBe(true);
    for (const s of ['UPLOADED', 'PROCESSING', 'PROCESSED', 'PAYROLL_FROZEN', 'PAYROLL_PROCESSING_FAILED', 'EXPIRED', 'CANCELLED']) expect(hasPayoutReport(s)).toBe(false);
    expect(payrollReportFileName({ month: 3, year: 2026 })).toBe('payroll-report-2026-03.xlsx');
  });

  it('writes a paid entry: masked account, rupees as numbers, the transaction, UTR and the IST paid date', () => {
    const row = payrollReportRow(entry());
    expect(row).toHaveLength(PAYROLL_REPORT_COLUMNS.length);
    expect(row[col('rowNumber')]).toBe(2);
    expect(row[col('accountNumber')]).toBe('********6543');
    expect(row[col('salary')]).toBe(20_123.45);
    expect(row[col('deductions')]).toBe(1_500);
    expect(row[col('amount')]).toBe(18_623.45);
    expect(row[col('status')]).toBe('TRANSFERRED');
    expect(row[col('reason')]).toBe('');
    expect(row[col('utr')]).toBe('123456789012');
    expect(row[col('date')]).toBe('05/11/2026');
  });

  it('gives a failed entry the bank reason and its last date, a skipped one its skip reason and no date', () => {
    const failed = payrollReportRow(entry({ status: 'FAILED', failureReason: 'Beneficiary bank offline', utr: null, paidAt: null, updatedAt: '2026-11-04T10:00:00Z' }));
    expect(failed[col('reason')]).toBe('Beneficiary bank offline');
    expect(failed[col('date')]).toBe('04/11/2026');
    expect(failed[col('utr')]).toBe('');
    const skipped = payrollReportRow(entry({ status: 'SKIPPED', skipReason: 'No paid days in the month', requestId: null, utr: null, paidAt: null }));
    expect(skipped[col('reason')]).toBe('No paid days in the month');
    expect(skipped[col('date')]).toBe('');
    expect(skipped[col('transactionId')]).toBe('');
    expect(payrollReportRow(entry({ status: 'PENDING', failureReason: 'old' }))[col('reason')]).toBe('');
  });

  it('makes every text cell that could be read as a formula text', () => {
    const row = payrollReportRow(entry({ name: '=HYPERLINK("http://x","y")', employerEmployeeCode: '@A1', mobile: '+919876543210', ifsc: '-1', skipReason: '\tx', status: 'SKIPPED' }));
    expect(row[col('name')]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(row[col('employeeId')]).toBe("'@A1");
    expect(row[col('mobile')]).toBe("'+919876543210");
    expect(row[col('ifsc')]).toBe("'-1");
    expect(row[col('reason')]).toBe("'\tx");
  });

  it('totals the entries sent to the bank and those paid', () => {
    const t = emptyReportTotals();
    addToReportTotals(t, entry());
    addToReportTotals(t, entry({ status: 'FAILED', salary: 100, deductions: 0, amountPayable: 100 }));
    addToReportTotals(t, entry({ status: 'SKIPPED', salary: 0, deductions: 500, amountPayable: -500 }));
    const [total, paid] = payrollReportTotalRows(t);
    expect(total![col('salary')]).toBe(20_124.45);
    expect(total![col('amount')]).toBe(18_624.45);
    expect(total![col('status')]).toBe('2 payouts');
    expect(paid![col('amount')]).toBe(18_623.45);
    expect(paid![col('status')]).toBe('1 paid');
  });
});
