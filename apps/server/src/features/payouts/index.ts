/** Streaming account, payroll execution, payouts and the bank's webhooks: routes for the app, the worker for main. */
export { registerPayoutRoutes } from './routes.js';
export { workPayoutJobs, type PayoutWorker } from './jobs.js';
export { ensureAccount, seedDemoAccount } from './account.js';
export { startBankProcess } from './bank-process.js';
