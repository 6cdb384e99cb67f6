/** Document uploads: routes for the app, the job worker for main; the accept path and the processor hook for payroll sheets. */
export { registerDocumentRoutes } from './routes.js';
export { workDocumentJobs, type ProcessUpload } from './jobs.js';
export { processUpload, registerUploadProcessor, type UploadProcessor } from './processing.js';
export { createDocumentService, type AcceptHook, type ReceivedFile } from './service.js';
// The checks at the door, for the File Upload link's token route (features/file-link).
export { receiveCheckedFile } from './receive-upload.js';
