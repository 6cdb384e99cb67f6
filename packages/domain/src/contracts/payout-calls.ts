/** The `payoutCalls` contracts (decision 0051): an export per endpoint, the namespace `payoutCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { AccountStatement, ExecutePayrollResult, PayrollIdQuery, PayrollVendorQuery, StreamAccountInfo, StreamingExecuteQuery } from '../wire/payroll.js';
import { endpoint } from './endpoint.js';

export const accountInfo = /*#__PURE__*/ endpoint<{ query: typeof PayrollVendorQuery; answer: typeof StreamAccountInfo }>()('GET', '/employer-admin/payroll/stream-account-info');
export const accountStatement = /*#__PURE__*/ endpoint<{ query: typeof PayrollVendorQuery; answer: typeof AccountStatement }>()('GET', '/employer-admin/payroll/account-statement');
export const execute = /*#__PURE__*/ endpoint<{ query: typeof PayrollIdQuery; answer: typeof ExecutePayrollResult }>()('PUT', '/employer-admin/payroll/execute-payroll');
export const executeStreaming = /*#__PURE__*/ endpoint<{ query: typeof StreamingExecuteQuery; answer: typeof ExecutePayrollResult }>()('PUT', '/employer-admin/payroll/streaming-account/execute-payroll');
export const reinitiate = /*#__PURE__*/ endpoint<{ query: typeof PayrollIdQuery; answer: typeof ExecutePayrollResult }>()('PUT', '/employer-admin/payroll/reinitiate-failed-transactions');
