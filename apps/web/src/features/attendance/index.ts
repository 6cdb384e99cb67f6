/** Attendance (spec 2.7) and Leave (issue 13) in the employer and vendor contexts. */
export { AttendancePage } from './attendance-page';
export { LeavePage } from './leave-page';
