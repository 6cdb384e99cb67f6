/**
 * The sheet-processing queue (decision 0019): created at start by every role, worked by the `all`
 * and `worker` roles.
 *
 * - Fair: the queue is pg-boss `key_strict_fifo`, each job keyed by its employer. A key's next job
 *   cannot be claimed while one of its jobs is active or waiting for a retry (a unique index makes
 *   that hold across processes, with no race between two workers' fetches), so one employer's
 *   sheets run one at a time and in upload order, and never take a second worker slot while
 *   waiting. A process works SHEETS_AT_ONCE sheets of different employers at once: another
 *   employer's one-row sheet does not wait behind a backlog.
 * - Recovered: jobs carry a heartbeat (every HEARTBEAT_REFRESH_SECONDS while the handler runs). A
 *   job whose process died stops beating; after HEARTBEAT_SECONDS the supervisor (every
 *   platform/queue.ts SUPERVISE_SECONDS, in any live process) puts it back for a retry. A long
 *   sheet that still beats is never cut off; EXPIRE_SECONDS only bounds a handler that hangs.
 * - Never twice at once: the handler holds a session advisory lock on its upload on a connection
 *   of its own, so a retry of a job whose first run is still alive (an event loop stalled past the
 *   heartbeat, a hang past the expiry) waits for it and then finds the upload finished.
 * - Given up cleanly: a job that failed for good (retries exhausted, by errors or by dying) is
 *   copied by pg-boss into DOCUMENT_DEAD_QUEUE; its worker ends the upload FAILED and its kind
 *   settles it as failed (a payroll PAYROLL_PROCESSING_FAILED: the pipeline's `abandon`), then deletes the failed job, which in a
 *   key_strict_fifo queue would otherwise hold back the employer's later sheets.
 */
import pg from 'pg';
import type { JobWithMetadata } from 'pg-boss';
import type { Deps } from '../../platform/context.js';
import { noteLocalWorker, type Queue } from '../../platform/queue.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { DOCUMENT_DEAD_QUEUE, DOCUMENT_QUEUE, LEGACY_DOCUMENT_QUEUE } from './sheet-queue.js';

/**
 * Sheets of different employers worked at once per process. The pipeline streams rows into a
 * staging table, so a sheet's memory is bounded and three fit in a process; more throughput comes
 * from more `worker` processes.
 */
export const SHEETS_AT_ONCE = 3;
/** A running job not heard from for this long is taken as dead and retried. */
export const HEARTBEAT_SECONDS = 30;
/** How often a running job beats: a stalled event loop has HEARTBEAT_SECONDS - this to recover. */
export const HEARTBEAT_REFRESH_SECONDS = 5;
/** The bound on one attempt that still beats (a hung handler); far above a 100,000-row sheet. */
export const EXPIRE_SECONDS = 3600;
const RETRY_LIMIT = 2;
const RETRY_DELAY_SECONDS = 2;

const QUEUE_OPTIONS = {
  retryLimit: RETRY_LIMIT,
  retryDelay: RETRY_DELAY_SECONDS,
  expireInSeconds: EXPIRE_SECONDS,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  deadLetter: DOCUMENT_DEAD_QUEUE,
};

/** Idempotent; the API needs the queue to exist before its first send. An existing queue takes today's options. */
export async function createDocumentQueue(queue: Queue): Promise<void> {
  await queue.createQueue(DOCUMENT_DEAD_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 });
  await queue.createQueue(DOCUMENT_QUEUE, { policy: 'key_strict_fifo', ...QUEUE_OPTIONS });
  await queue.updateQueue(DOCUMENT_QUEUE, QUEUE_OPTIONS);
}

/**
 * How one upload is processed (the sheet pipeline with its kinds, composed in src/sheets.ts), and
 * given up (`abandon`: the upload FAILED and its kind's `settle`, in the caller's transaction; true
 * when it ended the upload).
 */
export interface ProcessUpload {
  (deps: Deps, uploadId: string): Promise<void>;
  abandon(trx: Kysely<DB>, deps: Deps, uploadId: string): Promise<boolean>;
}

export async function workDocumentJobs(deps: Deps, processUpload: ProcessUpload): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  await createDocumentQueue(queue);
  const handle = async (uploadId: string) => {
    await alone(deps, uploadId, () => processUpload(deps, uploadId));
  };
  const workerId = await queue.work<{ uploadId: string }>(
    DOCUMENT_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: SHEETS_AT_ONCE, heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS },
    async ([job]) => {
      if (job) await handle(job.data.uploadId);
    },
  );
  // An upload this process accepts wakes it at once (service.ts accept); other processes' uploads wait for its poll.
  noteLocalWorker(queue, DOCUMENT_QUEUE, workerId);
  await queue.work<{ uploadId: string }>(DOCUMENT_DEAD_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1, includeMetadata: true }, async ([fetched]) => {
    if (!fetched) return;
    const job = fetched as JobWithMetadata<{ uploadId: string }>;
    const ended = await deps.db.transaction().execute((trx) => processUpload.abandon(trx, deps, job.data.uploadId));
    if (ended) deps.log.warn(`sheet processing of upload ${job.data.uploadId} failed for good (${JSON.stringify(job.sourceOutput ?? null)}): upload given up`);
    if (job.sourceId && job.sourceName === DOCUMENT_QUEUE) await queue.deleteJob(DOCUMENT_QUEUE, job.sourceId);
  });
  await workLegacyQueue(queue, handle);
}

/**
 * Runs `work` holding a session advisory lock on the upload, on a connection of its own (not one of
 * the pool's, which the processing needs): a second run of the same upload waits for the first to
 * end. The lock goes with the connection, so a killed process leaves nothing held.
 */
async function alone(deps: Deps, uploadId: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ ...deps.pool.options });
  client.on('error', (err) => deps.log.warn(`sheet job lock connection lost: ${err.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [`sheet-job:${uploadId}`]);
    await work();
  } finally {
    await client.end().catch(() => {});
  }
}

/** The queue before decision 0019: worked one at a time while it still has jobs, deleted once it has none. */
async function workLegacyQueue(queue: Queue, handle: (uploadId: string) => Promise<void>): Promise<void> {
  if (!(await queue.getQueue(LEGACY_DOCUMENT_QUEUE))) return;
  const jobs = await queue.findJobs(LEGACY_DOCUMENT_QUEUE);
  if (!jobs.some((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active')) {
    await queue.deleteQueue(LEGACY_DOCUMENT_QUEUE);
    return;
  }
  await queue.work<{ uploadId: string }>(LEGACY_DOCUMENT_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await handle(job.data.uploadId);
  });
}
