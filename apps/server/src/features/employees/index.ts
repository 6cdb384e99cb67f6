/** What other features may use of employees: the stored form of a worker and the columns of a valid form (bulk sheets); the routes for the app. */
export { registerEmployeeRoutes } from './routes.js';
export { formOf, sealedValuesOf, valuesOf } from './form.js';
export { opened } from './shared.js';
export type WorkerColumns = ReturnType<typeof import('./form.js').valuesOf>;
/** The columns as written (the salary account number sealed, its masked form and keyed hash beside it). */
export type SealedWorkerColumns = ReturnType<typeof import('./form.js').sealedValuesOf>;
