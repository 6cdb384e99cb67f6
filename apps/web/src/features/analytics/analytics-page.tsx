import { Alert, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery, queryOptions } from '@tanstack/react-query';
import { DASHBOARD_FRAME_SANDBOX, MSG, analyticsCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { analyticsKeys } from '../../shared/api/query-keys';
import { EmptyState, errorMessage } from '../../shared/ui';

export const dashboardsQuery = () =>
  queryOptions({ queryKey: analyticsKeys.dashboards(), queryFn: () => call(analyticsCalls.dashboards), staleTime: 300_000 });

/**
 * Analytics Dashboard (spec 2.14): each configured dashboard under its description, in a
 * sandboxed frame (its own scripts on its own origin only), loaded lazily. The portal's CSP
 * frames only the configured origins (decision 0017). None configured: "No data".
 */
export function AnalyticsPage() {
  const dashboards = useQuery(dashboardsQuery());
  if (dashboards.isPending) return <Skeleton height={480} radius="md" />;
  if (dashboards.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(dashboards.error)}
      </Alert>
    );
  }
  if (dashboards.data.length === 0) {
    return (
      <Paper withBorder>
        <EmptyState message={MSG.noData} description="No analytics dashboard has been set up for your organisation yet." />
      </Paper>
    );
  }
  return (
    <Stack gap="xl">
      {dashboards.data.map((d) => (
        <Stack key={d.embeddedLink} gap="sm" component="section" aria-label={d.description}>
          <Title order={2} fz="h4" fw={600}>
            {d.description}
          </Title>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <iframe
              title={d.description}
              src={d.embeddedLink}
              sandbox={DASHBOARD_FRAME_SANDBOX}
              loading="lazy"
              referrerPolicy="no-referrer"
              style={{ display: 'block', width: '100%', height: 600, border: 0 }}
            />
          </Paper>
        </Stack>
      ))}
    </Stack>
  );
}
