/** Health and the dev outbox page (same machine only). */
export { registerDevOutboxPage, registerPlatformRoutes } from './routes.js';
