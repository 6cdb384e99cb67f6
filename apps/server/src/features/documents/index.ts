/** Document uploads: routes for the app, the job worker for main; the accept path and the processor hook for payroll sheets. */
export { registerDocumentRoutes } from './routes.js';
export { workDocumentJobs } from './jobs.js';
export { createSheetPipeline } from './pipeline.js';
export type { SheetKind, UploadCounts } from './sheet-kind.js';
export { workerOfRow } from './sheet-kind.js';
export { employeeSheet } from './employee-sheet.js';
export { terminationSheet } from './termination-sheet.js';
export { attendanceSheet } from './attendance-sheet.js';
export { leaveSheet } from './leave-sheet.js';
export { createDocumentService } from './service.js';
export { JOB_MSG } from './sheet-queue.js';
// The upload audit's status (issue 23): its one writer; the demo seed's uploads begin here too.
export { startUpload } from './upload-status.js';
export type { AcceptHook, ReceivedFile } from './shared.js';
// Bulk writes (decision 0046): payroll's JSON rows go through the same Idempotency-Key and status.
export { acceptBulk } from './bulk.js';
// The checks at the door, for the File Upload link's token route (features/file-link).
export { receiveCheckedFile } from './receive-upload.js';
