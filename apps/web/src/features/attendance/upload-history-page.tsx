import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { ATTENDANCE_PAGE_SIZE, canAccessArea, formatDateTimeIst, type AttendanceRecord } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, UploadStatusBadge, errorMessage, notifyApiError, useListState, useOutcomesSeenOnList, type DataTableColumn } from '../../shared/ui';
import { downloadSheet } from './api';
import { processedSheetOf, statusDetail } from './format';
import { useVendorId } from '../../shared/auth/vendor-context';

/** What every row of an upload history has: the upload, its status and its processed sheet. */
export type UploadRow = Pick<AttendanceRecord, '_id' | 'uploadedDate' | 'uploadedBy' | 'status' | 'counts' | 'failureReason' | 'processedDocumentURL'>;

/** What tells one upload history (Attendance, Leave) from another: the rest is the one flow below. */
export interface UploadHistory<R extends UploadRow, D extends { total: number }, K extends QueryKey> {
  /** The page's title in the employer's own context and in a vendor's. */
  title: { own: string; vendor: string };
  description: string;
  /** The list's accessible name ("Attendance uploads"). */
  label: string;
  /** One page of uploads in the context (its query options, with their own refresh while a row is processing). */
  listQuery: (vendorId: string | null, page: number) => UseQueryOptions<D, Error, D, K>;
  rowsOf: (data: D) => R[];
  /** The columns between Upload date and Status. */
  columns: DataTableColumn<R>[];
  /** The status column's width, and the table's below which it scrolls. */
  statusWidth: number;
  minWidth: number;
  /** The processed sheet's file name. */
  fileName: (documentId: string) => string;
  /** Bulk Upload's target, with this screen to come back to. */
  uploadHref: (vendorId: string | null, returnTo: string) => string;
  /** The other history of the same context, as a button beside Bulk Upload (none when null). */
  sibling: (vendorId: string | null) => { label: string; href: string; icon: ReactNode } | null;
}

/** An upload history's configuration, its types inferred from its list query and rows. */
export const uploadHistory = <R extends UploadRow, D extends { total: number }, K extends QueryKey>(config: UploadHistory<R, D, K>): UploadHistory<R, D, K> => config;

function StatusCell({ record, width }: { record: UploadRow; width: number }) {
  const detail = statusDetail(record);
  return (
    <Stack gap={2} align="flex-start" maw={width}>
      <UploadStatusBadge status={record.status} counts={record.counts} />
      {detail ? (
        <Text size="xs" c={record.status === 'FAILED' ? 'var(--mantine-color-error)' : 'dimmed'} lineClamp={3} title={detail}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * An upload history (spec 2.7, 6; issue 13): the sheets of one kind uploaded in the context, newest
 * first, 5 a page (ATTENDANCE_PAGE_SIZE, the page the only state in the URL), each with what it
 * recorded, its status and its processed sheet; Bulk Upload with WRITE on attendance. Without READ
 * on the attendance resource (vendor resource with ?vendorId=): "You aren't authorized to access
 * this page". The list refreshes itself while a sheet is still being processed (the query's own
 * `refetchInterval`). Attendance and Leave are this page with their `UploadHistory`.
 */
export function UploadHistoryPage<R extends UploadRow, D extends { total: number }, K extends QueryKey>({ config }: { config: UploadHistory<R, D, K> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const vendorId = useVendorId();
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'ATTENDANCE', 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, 'ATTENDANCE', 'WRITE', vendorId !== null);
  const state = useListState({ pageSizes: [ATTENDANCE_PAGE_SIZE], defaultPageSize: ATTENDANCE_PAGE_SIZE });
  const list = useQuery({ ...config.listQuery(vendorId, state.page), enabled: canRead });
  const rows = list.data === undefined ? undefined : config.rowsOf(list.data);
  // An outcome shown on this list (the upload's own page) no longer follows the admin as a notice (issue 20).
  useOutcomesSeenOnList(rows?.map((r) => ({ id: r._id, status: r.status })));

  const download = useMutation({
    mutationFn: ({ record }: { record: R }) => {
      const ref = processedSheetOf(record)!;
      return downloadSheet(ref, vendorId, config.fileName(ref.documentId));
    },
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  const columns: DataTableColumn<R>[] = [
    { key: 'uploadedDate', header: 'Upload date', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeIst(r.uploadedDate)}</span> },
    ...config.columns,
    { key: 'status', header: 'Status', render: (r) => <StatusCell record={r} width={config.statusWidth} /> },
    {
      key: 'download',
      header: 'Download',
      align: 'center',
      width: 110,
      render: (r) => {
        const ready = processedSheetOf(r) !== null;
        return (
          <Tooltip label={ready ? 'Download processed sheet' : 'No processed sheet yet'}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label="Download processed sheet"
              disabled={!ready}
              loading={download.isPending && download.variables?.record._id === r._id}
              onClick={() => ready && download.mutate({ record: r })}
            >
              <IconFileDownload size={20} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];
  const sibling = config.sibling(vendorId);

  return (
    <Stack gap="lg">
      <PageTitle
        title={vendorId ? config.title.vendor : config.title.own}
        description={config.description}
        actions={
          <Group gap="sm">
            {sibling ? (
              <Button variant="default" component={Link} to={sibling.href} leftSection={sibling.icon}>
                {sibling.label}
              </Button>
            ) : null}
            {canWrite ? (
              <Button
                leftSection={<IconFileUpload size={16} stroke={1.8} aria-hidden />}
                onClick={() => void navigate(config.uploadHref(vendorId, `${location.pathname}${location.search}`))}
              >
                Bulk Upload
              </Button>
            ) : null}
          </Group>
        }
      />
      <ListView<R>
        label={config.label}
        state={state}
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        total={list.data?.total ?? 0}
        loading={list.isPending}
        fetching={list.isFetching && list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        refetch={list.refetch}
        pageSizeSelect={false}
        minWidth={config.minWidth}
      />
    </Stack>
  );
}
