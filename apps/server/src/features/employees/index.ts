/** What other features may use of employees: the stored form of a worker and the columns of a valid form (bulk sheets). */
export { formOf, valuesOf } from './service.js';
export type WorkerColumns = ReturnType<typeof import('./service.js').valuesOf>;
