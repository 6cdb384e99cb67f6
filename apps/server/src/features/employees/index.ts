/** What other features may use of employees: the stored form of a worker and the columns of a valid form (bulk sheets); the routes for the app. */
export { registerEmployeeRoutes } from './routes.js';
export { formOf, valuesOf } from './form.js';
export type WorkerColumns = ReturnType<typeof import('./form.js').valuesOf>;
