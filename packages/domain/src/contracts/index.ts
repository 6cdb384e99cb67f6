export * from './endpoint.js';
export * from './auth.js';
export * from './admins.js';
export * from './work.js';
export * from './documents.js';
export * from './platform.js';
