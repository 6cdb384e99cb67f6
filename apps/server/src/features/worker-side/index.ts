/** The worker side's service, for the demo seed, the tests, the CLI and the worker API. */
export { ADVANCE_HOLD_MSG, ADVANCE_REFUSALS, PROFILE_REFUSALS, createWorkerSide, type RegisterInput, type WorkerProfileInput, type WorkerSide } from './service.js';
export { registerWorkerApi } from './routes.js';
