/** The document-processing queue: created at start by every role, worked by the `all` and `worker` roles. */
import type { Deps } from '../../platform/context.js';
import type { Queue } from '../../platform/queue.js';
import { DOCUMENT_QUEUE } from './service.js';

/** Idempotent; the API needs the queue to exist before its first send. */
export async function createDocumentQueue(queue: Queue): Promise<void> {
  // A job left by a killed process runs again after 10 minutes; processing is idempotent.
  await queue.createQueue(DOCUMENT_QUEUE, { retryLimit: 2, retryDelay: 5, expireInSeconds: 600 });
}

/**
 * One sheet at a time per process: a sheet's rows are held in memory while it is processed, so
 * this bounds the memory; more throughput comes from more worker processes.
 */
/** How one upload is processed (the sheet pipeline with its kinds, composed in src/sheets.ts). */
export type ProcessUpload = (deps: Deps, uploadId: string) => Promise<void>;

export async function workDocumentJobs(deps: Deps, processUpload: ProcessUpload): Promise<void> {
  if (!deps.queue) return;
  await createDocumentQueue(deps.queue);
  await deps.queue.work<{ uploadId: string }>(DOCUMENT_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: 1 }, async ([job]) => {
    if (job) await processUpload(deps, job.data.uploadId);
  });
}
