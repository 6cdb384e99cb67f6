/**
 * Payroll up to the freeze: routes for the app, the expiry for main and the CLI, and the payroll
 * sheets' processor, registered with the documents pipeline as this module loads (the app and the
 * worker both import it).
 */
import { registerUploadProcessor } from '../documents/index.js';
import { processPayrollUpload } from './processing.js';

registerUploadProcessor('PAYROLL_UPLOAD', processPayrollUpload);
registerUploadProcessor('PAYROLL_STREAMING_ACCOUNT', processPayrollUpload);

export { registerPayrollRoutes } from './routes.js';
export { workPayrollJobs, PAYROLL_EXPIRY_QUEUE } from './jobs.js';
export { currentPayroll, expirePayrolls } from './service.js';
export { processPayrollUpload } from './processing.js';
