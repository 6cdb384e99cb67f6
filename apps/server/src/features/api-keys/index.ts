/** API keys (issue 26, decision 0044): Settings' keys; the guard's key callers live in platform/api-keys.ts. */
export { registerApiKeyRoutes } from './routes.js';
