/** The admin's profile, the employer's data, roles, admins (Settings), activity, API keys, webhooks, vendors, analytics. */
import type {
  ActivityQuery,
  ActivityResult,
  AdminFormBody,
  AdminIdQuery,
  AdminListResult,
  AdminMfaInfo,
  AdminProfile,
  EmployerConfig,
  EmployerInfo,
  EmployerMetadata,
  IdParam,
  Ok,
  RolesQuery,
  RolesResult,
  VendorQuery,
} from '../wire/api.js';
import type { ApiKeyCreateBody, ApiKeyCreated, ApiKeyList } from '../wire/api-keys.js';
import type { WebhookDeliveryList, WebhookDeliveryQuery, WebhookEndpointBody, WebhookEndpointList, WebhookSecretResult } from '../wire/webhooks.js';
import type { VendorListResult } from '../wire/vendors.js';
import type { ExternalDashboardsResult } from '../wire/external-links.js';
import type { ActivityExportQuery, ActivityTrailQuery, ActivityTrailResult } from '../wire/activity-trail.js';
import { endpoint } from './endpoint.js';

export const adminCalls = {
  profile: endpoint<{ answer: typeof AdminProfile }>()('GET', '/employer-admin'),
  mfaInfo: endpoint<{ answer: typeof AdminMfaInfo }>()('GET', '/employer-admin/mfa'),
  employerInfo: endpoint<{ answer: typeof EmployerInfo }>()('GET', '/employer-admin/employer-info'),
  employerConfig: endpoint<{ answer: typeof EmployerConfig }>()('GET', '/employer-admin/employer-config'),
  employerMetadata: endpoint<{ answer: typeof EmployerMetadata }>()('GET', '/employer-admin/employer-metadata'),
  roles: endpoint<{ query: typeof RolesQuery; answer: typeof RolesResult }>()('GET', '/roles'),
  list: endpoint<{ query: typeof VendorQuery; answer: typeof AdminListResult }>()('GET', '/employer-admin/employer-admins'),
  create: endpoint<{ query: typeof VendorQuery; body: typeof AdminFormBody; answer: typeof Ok }>()('POST', '/employer-admin/create-employer-admin'),
  update: endpoint<{ query: typeof AdminIdQuery; body: typeof AdminFormBody; answer: typeof Ok }>()('PUT', '/employer-admin/update-employer-admin'),
  resetSecondFactor: endpoint<{ params: typeof IdParam; query: typeof VendorQuery; answer: typeof Ok }>()('POST', '/employer-admin/reset-second-factor/:id'),
  remove: endpoint<{ params: typeof IdParam; query: typeof VendorQuery; answer: typeof Ok }>()('DELETE', '/employer-admin/terminate/:id'),
  activity: endpoint<{ query: typeof ActivityQuery; answer: typeof ActivityResult }>()('GET', '/employer-admin/activity'),
  activityTrail: endpoint<{ query: typeof ActivityTrailQuery; answer: typeof ActivityTrailResult }>()('GET', '/employer-admin/activity/trail'),
  activityExport: endpoint<{ query: typeof ActivityExportQuery; answer: 'file' }>()('GET', '/employer-admin/activity/export'),
};

export const apiKeyCalls = {
  list: endpoint<{ answer: typeof ApiKeyList }>()('GET', '/employer-admin/api-keys'),
  create: endpoint<{ body: typeof ApiKeyCreateBody; answer: typeof ApiKeyCreated }>()('POST', '/employer-admin/api-keys'),
  revoke: endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('POST', '/employer-admin/api-keys/:id/revoke'),
};

export const webhookCalls = {
  list: endpoint<{ answer: typeof WebhookEndpointList }>()('GET', '/employer-admin/webhooks'),
  add: endpoint<{ body: typeof WebhookEndpointBody; answer: typeof WebhookSecretResult }>()('POST', '/employer-admin/webhooks'),
  rotateSecret: endpoint<{ params: typeof IdParam; answer: typeof WebhookSecretResult }>()('POST', '/employer-admin/webhooks/:id/rotate-secret'),
  ping: endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('POST', '/employer-admin/webhooks/:id/ping'),
  remove: endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('DELETE', '/employer-admin/webhooks/:id'),
  deliveries: endpoint<{ query: typeof WebhookDeliveryQuery; answer: typeof WebhookDeliveryList }>()('GET', '/employer-admin/webhooks/deliveries'),
  replay: endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('POST', '/employer-admin/webhooks/deliveries/:id/replay'),
};

export const vendorCalls = {
  list: endpoint<{ answer: typeof VendorListResult }>()('GET', '/employer-admin/vendors'),
};

export const analyticsCalls = {
  dashboards: endpoint<{ query: typeof VendorQuery; answer: typeof ExternalDashboardsResult }>()('GET', '/employer-admin/external/dashboards'),
};
