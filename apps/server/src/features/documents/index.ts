/** Document uploads: routes for the app, the job worker for main. */
export { registerDocumentRoutes } from './routes.js';
export { workDocumentJobs } from './jobs.js';
export { processUpload } from './processing.js';
