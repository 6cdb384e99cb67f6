import { describe, expect, it } from 'vitest';
import { PROFILE_NA, profileAddressText, profileDateTimeText, profileTransactionCells, sniffDocumentType } from './employee-profile.js';
import { type ProfileTransaction } from './wire/employee-profile.js';

const tx = (over: Partial<ProfileTransaction>): ProfileTransaction => ({
  _id: 't1',
  employeeId: 'w1',
  createdAt: '2026-11-05T06:15:00.000Z',
  amount: 250_050,
  status: 'TRANSFERRED',
  repaidAmount: 100_000,
  pendingRepaymentAmount: 150_050,
  latestRepaymentDate: null,
  ...over,
});

describe('profile transaction cells (as the Transactions screen shows them)', () => {
  it('shows date and time in Asia/Kolkata and amounts in en-IN rupees', () => {
    expect(profileTransactionCells(tx({}))).toEqual({ dateTime: '05/11/2026 11:45', amountDisbursed: '₹2,500.50', repaidAmount: '₹1,000.00', status: 'TRANSFERRED' });
  });
  it('shows NA for the amounts of an advance that was never disbursed, and spaces in the status', () => {
    expect(profileTransactionCells(tx({ status: 'TRANSFER_FAILED', repaidAmount: 0 }))).toMatchObject({ amountDisbursed: PROFILE_NA, repaidAmount: PROFILE_NA, status: 'TRANSFER FAILED' });
    expect(profileTransactionCells(tx({ status: 'DEDUCTED_FROM_SALARY' })).status).toBe('DEDUCTED FROM SALARY');
  });
  it('shows NA for a missing or unreadable date', () => {
    expect(profileDateTimeText(null)).toBe(PROFILE_NA);
    expect(profileDateTimeText('yesterday')).toBe(PROFILE_NA);
  });
});

describe('sniffDocumentType', () => {
  it('knows JPEG, PNG and PDF by their first bytes, and nothing else', () => {
    const bytes = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
    expect(sniffDocumentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffDocumentType(bytes('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffDocumentType(bytes('<svg/>'))).toBeNull();
    expect(sniffDocumentType(new Uint8Array(0))).toBeNull();
  });
});

describe('profileAddressText', () => {
  it('joins the parts and the pincode, NA when empty', () => {
    expect(profileAddressText({ line1: '12, MG Road', line2: null, city: 'Pune', state: 'Maharashtra', pincode: '411001' })).toBe('12, MG Road, Pune, Maharashtra - 411001');
    expect(profileAddressText(null)).toBe(PROFILE_NA);
  });
});
