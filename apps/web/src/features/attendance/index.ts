/** Attendance (spec 2.7) in the employer and vendor contexts. */
export { AttendancePage } from './attendance-page';
