import { describe, expect, it } from 'vitest';
import {
  AdminDialogForm,
  ApprovalSalaryForm,
  EMPLOYEE_MSG,
  EmailRequestForm,
  MfaPhoneForm,
  OtpForm,
  earliestJoiningDate,
  employeeFormSchema,
  employeeFormSchemaOn,
  fieldErrors,
  latestJoiningDate,
  parseEmployeeRow,
  topupSearchForm,
  validateApprovalSalary,
  validateEmployeeForm,
  type EmployeeFormInput,
} from '../index.js';

const TODAY = '2026-11-24';
const valid: EmployeeFormInput = {
  fullName: 'Asha Devi',
  email: '',
  mobile: '9876543210',
  employerEmployeeId: 'E1',
  currentMonthlySalary: '25000',
  joiningDate: '2025-04-01',
  salaryAccountNumber: '',
  maxWithdrawalSalaryPercent: '',
  maxWithdrawalPerDay: '',
  maxWithdrawalPerTransaction: '',
};
const errorsOf = (change: Partial<EmployeeFormInput>) => validateEmployeeForm({ ...valid, ...change }, TODAY);

describe('5.3 employee form schema', () => {
  it('passes a valid form, and parses it as typed', () => {
    expect(errorsOf({})).toEqual({});
    expect(employeeFormSchema(TODAY).parse(valid)).toEqual(valid);
  });

  it('gives each message of the spec, one per field', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((k) => [k, ''])) as unknown as EmployeeFormInput;
    expect(validateEmployeeForm(empty, TODAY)).toEqual({
      fullName: 'Please enter a valid Name',
      email: 'Please enter either Email Id or Mobile',
      employerEmployeeId: 'Please enter Employee Id',
      currentMonthlySalary: 'Please enter Monthly Salary',
      joiningDate: 'Please enter a valid Joining Date',
    });
    expect(errorsOf({ fullName: 'A', email: 'nope', mobile: '12345', salaryAccountNumber: '12345', maxWithdrawalSalaryPercent: '150', maxWithdrawalPerDay: '-5', maxWithdrawalPerTransaction: 'x' })).toEqual({
      fullName: 'Please enter a valid Name',
      email: 'Please enter a valid Email Id',
      mobile: 'Please enter a valid Mobile',
      salaryAccountNumber: 'Salary Account Number length should be between 9 & 18 characters',
      maxWithdrawalSalaryPercent: 'Please enter a number between 0 to 100',
      maxWithdrawalPerDay: 'Please enter a positive number',
      maxWithdrawalPerTransaction: 'Please enter a positive number',
    });
    expect(errorsOf({ currentMonthlySalary: '   ' }).currentMonthlySalary).toBe(EMPLOYEE_MSG.salaryRequired);
  });

  it('takes whole rupees only: "1.5" is numbers only, "-1" and "0" are not positive', () => {
    expect(errorsOf({ currentMonthlySalary: '1.5' }).currentMonthlySalary).toBe('Monthly Salary should be number(s) only');
    expect(errorsOf({ currentMonthlySalary: '25000.50' }).currentMonthlySalary).toBe('Monthly Salary should be number(s) only');
    expect(errorsOf({ currentMonthlySalary: '25k' }).currentMonthlySalary).toBe('Monthly Salary should be number(s) only');
    expect(errorsOf({ currentMonthlySalary: '-1' }).currentMonthlySalary).toBe('Monthly Salary should be a positive number');
    expect(errorsOf({ currentMonthlySalary: '-1.5' }).currentMonthlySalary).toBe('Monthly Salary should be a positive number');
    expect(errorsOf({ currentMonthlySalary: '0' }).currentMonthlySalary).toBe('Monthly Salary should be a positive number');
    expect(errorsOf({ currentMonthlySalary: ' 1 ' })).toEqual({});
  });

  it('takes a joining date from 70 years back to 6 months ahead, as the sheet does', () => {
    expect(earliestJoiningDate(TODAY)).toBe('1956-11-24');
    expect(latestJoiningDate(TODAY)).toBe('2027-05-24');
    for (const date of ['2031-01-01', '1899-12-31', '1956-11-23', '2027-05-25', '2025-02-30', '24/11/2026']) {
      expect(errorsOf({ joiningDate: date }).joiningDate, date).toBe('Please enter a valid Joining Date');
    }
    for (const date of ['1956-11-24', TODAY, '2027-05-24']) expect(errorsOf({ joiningDate: date }), date).toEqual({});
    expect(earliestJoiningDate('2028-02-29')).toBe('1958-02-28');
  });

  it('is the rule the employee sheet applies to its rows', () => {
    const row = (cells: Record<string, string>) =>
      parseEmployeeRow({ fullName: 'Asha Devi', mobile: '9876543210', employerEmployeeId: 'E1', currentMonthlySalary: '25000', joiningDate: '01/04/2025', ...cells }, { today: TODAY });
    expect(row({}).ok).toBe(true);
    expect(row({ currentMonthlySalary: '1.5' })).toMatchObject({ ok: false, errors: { currentMonthlySalary: 'Monthly Salary should be number(s) only' } });
    expect(row({ joiningDate: '01/01/1950' })).toMatchObject({ ok: false, errors: { joiningDate: 'Please enter a valid Joining Date' } });
  });
});

