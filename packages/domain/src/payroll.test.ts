import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYROLL_CONFIG,
  EmployeePayoutDetailsBody,
  HrActionBody,
  MONTH_NAMES,
  PAYROLL_MOVES,
  PAYROLL_MSG,
  PAYROLL_ROW_MSG,
  PAYROLL_STATUSES,
  PAYOUT_FILTERS,
  PAYOUT_STATUSES,
  PayrollEntryRow,
  SKIP_REASONS,
  UpdatePayrollStatusBody,
  UploadPayrollDocBody,
  addMonths,
  canMove,
  isCurrentPayrollActive,
  isPayrollExecutionAllowed,
  isPayrollMonthOpen,
  isPayrollWindowClosed,
  lastDayOf,
  monthLabel,
  netSalary,
  nextPayroll,
  orderDeductions,
  parseMonthKey,
  parsePayrollRow,
  payoutStatusesOf,
  payrollConfigOf,
  payrollFlags,
  payrollInfoOf,
  payrollUploadKindOf,
  payrollMonthOf,
  payrollStatusMessage,
  salaryForPaidDays,
  skipReasonOf,
  windowOfPayrollMonth,
  type PayrollConfig,
} from './index.js';

describe('statuses and the state machine', () => {
  it('lists spec 4.1 plus CANCELLED, and the payout statuses with the TOTAL filter', () => {
    expect(PAYROLL_STATUSES).toEqual([
      'UPLOADED',
      'PROCESSING',
      'PROCESSED',
      'PAYROLL_FROZEN',
      'PAYROLL_PROCESSING_FAILED',
      'DISBURSAL_INITIATED',
      'DISBURSAL_IN_PROGRESS',
      'DISBURSAL_FAILED',
      'DISBURSAL_COMPLETED',
      'EXPIRED',
      'CANCELLED',
    ]);
    expect(PAYOUT_STATUSES).toEqual(['FINALIZED', 'SKIPPED', 'INITIATED', 'PENDING', 'FAILED', 'TRANSFERRED', 'CANCELLED']);
    expect(PAYOUT_FILTERS[0]).toBe('TOTAL');
    expect(payoutStatusesOf('TOTAL')).toBeNull();
    expect(payoutStatusesOf('PENDING')).toEqual(['INITIATED', 'PENDING']);
    expect(payoutStatusesOf('FAILED')).toEqual(['FAILED', 'CANCELLED']);
    expect(payoutStatusesOf('SKIPPED')).toEqual(['SKIPPED']);
  });

  it('allows exactly the design doc moves', () => {
    const allowed = new Set(
      [
        'UPLOADED>PROCESSING',
        'PROCESSING>PROCESSED',
        'PROCESSING>PAYROLL_PROCESSING_FAILED',
        'PROCESSED>PAYROLL_FROZEN',
        'PAYROLL_FROZEN>CANCELLED',
        'PAYROLL_FROZEN>DISBURSAL_INITIATED',
        'DISBURSAL_INITIATED>DISBURSAL_IN_PROGRESS',
        'DISBURSAL_INITIATED>DISBURSAL_COMPLETED',
        'DISBURSAL_INITIATED>DISBURSAL_FAILED',
        'DISBURSAL_COMPLETED>DISBURSAL_FAILED',
        'UPLOADED>PAYROLL_PROCESSING_FAILED',
        'DISBURSAL_IN_PROGRESS>DISBURSAL_COMPLETED',
        'DISBURSAL_IN_PROGRESS>DISBURSAL_FAILED',
        'DISBURSAL_FAILED>DISBURSAL_IN_PROGRESS',
        'PROCESSED>EXPIRED',
        'PAYROLL_FROZEN>EXPIRED',
        'PAYROLL_PROCESSING_FAILED>EXPIRED',
      ].map((s) => s),
    );
    for (const from of PAYROLL_STATUSES) for (const to of PAYROLL_STATUSES) expect(canMove(from, to), `${from} -> ${to}`).toBe(allowed.has(`${from}>${to}`));
    expect(Object.keys(PAYROLL_MOVES).sort()).toEqual([...PAYROLL_STATUSES].sort());
  });
});

