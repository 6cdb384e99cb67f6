/** /ewa-request's data, asked for as the page's code loads (decision 0041): the employer's config and, while approval is on, the pending requests. */
import type { QueryClient } from '@tanstack/react-query';
import { canAccessArea } from '@portal/domain';
import { employerConfigQuery } from '../../shared/auth/profile';
import { pendingRequestsQuery } from '../../features/ewa-requests/api';
import { listStateFromUrl } from '../../shared/ui/list/list-url';
import { allowedProfile, vendorOf } from './prefetch';

export async function prefetch(queryClient: QueryClient, url: URL): Promise<void> {
  if (!(await allowedProfile(queryClient, url, (p, vendorId) => canAccessArea(p.resources, 'TRANSACTIONS', 'READ', vendorId !== null)))) return;
  const config = await queryClient.ensureQueryData(employerConfigQuery());
  if (config.isEmployeeApprovalEnabled) void queryClient.prefetchQuery(pendingRequestsQuery(vendorOf(url), listStateFromUrl(url.searchParams, {}).search));
}
