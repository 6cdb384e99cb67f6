import { useState } from 'react';
import { Button, Group, Paper, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MSG, RECENT_ACTIVITIES_SHOW_MORE_AT, formatDateTimeIst } from '@portal/domain';
import { EmptyState, PageTitle, errorMessage } from '../../shared/ui';
import { activityQuery, type ActivityList } from './api';

function Rows({ data, limit }: { data: ActivityList; limit: number }) {
  const names = new Map(data.employerAdminsDetails.map((a) => [a._id, a.name]));
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Recent activities">
      {data.activities.slice(0, limit).map((a) => (
        <Group key={a._id} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {names.get(a.employerAdminId) ?? 'An admin'}
            </Text>
            <Text size="sm">{a.description}</Text>
          </Stack>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={a.updatedAt}>{formatDateTimeIst(a.updatedAt)}</time>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Recent Activities (spec 2.4, 9): admin, action and time of the newest rows; Show More appears
 * at 10 or more and opens the longer list of the context in place.
 */
export function RecentActivities({ vendorId }: { vendorId: string | null }) {
  const [more, setMore] = useState(false);
  const recent = useQuery(activityQuery(vendorId, true));
  const all = useQuery({ ...activityQuery(vendorId, false), enabled: more });
  const count = recent.data?.activities.length ?? 0;

  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Stack gap="sm">
        <PageTitle order={3} title="Recent Activities" />
        {recent.isPending ? (
          <Stack gap="xs">
            {Array.from({ length: 4 }, (_, k) => (
              <Skeleton key={k} height={38} radius="sm" />
            ))}
          </Stack>
        ) : recent.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage(recent.error)}
          </Text>
        ) : count === 0 ? (
          <EmptyState compact message={MSG.noData} />
        ) : more && all.data ? (
          <ScrollArea.Autosize mah={420} type="auto">
            <Rows data={all.data} limit={all.data.activities.length} />
          </ScrollArea.Autosize>
        ) : (
          <Rows data={recent.data} limit={RECENT_ACTIVITIES_SHOW_MORE_AT} />
        )}
        {count >= RECENT_ACTIVITIES_SHOW_MORE_AT ? (
          <Group justify="center">
            <Button variant="subtle" size="xs" onClick={() => setMore((m) => !m)} loading={more && all.isPending} aria-expanded={more}>
              {more ? 'Show Less' : 'Show More'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
