/** Dashboard calls (spec 7 "Dashboard"): stats of a kind, vendor stats, the to-do list, recent activities. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ActivityResult, DashboardStats, StatsKind, TodoResult, VendorStatsResult } from '@portal/domain';
import { api } from '../../shared/api/client';
import { dashboardKeys } from '../../shared/api/query-keys';

export type ActivityList = z.infer<typeof ActivityResult>;

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : {});

export const statsQuery = (kind: StatsKind, vendorId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.stats(kind, vendorId),
    queryFn: () => api.get<DashboardStats>(`/employer-admin/stats/${kind}`, vendorQuery(vendorId)),
    placeholderData: keepPreviousData,
  });

export const vendorStatsQuery = (vendorId: string) =>
  queryOptions({ queryKey: dashboardKeys.vendorStats(vendorId), queryFn: () => api.get<VendorStatsResult>('/employer-admin/vendor-stats', { vendorId }) });

export const todoQuery = (vendorId: string | null) =>
  queryOptions({ queryKey: dashboardKeys.todo(vendorId), queryFn: () => api.get<TodoResult>('/employer-admin/to-do', vendorQuery(vendorId)) });

/** Recent activities (the newest few), or the longer list behind Show More. */
export const activityQuery = (vendorId: string | null, recent: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.activity(vendorId, recent),
    queryFn: () => api.get<ActivityList>('/employer-admin/activity', { isRecentActivity: String(recent), ...vendorQuery(vendorId) }),
  });
