/**
 * Payroll up to the freeze: routes for the app, the expiry for main and the CLI, and the payroll
 * sheet's kind for the one sheet pipeline (composed with the others in src/sheets.ts).
 */

export { registerPayrollRoutes } from './routes.js';
export { workPayrollJobs, PAYROLL_EXPIRY_QUEUE } from './jobs.js';
export { currentPayroll, expirePayrolls } from './service.js';
export { setStreamingAccountOptIn, type StreamingOptInResult } from './streaming-account.js';
export { payrollSheet } from './processing.js';
export { payoutReportDocument } from './report.js';
