/** /dashboard's data, asked for as the page's code loads (decision 0041): what DashboardPage, QuickStats, TodoList and RecentActivities ask for first. */
import type { QueryClient } from '@tanstack/react-query';
import { hasAnyEmployerRead } from '@portal/domain';
import { activityQuery, statsQuery, todoQuery } from '../../features/dashboard/api';
import { allowedProfile } from './prefetch';

export async function prefetch(queryClient: QueryClient, url: URL): Promise<void> {
  if (!(await allowedProfile(queryClient, url, (p, vendorId) => vendorId === null && hasAnyEmployerRead(p.resources)))) return;
  void queryClient.prefetchQuery(statsQuery('EWA', null));
  void queryClient.prefetchQuery(todoQuery(null));
  void queryClient.prefetchQuery(activityQuery(null, true));
}
