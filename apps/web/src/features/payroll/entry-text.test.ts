import { describe, expect, it } from 'vitest';
import {
  cutOffOf,
  cutOffText,
  daysText,
  deductionLineLabel,
  deductionsBrief,
  laterAdvancesText,
  noDeductionsText,
  paidDaysText,
  prorationLabel,
  prorationText,
} from './entry-text';

const october = { month: 10, year: 2026 };

describe('the salary for the paid days', () => {
  it('shows the paid days of the working days and the monthly salary behind the prorated salary', () => {
    expect(paidDaysText(26, 30)).toBe('Paid days 26 / 30');
    expect(prorationText(3_000_000, 26, 30)).toBe('₹30,000.00 × 26/30');
    expect(prorationLabel(3_000_000, 26, 30)).toBe('Monthly salary ₹30,000.00 for 26 of 30 working days');
  });
  it('keeps the sheet’s decimals of paid days, and no more', () => {
    expect(daysText(24.5)).toBe('24.5');
    expect(daysText(22.25)).toBe('22.25');
    expect(daysText(0)).toBe('0');
    expect(paidDaysText(24.5, 26)).toBe('Paid days 24.5 / 26');
    expect(prorationText(18_000_050, 24.5, 26)).toBe('₹1,80,000.50 × 24.5/26');
  });
});

describe('what the deductions repay', () => {
  it('names the cut-off: the payroll month’s last day', () => {
    expect(cutOffOf(october)).toBe('31/10/2026');
    expect(cutOffOf({ month: 2, year: 2028 })).toBe('29/02/2028');
    expect(cutOffText(october)).toBe('Advances and EMIs up to 31/10/2026 are deducted.');
    expect(noDeductionsText(october)).toBe('No advances or EMIs up to 31/10/2026');
  });
  it('names each advance by its date and each EMI by its due date', () => {
    expect(deductionLineLabel({ kind: 'ADVANCE', date: '2026-10-12' })).toBe('Advance of 12/10/2026');
    expect(deductionLineLabel({ kind: 'TOPUP_EMI', date: '2026-10-05' })).toBe('Top-up EMI due 05/10/2026');
  });
  it('counts advances and EMIs in a few words', () => {
    expect(deductionsBrief([])).toBe('');
    expect(deductionsBrief([{ kind: 'ADVANCE' }])).toBe('1 advance');
    expect(deductionsBrief([{ kind: 'ADVANCE' }, { kind: 'TOPUP_EMI' }, { kind: 'ADVANCE' }])).toBe('2 advances, 1 EMI');
    expect(deductionsBrief([{ kind: 'TOPUP_EMI' }, { kind: 'TOPUP_EMI' }])).toBe('2 EMIs');
  });
  it('says what the next payroll will deduct, only when something is owed', () => {
    expect(laterAdvancesText({ count: 1, amount: 300_000 }, october)).toBe("1 advance (₹3,000.00) taken after 31/10/2026 will be deducted from next month's payroll.");
    expect(laterAdvancesText({ count: 3, amount: 12_345_600 }, october)).toBe("3 advances (₹1,23,456.00) taken after 31/10/2026 will be deducted from next month's payroll.");
    expect(laterAdvancesText({ count: 0, amount: 0 }, october)).toBeNull();
    expect(laterAdvancesText(undefined, october)).toBeNull();
  });
});
