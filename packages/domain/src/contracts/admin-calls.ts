/** The `adminCalls` contracts (decision 0051): an export per endpoint, the namespace `adminCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { ActivityQuery, ActivityResult, AdminFormBody, AdminIdQuery, AdminListResult, AdminMfaInfo, AdminProfile, EmployerConfig, EmployerInfo, EmployerMetadata, IdParam, Ok, RolesQuery, RolesResult, VendorQuery } from '../wire/api.js';
import type { ActivityExportQuery, ActivityTrailQuery, ActivityTrailResult } from '../wire/activity-trail.js';
import { endpoint } from './endpoint.js';

export const profile = /*#__PURE__*/ endpoint<{ answer: typeof AdminProfile }>()('GET', '/employer-admin');
export const mfaInfo = /*#__PURE__*/ endpoint<{ answer: typeof AdminMfaInfo }>()('GET', '/employer-admin/mfa');
export const employerInfo = /*#__PURE__*/ endpoint<{ answer: typeof EmployerInfo }>()('GET', '/employer-admin/employer-info');
export const employerConfig = /*#__PURE__*/ endpoint<{ answer: typeof EmployerConfig }>()('GET', '/employer-admin/employer-config');
export const employerMetadata = /*#__PURE__*/ endpoint<{ answer: typeof EmployerMetadata }>()('GET', '/employer-admin/employer-metadata');
export const roles = /*#__PURE__*/ endpoint<{ query: typeof RolesQuery; answer: typeof RolesResult }>()('GET', '/roles');
export const list = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; answer: typeof AdminListResult }>()('GET', '/employer-admin/employer-admins');
export const create = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; body: typeof AdminFormBody; answer: typeof Ok }>()('POST', '/employer-admin/create-employer-admin');
export const update = /*#__PURE__*/ endpoint<{ query: typeof AdminIdQuery; body: typeof AdminFormBody; answer: typeof Ok }>()('PUT', '/employer-admin/update-employer-admin');
export const resetSecondFactor = /*#__PURE__*/ endpoint<{ params: typeof IdParam; query: typeof VendorQuery; answer: typeof Ok }>()('POST', '/employer-admin/reset-second-factor/:id');
export const remove = /*#__PURE__*/ endpoint<{ params: typeof IdParam; query: typeof VendorQuery; answer: typeof Ok }>()('DELETE', '/employer-admin/terminate/:id');
export const activity = /*#__PURE__*/ endpoint<{ query: typeof ActivityQuery; answer: typeof ActivityResult }>()('GET', '/employer-admin/activity');
export const activityTrail = /*#__PURE__*/ endpoint<{ query: typeof ActivityTrailQuery; answer: typeof ActivityTrailResult }>()('GET', '/employer-admin/activity/trail');
export const activityExport = /*#__PURE__*/ endpoint<{ query: typeof ActivityExportQuery; answer: 'file' }>()('GET', '/employer-admin/activity/export');
