import { describe, expect, it } from 'vitest';
import {
  EMPLOYEE_COLUMNS,
  EmployeeExportBody,
  EmployeeUpdateBody,
  employeeExportRow,
  exportColumns,
  formatDdMmYyyy,
  groupFilters,
  holdSignedUpIdentity,
  SHEET_MSG,
  signedUpLockMessage,
  isoDateInZone,
  paiseToRupeesText,
  rupeesToPaise,
  spreadsheetSafeText,
  type EmployeeRecord,
} from './index.js';

const f = (conjunction: 'WHERE' | 'AND' | 'OR', value: string) => ({ conjunction, field: 'gradeId' as const, operator: 'IS' as const, value });

describe('groupFilters', () => {
  it('puts AND rows in one group and starts a new group at each OR', () => {
    expect(groupFilters([])).toEqual([]);
    expect(groupFilters([f('WHERE', 'a'), f('AND', 'b')]).map((g) => g.map((x) => x.value))).toEqual([['a', 'b']]);
    expect(groupFilters([f('WHERE', 'a'), f('OR', 'b')]).map((g) => g.map((x) => x.value))).toEqual([['a'], ['b']]);
    expect(groupFilters([f('WHERE', 'a'), f('AND', 'b'), f('OR', 'c'), f('AND', 'd')]).map((g) => g.map((x) => x.value))).toEqual([['a', 'b'], ['c', 'd']]);
  });
});

describe('export helpers', () => {
  it('prefixes text a spreadsheet would read as a formula', () => {
    for (const s of ['=1+1', '+91', '-5', '@SUM(A1)', '\tx', '\0x', '\rx']) expect(spreadsheetSafeText(s)).toBe(`'${s}`);
    for (const s of ['Asha', '9876543210', 'a=b', '']) expect(spreadsheetSafeText(s)).toBe(s);
  });
  it('formats dates as dd/mm/yyyy', () => {
    expect(formatDdMmYyyy('2026-03-07')).toBe('07/03/2026');
    expect(formatDdMmYyyy(null)).toBe('');
  });
  it('chooses columns in the spec order, always with Full Name and Employee ID, metadata columns only when listed', () => {
    const keys = (cols: readonly { key: string }[]) => cols.map((c) => c.key);
    expect(keys(exportColumns(['mobile', 'email'], {}))).toEqual(['fullName', 'employerEmployeeId', 'email', 'mobile']);
    expect(keys(exportColumns([], {}))).toEqual(EMPLOYEE_COLUMNS.slice(0, 10).map((c) => c.key));
    expect(keys(exportColumns(['gradeId', 'branchId'], { branchIds: ['B1'], gradeIds: [] }))).toEqual(['fullName', 'employerEmployeeId', 'branchId']);
  });
  it('renders a row with labels, rupees and the formula guard', () => {
    const r: EmployeeRecord = {
      _id: 'x', workerType: 'EMPLOYEE', fullName: 'Asha', email: '=cmd', mobile: '9876543210', employerEmployeeId: '-E1', joinedAt: '2026-01-02', terminatedAt: null,
      employmentStatus: 'IN_PROBATION', currentMonthlySalary: 2500050, isTransactionAllowed: false, userId: 'u', salaryAccountNumber: null, maxWithdrawalSalaryPercent: null,
      maxWithdrawalPerDay: null, maxWithdrawalPerTransaction: null, designation: null, departmentId: null, gradeId: 'G1', branchId: null, branchLocation: null, vendorId: null,
    };
    expect(employeeExportRow(r, EMPLOYEE_COLUMNS)).toEqual(['Asha', "'-E1", "'=cmd", '9876543210', 'Signed Up', 'In Probation', '02/01/2026', '', 'Not Allowed', 25000.5, '', 'G1', '']);
  });
  it('the export body defaults to no columns (the default view) and refuses unknown ones', () => {
    expect(EmployeeExportBody.parse({}).columns).toEqual([]);
    expect(EmployeeExportBody.safeParse({ columns: ['password'] }).success).toBe(false);
  });
});

describe('money and dates', () => {
  it('converts paise to rupees text and back', () => {
    for (const p of [0, 100, 2500000, 2500050, 2500005]) expect(rupeesToPaise(paiseToRupeesText(p))).toBe(p);
    expect(paiseToRupeesText(2500050)).toBe('25000.50');
  });
  it('gives the Asia/Kolkata calendar date', () => {
    expect(isoDateInZone(new Date('2026-03-31T19:00:00Z'), 'Asia/Kolkata')).toBe('2026-04-01');
    expect(isoDateInZone(new Date('2026-03-31T18:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-31');
  });
  it('an update body may leave out every field but needs nothing', () => {
    expect(EmployeeUpdateBody.parse({})).toEqual({});
  });
});

describe('the signed-up identity lock', () => {
  const stored = { employerEmployeeId: 'EMP-7', fullName: 'Ananya Rao', mobile: '9876543210', email: 'ananya@example.com', designation: 'Nurse' };

  it('lets anything change before the worker signs up', () => {
    const next = { ...stored, employerEmployeeId: 'EMP-8', fullName: 'Someone Else', mobile: '', email: '' };
    expect(holdSignedUpIdentity(false, stored, next)).toEqual({ form: next, changed: [] });
  });

  it('names every locked field a signed-up worker\'s form would change, in one order, with one message', () => {
    const next = { ...stored, email: 'other@example.com', fullName: 'Someone Else', employerEmployeeId: 'EMP-8', mobile: '', designation: 'Head Nurse' };
    const held = holdSignedUpIdentity(true, stored, next);
    expect(held.changed).toEqual(['employerEmployeeId', 'fullName', 'mobile', 'email']);
    expect(signedUpLockMessage(['employerEmployeeId'])).toBe('Employee ID cannot be changed after the employee has signed up');
    expect(signedUpLockMessage(['fullName', 'mobile'])).toBe('Full Name, Mobile cannot be changed after the employee has signed up');
    expect(SHEET_MSG.signedUp('Ananya Rao (9876543210)', ['fullName', 'mobile'])).toBe(
      'This Employee ID belongs to Ananya Rao (9876543210). Full Name, Mobile cannot be changed after the employee has signed up. Please check the row.',
    );
  });

  it('keeps the stored spelling where only case or spacing differ, and lets the other fields change', () => {
    const next = { ...stored, employerEmployeeId: ' emp-7 ', fullName: '  ananya   RAO ', email: 'ANANYA@example.com ', mobile: ' 9876543210', designation: 'Head Nurse' };
    expect(holdSignedUpIdentity(true, stored, next)).toEqual({ form: { ...stored, designation: 'Head Nurse' }, changed: [] });
  });
});
