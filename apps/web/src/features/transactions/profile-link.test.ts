import { describe, expect, it } from 'vitest';
import { transactionProfileHref } from './profile-link';

describe('transactions Name link', () => {
  it('links employees to their profile, in the vendor context too, and contractors nowhere', () => {
    const employee = { workerType: 'EMPLOYEE' as const, employeeId: 'w1', employeeDataSnapshot: { employerEmployeeId: 'SUN 1' } };
    expect(transactionProfileHref(employee, null)).toBe('/employeeProfile?empId=w1&employerEmployeeId=SUN+1');
    expect(transactionProfileHref(employee, 'v9')).toBe('/vendors/employeeProfile?empId=w1&employerEmployeeId=SUN+1&vendorId=v9');
    expect(transactionProfileHref({ workerType: 'CONTRACTOR', employeeId: 'w2', employeeDataSnapshot: null }, 'v9')).toBeNull();
  });
});
