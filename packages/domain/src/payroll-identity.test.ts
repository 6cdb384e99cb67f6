import { describe, expect, it } from 'vitest';
import { payrollFlagText } from './payroll.js';
import { PayrollFlagCounts } from './wire/payroll.js';

describe('payroll identity flags (NAME_DIFFERS, MOBILE_DIFFERS)', () => {
  it('names the record in the text', () => {
    expect(payrollFlagText('NAME_DIFFERS', { name: 'Ananya Rao', mobile: null })).toBe('Name differs from the employee record (Ananya Rao)');
  });
  it("reads an old payroll's flag counts without the new keys as 0", () => {
    expect(PayrollFlagCounts.parse({ NON_POSITIVE_NET: 1, NET_CHANGED_OVER_30_PERCENT: 0, NEW_BANK_ACCOUNT: 2, SHARED_BANK_ACCOUNT: 0 })).toMatchObject({ NAME_DIFFERS: 0, MOBILE_DIFFERS: 0 });
  });
});
