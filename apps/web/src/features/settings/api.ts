/** Settings (admin users) calls, spec 7 "Admins and approvals"; see docs/identity-and-admin-api.md. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ACTIVITY_TRAIL_PAGE_SIZE, type ActivityResult, type ApiKeyCreateBody, type ApiKeyCreated, type ApiKeyList, type WebhookDeliveryList, type WebhookEndpointBody, type WebhookEndpointList, type WebhookSecretResult, type ActivityTrailResult, type AdminFormBody, type AdminListResult, type AdminRow, type RolesResult } from '@portal/domain';
import { api } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/query-keys';
import { integrationKeys } from '../../shared/api/integration-keys';

export type { AdminRow };
type AdminList = z.infer<typeof AdminListResult>;

export { settingsKeys } from '../../shared/api/query-keys';

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : undefined);

export const adminListQuery = (vendorId: string | null) =>
  queryOptions({
    queryKey: settingsKeys.adminList(vendorId),
    queryFn: () => api.get<AdminList>('/employer-admin/employer-admins', vendorQuery(vendorId)),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.roles(),
    queryFn: () => api.get<z.infer<typeof RolesResult>>('/roles', { userType: 'EMPLOYER_ADMIN' }),
    staleTime: 10 * 60_000,
  });

interface MessageResult {
  message: string;
}

export const createAdmin = (body: AdminFormBody, vendorId: string | null) =>
  api.post<MessageResult>('/employer-admin/create-employer-admin', body, vendorQuery(vendorId));

export const updateAdmin = (id: string, body: AdminFormBody, vendorId: string | null) =>
  api.put<MessageResult>('/employer-admin/update-employer-admin', body, { id, ...vendorQuery(vendorId) });

/** Decision 0038: another admin's sign-in phone is reset; they enrol the registered mobile at the next sign-in. */
export const resetSecondFactor = (id: string, vendorId: string | null) =>
  api.post<MessageResult>(`/employer-admin/reset-second-factor/${encodeURIComponent(id)}`, undefined, vendorQuery(vendorId));

export const removeAdmin = (id: string, vendorId: string | null) =>
  api.delete<MessageResult>(`/employer-admin/terminate/${encodeURIComponent(id)}`, vendorQuery(vendorId));

// ---- activity (spec 7 "GET /employer-admin/activity"; the activity trail, decision 0017) ----

export type ActivityList = z.infer<typeof ActivityResult>;

/** The recent activities of a context; with a vendorId, that vendor's admins' actions (vendor settings). */
export const activityQuery = (vendorId: string | null) =>
  queryOptions({
    queryKey: settingsKeys.activity(vendorId),
    queryFn: () => api.get<ActivityList>('/employer-admin/activity', vendorQuery(vendorId)),
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
    queryFn: () => api.get<ActivityTrailResult>('/employer-admin/activity/trail', { ...trailQuery(s), pageNumber: s.page, limit: ACTIVITY_TRAIL_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const downloadActivityTrail = (s: Omit<TrailSearch, 'page'>) => api.get<Blob>('/employer-admin/activity/export', trailQuery(s));

// ---- API keys (issue 26, decision 0044) ----

export const apiKeyListQuery = () => queryOptions({ queryKey: integrationKeys.apiKeys(), queryFn: () => api.get<ApiKeyList>('/employer-admin/api-keys') });
export const createApiKey = (body: ApiKeyCreateBody) => api.post<ApiKeyCreated>('/employer-admin/api-keys', body);
export const revokeApiKey = (id: string) => api.post<MessageResult>(`/employer-admin/api-keys/${encodeURIComponent(id)}/revoke`);

// ---- Webhooks (issue 26, decision 0045) ----

export const webhookEndpointsQuery = () => queryOptions({ queryKey: integrationKeys.webhooks(), queryFn: () => api.get<WebhookEndpointList>('/employer-admin/webhooks') });
export const webhookDeliveriesQuery = (page: number) =>
  queryOptions({
    queryKey: integrationKeys.webhookDeliveries(page),
    queryFn: () => api.get<WebhookDeliveryList>('/employer-admin/webhooks/deliveries', { page }),
    placeholderData: keepPreviousData,
    // Deliveries move on by themselves (attempts, retries): the log follows them while it is open.
    refetchInterval: 5_000,
  });
export const addWebhookEndpoint = (body: WebhookEndpointBody) => api.post<WebhookSecretResult>('/employer-admin/webhooks', body);
export const rotateWebhookSecret = (id: string) => api.post<WebhookSecretResult>(`/employer-admin/webhooks/${encodeURIComponent(id)}/rotate-secret`);
export const pingWebhook = (id: string) => api.post<MessageResult>(`/employer-admin/webhooks/${encodeURIComponent(id)}/ping`);
export const removeWebhook = (id: string) => api.delete<MessageResult>(`/employer-admin/webhooks/${encodeURIComponent(id)}`);
export const replayWebhookDelivery = (id: string) => api.post<MessageResult>(`/employer-admin/webhooks/deliveries/${encodeURIComponent(id)}/replay`);
