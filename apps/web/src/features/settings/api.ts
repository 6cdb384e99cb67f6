/** Settings (admin users) calls, spec 7 "Admins and approvals"; see docs/identity-and-admin-api.md. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ACTIVITY_TRAIL_PAGE_SIZE, type ActivityResult, type ApiKeyCreateBody, type WebhookEndpointBody, type AdminFormBody, type AdminRow, adminCalls, apiKeyCalls, webhookCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/query-keys';
import { integrationKeys } from '../../shared/api/integration-keys';

export type { AdminRow };

export { settingsKeys } from '../../shared/api/query-keys';

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : undefined);

export const adminListQuery = (vendorId: string | null) =>
  queryOptions({
    queryKey: settingsKeys.adminList(vendorId),
    queryFn: () => call(adminCalls.list, { query: vendorQuery(vendorId) }),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.roles(),
    queryFn: () => call(adminCalls.roles, { query: { userType: 'EMPLOYER_ADMIN' } }),
    staleTime: 10 * 60_000,
  });

export const createAdmin = (body: AdminFormBody, vendorId: string | null) =>
  call(adminCalls.create, { body, query: vendorQuery(vendorId) });

export const updateAdmin = (id: string, body: AdminFormBody, vendorId: string | null) =>
  call(adminCalls.update, { body, query: { id, ...vendorQuery(vendorId) } });

/** Decision 0038: another admin's sign-in phone is reset; they enrol the registered mobile at the next sign-in. */
export const resetSecondFactor = (id: string, vendorId: string | null) =>
  call(adminCalls.resetSecondFactor, { params: { id }, query: vendorQuery(vendorId) });

export const removeAdmin = (id: string, vendorId: string | null) =>
  call(adminCalls.remove, { params: { id }, query: vendorQuery(vendorId) });

// ---- activity (spec 7 "GET /employer-admin/activity"; the activity trail, decision 0017) ----

export type ActivityList = z.infer<typeof ActivityResult>;

/** The recent activities of a context; with a vendorId, that vendor's admins' actions (vendor settings). */
export const activityQuery = (vendorId: string | null) =>
  queryOptions({
    queryKey: settingsKeys.activity(vendorId),
    queryFn: () => call(adminCalls.activity, { query: vendorQuery(vendorId) }),
  });

export interface TrailSearch {
  startDate: string;
  endDate: string;
  actorId: string;
  page: number;
}
const trailQuery = (s: Omit<TrailSearch, 'page'>) => ({ startDate: s.startDate, endDate: s.endDate, actorId: s.actorId || undefined });

export const activityTrailQuery = (s: TrailSearch) =>
  queryOptions({
    queryKey: settingsKeys.activityTrail(s),
    queryFn: () => call(adminCalls.activityTrail, { query: { ...trailQuery(s), pageNumber: s.page, limit: ACTIVITY_TRAIL_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const downloadActivityTrail = (s: Omit<TrailSearch, 'page'>) => call(adminCalls.activityExport, { query: trailQuery(s) });

// ---- API keys (issue 26, decision 0044) ----

export const apiKeyListQuery = () => queryOptions({ queryKey: integrationKeys.apiKeys(), queryFn: () => call(apiKeyCalls.list) });
export const createApiKey = (body: ApiKeyCreateBody) => call(apiKeyCalls.create, { body });
export const revokeApiKey = (id: string) => call(apiKeyCalls.revoke, { params: { id } });

// ---- Webhooks (issue 26, decision 0045) ----

export const webhookEndpointsQuery = () => queryOptions({ queryKey: integrationKeys.webhooks(), queryFn: () => call(webhookCalls.list) });
export const webhookDeliveriesQuery = (page: number) =>
  queryOptions({
    queryKey: integrationKeys.webhookDeliveries(page),
    queryFn: () => call(webhookCalls.deliveries, { query: { page } }),
    placeholderData: keepPreviousData,
    // Deliveries move on by themselves (attempts, retries): the log follows them while it is open.
    refetchInterval: 5_000,
  });
export const addWebhookEndpoint = (body: WebhookEndpointBody) => call(webhookCalls.add, { body });
export const rotateWebhookSecret = (id: string) => call(webhookCalls.rotateSecret, { params: { id } });
export const pingWebhook = (id: string) => call(webhookCalls.ping, { params: { id } });
export const removeWebhook = (id: string) => call(webhookCalls.remove, { params: { id } });
export const replayWebhookDelivery = (id: string) => call(webhookCalls.replay, { params: { id } });
