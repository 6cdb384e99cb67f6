import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
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
  queryBusinessDate,
  type ActivityTrailRow,
} from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { saveBlob } from '../../shared/api/save-file';
import { DataTable, DateField, PageTitle, Paginator, Unauthorized, errorMessage, notifyApiError, type DataTableColumn } from '../../shared/ui';
import { activityTrailQuery, downloadActivityTrail, type TrailSearch } from './api';

const ALL = 'ALL';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filter in the URL: startDate, endDate (the last 30 days by default), actorId, page. */
function parseTrail(params: URLSearchParams, today: string): TrailSearch {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (ACTIVITY_TRAIL_DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const actor = params.get('actorId') ?? '';
  const page = params.get('page') ?? '';
  return {
    startDate: queryBusinessDate(params.get('startDate')) ?? from,
    endDate: queryBusinessDate(params.get('endDate')) ?? today,
    actorId: UUID_RE.test(actor) ? actor : '',
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}
function writeTrail(current: URLSearchParams, s: TrailSearch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const k of ['startDate', 'endDate', 'actorId', 'page']) next.delete(k);
  next.set('startDate', s.startDate);
  next.set('endDate', s.endDate);
  if (s.actorId) next.set('actorId', s.actorId);
  if (s.page > 1) next.set('page', String(s.page));
  return next;
}

/**
 * The activity trail (decision 0017): every admin action of the organisation and its vendors with
 * actor, context, action, target and time (IST), filtered by date range and actor, paged, and
 * downloadable as activity-trail.xlsx. READ on the admin resource.
 */
export function ActivityTrailPage() {
  const [params, setParams] = useSearchParams();
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'ADMIN', 'READ', false);
  const today = businessDate(new Date());
  const search = useMemo(() => parseTrail(params, today), [params, today]);
  const dateProblem = checkActivityDates(search.startDate, search.endDate, today);
  const trail = useQuery({ ...activityTrailQuery(search), enabled: canRead && dateProblem === null });
  const download = useMutation({
    mutationFn: () => downloadActivityTrail(search),
    onSuccess: (blob) => saveBlob(blob, ACTIVITY_TRAIL_REPORT_NAME),
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;
  const update = (patch: Partial<TrailSearch>) => setParams(writeTrail(params, { ...search, page: 1, ...patch }));

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
      <Paper withBorder>
        <Stack gap={0}>
          <Group align="flex-end" gap="sm" p="md" wrap="wrap">
            <DateField label="From" value={search.startDate} max={today} onChange={(startDate) => update({ startDate })} />
            <DateField label="To" value={search.endDate} max={today} onChange={(endDate) => update({ endDate })} />
            <Select
              label="Actor"
              w={280}
              searchable
              data={[{ value: ALL, label: 'All admins' }, ...actors.map((a) => ({ value: a._id, label: `${a.name} (${a.email})` }))]}
              value={search.actorId || ALL}
              allowDeselect={false}
              onChange={(value) => update({ actorId: value && value !== ALL ? value : '' })}
            />
          </Group>
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
          <DataTable
            label="Activity trail"
            columns={columns}
            rows={dateProblem ? [] : trail.data?.activities}
            rowKey={(row) => row._id}
            minWidth={960}
            loading={dateProblem === null && trail.isPending}
            loadingRows={ACTIVITY_TRAIL_PAGE_SIZE}
            error={trail.isError ? errorMessage(trail.error) : null}
          />
          <Stack p="md">
            <Paginator
              page={search.page}
              onChange={(page) => setParams(writeTrail(params, { ...search, page }))}
              total={dateProblem ? 0 : total}
              pageSize={ACTIVITY_TRAIL_PAGE_SIZE}
              withShowingLabel
              label="Activity trail pages"
              disabled={trail.isFetching && trail.isPlaceholderData}
            />
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
