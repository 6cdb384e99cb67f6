/** Approvals: worker sign-ups and EWA requests held for the employer's approval (decisions 0010, 0024, 0032). */
export { registerApprovalRoutes } from './routes.js';
