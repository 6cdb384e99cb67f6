import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG, isDigitKey, validateApprovalSalary } from './index.js';

describe('5.4 approval salary edit', () => {
  it('gives each message of the spec', () => {
    expect(validateApprovalSalary('')).toBe('Monthly Salary is required');
    expect(validateApprovalSalary('  ')).toBe('Monthly Salary is required');
    expect(validateApprovalSalary('25000.50')).toBe('Monthly Salary cannot have decimals');
    expect(validateApprovalSalary('0')).toBe('Monthly Salary cannot be negative or equal to zero');
    expect(validateApprovalSalary('-5')).toBe('Monthly Salary cannot be negative or equal to zero');
    expect(validateApprovalSalary('500001')).toBe(APPROVAL_MSG.max(500_000));
    expect(validateApprovalSalary('500000')).toBeNull();
    expect(validateApprovalSalary('25000')).toBeNull();
  });
  it('lets only digits be typed', () => {
    expect(isDigitKey('7')).toBe(true);
    for (const k of ['.', '-', 'e', 'a', ' ']) expect(isDigitKey(k)).toBe(false);
  });
  it('words the outcomes as the spec does', () => {
    expect(APPROVAL_MSG.approved('Asha')).toBe('Asha approved!');
    expect(APPROVAL_MSG.rejected).toBe('rejected!');
  });
});
