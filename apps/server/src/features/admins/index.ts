/** Admins: the admin's profile, the employer's data, roles, Settings (admins) and the activity trail (spec 2.12, 2.13; decision 0017). */
export { registerAdminRoutes } from './routes.js';
export { registerActivityTrailRoutes } from './activity-trail.js';
