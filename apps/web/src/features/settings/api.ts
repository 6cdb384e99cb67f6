/** Settings (admin users) calls, spec 7 "Admins and approvals"; see docs/identity-and-admin-api.md. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminFormBody, AdminListResult, AdminRow, RolesResult } from '@portal/domain';
import { api } from '../../shared/api/client';

export type { AdminRow };
export type Role = z.infer<typeof RolesResult>['roles'][number];
type AdminList = z.infer<typeof AdminListResult>;

/** Query keys: admins per context (employer, or one vendor), and the role list. */
export const settingsKeys = {
  all: ['settings'] as const,
  admins: () => [...settingsKeys.all, 'admins'] as const,
  adminList: (vendorId: string | null) => [...settingsKeys.admins(), { vendorId }] as const,
  roles: () => [...settingsKeys.all, 'roles', 'EMPLOYER_ADMIN'] as const,
};

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

export const removeAdmin = (id: string, vendorId: string | null) =>
  api.delete<MessageResult>(`/employer-admin/terminate/${encodeURIComponent(id)}`, vendorQuery(vendorId));
