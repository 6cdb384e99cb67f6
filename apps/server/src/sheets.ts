/**
 * The one sheet pipeline with every kind of sheet it processes, composed here and handed to the
 * job worker explicitly (`workDocumentJobs(deps, processSheet)`): no kind registers itself by
 * being imported.
 */
import { attendanceSheet, createSheetPipeline, employeeSheet, leaveSheet, terminationSheet } from './features/documents/index.js';
import { payrollSheet } from './features/payroll/index.js';

export const processSheet = createSheetPipeline({
  ADD_EMPLOYEES_BULK_UPLOAD: employeeSheet,
  TERMINATED_EMPLOYEES_UPLOAD: terminationSheet,
  ATTENDANCE_UPLOAD: attendanceSheet,
  LEAVE_UPLOAD: leaveSheet,
  PAYROLL_UPLOAD: payrollSheet,
  PAYROLL_STREAMING_ACCOUNT: payrollSheet,
});
