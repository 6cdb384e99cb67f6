/** The worker side's service, for the demo seed, the tests, the CLI and the worker API. */
export { ADVANCE_HOLD_MSG, ADVANCE_REFUSALS, createWorkerSide, type WorkerSide } from './service.js';
export { registerWorkerApi } from './routes.js';
export { createApprovedAdvanceQueue, queueApprovedAdvance, workApprovedAdvanceJobs } from './advance-jobs.js';
