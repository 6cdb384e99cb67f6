/** The analytics dashboard (spec 2.14): its call, the CLI's management and the origins the CSP may frame. */
export { registerAnalyticsRoutes } from './routes.js';
export { frameOrigins, manageDashboards } from './dashboards.js';
