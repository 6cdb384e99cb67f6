/**
 * The sheet-processing queue (decision 0019) and the end of an upload whose job is gone: the
 * queues' names, whether an upload's job may still run, and giving the upload up (FAILED with
 * JOB_MSG.abandoned, through the upload audit's owner, upload-status.ts).
 */
import type { Kysely } from 'kysely';
import type { DB, DocumentUploadRecord } from '../../db/schema.js';
import type { Queue } from '../../platform/queue.js';
import { moveUpload } from './upload-status.js';

/**
 * The sheet-processing queue (decision 0019): key_strict_fifo keyed by employer, so one employer's
 * sheets run one at a time and in upload order while other employers' sheets pass them.
 */
export const DOCUMENT_QUEUE = 'sheet-processing';
/** Where pg-boss copies a sheet job that failed for good (retries exhausted, or dead each time). */
export const DOCUMENT_DEAD_QUEUE = 'sheet-processing-failed';
/** The queue before decision 0019 (one FIFO, no keys): its last jobs are still worked, then it is deleted. */
export const LEGACY_DOCUMENT_QUEUE = 'document-processing';

export const JOB_MSG = {
  /** The upload's (and payroll's) failure reason when its processing job failed for good. */
  abandoned: 'The file could not be processed: its processing stopped before the end and was given up. Please upload it again.',
} as const;

const LIVE_JOB_STATES = new Set(['created', 'retry', 'active']);

/** True while a job for the upload may still run: queued, waiting for its retry, or running (also in the legacy queue). */
export async function uploadJobAlive(queue: Queue, uploadId: string): Promise<boolean> {
  for (const name of [DOCUMENT_QUEUE, LEGACY_DOCUMENT_QUEUE]) {
    if (name === LEGACY_DOCUMENT_QUEUE && !(await queue.getQueue(name))) continue;
    const jobs = await queue.findJobs<{ uploadId: string }>(name, { data: { uploadId } });
    if (jobs.some((j) => LIVE_JOB_STATES.has(j.state))) return true;
  }
  return false;
}

/**
 * Gives up on an upload whose processing job failed for good or is gone: the upload FAILED with
 * JOB_MSG.abandoned. Only from PROCESSING (a finished upload is left as it is); run it in a
 * transaction. The upload as it was when it ended it, or null. What the upload's kind keeps of it
 * (a payroll sheet's payroll) is the kind's to end: the pipeline's `abandon` calls its `settle`, and
 * payroll's upload ends its own payroll after `abandonIfJobDead`.
 */
export async function abandonUpload(trx: Kysely<DB>, uploadId: string, now: Date): Promise<DocumentUploadRecord | null> {
  return moveUpload(trx, uploadId, 'PROCESSING', 'FAILED', { failure_reason: JOB_MSG.abandoned, processed_at: now });
}
