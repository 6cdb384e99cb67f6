/** A worker's profile, documents, advances, salary details and agreements with their signed links (spec 2.6). */
export { registerEmployeeProfileRoutes } from './routes.js';
