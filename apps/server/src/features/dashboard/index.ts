/** Dashboard (spec 2.4): stats, attendance cycle, top-up stats, vendor stats and the to-do list. */
export { registerDashboardRoutes } from './routes.js';
