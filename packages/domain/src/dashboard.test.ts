import { describe, expect, it } from 'vitest';
import {
  DashboardStats,
  ROLE_IDS,
  SEED_ROLES,
  attendanceCycleOf,
  attendanceCycleStartDayOf,
  cycleSoFar,
  dashboardLinks,
  recentAttendanceCycles,
  todoItems,
  todoLink,
  type ResourceMap,
  type TodoFacts,
} from './index.js';

const resourcesOf = (roleId: string): ResourceMap => SEED_ROLES.find((r) => r.value === roleId)!.resources;

describe('attendance cycle', () => {
  it('is the calendar month by default', () => {
    expect(attendanceCycleOf('2026-11-23')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(attendanceCycleOf('2026-11-01')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(attendanceCycleOf('2028-02-29')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(attendanceCycleOf('2026-12-31')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });
  it('runs from the configured day to the day before it in the next month', () => {
    expect(attendanceCycleOf('2026-11-23', 21)).toEqual({ startDate: '2026-11-21', endDate: '2026-12-20' });
    expect(attendanceCycleOf('2026-11-20', 21)).toEqual({ startDate: '2026-10-21', endDate: '2026-11-20' });
    expect(attendanceCycleOf('2026-01-05', 26)).toEqual({ startDate: '2025-12-26', endDate: '2026-01-25' });
    expect(attendanceCycleOf('2026-02-28', 28)).toEqual({ startDate: '2026-02-28', endDate: '2026-03-27' });
  });
  it('reads the start day from the employer config, else 1', () => {
    expect(attendanceCycleStartDayOf({ attendanceCycleStartDay: 21 })).toBe(21);
    expect(attendanceCycleStartDayOf({ attendanceCycleStartDay: 29 })).toBe(1);
    expect(attendanceCycleStartDayOf({ attendanceCycleStartDay: 0 })).toBe(1);
    expect(attendanceCycleStartDayOf({ attendanceCycleStartDay: '5' })).toBe(1);
    expect(attendanceCycleStartDayOf({})).toBe(1);
    expect(attendanceCycleStartDayOf(null)).toBe(1);
  });
  it('lists the last six cycles, oldest first, back to back', () => {
    const cycles = recentAttendanceCycles('2026-03-10');
    expect(cycles.map((c) => c.startDate)).toEqual(['2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
    expect(cycles.at(-1)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    const shifted = recentAttendanceCycles('2026-03-10', 15, 3);
    expect(shifted).toEqual([
      { startDate: '2025-12-15', endDate: '2026-01-14' },
      { startDate: '2026-01-15', endDate: '2026-02-14' },
      { startDate: '2026-02-15', endDate: '2026-03-14' },
    ]);
  });
  it('cuts the current cycle at today', () => {
    expect(cycleSoFar({ startDate: '2026-11-01', endDate: '2026-11-30' }, '2026-11-23')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-23' });
    expect(cycleSoFar({ startDate: '2026-10-01', endDate: '2026-10-31' }, '2026-11-23')).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });
});

describe('to-do rules', () => {
  const nothingDue: TodoFacts = { attendanceProcessedThisCycle: true, employeeCount: 10, employeesAddedThisCycle: 2, payrollUploaded: true };
  const superAdmin = resourcesOf(ROLE_IDS.superAdmin);

  it('lists nothing when everything of the cycle is done', () => {
    expect(todoItems(nothingDue, superAdmin)).toEqual([]);
  });
  it('asks for attendance, employees and payroll when each is due, linking to their screens', () => {
    const items = todoItems({ attendanceProcessedThisCycle: false, employeeCount: 0, employeesAddedThisCycle: 0, payrollUploaded: false }, superAdmin);
    expect(items).toEqual([
      { kind: 'ATTENDANCE_UPLOAD', title: 'Upload attendance', link: '/documentUpload?document=ATTENDANCE_UPLOAD' },
      { kind: 'ADD_EMPLOYEES_BULK_UPLOAD', title: 'Bulk employee upload', link: '/documentUpload?document=ADD_EMPLOYEES_BULK_UPLOAD' },
      { kind: 'PAYROLL_UPLOAD', title: 'Upload payroll', link: '/payroll' },
    ]);
  });
  it('asks for a bulk employee upload when no worker was added this cycle', () => {
    expect(todoItems({ ...nothingDue, employeesAddedThisCycle: 0 }, superAdmin).map((i) => i.kind)).toEqual(['ADD_EMPLOYEES_BULK_UPLOAD']);
  });
  it('offers only what the admin may do (WRITE on the area)', () => {
    const due: TodoFacts = { attendanceProcessedThisCycle: false, employeeCount: 0, employeesAddedThisCycle: 0, payrollUploaded: false };
    expect(todoItems(due, resourcesOf(ROLE_IDS.viewer))).toEqual([]);
    expect(todoItems(due, resourcesOf(ROLE_IDS.payrollManager)).map((i) => i.kind)).toEqual(['PAYROLL_UPLOAD']);
  });
  it('carries vendorId in vendor context, and has no payroll item there', () => {
    const vendorId = '7f0c8a9e-1111-4222-8333-944455556666';
    const items = todoItems({ attendanceProcessedThisCycle: false, employeeCount: 3, employeesAddedThisCycle: 0, payrollUploaded: null }, resourcesOf(ROLE_IDS.vendorAdmin), vendorId);
    expect(items.map((i) => i.link)).toEqual([
      `/documentUpload?document=ATTENDANCE_UPLOAD&vendorId=${vendorId}`,
      `/documentUpload?document=ADD_EMPLOYEES_BULK_UPLOAD&vendorId=${vendorId}`,
    ]);
    expect(todoLink('PAYROLL_UPLOAD', vendorId)).toBe('/payroll');
  });
});

describe('card links', () => {
  const period = { startDate: '2026-11-01', endDate: '2026-11-23' };
  it('open the employer screens for the period', () => {
    expect(dashboardLinks(null, period)).toEqual({
      employees: '/employees',
      transactions: '/employerTransactions?startDate=2026-11-01&endDate=2026-11-23',
      salaryTopups: '/salary-topups?startDate=2026-11-01&endDate=2026-11-23',
    });
  });
  it("open the vendor's pages in vendor context", () => {
    const v = '7f0c8a9e-1111-4222-8333-944455556666';
    expect(dashboardLinks(v, period)).toEqual({
      employees: `/vendors/employees?vendorId=${v}`,
      transactions: `/vendors/transactions?vendorId=${v}&startDate=2026-11-01&endDate=2026-11-23`,
      salaryTopups: null,
    });
  });
});

describe('stats schema', () => {
  it('tells the kinds apart and refuses fractional paise', () => {
    const ewa = {
      kind: 'EWA',
      totalEmployees: 3,
      salaryWithdrawalCompleted: 2,
      withdrawalValue: 150_000,
      totalNumberOfTransactions: 5,
      totalTransactionalValue: 300_000,
      attendanceCycleDates: { startDate: '2026-11-01', endDate: '2026-11-30' },
      completeCycleTransactionDetails: [{ numberOfTransactions: 5, startDate: '2026-11-01', endDate: '2026-11-23', value: 300_000 }],
    };
    expect(DashboardStats.safeParse(ewa).success).toBe(true);
    expect(DashboardStats.safeParse({ ...ewa, withdrawalValue: 1.5 }).success).toBe(false);
    expect(DashboardStats.safeParse({ ...ewa, kind: 'STU' }).success).toBe(false);
  });
});
