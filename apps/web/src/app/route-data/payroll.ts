/** /payroll's data, asked for as the page's code loads (decision 0041): the payroll info, then the figures of the month it names. */
import type { QueryClient } from '@tanstack/react-query';
import { canAccessArea } from '@portal/domain';
import { payrollDetailsQuery, payrollInfoQuery } from '../../features/payroll/api';
import { allowedProfile, vendorOf } from './prefetch';

export async function prefetch(queryClient: QueryClient, url: URL): Promise<void> {
  if (!(await allowedProfile(queryClient, url, (p, vendorId) => canAccessArea(p.resources, 'PAYROLL', 'READ', vendorId !== null)))) return;
  const vendorId = vendorOf(url);
  const info = await queryClient.ensureQueryData(payrollInfoQuery(vendorId));
  const month = info.monthForWhichPayrollWillBeExecuted;
  if (month) void queryClient.prefetchQuery(payrollDetailsQuery(vendorId, month));
}
