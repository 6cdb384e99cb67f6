import { describe, expect, it } from 'vitest';
import { availableEarnedSalary, canMoveTransaction, daysInMonth, emiSchedule, statusLabel } from './index.js';

describe('earned salary', () => {
  it('counts the days worked of the month, the percentage, and what was taken', () => {
    // 30,000 rupees, November (30 days), 10 full days worked, 50 %: 10,000 earned, 5,000 allowed
    expect(availableEarnedSalary({ monthlySalary: 3_000_000, workedHalfDays: 20, cycleDate: '2026-11-22', maxWithdrawalPercent: 50, withdrawnThisCycle: 0 })).toBe(500_000);
    expect(availableEarnedSalary({ monthlySalary: 3_000_000, workedHalfDays: 20, cycleDate: '2026-11-22', maxWithdrawalPercent: 50, withdrawnThisCycle: 200_000 })).toBe(300_000);
    expect(availableEarnedSalary({ monthlySalary: 3_000_000, workedHalfDays: 20, cycleDate: '2026-11-22', maxWithdrawalPercent: 50, withdrawnThisCycle: 900_000 })).toBe(0);
  });
  it('rounds down to the paisa', () => {
    // 10,001 paise over 31 days, 1 half day: 161.3 paise -> 161; 100 % -> 161
    expect(availableEarnedSalary({ monthlySalary: 10_001, workedHalfDays: 1, cycleDate: '2026-12-01', maxWithdrawalPercent: 100, withdrawnThisCycle: 0 })).toBe(161);
    expect(availableEarnedSalary({ monthlySalary: 3_000_000, workedHalfDays: 20, cycleDate: '2026-11-01', maxWithdrawalPercent: 33.33, withdrawnThisCycle: 0 })).toBe(333_300);
  });
  it('knows the days of each month', () => {
    expect(daysInMonth('2026-02-10')).toBe(28);
    expect(daysInMonth('2028-02-10')).toBe(29);
    expect(daysInMonth('2026-12-31')).toBe(31);
  });
});

describe('advance statuses', () => {
  it('moves forward only along the allowed paths', () => {
    expect(canMoveTransaction('USER_REQUESTED', 'LENDER_APPROVED')).toBe(true);
    expect(canMoveTransaction('TRANSFERRED', 'DEDUCTED_FROM_SALARY')).toBe(true);
    expect(canMoveTransaction('TRANSFERRED', 'USER_REQUESTED')).toBe(false);
    expect(canMoveTransaction('REPAID', 'DEDUCTED_FROM_SALARY')).toBe(false);
  });
  it('shows underscores as spaces', () => expect(statusLabel('DISBURSAL_INITIATED')).toBe('DISBURSAL INITIATED'));
});

describe('EMI schedule', () => {
  it('adds up to the amount exactly', () => {
    const s = emiSchedule(1_000_001, 3);
    expect(s).toEqual([333_335, 333_333, 333_333]);
    expect(s.reduce((a, b) => a + b, 0)).toBe(1_000_001);
  });
});
