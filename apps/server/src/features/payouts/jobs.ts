/**
 * The payout worker (roles `all` and `worker`): the payout-send queue, and the reconciliation
 * poll that looks after payouts waiting too long for the bank (a process killed mid-job, a
 * webhook that never came) and recomputes the status of open payrolls.
 */
import { sql } from 'kysely';
import type { Deps } from '../../platform/context.js';
import type { Queue } from '../../platform/queue.js';
import { createPayoutSender, lookUp, type PayoutRow, type PayoutSender } from './sender.js';
import { PAYOUT_QUEUE } from './new-payouts.js';
import { bankStateOf, derivePayrollStatus, type BankState, type PayrollStatusDeriver } from './status.js';
import { payoutContextOf } from './writer.js';

/** Idempotent; the API needs the queue to exist before its first send. */
export async function createPayoutQueue(queue: Queue): Promise<void> {
  // A job whose process died is retried after it expires; sending again is safe (same keys), and
  // the reconciliation poll usually gets there first.
  await queue.createQueue(PAYOUT_QUEUE, { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 120, expireInSeconds: 900 });
}

const seconds = (ms: number) => ms / 1000;

/**
 * Payouts to send again: taken by a sender longer than `payoutStaleMs` ago and still without an
 * answer (its process died, or the outcome stayed unknown), or never taken for 20 times as long
 * (a job that is gone). Taken here in the same statement (skip locked: two workers do not take
 * the same rows).
 */
async function takeUnanswered(deps: Deps, limit: number) {
  const r = await sql<PayoutRow>`
    update payouts set sent_at = now()
    where id in (
      select id from payouts
      where status = 'INITIATED'
        and (sent_at < now() - make_interval(secs => ${seconds(deps.config.payoutStaleMs)})
             or (sent_at is null and created_at < now() - make_interval(secs => ${seconds(deps.config.payoutStaleMs * 20)})))
      order by created_at limit ${limit}
      for update skip locked)
    returning id, idempotency_key, amount, account_number, ifsc`.execute(deps.db);
  return r.rows;
}

/** Payouts the bank took but whose settlement was not heard of for `payoutStaleMs` (a lost webhook): looked up. */
async function takeUnsettled(deps: Deps, limit: number) {
  const r = await sql<{ id: string; bank_payout_id: string | null }>`
    update payouts set updated_at = now()
    where id in (
      select id from payouts
      where status = 'PENDING' and updated_at < now() - make_interval(secs => ${seconds(deps.config.payoutStaleMs)})
      order by updated_at limit ${limit}
      for update skip locked)
    returning id, bank_payout_id`.execute(deps.db);
  return r.rows;
}

export interface PayoutWorker {
  sender: PayoutSender;
  deriver: PayrollStatusDeriver;
  /** One pass of the reconciliation poll. */
  reconcile(): Promise<void>;
  stop(): Promise<void>;
}

export function createPayoutWorker(deps: Deps): PayoutWorker {
  const { deriver, writer } = payoutContextOf(deps);
  const sender = createPayoutSender(deps, writer);

  async function pollPending(rows: { id: string; bank_payout_id: string | null }[]): Promise<void> {
    const states: BankState[] = [];
    await Promise.all(
      rows.map((row) =>
        sender.limiter(async () => {
          try {
            const p = row.bank_payout_id ? await deps.bank.api.getPayout(row.bank_payout_id) : await lookUp(deps.bank.api, row.id);
            if (p) states.push(bankStateOf(p));
          } catch {
            // the bank cannot say now; the next pass asks again
          }
        }),
      ),
    );
    await writer.states(states);
  }

  async function reconcile(): Promise<void> {
    // Never answered (the process died, or the bank never said): send again, same key.
    for (let i = 0; i < 50; i++) {
      const unanswered = await takeUnanswered(deps, 1000);
      if (unanswered.length === 0) break;
      await sender.sendRows(unanswered);
    }
    // Answered but not settled for too long (a lost webhook): ask the bank.
    for (let i = 0; i < 50; i++) {
      const pending = await takeUnsettled(deps, 1000);
      if (pending.length === 0) break;
      await pollPending(pending);
    }
    const open = await sql<{ id: string }>`select id from payrolls where status in ('DISBURSAL_INITIATED', 'DISBURSAL_IN_PROGRESS')`.execute(deps.db);
    for (const p of open.rows) await derivePayrollStatus(deps.db, p.id);
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = reconcile()
      .catch((e: unknown) => deps.log.error(e))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, deps.config.payoutSweepMs);
      });
  };
  timer = setTimeout(tick, deps.config.payoutSweepMs);

  return {
    sender,
    deriver,
    reconcile,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await deriver.flush();
    },
  };
}

/** Starts working payout jobs and the reconciliation poll in this process. */
export async function workPayoutJobs(deps: Deps): Promise<PayoutWorker | null> {
  if (!deps.queue) return null;
  await createPayoutQueue(deps.queue);
  const worker = createPayoutWorker(deps);
  await deps.queue.work<{ payoutIds: string[] }>(
    PAYOUT_QUEUE,
    // Jobs side by side feed one limiter (payoutConcurrency bank calls in flight per process).
    { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: 4 },
    async ([job]) => {
      if (!job) return;
      const unknown = await worker.sender.send(job.data.payoutIds);
      // Outcomes still unknown: fail the job so pg-boss retries it later (same keys again).
      if (unknown > 0) throw new Error(`${unknown} payout(s) with an unknown outcome; retrying later`);
    },
  );
  return worker;
}
