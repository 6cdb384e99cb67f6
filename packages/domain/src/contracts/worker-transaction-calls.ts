/** The `workerTransactionCalls` contracts (decision 0051): an export per endpoint, the namespace `workerTransactionCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { SalaryTopupFilter, SalaryTopupQuery, SalaryTopupResult, WorkerTransactionsFilter, WorkerTransactionsQuery, WorkerTransactionsResult } from '../wire/worker-transactions.js';
import { endpoint } from './endpoint.js';

export const transactions = /*#__PURE__*/ endpoint<{ query: typeof WorkerTransactionsQuery; answer: typeof WorkerTransactionsResult }>()('GET', '/employer-admin/transactions-of-workers');
export const transactionsReport = /*#__PURE__*/ endpoint<{ query: typeof WorkerTransactionsFilter; answer: 'file' }>()('GET', '/employer-admin/transactions-of-workers/report');
export const topups = /*#__PURE__*/ endpoint<{ query: typeof SalaryTopupQuery; answer: typeof SalaryTopupResult }>()('GET', '/employer-admin/salary-topup/applications');
export const topupsReport = /*#__PURE__*/ endpoint<{ query: typeof SalaryTopupFilter; answer: 'file' }>()('GET', '/employer-admin/salary-topup/applications/report');
