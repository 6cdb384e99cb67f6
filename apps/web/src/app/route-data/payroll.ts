/**
 * /payroll's data, asked for as the page's code loads (decision 0041): the payroll info, then the
 * figures of the month it names, the account, the Monthly Summary and the first page of the upload
 * history. The route waits for them (at most its layout wait): each draws a section whose height
 * its skeleton could not know, and sections that grew one after another moved the page under the
 * admin's eyes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { canAccessArea } from '@portal/domain';
import { accountInfoQuery, monthlySummaryQuery, payrollDetailsQuery, payrollHistoryQuery, payrollInfoQuery } from '../../features/payroll/api';
import { allowedProfile, vendorOf } from './prefetch';

export async function prefetch(queryClient: QueryClient, url: URL): Promise<void> {
  if (!(await allowedProfile(queryClient, url, (p, vendorId) => canAccessArea(p.resources, 'PAYROLL', 'READ', vendorId !== null)))) return;
  const vendorId = vendorOf(url);
  const asked: Promise<void>[] = [queryClient.prefetchQuery(accountInfoQuery(vendorId))];
  // The history's and the summary's defaults; a URL naming another page or month is asked for by the page.
  if (!url.searchParams.has('page') && !url.searchParams.has('pageSize')) asked.push(queryClient.prefetchQuery(payrollHistoryQuery(vendorId, 1)));
  const info = await queryClient.ensureQueryData(payrollInfoQuery(vendorId));
  const month = info.monthForWhichPayrollWillBeExecuted;
  if (month) {
    asked.push(queryClient.prefetchQuery(payrollDetailsQuery(vendorId, month)));
    if (!url.searchParams.has('month')) asked.push(queryClient.prefetchQuery(monthlySummaryQuery(vendorId, month)));
  }
  await Promise.all(asked);
}
