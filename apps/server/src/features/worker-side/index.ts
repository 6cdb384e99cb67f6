/** The worker side's service, for the demo seed, the tests, the CLI and the worker API. */
export { ADVANCE_HOLD_MSG, ADVANCE_REFUSALS, createWorkerSide, type WorkerSide } from './service.js';
export { registerWorkerApi } from './routes.js';
// The advance's lifecycle (issue 23): its one writer, for approvals' decision and payroll execution's deductions.
export { decideHeldAdvance, deductFromSalary } from './advance-lifecycle.js';
export { createApprovedAdvanceQueue, queueApprovedAdvance, workApprovedAdvanceJobs } from './advance-jobs.js';
