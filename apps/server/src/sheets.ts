/**
 * The sheet processing that the job worker runs, composed here and handed to it explicitly
 * (workDocumentJobs(deps, processSheet)): no sheet kind registers itself by being imported.
 */
import { processUpload } from './features/documents/index.js';
import './features/payroll/index.js';

export const processSheet: (deps: Parameters<typeof processUpload>[0], uploadId: string) => Promise<void> = processUpload;
