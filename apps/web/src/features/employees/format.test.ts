import { describe, expect, it } from 'vitest';
import { documentUploadHref, profileHref, salaryText, tableDate, withdrawalLabel, signUpLabel } from './format';

describe('employee cells', () => {
  it('shows dates as dd/mm/yyyy and NA when missing', () => {
    expect(tableDate('2025-04-01')).toBe('01/04/2025');
    expect(tableDate('2025-03-31T20:00:00.000Z')).toBe('01/04/2025');
    expect(tableDate(null)).toBe('NA');
    expect(tableDate('nonsense')).toBe('NA');
  });

  it('labels sign-up, withdrawal and salary', () => {
    expect(signUpLabel({ userId: 'u' })).toBe('Signed Up');
    expect(signUpLabel({ userId: null })).toBe('Not Signed Up');
    expect(withdrawalLabel({ isTransactionAllowed: true })).toBe('Allowed');
    expect(withdrawalLabel({ isTransactionAllowed: false })).toBe('Not Allowed');
    expect(salaryText(2500050)).toBe('₹25,000.50');
  });

  it('links signed-up employees to their profile in either context', () => {
    const e = { _id: 'x1', userId: 'u1', employerEmployeeId: 'E 1', joinedAt: '2025-04-01' };
    expect(profileHref(e, null)).toBe('/employeeProfile?empId=x1&employerEmployeeId=E+1&joiningDate=2025-04-01');
    expect(profileHref(e, 'v9')).toBe('/vendors/employeeProfile?empId=x1&employerEmployeeId=E+1&joiningDate=2025-04-01&vendorId=v9');
    expect(profileHref({ ...e, userId: null }, null)).toBeNull();
  });

  it('builds the bulk upload targets', () => {
    expect(documentUploadHref('ADD_EMPLOYEES_BULK_UPLOAD', null)).toBe('/documentUpload?document=ADD_EMPLOYEES_BULK_UPLOAD');
    expect(documentUploadHref('TERMINATED_EMPLOYEES_UPLOAD', 'v1')).toBe('/documentUpload?document=TERMINATED_EMPLOYEES_UPLOAD&vendorId=v1');
  });
});
