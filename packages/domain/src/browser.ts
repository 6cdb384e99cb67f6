/**
 * The browser's entry (package.json "exports" condition "browser", resolved by Vite): every pure
 * module, and the wire schemas as types only. The zod schemas themselves stay on the server
 * (./index.ts), so zod never ships to the browser; a value use of a schema in the web app is a
 * type error (apps/web/tsconfig.json customConditions).
 */
export * from './constants.js';
export * from './messages.js';
export * from './validation.js';
export * from './access.js';
export * from './api.js';
export * from './errors.js';
export * from './format.js';
export * from './roles.js';
export * from './employees.js';
export * from './advances.js';
export * from './approvals.js';
export * from './worker-transactions.js';
export * from './employee-profile.js';
export * from './documents.js';
export * from './sheets.js';
export * from './leave.js';
export * from './months.js';
export * from './payroll.js';
export * from './payroll-outcomes.js';
export * from './payroll-report.js';
export * from './dashboard.js';
export * from './vendors.js';
export * from './external-links.js';
export * from './api-keys.js';
export * from './webhooks.js';
export * from './activity-trail.js';
export * from './forms/index.js';
export type * from './wire/activity-trail.js';
export type * from './wire/api-keys.js';
export type * from './wire/bulk.js';
export type * from './wire/webhooks.js';
export type * from './wire/api.js';
export type * from './wire/approvals.js';
export type * from './wire/dashboard.js';
export type * from './wire/documents.js';
export type * from './wire/employee-profile.js';
export type * from './wire/employees.js';
export type * from './wire/external-links.js';
export type * from './wire/leave.js';
export type * from './wire/payroll.js';
export type * from './wire/vendors.js';
export type * from './wire/worker-transactions.js';
export * from './contracts/index.js';
