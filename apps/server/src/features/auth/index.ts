/** What other features may use of identity: sending invitations and ending sessions; the identity-mail worker; the routes for the app. */
export { registerAuthRoutes } from './routes.js';
export { createAuthService } from './service.js';
export { workIdentityMailJobs } from './mail-outbox.js';
export { settleBackgroundMail } from './background.js';
