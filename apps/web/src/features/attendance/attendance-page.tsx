import { IconBeach } from '@tabler/icons-react';
import { leaveHref } from './leave-format';
import { attendanceListQuery } from './api';
import { attendanceDateText, attendanceFileName, bulkUploadHref } from './format';
import { UploadHistoryPage, uploadHistory } from './upload-history-page';

const ATTENDANCE = uploadHistory({
  title: { own: 'Attendance', vendor: 'Vendor attendance' },
  description: 'Attendance sheets uploaded, newest first. The latest attendance date of each sheet is under Upload history.',
  label: 'Attendance uploads',
  listQuery: attendanceListQuery,
  rowsOf: (data) => data.attendances,
  columns: [
    { key: 'uploadedBy', header: 'Uploaded by', render: (r) => r.uploadedBy },
    { key: 'latestAttendanceDate', header: 'Upload history', render: (r) => attendanceDateText(r.latestAttendanceDate) },
  ],
  statusWidth: 300,
  minWidth: 760,
  fileName: attendanceFileName,
  uploadHref: bulkUploadHref,
  // Issue 13: the leave sheets live beside attendance, in the same context.
  sibling: (vendorId) => ({ label: 'Leave', href: leaveHref(vendorId), icon: <IconBeach size={16} stroke={1.8} aria-hidden /> }),
});

/**
 * Attendance (spec 2.7, 6): the attendance sheets uploaded, newest first, 5 a page, each with its
 * latest attendance date and processed sheet; Bulk Upload with WRITE. The upload history page
 * (`UploadHistoryPage`) with attendance's configuration.
 */
export function AttendancePage() {
  return <UploadHistoryPage config={ATTENDANCE} />;
}
