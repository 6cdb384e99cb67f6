import { describe, expect, it } from 'vitest';
import { parseTransactionsState, transactionProfileHref, writeTransactionsState } from './url-state';

const TODAY = '2026-11-22';

describe('transactions URL state', () => {
  it('defaults to the current month so far, All statuses, page 1', () => {
    expect(parseTransactionsState(new URLSearchParams(''), TODAY)).toEqual({ startDate: '2026-11-01', endDate: TODAY, employerWorkerId: '', status: '', page: 1 });
  });
  it('takes From and To from startDate and endDate, as dates or ISO instants (their IST date)', () => {
    const s = parseTransactionsState(new URLSearchParams('startDate=2026-09-01&endDate=2026-10-31T18:30:00.000Z&status=REPAID&employerWorkerId=SUN-1001&page=3'), TODAY);
    expect(s).toEqual({ startDate: '2026-09-01', endDate: '2026-11-01', employerWorkerId: 'SUN-1001', status: 'REPAID', page: 3 });
  });
  it('ignores unreadable values', () => {
    const s = parseTransactionsState(new URLSearchParams('startDate=soon&endDate=2026-02-30&status=USER_REQUESTED&page=0'), TODAY);
    expect(s).toEqual({ startDate: '2026-11-01', endDate: TODAY, employerWorkerId: '', status: '', page: 1 });
  });
  it('writes the state back and keeps the vendorId', () => {
    const next = writeTransactionsState(new URLSearchParams('vendorId=v1&page=4'), { startDate: '2026-10-01', endDate: '2026-10-31', employerWorkerId: '', status: 'TRANSFERRED', page: 1 });
    expect(next.toString()).toBe('vendorId=v1&startDate=2026-10-01&endDate=2026-10-31&status=TRANSFERRED');
  });
  it('links employees to their profile, in the vendor context too, and contractors nowhere', () => {
    const employee = { workerType: 'EMPLOYEE' as const, employeeId: 'w1', employeeDataSnapshot: { employerEmployeeId: 'SUN 1' } };
    expect(transactionProfileHref(employee, null)).toBe('/employeeProfile?empId=w1&employerEmployeeId=SUN+1');
    expect(transactionProfileHref(employee, 'v9')).toBe('/vendors/employeeProfile?empId=w1&employerEmployeeId=SUN+1&vendorId=v9');
    expect(transactionProfileHref({ workerType: 'CONTRACTOR', employeeId: 'w2', employeeDataSnapshot: null }, 'v9')).toBeNull();
  });
});
