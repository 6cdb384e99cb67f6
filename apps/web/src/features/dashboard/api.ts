/** Dashboard calls (spec 7 "Dashboard"): stats of a kind, vendor stats, the to-do list, recent activities. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminCalls, dashboardCalls } from '@portal/domain';
import type { z } from 'zod';
import type { ActivityResult, StatsKind,} from '@portal/domain';
import { call } from '../../shared/api/client';
import { dashboardKeys } from '../../shared/api/query-keys';

export type ActivityList = z.infer<typeof ActivityResult>;

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : {});

export const statsQuery = (kind: StatsKind, vendorId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.stats(kind, vendorId),
    queryFn: () => call(dashboardCalls.stats, { params: { kind }, query: vendorQuery(vendorId) }),
    placeholderData: keepPreviousData,
  });

export const vendorStatsQuery = (vendorId: string) =>
  queryOptions({ queryKey: dashboardKeys.vendorStats(vendorId), queryFn: () => call(dashboardCalls.vendorStats, { query: { vendorId } }) });

export const todoQuery = (vendorId: string | null) =>
  queryOptions({ queryKey: dashboardKeys.todo(vendorId), queryFn: () => call(dashboardCalls.todo, { query: vendorQuery(vendorId) }) });

/** Recent activities (the newest few), or the longer list behind Show More. */
export const activityQuery = (vendorId: string | null, recent: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.activity(vendorId, recent),
    queryFn: () => call(adminCalls.activity, { query: { isRecentActivity: recent ? 'true' : 'false', ...vendorQuery(vendorId) } }),
  });
