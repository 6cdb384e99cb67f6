/**
 * What other features may use of employees: the stored form of a worker and the columns of a
 * valid form (bulk sheets); the writes of `workers` (workers-store.ts, its only writer: the worker
 * side's sign-up and KYC, approvals, the employee and termination sheets); the routes for the app.
 */
export { registerEmployeeRoutes } from './routes.js';
export { formOf, sealedValuesOf, valuesOf } from './form.js';
export { opened } from './shared.js';
/** The size of a context (the employer's own workers, or a vendor's), kept by triggers: the employees list's and the dashboard's. */
export { contextCount } from './list-query.js';
export {
  addSignedUpWorker,
  addWorkers,
  addWorkersSelected,
  decideWorkerApproval,
  linkSignedUpUser,
  setWorkerPan,
  terminateWorkersOn,
  updateWorkerForms,
} from './workers-store.js';
export type { SealedWorkerColumns, WorkerColumns } from './form.js';
