/**
 * Payroll up to the freeze: routes for the app, the expiry for main and the CLI, and the payroll
 * sheet's kind for the one sheet pipeline (composed with the others in src/sheets.ts).
 */

export { registerPayrollRoutes } from './routes.js';
export { workPayrollJobs } from './jobs.js';
export { currentPayroll } from './shared.js';
export { movePayroll } from './lifecycle.js';
export { expirePayrolls } from './use-cases/expire.js';
export { setStreamingAccountOptIn } from './streaming-account.js';
export { payrollSheet } from './processing.js';
export { payoutReportDocument } from './report.js';
export { payrollSheetDocument } from './masked-sheet.js';
