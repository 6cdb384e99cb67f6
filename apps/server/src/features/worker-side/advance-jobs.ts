/**
 * The approved-advance queue (decision 0032): the employer's approval of a held request queues one
 * job in the decision's own transaction; the job moves the advance through the worker side's
 * lifecycle (the same `move` the worker API uses): USER_REQUESTED -> LENDER_APPROVED (limits
 * re-checked, the request's own amount left out; a refusal ends it LENDER_REJECTED with the reason)
 * -> AGREEMENT_SIGNED -> TRANSFER_INITIATED -> TRANSFERRED.
 *
 * Idempotent: each step starts from the status the row has now (read again before every step) and
 * `move` locks the row and refuses a step the status does not allow, so a job run twice, or again
 * after a crash between steps, continues where the advance is and never repeats a step. A failure
 * (the database away) throws and pg-boss retries the job.
 */
import { CompiledQuery, type Transaction } from 'kysely';
import type { TransactionStatus } from '@portal/domain';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Queue } from '../../platform/queue.js';
import type { WorkerSideDeps } from './shared.js';
import { move } from './use-cases/advance-status.js';

export const APPROVED_ADVANCE_QUEUE = 'approved-advance';

/** Idempotent; the API needs the queue to exist before its first send. */
export async function createApprovedAdvanceQueue(queue: Queue): Promise<void> {
  await queue.createQueue(APPROVED_ADVANCE_QUEUE, { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 300 });
}

/** Queues the approved advance's job through the decision's transaction: committed with it, or not at all. */
export async function queueApprovedAdvance(deps: Pick<Deps, 'queue'>, trx: Transaction<DB>, transactionId: string): Promise<void> {
  if (!deps.queue) return;
  await deps.queue.send(APPROVED_ADVANCE_QUEUE, { transactionId }, {
    db: { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) },
  } as never);
}

/** The next step from a status, or null when the advance has nothing more to do here. */
const NEXT: Partial<Record<TransactionStatus, TransactionStatus>> = {
  USER_REQUESTED: 'LENDER_APPROVED',
  LENDER_APPROVED: 'AGREEMENT_SIGNED',
  AGREEMENT_SIGNED: 'TRANSFER_INITIATED',
  TRANSFER_INITIATED: 'TRANSFERRED',
};

/**
 * Moves an approved advance on from wherever it is now. Returns its final status. A refusal of
 * the limits (422) is the outcome LENDER_REJECTED, not a failure; a step another run took first
 * (409) is read again.
 */
export async function moveApprovedAdvance(deps: WorkerSideDeps, transactionId: string): Promise<TransactionStatus | null> {
  for (let i = 0; i < 10; i++) {
    const tx = await deps.db.selectFrom('transactions').select(['status', 'employer_approval']).where('id', '=', transactionId).executeTakeFirst();
    if (!tx || tx.employer_approval !== 'APPROVED') return (tx?.status as TransactionStatus | undefined) ?? null;
    const to = NEXT[tx.status as TransactionStatus];
    if (!to) return tx.status as TransactionStatus;
    try {
      await move(deps, transactionId, to);
    } catch (e) {
      if (e instanceof AppError && (e.status === 422 || e.status === 409)) continue;
      throw e;
    }
  }
  throw new Error(`The advance ${transactionId} did not settle`);
}

/** Works the approved-advance queue in this process (roles `all` and `worker`). */
export async function workApprovedAdvanceJobs(deps: Deps): Promise<void> {
  if (!deps.queue) return;
  await createApprovedAdvanceQueue(deps.queue);
  await deps.queue.work<{ transactionId: string }>(APPROVED_ADVANCE_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    await moveApprovedAdvance(deps, job.data.transactionId);
  });
}
