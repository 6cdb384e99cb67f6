/** Worker approval (spec 2.17, 4.7, 5.4): the public surface of the feature. */
export { registerApprovalRoutes } from './routes.js';
export { createApprovalService } from './service.js';
