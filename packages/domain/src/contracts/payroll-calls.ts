/** The `payrollCalls` contracts (decision 0051): an export per endpoint, the namespace `payrollCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { EmployeePayoutDetailsBody, EmployeePayoutDetailsResult, HrActionBody, MissingWorkersQuery, MissingWorkersResult, PayrollDetails, PayrollDetailsQuery, PayrollInfo, PayrollListQuery, PayrollListResult, PayrollMonthlySummary, PayrollMonthlySummaryQuery, PayrollStatusResult, PayrollVendorQuery, UpdatePayrollStatusBody, UploadPayrollDocBody, UploadPayrollDocResult } from '../wire/payroll.js';
import { endpoint } from './endpoint.js';

export const upload = /*#__PURE__*/ endpoint<{ query: typeof PayrollVendorQuery; body: typeof UploadPayrollDocBody; answer: typeof UploadPayrollDocResult }>()('POST', '/employer-admin/payroll/upload-payroll-doc');
export const list = /*#__PURE__*/ endpoint<{ query: typeof PayrollListQuery; answer: typeof PayrollListResult }>()('GET', '/employer-admin/payroll');
export const info = /*#__PURE__*/ endpoint<{ query: typeof PayrollVendorQuery; answer: typeof PayrollInfo }>()('GET', '/employer-admin/payroll/payroll-info');
export const monthlySummary = /*#__PURE__*/ endpoint<{ query: typeof PayrollMonthlySummaryQuery; answer: typeof PayrollMonthlySummary }>()('GET', '/employer-admin/payroll-monthly-summary');
export const details = /*#__PURE__*/ endpoint<{ query: typeof PayrollDetailsQuery; answer: typeof PayrollDetails }>()('GET', '/employer-admin/payroll/payroll-details');
export const streamingDetails = /*#__PURE__*/ endpoint<{ query: typeof PayrollDetailsQuery; answer: typeof PayrollDetails }>()('GET', '/employer-admin/payroll/streaming-account/payroll-details');
export const payoutDetails = /*#__PURE__*/ endpoint<{ query: typeof PayrollVendorQuery; body: typeof EmployeePayoutDetailsBody; answer: typeof EmployeePayoutDetailsResult }>()('POST', '/employer-admin/payroll/employee-payout-details');
export const missingWorkers = /*#__PURE__*/ endpoint<{ query: typeof MissingWorkersQuery; answer: typeof MissingWorkersResult }>()('GET', '/employer-admin/payroll/missing-workers');
export const updateStatus = /*#__PURE__*/ endpoint<{ query: typeof PayrollVendorQuery; body: typeof UpdatePayrollStatusBody; answer: typeof PayrollStatusResult }>()('PUT', '/employer-admin/payroll/update-payroll-status');
export const freeze = /*#__PURE__*/ endpoint<{ query: typeof PayrollVendorQuery; body: typeof HrActionBody; answer: typeof PayrollStatusResult }>()('POST', '/hrAction');
