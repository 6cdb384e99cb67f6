import { describe, expect, it } from 'vitest';
import type { PayrollDetails } from '@portal/domain';
import { ApiError } from '../../shared/api/client';
import { currentPayroll, payrollOrNone } from './api';

const payroll = { _id: 'p1', status: 'PROCESSED' } as unknown as PayrollDetails;

describe('payrollOrNone (a month without payroll is an answer, not an error)', () => {
  it('reads payroll-details\' 404 as null', async () => {
    await expect(payrollOrNone(Promise.reject(new ApiError(404, 'Oops! No Data found', undefined)))).resolves.toBeNull();
  });
  it('passes the payroll through', async () => {
    await expect(payrollOrNone(Promise.resolve(payroll))).resolves.toBe(payroll);
  });
  it('keeps every other failure a failure', async () => {
    const refused = new ApiError(403, 'Forbidden', undefined);
    await expect(payrollOrNone(Promise.reject(refused))).rejects.toBe(refused);
    const network = new TypeError('Failed to fetch');
    await expect(payrollOrNone(Promise.reject(network))).rejects.toBe(network);
  });
});

describe('currentPayroll', () => {
  it('tells a month without payroll from one not yet read', () => {
    expect(currentPayroll({ isError: false, data: null })).toEqual({ data: undefined, noPayroll: true });
    expect(currentPayroll({ isError: false, data: undefined })).toEqual({ data: undefined, noPayroll: false });
    expect(currentPayroll({ isError: false, data: payroll })).toEqual({ data: payroll, noPayroll: false });
  });
  it('keeps no older answer once a refetch failed', () => {
    expect(currentPayroll({ isError: true, data: payroll })).toEqual({ data: undefined, noPayroll: false });
  });
});
