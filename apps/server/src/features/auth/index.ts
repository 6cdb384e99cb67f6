/** What other features may use of identity: sending invitations and ending sessions. */
export { createAuthService } from './service.js';
