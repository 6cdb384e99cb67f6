import { describe, expect, it } from 'vitest';
import { EMPLOYEE_MSG, employeeFormWithPicksSchema, fieldErrors } from '@portal/domain';
import { EMPTY_EMPLOYEE_FORM, employeeRequestBody, formFromRecord, needsCheck, paiseToRupeesText, submitBlocked, type EmployeeFormValues } from './employee-form-model';

/** The drawer's resolver schema on a fixed day. */
const validateForm = (values: EmployeeFormValues) => fieldErrors(employeeFormWithPicksSchema('2026-11-24'), values);

const valid = {
  ...EMPTY_EMPLOYEE_FORM,
  fullName: 'Asha Devi',
  mobile: '9876543210',
  employerEmployeeId: 'E1',
  currentMonthlySalary: '25000',
  joiningDate: '2025-04-01',
};

describe('employee form', () => {
  it('uses the spec messages', () => {
    const e = validateForm(EMPTY_EMPLOYEE_FORM);
    expect(e.fullName).toBe(EMPLOYEE_MSG.name);
    expect(e.email).toBe(EMPLOYEE_MSG.emailOrMobile);
    expect(e.employerEmployeeId).toBe(EMPLOYEE_MSG.employeeId);
    expect(e.currentMonthlySalary).toBe(EMPLOYEE_MSG.salaryRequired);
    expect(e.joiningDate).toBe(EMPLOYEE_MSG.joiningDate);
    expect(validateForm(valid)).toEqual({});
    // The drawer keeps the designation and the picks as they are.
    expect(employeeFormWithPicksSchema('2026-11-24').parse({ ...valid, designation: 'Cook', branchId: 'Pune' })).toMatchObject({ designation: 'Cook', branchId: 'Pune' });
  });

  it('converts paise to rupees as typed', () => {
    expect(paiseToRupeesText(2500000)).toBe('25000');
    expect(paiseToRupeesText(2500050)).toBe('25000.50');
    expect(paiseToRupeesText(null)).toBe('');
  });

  it('builds the body with trimmed strings, leaving out empty optional selects', () => {
    const body = employeeRequestBody({ ...valid, fullName: ' Asha Devi ', branchId: '' }, 'id-1');
    expect(body.fullName).toBe('Asha Devi');
    expect(body.id).toBe('id-1');
    expect('branchId' in body).toBe(false);
    expect(body.email).toBe('');
  });

  it('starts an edit with the masked account number blank, and keeps the stored one when left blank', () => {
    const record = {
      _id: 'id-1', workerType: 'EMPLOYEE', fullName: 'Asha Devi', email: null, mobile: '9876543210', employerEmployeeId: 'E1',
      joinedAt: '2025-04-01', terminatedAt: null, employmentStatus: 'ACTIVE', currentMonthlySalary: 2500000, isTransactionAllowed: true,
      userId: null, salaryAccountNumber: '********1234', maxWithdrawalSalaryPercent: null, maxWithdrawalPerDay: null,
      maxWithdrawalPerTransaction: null, designation: null, departmentId: null, gradeId: null, branchId: null, branchLocation: null, vendorId: null,
    } as const;
    const form = formFromRecord(record);
    expect(form.salaryAccountNumber).toBe('');
    expect(validateForm(form)).toEqual({});
    expect('salaryAccountNumber' in employeeRequestBody(form, 'id-1')).toBe(false);
    expect(employeeRequestBody({ ...form, salaryAccountNumber: '123456789012' }, 'id-1').salaryAccountNumber).toBe('123456789012');
    expect(employeeRequestBody(valid).salaryAccountNumber).toBe('');
  });

  it('checks only changed, valid e-mail and mobile values', () => {
    expect(needsCheck('email', 'a@b.co', '')).toBe(true);
    expect(needsCheck('email', 'A@b.co', 'a@b.co')).toBe(false);
    expect(needsCheck('email', 'bad', '')).toBe(false);
    expect(needsCheck('mobile', '9876543210', '')).toBe(true);
    expect(needsCheck('mobile', '12345', '')).toBe(false);
  });

  it('blocks Submit while invalid, checking, or unavailable', () => {
    const idle = { email: 'idle', mobile: 'idle' } as const;
    expect(submitBlocked(true, idle)).toBe(false);
    expect(submitBlocked(false, idle)).toBe(true);
    expect(submitBlocked(true, { ...idle, mobile: 'checking' })).toBe(true);
    expect(submitBlocked(true, { ...idle, email: 'taken' })).toBe(true);
    expect(submitBlocked(true, { email: 'available', mobile: 'error' })).toBe(false);
  });
});
