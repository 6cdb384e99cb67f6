import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createParser } from 'nuqs';
import {
  ACTIVITY_EXPORT_CAP,
  ACTIVITY_TRAIL_DEFAULT_DAYS,
  ACTIVITY_TRAIL_PAGE_SIZE,
  ACTIVITY_TRAIL_REPORT_NAME,
  businessDate,
  canAccessArea,
  checkActivityDates,
  contextText,
  formatDateTimeIst,
  type ActivityTrailRow,
} from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { saveBlob } from '../../shared/api/save-file';
import { DateField, EARLIEST_PICKABLE_DATE, useTypedDates, ListView, PageTitle, Unauthorized, errorMessage, notifyApiError, parseAsBusinessDate, useListState, type DataTableColumn } from '../../shared/ui';
import { activityTrailQuery, downloadActivityTrail, type TrailSearch } from './api';

const ALL = 'ALL';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The URL's dates (the last 30 days by default), written even at their defaults so a link keeps its range. */
const dateParam = (fallback: string) => parseAsBusinessDate.withDefault(fallback).withOptions({ clearOnDefault: false });
/** An admin's id. */
const parseAsActor = createParser({ parse: (v: string) => (UUID_RE.test(v) ? v : null), serialize: (v: string) => v });

/**
 * The activity trail (decision 0017): every admin action of the organisation and its vendors with
 * actor, context, action, target and time (IST), filtered by date range and actor, paged, and
 * downloadable as activity-trail.xlsx. READ on the admin resource.
 */
export function ActivityTrailPage() {
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'ADMIN', 'READ', false);
  const today = businessDate(new Date());
  const [from] = useState(() => new Date(Date.parse(`${today}T00:00:00Z`) - (ACTIVITY_TRAIL_DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10));
  const state = useListState({
    pageSizes: [ACTIVITY_TRAIL_PAGE_SIZE],
    defaultPageSize: ACTIVITY_TRAIL_PAGE_SIZE,
    extra: { startDate: dateParam(from), endDate: dateParam(today), actorId: parseAsActor },
  });
  const { startDate, endDate, actorId } = state.extra;
  const search: TrailSearch = { startDate, endDate, actorId: actorId ?? '', page: state.page };
  const typedDates = useTypedDates();
  const dateProblem = checkActivityDates(search.startDate, search.endDate, today);
  const trail = useQuery({ ...activityTrailQuery(search), enabled: canRead && dateProblem === null });
  const download = useMutation({
    mutationFn: () => downloadActivityTrail(search),
    onSuccess: (blob) => saveBlob(blob, ACTIVITY_TRAIL_REPORT_NAME),
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;
  // The dates go into the URL together, so a link always carries the whole range.
  const setDates = (patch: { startDate?: string; endDate?: string }) => state.setExtra({ startDate, endDate, ...patch });

  const columns: DataTableColumn<ActivityTrailRow>[] = [
    { key: 'at', header: 'Time (IST)', width: 190, render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeIst(row.at)}</span> },
    {
      key: 'actor',
      header: 'Actor',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.actor.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.actor.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'context', header: 'Context', render: (row) => contextText(row) },
    { key: 'action', header: 'Action', render: (row) => row.action },
    { key: 'target', header: 'Target', render: (row) => row.target || 'NA' },
  ];
  const actors = trail.data?.actors ?? [];
  const total = trail.data?.total ?? 0;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/settings" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} stroke={1.8} aria-hidden />
          Admin users
        </Group>
      </Anchor>
      <PageTitle
        title="Activity trail"
        description="Every action taken by the admins of your organisation and of its vendors. Times are in IST."
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />}
            loading={download.isPending}
            disabled={dateProblem !== null}
            onClick={() => download.mutate()}
          >
            Download
          </Button>
        }
      />
      <ListView<ActivityTrailRow>
        label="Activity trail"
        state={state}
        columns={columns}
        rows={dateProblem || typedDates.any ? [] : trail.data?.activities}
        rowKey={(row) => row._id}
        total={dateProblem || typedDates.any ? 0 : total}
        minWidth={0}
        loading={dateProblem === null && !typedDates.any && trail.isPending}
        fetching={trail.isFetching && trail.isPlaceholderData}
        error={trail.isError ? errorMessage(trail.error) : null}
        pageSizeSelect={false}
        toolbarStart={
          <>
            <DateField label="From" onInvalidChange={typedDates.track('from')} value={search.startDate} pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }} onChange={(value) => setDates({ startDate: value })} />
            <DateField label="To" onInvalidChange={typedDates.track('to')} value={search.endDate} pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }} onChange={(value) => setDates({ endDate: value })} />
            <Select
              label="Actor"
              w={280}
              searchable
              data={[{ value: ALL, label: 'All admins' }, ...actors.map((a) => ({ value: a._id, label: `${a.name} (${a.email})` }))]}
              value={search.actorId || ALL}
              allowDeselect={false}
              onChange={(value) => state.setExtra({ actorId: value && value !== ALL ? value : null })}
            />
          </>
        }
        above={
          <>
            {dateProblem ? (
              <Alert color="red" variant="light" mx="md" mb="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {dateProblem}
              </Alert>
            ) : null}
            {total > ACTIVITY_EXPORT_CAP ? (
              <Text size="sm" c="dimmed" px="md" pb="sm">
                The download holds the newest {ACTIVITY_EXPORT_CAP.toLocaleString('en-IN')} of these actions; narrow the dates for the rest.
              </Text>
            ) : null}
          </>
        }
      />
    </Stack>
  );
}
