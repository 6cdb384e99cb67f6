import { describe, expect, it } from 'vitest';
import {
  APPROVAL_MSG,
  ApprovalDecisionBody,
  MAX_APPROVAL_MONTHLY_SALARY_RUPEES,
  NUMERIC_LIMIT,
  approvalSalaryToPaise,
  isAllowedSalaryKey,
  isDigitKey,
  validateApprovalSalary,
} from './index.js';

describe('5.4 approval salary edit', () => {
  it('requires a value', () => {
    expect(validateApprovalSalary('')).toBe('Monthly Salary is required');
    expect(validateApprovalSalary('  ')).toBe('Monthly Salary is required');
  });
  it('refuses anything but a whole number', () => {
    for (const v of ['25000.50', '25000.', '.5', '-2.5', '1e5', '25,000', 'abc', '+500']) {
      expect(validateApprovalSalary(v), v).toBe('Monthly Salary cannot have decimals');
    }
  });
  it('refuses zero and negatives', () => {
    for (const v of ['0', '000', '-5', '-0']) expect(validateApprovalSalary(v), v).toBe('Monthly Salary cannot be negative or equal to zero');
  });
  it('refuses more than the maximum, the spec numeric limit in rupees, and names it', () => {
    expect(MAX_APPROVAL_MONTHLY_SALARY_RUPEES).toBe(NUMERIC_LIMIT);
    expect(validateApprovalSalary('10000000')).toBe('Monthly Salary cannot be greater than 9999999');
    expect(validateApprovalSalary('99999999999999999999')).toBe(APPROVAL_MSG.max(9_999_999));
    expect(validateApprovalSalary('9999999')).toBeNull();
  });
  it('accepts a whole positive number, with spaces around it', () => {
    expect(validateApprovalSalary('25000')).toBeNull();
    expect(validateApprovalSalary(' 1 ')).toBeNull();
    expect(validateApprovalSalary('007')).toBeNull();
  });
  it('converts a valid value to paise', () => {
    expect(approvalSalaryToPaise('25000')).toBe(2_500_000);
    expect(approvalSalaryToPaise(' 9999999 ')).toBe(999_999_900);
  });
  it('lets only digits be typed, and keeps editing keys and shortcuts', () => {
    expect(isDigitKey('7')).toBe(true);
    for (const k of ['.', '-', 'e', 'a', ' ', '+']) {
      expect(isDigitKey(k), k).toBe(false);
      expect(isAllowedSalaryKey(k), k).toBe(false);
    }
    for (const k of ['Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', '0', '9']) expect(isAllowedSalaryKey(k), k).toBe(true);
    expect(isAllowedSalaryKey('v', true)).toBe(true);
  });
  it('words the outcomes as the spec does', () => {
    expect(APPROVAL_MSG.approved('Asha')).toBe('Asha approved!');
    expect(APPROVAL_MSG.rejected).toBe('rejected!');
  });
  it('carries entityId, entityType, status and modifiedFields in the decision call', () => {
    const body = ApprovalDecisionBody.parse({ entityId: '00000000-0000-4000-8000-000000000001', entityType: 'WORKER', status: 'APPROVED' });
    expect(body.modifiedFields).toEqual({});
    expect(ApprovalDecisionBody.safeParse({ ...body, status: 'MAYBE' }).success).toBe(false);
    expect(ApprovalDecisionBody.safeParse({ ...body, modifiedFields: { fullName: 'x' } }).success).toBe(false);
  });
});
