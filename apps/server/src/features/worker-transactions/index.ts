/** Transactions and Salary Topups: the lists and their streamed xlsx reports (spec 2.9, 2.10). */
export { registerWorkerTransactionRoutes } from './routes.js';
