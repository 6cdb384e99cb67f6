import { describe, expect, it } from 'vitest';
import {
  MSG,
  SALARY_TOPUP_STATUS_OPTIONS,
  TRANSACTION_STATUS_OPTIONS,
  WORKER_TRANSACTIONS_MSG,
  WORKER_TRANSACTIONS_RESULT_CAP,
  SalaryTopupQuery,
  WorkerTransactionsQuery,
  checkTopupDates,
  checkTransactionDates,
  currentMonthRange,
  formatDateTimeIst,
  isCapReached,
  nextDay,
  queryBusinessDate,
  salaryTopupExportRow,
  transactionExportRow,
  transactionWorker,
  type SalaryTopupRow,
  type WorkerTransactionRow,
} from './index.js';

const TODAY = '2026-11-22';

describe('transaction search dates (5.1)', () => {
  it('accepts a range inside the last 2 years that ends today at the latest', () => {
    expect(checkTransactionDates('2024-11-22', TODAY, TODAY)).toBeNull();
    expect(checkTransactionDates('2026-11-01', '2026-11-22', TODAY)).toBeNull();
    expect(checkTransactionDates(TODAY, TODAY, TODAY)).toBeNull();
  });
  it('refuses a From Date more than 2 years back with the spec message', () => {
    expect(checkTransactionDates('2024-11-21', '2026-11-01', TODAY)).toBe("Invalid date range! Please select a 'From Date' within last 2 years.");
    expect(checkTransactionDates('2020-01-01', '2020-01-31', TODAY)).toBe(MSG.invalidDateRangeTwoYears);
  });
  it('refuses dates after today and an end before the start', () => {
    expect(checkTransactionDates('2026-11-23', '2026-11-23', TODAY)).toBe("'From Date' cannot be later than today");
    expect(checkTransactionDates('2026-11-01', '2026-11-23', TODAY)).toBe("'To Date' cannot be later than today");
    expect(checkTransactionDates('2026-11-10', '2026-11-09', TODAY)).toBe("'To Date' cannot be before 'From Date'");
  });
  it('refuses unreadable dates', () => {
    expect(checkTransactionDates('2026-02-30', TODAY, TODAY)).toBe(WORKER_TRANSACTIONS_MSG.invalidDate);
    expect(checkTransactionDates('', TODAY, TODAY)).toBe(WORKER_TRANSACTIONS_MSG.invalidDate);
  });
  it('the top-up dates have no 2-year window but the same other rules', () => {
    expect(checkTopupDates('2020-01-01', TODAY, TODAY)).toBeNull();
    expect(checkTopupDates('2026-11-10', '2026-11-09', TODAY)).toBe("'To Date' cannot be before 'From Date'");
    expect(checkTopupDates('2026-11-01', '2026-11-23', TODAY)).toBe("'To Date' cannot be later than today");
  });
  it('defaults to the current month so far', () => {
    expect(currentMonthRange(TODAY)).toEqual({ startDate: '2026-11-01', endDate: TODAY });
    expect(currentMonthRange('2026-03-01')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01' });
  });
  it('reads a query date as a business date in Asia/Kolkata', () => {
    expect(queryBusinessDate('2026-11-01')).toBe('2026-11-01');
    // IST midnight of 1 November, as a UTC instant.
    expect(queryBusinessDate('2026-10-31T18:30:00.000Z')).toBe('2026-11-01');
    expect(queryBusinessDate('2026-10-31T18:29:59Z')).toBe('2026-10-31');
    expect(queryBusinessDate('2026-11-01T00:00:00+05:30')).toBe('2026-11-01');
    expect(queryBusinessDate('2026-13-01')).toBeNull();
    expect(queryBusinessDate('yesterday')).toBeNull();
    expect(queryBusinessDate('')).toBeNull();
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('status filters (2.12, 2.13)', () => {
  it('Transactions offers All, Transferred, Deducted From Salary, Repaid', () => {
    expect(TRANSACTION_STATUS_OPTIONS.map((o) => o.label)).toEqual(['All', 'Transferred', 'Deducted From Salary', 'Repaid']);
    expect(TRANSACTION_STATUS_OPTIONS.map((o) => o.value)).toEqual(['', 'TRANSFERRED', 'DEDUCTED_FROM_SALARY', 'REPAID']);
  });
  it('Salary Topups offers All plus every application status with spaces for underscores', () => {
    expect(SALARY_TOPUP_STATUS_OPTIONS.map((o) => o.label)).toEqual([
      'All',
      'INITIATED',
      'USER DOC UPLOAD PENDING',
      'VERIFICATION PENDING',
      'AGREEMENT PENDING',
      'ENACH PENDING',
      'APPLICATION APPROVED',
      'REJECTED',
      'DISBURSAL INITIATED',
      'DISBURSAL FAILED',
      'DISBURSED',
      'REPAID',
    ]);
  });
  it('the query takes only the offered statuses', () => {
    const base = { startDate: '2026-11-01', endDate: TODAY };
    expect(WorkerTransactionsQuery.safeParse({ ...base, status: 'REPAID' }).success).toBe(true);
    expect(WorkerTransactionsQuery.safeParse({ ...base, status: '' }).success).toBe(true);
    expect(WorkerTransactionsQuery.safeParse({ ...base, status: 'USER_REQUESTED' }).success).toBe(false);
    expect(WorkerTransactionsQuery.safeParse({ ...base, vendorId: 'not-an-id' }).success).toBe(false);
  });
  it('the query reads a page from the query string: the first 10, newest first, unless asked', () => {
    const base = { startDate: '2026-11-01', endDate: TODAY };
    expect(WorkerTransactionsQuery.parse(base)).toMatchObject({ page: 1, pageSize: 10, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(SalaryTopupQuery.parse({ ...base, page: '3', pageSize: '50', sortBy: 'approvalDate', sortOrder: 'asc' })).toMatchObject({ page: 3, pageSize: 50, sortBy: 'approvalDate', sortOrder: 'asc' });
    const refusal = (q: Record<string, string>, schema: typeof WorkerTransactionsQuery | typeof SalaryTopupQuery = WorkerTransactionsQuery) => {
      const r = schema.safeParse({ ...base, ...q });
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    expect(refusal({ page: '0' })).toEqual([WORKER_TRANSACTIONS_MSG.invalidPage]);
    expect(refusal({ page: 'x' })).toEqual([WORKER_TRANSACTIONS_MSG.invalidPage]);
    expect(refusal({ pageSize: '20' })).toEqual([WORKER_TRANSACTIONS_MSG.invalidPageSize]);
    expect(refusal({ sortBy: 'approvalDate' })).toEqual(['Invalid sort: sortBy is one of createdAt, amount, status, name']);
    expect(refusal({ sortBy: 'approvalDate' }, SalaryTopupQuery)).toBeNull();
    expect(refusal({ sortOrder: 'ASC' })).toEqual([WORKER_TRANSACTIONS_MSG.invalidSortOrder]);
    expect(WORKER_TRANSACTIONS_MSG.invalidPageSize).toBe('Invalid page size: 10, 25, 50 or 100 rows per page');
  });
});

describe('the cap (8, 9)', () => {
  it('is 20000 records and its toast names it', () => {
    expect(WORKER_TRANSACTIONS_RESULT_CAP).toBe(20_000);
    expect(WORKER_TRANSACTIONS_MSG.capToast()).toBe('Results are limited to 20000 records, To access full report, please connect with the provider');
  });
  it('is reached when a search returns as many rows as the cap', () => {
    expect(isCapReached(19_999)).toBe(false);
    expect(isCapReached(20_000)).toBe(true);
    expect(isCapReached(3, 3)).toBe(true);
  });
});

describe('cells', () => {
  const tx: WorkerTransactionRow = {
    _id: 't1',
    createdAt: '2026-11-05T06:00:00.000Z',
    amount: 150_050,
    status: 'DEDUCTED_FROM_SALARY',
    employeeId: 'w1',
    workerType: 'CONTRACTOR',
    repaidAmount: 0,
    pendingRepaymentAmount: 0,
    latestRepaymentDate: null,
    deductionConfirmed: true,
    employeeDataSnapshot: null,
    contractorDataSnapshot: { fullName: '=HYPERLINK("x")', employersContractorId: 'SWF-1001' },
  };
  it('formats an instant as its Asia/Kolkata date and time', () => {
    expect(formatDateTimeIst('2026-11-05T06:00:00.000Z')).toBe('05/11/2026 11:30 AM');
    expect(formatDateTimeIst('2026-11-05T18:45:00.000Z')).toBe('06/11/2026 12:15 AM');
    expect(formatDateTimeIst(null)).toBe('NA');
    expect(formatDateTimeIst('not a date')).toBe('NA');
  });
  it('writes what Intl writes for Asia/Kolkata (en-GB, 12-hour), over 60 years in 97-minute steps', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: true });
    const viaIntl = (at: Date) => {
      const parts = intl.formatToParts(at);
      const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
      return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
    };
    let checked = 0;
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2030, 0, 1); t += 97 * 60_000) {
      const at = new Date(t);
      if (formatDateTimeIst(at) !== viaIntl(at)) throw new Error(`${at.toISOString()}: ${formatDateTimeIst(at)} against Intl's ${viaIntl(at)}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(300_000);
  });
  it('takes the name and id from the contractor or employee snapshot', () => {
    expect(transactionWorker(tx)).toEqual({ name: '=HYPERLINK("x")', workerId: 'SWF-1001' });
    expect(transactionWorker({ employeeDataSnapshot: { fullName: 'Asha', employerEmployeeId: 'SUN-1' }, contractorDataSnapshot: null })).toEqual({ name: 'Asha', workerId: 'SUN-1' });
  });
  it('writes report rows with rupee numbers, NA for missing values and formulas as text', () => {
    expect(transactionExportRow(tx)).toEqual(['\'=HYPERLINK("x")', 'SWF-1001', '05/11/2026 11:30 AM', 1500.5, 0, 'NA', 'Yes', 0, 'DEDUCTED FROM SALARY']);
    const topup: SalaryTopupRow = {
      _id: 'a1',
      approvalDate: '2026-11-03',
      disbursalDate: null,
      emiStartDate: '2026-12-05',
      emiAmount: 1_000_000,
      status: 'DISBURSAL_INITIATED',
      currentApplicationTerm: { amount: 3_000_000, tenureInMonths: 3 },
      employeeId: 'w1',
      name: '+Ravi',
      employerEmployeeId: 'SUN-1',
      createdAt: '2026-11-03T05:00:00.000Z',
    };
    expect(salaryTopupExportRow(topup)).toEqual(['SUN-1', "'+Ravi", '03/11/2026', 'NA', 30000, '3 months', 10000, '05/12/2026', 'DISBURSAL INITIATED']);
  });
});
