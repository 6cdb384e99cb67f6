/**
 * /employees' data, asked for as the page's code loads (decision 0041): the list as its URL asks for it, and the
 * employer's metadata (the columns), which the route waits for.
 */
import type { QueryClient } from '@tanstack/react-query';
import { canAccessArea } from '@portal/domain';
import { employerMetadataQuery } from '../../shared/auth/profile';
import { listStateFromUrl } from '../../shared/ui/list/list-url';
import { EMPLOYEE_LIST, employeeListQuery } from '../../features/employees/api';
import { allowedProfile, vendorOf } from './prefetch';

export async function prefetch(queryClient: QueryClient, url: URL): Promise<void> {
  if (!(await allowedProfile(queryClient, url, (p, vendorId) => canAccessArea(p.resources, 'EMPLOYEES', 'READ', vendorId !== null)))) return;
  const state = listStateFromUrl(url.searchParams, EMPLOYEE_LIST);
  const sort = state.sort ?? { by: 'createdAt' as const, order: 'desc' as const };
  void queryClient.prefetchQuery(
    employeeListQuery(vendorOf(url), { page: state.page, pageSize: state.pageSize, search: state.search, filters: state.filters, sortBy: sort.by, sortOrder: sort.order }),
  );
  // Resolves once the metadata is there (or has failed): the route waits for it, as it draws the
  // columns and the toolbar (a Columns button that grew on its arrival shifted the table down).
  await queryClient.prefetchQuery(employerMetadataQuery());
}
