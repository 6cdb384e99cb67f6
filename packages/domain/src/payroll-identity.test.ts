import { describe, expect, it } from 'vitest';
import { identityFlags, mobileDiffers, payrollFlagText, sameName } from './payroll.js';
import { PayrollFlagCounts } from './wire/payroll.js';

describe('payroll identity flags (NAME_DIFFERS, MOBILE_DIFFERS)', () => {
  it('compares names blind to case, spaces, punctuation and word order', () => {
    expect(sameName('A. Rao', 'A Rao')).toBe(true);
    expect(sameName('a.rao', 'A Rao')).toBe(true);
    expect(sameName('  ANANYA   rao ', 'Ananya Rao')).toBe(true);
    expect(sameName('Rao, Ananya', 'Ananya Rao')).toBe(true);
    expect(sameName("D'Souza Joseph", 'Joseph DSouza')).toBe(false); // two rules, not mixed
    expect(sameName("Joseph D'Souza", 'Joseph DSouza')).toBe(true);
    expect(sameName('A Rao', 'Ananya Rao')).toBe(false);
    expect(sameName('Suresh Patel', 'Ananya Rao')).toBe(false);
  });
  it('compares the last 10 digits of mobiles; a blank is no difference', () => {
    expect(mobileDiffers('9811122233', '+91 98111-22233')).toBe(false);
    expect(mobileDiffers('', '9811122233')).toBe(false);
    expect(mobileDiffers('9811122233', null)).toBe(false);
    expect(mobileDiffers('9811122234', '9811122233')).toBe(true);
  });
  it('flags a row against the record, and names the record in the text', () => {
    expect(identityFlags({ name: 'Suresh Patel', mobile: '9700000001' }, { name: 'Ananya Rao', mobile: '9811122233' })).toEqual(['NAME_DIFFERS', 'MOBILE_DIFFERS']);
    expect(identityFlags({ name: 'ananya  rao', mobile: null }, { name: 'Ananya Rao', mobile: '9811122233' })).toEqual([]);
    expect(payrollFlagText('NAME_DIFFERS', { name: 'Ananya Rao', mobile: null })).toBe('Name differs from the employee record (Ananya Rao)');
  });
  it("reads an old payroll's flag counts without the new keys as 0", () => {
    expect(PayrollFlagCounts.parse({ NON_POSITIVE_NET: 1, NET_CHANGED_OVER_30_PERCENT: 0, NEW_BANK_ACCOUNT: 2, SHARED_BANK_ACCOUNT: 0 })).toMatchObject({ NAME_DIFFERS: 0, MOBILE_DIFFERS: 0 });
  });
});