describe('5.4 approval salary schema', () => {
  it('gives the spec messages in order', () => {
    expect(fieldErrors(ApprovalSalaryForm, { currentMonthlySalary: '' })).toEqual({ currentMonthlySalary: 'Monthly Salary is required' });
    expect(validateApprovalSalary('1.5')).toBe('Monthly Salary cannot have decimals');
    expect(validateApprovalSalary('-1')).toBe('Monthly Salary cannot be negative or equal to zero');
    expect(validateApprovalSalary('10000000')).toBe('Monthly Salary cannot be greater than 9999999');
    expect(validateApprovalSalary('25000')).toBeNull();
  });
});

describe('the other forms', () => {
  it('e-mail request, phone and code', () => {
    expect(EmailRequestForm.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(EmailRequestForm.safeParse({ email: 'a@b' }).success).toBe(false);
    expect(fieldErrors(MfaPhoneForm, { phone: '1234567890' })).toEqual({ phone: 'Invalid mobile' });
    expect(fieldErrors(MfaPhoneForm, { phone: '9876543210' })).toEqual({});
    expect(OtpForm.safeParse({ code: '012345' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', '']) expect(OtpForm.safeParse({ code }).success, code).toBe(false);
  });
  it('admin dialog: the spec messages and a role', () => {
    expect(fieldErrors(AdminDialogForm, { name: 'R', mobile: '123', email: 'x', branchLocation: ' ', roleId: '' })).toEqual({
      name: 'Invalid name',
      mobile: 'Invalid mobile',
      email: 'Invalid email',
      branchLocation: 'Invalid branch location',
      roleId: 'Select a role',
    });
  });
});

describe('Salary Topups date search (spec 2.12, 5.1)', () => {
  const form = topupSearchForm('2026-11-24');
  it('takes the month so far', () => {
    expect(fieldErrors(form, { startDate: '2026-11-01', endDate: '2026-11-24' })).toEqual({});
  });
  it("puts 'To Date' before 'From Date' on To Date with the spec's words", () => {
    expect(fieldErrors(form, { startDate: '2026-11-24', endDate: '2026-11-23' })).toEqual({ endDate: "'To Date' cannot be before 'From Date'" });
  });
  it('refuses a date after today and a date that is not one', () => {
    expect(fieldErrors(form, { startDate: '2026-11-01', endDate: '2026-11-25' }).endDate).toBeTruthy();
    expect(fieldErrors(form, { startDate: '2026-02-30', endDate: '2026-11-24' }).endDate).toBeTruthy();
  });
});

describe('the employee form schema, built once per business day (issue 21)', () => {
  it('is the same schema for the same day, another for another day, and keeps each day\'s joining-date bound', () => {
    const a = employeeFormSchemaOn(TODAY);
    expect(employeeFormSchemaOn(TODAY)).toBe(a);
    const b = employeeFormSchemaOn('2026-11-25');
    expect(b).not.toBe(a);
    expect(employeeFormSchemaOn(TODAY)).toBe(a); // two days are kept (a check around midnight does not rebuild)
    // 6 months ahead of each day: 2027-05-25 is past the bound on 24 Nov, within it on 25 Nov.
    const form = (joiningDate: string) => ({ fullName: 'Asha Rao', email: 'a@example.com', mobile: '', employerEmployeeId: 'E1', currentMonthlySalary: '20000', joiningDate, salaryAccountNumber: '', maxWithdrawalSalaryPercent: '', maxWithdrawalPerDay: '', maxWithdrawalPerTransaction: '' });
    expect(validateEmployeeForm(form('2027-05-25'), TODAY)).toEqual({ joiningDate: EMPLOYEE_MSG.joiningDate });
    expect(validateEmployeeForm(form('2027-05-25'), '2026-11-25')).toEqual({});
    expect(validateEmployeeForm(form('2027-05-24'), TODAY)).toEqual({});
  });
});
