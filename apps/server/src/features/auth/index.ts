/** What other features may use of identity: sending invitations and ending sessions; the identity-mail worker. */
export { createAuthService } from './service.js';
export { workIdentityMailJobs } from './mail-outbox.js';
export { settleBackgroundMail } from './background.js';
