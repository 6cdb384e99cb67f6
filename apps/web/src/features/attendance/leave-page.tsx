import { Link, useLocation, useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarEvent, IconFileDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ATTENDANCE_PAGE_SIZE, canAccessArea, formatDateTimeIst, type LeaveSheetRecord } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, UploadStatusBadge, errorMessage, notifyApiError, useListState, useOutcomesSeenOnList, type DataTableColumn } from '../../shared/ui';
import { downloadSheet } from './api';
import { processedSheetOf, statusDetail } from './format';
import { leaveListQuery } from './leave-api';
import { attendanceHref, leaveDatesText, leaveEffectsText, leaveFileName, leaveKindText, leaveUndoneLater, leaveUploadHref } from './leave-format';
import { useVendorId } from '../../shared/auth/vendor-context';

function StatusCell({ record }: { record: LeaveSheetRecord }) {
  const detail = statusDetail(record);
  return (
    <Stack gap={2} align="flex-start" maw={260}>
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
 * What a sheet did when processed (kept on the upload, issue 20), then the leave of it still
 * recorded now, one line each, and how much of it later sheets have undone.
 */
function LeaveCell({ record }: { record: LeaveSheetRecord }) {
  if (record.status === 'PROCESSING') return <Text size="sm" c="dimmed">Processing…</Text>;
  const undone = leaveUndoneLater(record);
  const summary = record.effects ? (
    <Text size="sm" fw={600} data-testid="leave-effects">
      {leaveEffectsText(record.effects)}
    </Text>
  ) : null;
  if (record.leaves.length === 0) {
    return (
      <Stack gap={2}>
        {summary}
        {record.status === 'FAILED' ? (
          summary ? null : <Text size="sm" c="dimmed">No leave recorded</Text>
        ) : record.effects ? (
          undone > 0 ? <Text size="xs" c="dimmed">{undone === 1 ? 'Since changed or cancelled by a later upload' : 'All since changed or cancelled by later uploads'}</Text> : null
        ) : (
          // Processed before what a sheet did was kept: only today's leave rows can be told.
          <Text size="sm" c="dimmed">None of its leave is recorded now</Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {summary}
      {record.leaves.map((e) => (
        <Text key={e._id} size="sm">
          <Text span fw={600}>
            {e.employeeName}
          </Text>{' '}
          <Text span c="dimmed">
            ({e.employeeId})
          </Text>
          {' · '}
          {leaveDatesText(e)}
          {' · '}
          {leaveKindText(e)}
        </Text>
      ))}
      {record.leavesTotal > record.leaves.length ? (
        <Text size="xs" c="dimmed">
          and {record.leavesTotal - record.leaves.length} more: download the processed sheet for all
        </Text>
      ) : null}
      {undone > 0 ? (
        <Text size="xs" c="dimmed">
          {undone} since changed or cancelled by a later upload
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Leave (issue 13): the leave sheets uploaded, newest first, 5 a page, each with the leave it
 * recorded and its processed sheet; Bulk Upload with WRITE on attendance. Without READ on the
 * attendance resource (vendor resource with ?vendorId=): "You aren't authorized to access this page".
 */
export function LeavePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const vendorId = useVendorId();
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'ATTENDANCE', 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, 'ATTENDANCE', 'WRITE', vendorId !== null);
  // 5 sheets a page (ATTENDANCE_PAGE_SIZE), newest first: the page is the only state in the URL.
  const state = useListState({ pageSizes: [ATTENDANCE_PAGE_SIZE], defaultPageSize: ATTENDANCE_PAGE_SIZE });
  const list = useQuery({ ...leaveListQuery(vendorId, state.page), enabled: canRead });
  // An outcome shown on this list (the upload's own page) no longer follows the admin as a notice (issue 20).
  useOutcomesSeenOnList(list.data?.leaves_data.map((r) => ({ id: r._id, status: r.status })));

  const download = useMutation({
    mutationFn: ({ record }: { record: LeaveSheetRecord }) => {
      const ref = processedSheetOf(record)!;
      return downloadSheet(ref, vendorId, leaveFileName(ref.documentId));
    },
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  const columns: DataTableColumn<LeaveSheetRecord>[] = [
    { key: 'uploadedDate', header: 'Upload date', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeIst(r.uploadedDate)}</span> },
    { key: 'fileName', header: 'File Name', render: (r) => <Text size="sm" style={{ wordBreak: 'break-word' }}>{r.fileName}</Text> },
    { key: 'uploadedBy', header: 'Uploaded by', render: (r) => r.uploadedBy },
    { key: 'leaves', header: 'Leave recorded', render: (r) => <LeaveCell record={r} /> },
    { key: 'status', header: 'Status', render: (r) => <StatusCell record={r} /> },
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

  return (
    <Stack gap="lg">
      <PageTitle
        title={vendorId ? 'Vendor leave' : 'Leave'}
        description="Leave sheets uploaded, newest first, with the leave each recorded. Paid leave counts as worked days; unpaid leave does not."
        actions={
          <Group gap="sm">
            {/* In a vendor's context the vendor tabs above lead to Attendance already. */}
            {vendorId ? null : (
              <Button variant="default" component={Link} to={attendanceHref(vendorId)} leftSection={<IconCalendarEvent size={16} stroke={1.8} aria-hidden />}>
                Attendance
              </Button>
            )}
            {canWrite ? (
              <Button
                leftSection={<IconFileUpload size={16} stroke={1.8} aria-hidden />}
                onClick={() => void navigate(leaveUploadHref(vendorId, `${location.pathname}${location.search}`))}
              >
                Bulk Upload
              </Button>
            ) : null}
          </Group>
        }
      />
      <ListView<LeaveSheetRecord>
        label="Leave uploads"
        state={state}
        columns={columns}
        rows={list.data?.leaves_data}
        rowKey={(r) => r._id}
        total={list.data?.total ?? 0}
        loading={list.isPending}
        fetching={list.isFetching && list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        refetch={list.refetch}
        pageSizeSelect={false}
        minWidth={980}
      />
    </Stack>
  );
}
