import { describe, expect, it } from 'vitest';
import { activeMenuKey, isEmployerOnlyLocation, MENU } from './menu';

describe('side menu', () => {
  it('lists the spec entries in order (EWA Requests after User Verification: issue 13)', () => {
    expect(MENU.map((m) => m.label)).toEqual([
      'Dashboard',
      'Employees',
      'Attendance',
      'Payroll',
      'User Verification',
      'EWA Requests',
      'Transactions',
      'Salary Topups',
      'Vendors',
      'Settings',
      'Analytics Dashboard',
      'File Upload',
    ]);
  });

  it('highlights the entry a location belongs to', () => {
    expect(activeMenuKey('/dashboard', '')).toBe('dashboard');
    expect(activeMenuKey('/payroll/summary', '?month=3')).toBe('payroll');
    expect(activeMenuKey('/employeeProfile', '?empId=1')).toBe('employees');
    expect(activeMenuKey('/employerTransactions', '')).toBe('transactions');
    expect(activeMenuKey('/ewa-request', '?search=x')).toBe('ewaRequests');
    expect(activeMenuKey('/vendors/settings', '?vendorId=v1')).toBe('vendors');
    expect(activeMenuKey('/employees', '?vendorId=v1')).toBe('vendors');
    expect(activeMenuKey('/documentUpload', '?document=ATTENDANCE_UPLOAD')).toBe('attendance');
    expect(activeMenuKey('/documentUpload', '?document=RAW_FILE')).toBeNull();
    expect(activeMenuKey('/profile', '')).toBeNull();
    expect(activeMenuKey('/payrollx', '')).toBeNull();
  });

  it('knows which locations are employer-only', () => {
    expect(isEmployerOnlyLocation('/dashboard', '')).toBe(true);
    expect(isEmployerOnlyLocation('/employees', '')).toBe(true);
    expect(isEmployerOnlyLocation('/employees', '?vendorId=v1')).toBe(false);
    expect(isEmployerOnlyLocation('/vendors', '')).toBe(false);
    expect(isEmployerOnlyLocation('/vendors/summary', '?vendorId=v1')).toBe(false);
    expect(isEmployerOnlyLocation('/profile', '')).toBe(false);
  });
});
