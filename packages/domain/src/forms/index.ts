/** One schema per form (issue 14), zod/mini with the spec's messages; exported by both entries. */
export * from './schema.js';
export * from './auth.js';
export * from './auth-links.js';
export * from './two-factor.js';
export * from './account.js';
export * from './approval.js';
export * from './employee.js';
export * from './search.js';
