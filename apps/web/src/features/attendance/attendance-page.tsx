import { Link, useLocation, useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBeach, IconFileDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ATTENDANCE_PAGE_SIZE, canAccessArea, formatDateTimeIst, type AttendanceRecord } from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, UploadStatusBadge, errorMessage, notifyApiError, useListState, useOutcomesSeenOnList, type DataTableColumn } from '../../shared/ui';
import { leaveHref } from './leave-format';
import { attendanceListQuery, downloadSheet } from './api';
import { attendanceDateText, attendanceFileName, bulkUploadHref, processedSheetOf, statusDetail } from './format';
import { useVendorId } from '../../shared/auth/vendor-context';

function StatusCell({ record }: { record: AttendanceRecord }) {
  const detail = statusDetail(record);
  return (
    <Stack gap={2} align="flex-start" maw={300}>
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
 * Attendance (spec 2.7, 6): the attendance sheets uploaded, newest first, 5 a page, each with its
 * latest attendance date and processed sheet; Bulk Upload with WRITE. The list refreshes itself
 * while a sheet is still being processed.
 */
export function AttendancePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const vendorId = useVendorId();
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'ATTENDANCE', 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, 'ATTENDANCE', 'WRITE', vendorId !== null);
  // 5 sheets a page (ATTENDANCE_PAGE_SIZE), newest first: the page is the only state in the URL.
  const state = useListState({ pageSizes: [ATTENDANCE_PAGE_SIZE], defaultPageSize: ATTENDANCE_PAGE_SIZE });
  const list = useQuery({ ...attendanceListQuery(vendorId, state.page), enabled: canRead });
  // An outcome shown on this list (the upload's own page) no longer follows the admin as a notice (issue 20).
  useOutcomesSeenOnList(list.data?.attendances.map((r) => ({ id: r._id, status: r.status })));

  const download = useMutation({
    mutationFn: ({ record }: { record: AttendanceRecord }) => {
      const ref = processedSheetOf(record)!;
      return downloadSheet(ref, vendorId, attendanceFileName(ref.documentId));
    },
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  const columns: DataTableColumn<AttendanceRecord>[] = [
    { key: 'uploadedDate', header: 'Upload date', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeIst(r.uploadedDate)}</span> },
    { key: 'uploadedBy', header: 'Uploaded by', render: (r) => r.uploadedBy },
    { key: 'latestAttendanceDate', header: 'Upload history', render: (r) => attendanceDateText(r.latestAttendanceDate) },
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
        title={vendorId ? 'Vendor attendance' : 'Attendance'}
        description="Attendance sheets uploaded, newest first. The latest attendance date of each sheet is under Upload history."
        actions={
          <Group gap="sm">
            {/* Issue 13: the leave sheets live beside attendance, in the same context. */}
            <Button variant="default" component={Link} to={leaveHref(vendorId)} leftSection={<IconBeach size={16} stroke={1.8} aria-hidden />}>
              Leave
            </Button>
            {canWrite ? (
              <Button
                leftSection={<IconFileUpload size={16} stroke={1.8} aria-hidden />}
                onClick={() => void navigate(bulkUploadHref(vendorId, `${location.pathname}${location.search}`))}
              >
                Bulk Upload
              </Button>
            ) : null}
          </Group>
        }
      />
      <ListView<AttendanceRecord>
        label="Attendance uploads"
        state={state}
        columns={columns}
        rows={list.data?.attendances}
        rowKey={(r) => r._id}
        total={list.data?.total ?? 0}
        loading={list.isPending}
        fetching={list.isFetching && list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        refetch={list.refetch}
        pageSizeSelect={false}
        minWidth={760}
      />
    </Stack>
  );
}
