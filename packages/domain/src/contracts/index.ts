export * from './endpoint.js';
export * from './auth.js';
export * from './admins.js';
