import { Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { LeaveSheetRecord } from '@portal/domain';
import { leaveListQuery } from './leave-api';
import { attendanceHref, leaveDatesText, leaveEffectsText, leaveFileName, leaveKindText, leaveUndoneLater, leaveUploadHref } from './leave-format';
import { UploadHistoryPage, uploadHistory } from './upload-history-page';

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

const LEAVE = uploadHistory({
  title: { own: 'Leave', vendor: 'Vendor leave' },
  description: 'Leave sheets uploaded, newest first, with the leave each recorded. Paid leave counts as worked days; unpaid leave does not.',
  label: 'Leave uploads',
  listQuery: leaveListQuery,
  rowsOf: (data) => data.leaves_data,
  columns: [
    { key: 'fileName', header: 'File Name', render: (r) => <Text size="sm" style={{ wordBreak: 'break-word' }}>{r.fileName}</Text> },
    { key: 'uploadedBy', header: 'Uploaded by', render: (r) => r.uploadedBy },
    { key: 'leaves', header: 'Leave recorded', render: (r) => <LeaveCell record={r} /> },
  ],
  statusWidth: 260,
  minWidth: 980,
  fileName: leaveFileName,
  uploadHref: leaveUploadHref,
  // In a vendor's context the vendor tabs above lead to Attendance already.
  sibling: (vendorId) => (vendorId ? null : { label: 'Attendance', href: attendanceHref(vendorId), icon: <IconCalendarEvent size={16} stroke={1.8} aria-hidden /> }),
});

/**
 * Leave (issue 13): the leave sheets uploaded, newest first, 5 a page, each with the leave it
 * recorded and its processed sheet; Bulk Upload with WRITE on attendance. The upload history page
 * (`UploadHistoryPage`) with leave's configuration.
 */
export function LeavePage() {
  return <UploadHistoryPage config={LEAVE} />;
}