describe('months and the payroll window (IST business dates)', () => {
  it('names months with spec 9 misspelling', () => {
    expect(MONTH_NAMES[1]).toBe('Febuary');
    expect(monthLabel({ month: 2, year: 2027 })).toBe('Febuary 2027');
    expect(monthLabel({ month: 10, year: 2026 })).toBe('October 2026');
    expect(parseMonthKey('2026-10')).toEqual({ year: 2026, month: 10 });
    expect(parseMonthKey('2026-13')).toBeNull();
    expect(addMonths({ month: 12, year: 2026 }, 1)).toEqual({ month: 1, year: 2027 });
    expect(addMonths({ month: 1, year: 2027 }, -1)).toEqual({ month: 12, year: 2026 });
    expect(lastDayOf({ month: 2, year: 2028 })).toBe('2028-02-29');
  });

  it('the payroll of month M is run in M+1', () => {
    expect(payrollMonthOf('2026-11-23')).toEqual({ month: 10, year: 2026 });
    expect(payrollMonthOf('2027-01-01')).toEqual({ month: 12, year: 2026 });
  });

  it('defaults: the window is the whole month, execution from the 1st', () => {
    const c = DEFAULT_PAYROLL_CONFIG;
    expect(isCurrentPayrollActive('2026-11-01', c)).toBe(true);
    expect(isCurrentPayrollActive('2026-11-30', c)).toBe(true);
    expect(isPayrollExecutionAllowed('2026-11-01', c)).toBe(true);
    expect(nextPayroll('2026-11-23', c)).toBe('2026-12-01');
    expect(windowOfPayrollMonth({ month: 10, year: 2026 }, c)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(isPayrollWindowClosed({ month: 10, year: 2026 }, '2026-11-30', c)).toBe(false);
    expect(isPayrollWindowClosed({ month: 10, year: 2026 }, '2026-12-01', c)).toBe(true);
  });

  it('a configured window and execution day', () => {
    const c: PayrollConfig = { ...DEFAULT_PAYROLL_CONFIG, payrollWindowStartDay: 5, payrollWindowEndDay: 10, payrollExecutionStartDay: 7 };
    expect(isCurrentPayrollActive('2026-11-04', c)).toBe(false);
    expect(isCurrentPayrollActive('2026-11-05', c)).toBe(true);
    expect(isCurrentPayrollActive('2026-11-11', c)).toBe(false);
    expect(isPayrollExecutionAllowed('2026-11-06', c)).toBe(false);
    expect(isPayrollExecutionAllowed('2026-11-07', c)).toBe(true);
    expect(isPayrollExecutionAllowed('2026-11-11', c)).toBe(false);
    expect(nextPayroll('2026-11-04', c)).toBe('2026-11-05');
    expect(nextPayroll('2026-11-05', c)).toBe('2026-12-05');
    expect(isPayrollWindowClosed({ month: 10, year: 2026 }, '2026-11-10', c)).toBe(false);
    expect(isPayrollWindowClosed({ month: 10, year: 2026 }, '2026-11-11', c)).toBe(true);
    expect(isPayrollMonthOpen({ month: 10, year: 2026 }, '2026-11-08', c)).toBe(true);
    expect(isPayrollMonthOpen({ month: 9, year: 2026 }, '2026-11-08', c)).toBe(false);
    // An end day past the month's length is its last day (February).
    const late: PayrollConfig = { ...DEFAULT_PAYROLL_CONFIG, payrollWindowEndDay: 31 };
    expect(windowOfPayrollMonth({ month: 1, year: 2027 }, late)).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });

  it('config defaults fill what is missing or invalid', () => {
    expect(payrollConfigOf({})).toEqual(DEFAULT_PAYROLL_CONFIG);
    expect(payrollConfigOf(null)).toEqual(DEFAULT_PAYROLL_CONFIG);
    expect(payrollConfigOf({ payrollWindowStartDay: 0, payrollExecutionStartDay: 40, hasEmployerOptedForStreamingAccount: 'yes' })).toEqual(DEFAULT_PAYROLL_CONFIG);
    expect(payrollConfigOf({ payrollWindowEndDay: 25, hasEmployerOptedForStreamingAccount: true })).toMatchObject({ payrollWindowEndDay: 25, hasEmployerOptedForStreamingAccount: true });
  });

  it('payroll info', () => {
    expect(payrollInfoOf('2026-11-23', DEFAULT_PAYROLL_CONFIG)).toEqual({
      monthForWhichPayrollWillBeExecuted: { month: 10, year: 2026, label: 'October 2026' },
      isCurrentPayrollActive: true,
      nextPayroll: '2026-12-01',
      isPayrollExecutionAllowed: true,
      windowStartDate: '2026-11-01',
      windowEndDate: '2026-11-30',
      executionStartDate: '2026-11-01',
      hasEmployerOptedForStreamingAccount: false,
    });
    expect(payrollInfoOf('2026-11-23', { ...DEFAULT_PAYROLL_CONFIG, hasEmployerOptedForStreamingAccount: true }).hasEmployerOptedForStreamingAccount).toBe(true);
  });

  it('uploads as the streaming account once the employer has opted in', () => {
    expect(payrollUploadKindOf(true)).toBe('PAYROLL_STREAMING_ACCOUNT');
    expect(payrollUploadKindOf(false)).toBe('PAYROLL_UPLOAD');
    expect(payrollUploadKindOf(undefined)).toBe('PAYROLL_UPLOAD');
  });
});

describe('arithmetic (integer paise)', () => {
  it('salary for the paid days rounds half up, exactly', () => {
    expect(salaryForPaidDays(2_500_000, 2600, 26)).toBe(2_500_000);
    expect(salaryForPaidDays(2_500_000, 0, 26)).toBe(0);
    // 3,200,000 * 24 / 26 = 2,953,846.15... -> 2,953,846
    expect(salaryForPaidDays(3_200_000, 2400, 26)).toBe(2_953_846);
    // 1 * 1 / 2 = 0.5 -> 1 (half up)
    expect(salaryForPaidDays(1, 100, 2)).toBe(1);
    // 3 * 1 / 2 = 1.5 -> 2; 5 * 1 / 4 = 1.25 -> 1
    expect(salaryForPaidDays(3, 100, 2)).toBe(2);
    expect(salaryForPaidDays(5, 100, 4)).toBe(1);
    // Half days: 30,000 rupees * 24.5 / 30 = 24,500 rupees.
    expect(salaryForPaidDays(3_000_000, 2450, 30)).toBe(2_450_000);
    // Large values stay exact (no floating point): 10 crore * 29.99 / 31.
    const big = 10_000_000_000;
    expect(salaryForPaidDays(big, 2999, 31)).toBe(Number((2n * BigInt(big) * 2999n + 3100n) / (2n * 3100n)));
    expect(() => salaryForPaidDays(1.5, 100, 2)).toThrow(RangeError);
    expect(() => salaryForPaidDays(100, 100, 0)).toThrow(RangeError);
  });

  it('deductions oldest first, net may be negative', () => {
    const items = orderDeductions([
      { kind: 'TOPUP_EMI', id: 'e1', amount: 500, date: '2026-10-05' },
      { kind: 'ADVANCE', id: 'a2', amount: 300, date: '2026-10-12' },
      { kind: 'ADVANCE', id: 'a1', amount: 200, date: '2026-10-05' },
    ] as const);
    expect(items.map((i) => i.id)).toEqual(['a1', 'e1', 'a2']);
    expect(netSalary(1000, 1200)).toBe(-200);
  });

  it('flags', () => {
    expect(payrollFlags({ net: 0, previous: { net: 1000, sameAccount: true }, accountShared: false })).toEqual(['NON_POSITIVE_NET', 'NET_CHANGED_OVER_30_PERCENT']);
    expect(payrollFlags({ net: 1300, previous: { net: 1000, sameAccount: true }, accountShared: false })).toEqual([]);
    expect(payrollFlags({ net: 1301, previous: { net: 1000, sameAccount: true }, accountShared: false })).toEqual(['NET_CHANGED_OVER_30_PERCENT']);
    expect(payrollFlags({ net: 699, previous: { net: 1000, sameAccount: false }, accountShared: true })).toEqual([
      'NET_CHANGED_OVER_30_PERCENT',
      'NEW_BANK_ACCOUNT',
      'SHARED_BANK_ACCOUNT',
    ]);
    expect(payrollFlags({ net: 500, previous: null, accountShared: false })).toEqual(['NEW_BANK_ACCOUNT']);
  });

  it('skip reasons', () => {
    expect(skipReasonOf({ inactiveBeforeMonth: true, paidHundredths: 2600, net: 100 })).toBe(SKIP_REASONS.inactive);
    expect(skipReasonOf({ inactiveBeforeMonth: false, paidHundredths: 0, net: -5 })).toBe(SKIP_REASONS.noPaidDays);
    expect(skipReasonOf({ inactiveBeforeMonth: false, paidHundredths: 100, net: 0 })).toBe(SKIP_REASONS.nonPositiveNet);
    expect(skipReasonOf({ inactiveBeforeMonth: false, paidHundredths: 100, net: 1 })).toBeNull();
  });
});

describe('payroll sheet rows', () => {
  const good = { employerEmployeeId: ' EMP001 ', fullName: 'Rahul Sharma', mobile: '+91 98765 43210', salary: '₹25,000.50', workingDays: 26, paidDays: '24.5', accountNumber: '5010-0123-4567', ifsc: 'hdfc0001234' };

  it('parses a good row: rupees to paise, paid days in hundredths, IFSC upper-cased', () => {
    expect(parsePayrollRow(good)).toEqual({
      ok: true,
      value: { employerEmployeeId: 'EMP001', fullName: 'Rahul Sharma', mobile: '9876543210', monthlySalary: 2_500_050, workingDays: 26, paidHundredths: 2450, accountNumber: '501001234567', ifsc: 'HDFC0001234' },
    });
    expect(parsePayrollRow({ ...good, mobile: null, salary: 18000, paidDays: 0 })).toMatchObject({ ok: true, value: { mobile: '', monthlySalary: 1_800_000, paidHundredths: 0 } });
  });

  it('refuses every rule with its message', () => {
    const errors = (cells: Record<string, unknown>) => {
      const r = parsePayrollRow({ ...good, ...cells });
      return r.ok ? {} : r.errors;
    };
    expect(errors({ employerEmployeeId: '' })).toEqual({ employerEmployeeId: PAYROLL_ROW_MSG.employeeId });
    expect(errors({ fullName: '  ' })).toEqual({ fullName: PAYROLL_ROW_MSG.name });
    expect(errors({ mobile: '12345' })).toEqual({ mobile: PAYROLL_ROW_MSG.mobile });
    expect(errors({ salary: '' })).toEqual({ salary: PAYROLL_ROW_MSG.salaryRequired });
    expect(errors({ salary: 'abc' })).toEqual({ salary: PAYROLL_ROW_MSG.salaryNumeric });
    expect(errors({ salary: '100.123' })).toEqual({ salary: PAYROLL_ROW_MSG.salaryNumeric });
    expect(errors({ salary: 0 })).toEqual({ salary: PAYROLL_ROW_MSG.salaryPositive });
    // Issue 20: a negative salary gets the positive-number message, as on the employee form (decision 0020).
    expect(errors({ salary: -5 })).toEqual({ salary: PAYROLL_ROW_MSG.salaryPositive });
    expect(errors({ salary: -5000 })).toEqual({ salary: PAYROLL_ROW_MSG.salaryPositive });
    expect(errors({ salary: '-5000' })).toEqual({ salary: PAYROLL_ROW_MSG.salaryPositive });
    expect(errors({ salary: '- 5,000.50' })).toEqual({ salary: PAYROLL_ROW_MSG.salaryPositive });
    expect(errors({ salary: '0.00' })).toEqual({ salary: PAYROLL_ROW_MSG.salaryPositive });
    expect(errors({ salary: '-abc' })).toEqual({ salary: PAYROLL_ROW_MSG.salaryNumeric });
    expect(errors({ workingDays: 0 })).toMatchObject({ workingDays: PAYROLL_ROW_MSG.workingDays });
    expect(errors({ workingDays: 32 })).toMatchObject({ workingDays: PAYROLL_ROW_MSG.workingDays });
    expect(errors({ workingDays: 26.5 })).toMatchObject({ workingDays: PAYROLL_ROW_MSG.workingDays });
    expect(errors({ paidDays: 27 })).toEqual({ paidDays: PAYROLL_ROW_MSG.paidDays });
    expect(errors({ paidDays: -1 })).toEqual({ paidDays: PAYROLL_ROW_MSG.paidDays });
    expect(errors({ paidDays: '' })).toEqual({ paidDays: PAYROLL_ROW_MSG.paidDays });
    expect(errors({ accountNumber: '12345678' })).toEqual({ accountNumber: PAYROLL_ROW_MSG.accountNumber });
    expect(errors({ accountNumber: '1234567890123456789' })).toEqual({ accountNumber: PAYROLL_ROW_MSG.accountNumber });
    expect(errors({ accountNumber: 1234567890123456 })).toEqual({ accountNumber: PAYROLL_ROW_MSG.accountAsNumber });
    expect(errors({ accountNumber: 123456789012 })).toEqual({});
    expect(errors({ ifsc: 'HDFC1001234' })).toEqual({ ifsc: PAYROLL_ROW_MSG.ifsc });
    expect(errors({ ifsc: 'HDF0001234' })).toEqual({ ifsc: PAYROLL_ROW_MSG.ifsc });
  });
});

describe('texts and wire shapes', () => {
  it('keeps the spec texts verbatim', () => {
    expect(PAYROLL_MSG.processing).toBe('Please wait while we are processing the payroll sheet.');
    expect(PAYROLL_MSG.verifyAndFinalize).toBe('Please verify the details and finalize the payroll.');
    expect(PAYROLL_MSG.finalizedFor('October 2026')).toBe('Payroll Finalized for October 2026');
    expect(PAYROLL_MSG.expired).toBe('Your payroll got expired, since no action was taken');
    expect(PAYROLL_MSG.noData).toBe('Oops! No Data found');
    expect(PAYROLL_MSG.executionInProgress).toBe('Payroll execution in progress.');
    expect(PAYROLL_MSG.executionCompleted).toBe('You have successfully ran payroll.');
    expect(PAYROLL_MSG.executionFailed).toBe('Payroll execution failed');
    expect(PAYROLL_MSG.insufficientBalance).toBe('Insufficient Balance!');
    expect(PAYROLL_MSG.processingFailedTitle).toBe('Payroll Processing Failed');
    expect(PAYROLL_MSG.downloadSheet).toBe('Download payroll sheet');
    expect(PAYROLL_MSG.rowsFailed(3)).toBe('3 row(s) have errors. Download the payroll sheet, correct the highlighted cells and upload it again.');
    expect(payrollStatusMessage('PAYROLL_FROZEN', { month: 2, year: 2027 })).toBe('Payroll Finalized for Febuary 2027');
    expect(payrollStatusMessage('DISBURSAL_INITIATED', { month: 2, year: 2027 })).toBe(PAYROLL_MSG.executionInProgress);
  });

  it('schemas take the calls of spec 7', () => {
    expect(EmployeePayoutDetailsBody.parse({ month: 10, year: 2026 })).toMatchObject({ page: 0, status: 'TOTAL' });
    expect(EmployeePayoutDetailsBody.safeParse({ month: 10, year: 2026, page: -1 }).success).toBe(false);
    expect(UpdatePayrollStatusBody.safeParse({ payrollId: '6f1c8a52-6f0e-4b7e-9c77-3c1f4f0c2a11', status: 'PROCESSED' }).success).toBe(false);
    expect(UpdatePayrollStatusBody.safeParse({ payrollId: '6f1c8a52-6f0e-4b7e-9c77-3c1f4f0c2a11', status: 'CANCELLED' }).success).toBe(true);
    expect(HrActionBody.safeParse({ type: 'FREEZE_PAYROLL', data: { payrollId: '6f1c8a52-6f0e-4b7e-9c77-3c1f4f0c2a11', startDate: '2026-10-01', endDate: '2026-10-31' } }).success).toBe(true);
    expect(UploadPayrollDocBody.parse({ file: 'UEsDBA==', fileName: 'p.xlsx' })).toMatchObject({ docType: 'PAYROLL_UPLOAD' });
    expect(PayrollEntryRow.shape.flags).toBeDefined();
  });
});
