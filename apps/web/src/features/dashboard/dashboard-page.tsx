
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { businessDate, canEnterVendor, dashboardLinks, hasAnyEmployerRead, hasAnyVendorRead } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { Unauthorized, greeting } from '../../shared/ui';
import { statsQuery } from './api';
import { QuickStats } from './quick-stats';
import { RecentActivities } from './recent-activities';
import { SummaryChart } from './summary-chart';
import { TodoList } from './todo-list';
import { useVendorId } from '../../shared/auth/vendor-context';

/**
 * Dashboard (spec 2.4): greeting, Quick Stats, the Summary chart, Recent Activities and the To Do
 * List. The employer's at /dashboard; with a vendorId (/vendors/summary) the same widgets for
 * that vendor, plus its withdrawal requests. READ on any resource of the context.
 */
export function DashboardPage() {
  const vendorId = useVendorId();
  const profile = useQuery(profileQuery()).data;
  const allowed = Boolean(
    profile && (vendorId ? hasAnyVendorRead(profile.resources) && canEnterVendor(profile, vendorId) : hasAnyEmployerRead(profile.resources)),
  );
  const ewa = useQuery({ ...statsQuery('EWA', vendorId), enabled: allowed });
  const today = businessDate(new Date());
  const periods = ewa.data?.kind === 'EWA' ? ewa.data.completeCycleTransactionDetails : undefined;
  const viewHref = periods?.length
    ? dashboardLinks(vendorId, { startDate: periods[0]!.startDate, endDate: periods.at(-1)!.endDate }).transactions
    : vendorId
      ? `/vendors/transactions?vendorId=${encodeURIComponent(vendorId)}`
      : '/employerTransactions';

  return (
    <Stack gap="lg">
      {vendorId ? null : (
        <Stack gap={2}>
          <Title order={2} fz="h3" fw={600}>
            {greeting(profile?.name ?? '')}
          </Title>
          <Text c="dimmed" size="sm">
            Here is where your organisation stands today.
          </Text>
        </Stack>
      )}
      {!allowed ? (
        <Unauthorized />
      ) : (
        <>
          <QuickStats vendorId={vendorId} today={today} />
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <SummaryChart periods={periods} viewHref={viewHref} loading={ewa.isPending} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <TodoList vendorId={vendorId} />
            </Grid.Col>
            <Grid.Col span={12}>
              <RecentActivities vendorId={vendorId} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
