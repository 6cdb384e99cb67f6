/** Webhooks (issue 26, decision 0045): endpoints in Settings and the delivery worker; events are emitted through platform/events.ts. */
export { registerWebhookRoutes } from './routes.js';
export { workWebhookDeliveries } from './jobs.js';
