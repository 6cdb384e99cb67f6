/**
 * Delivers the webhook outbox: each event is one signed POST, retried with a bounded exponential
 * backoff until the receiver answers 2xx. The outbox holds only events not yet delivered.
 *
 * Order: unless the out-of-order rule is on, a payout's events go out one after another (round by
 * round: the receiver may handle pipelined requests concurrently, so a payout's next event is sent
 * only after the previous one was acknowledged), and an event waits while an earlier one of the
 * same payout is waiting for its retry.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { PipelinedClient, type PipelinedRequest } from './http-pipeline.js';
import type { BankRules } from './rules.js';
import { inTransaction, type BankDatabase } from './store.js';

const BATCH = 1_000;

const DUE_ANY_SQL = `
  select w.id::text as id, w.subject, w.body, w.attempts, w.event_id
  from bank_sim.webhooks w
  where w.deliver_at <= $1
  order by w.deliver_at, w.id
  limit $2
  for update skip locked`;

// In order: not while an earlier event of the same payout waits for its retry.
const DUE_IN_ORDER_SQL = `
  select w.id::text as id, w.subject, w.body, w.attempts, w.event_id
  from bank_sim.webhooks w
  where w.deliver_at <= $1
    and not exists (select 1 from bank_sim.webhooks e where e.deliver_at > $1 and e.subject = w.subject and e.id < w.id)
  order by w.deliver_at, w.id
  limit $2
  for update skip locked`;

const RETRY_SQL = `
  update bank_sim.webhooks w set attempts = u.attempts, deliver_at = u.at, last_error = coalesce(u.error, w.last_error)
  from unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::text[]) as u(id, attempts, at, error)
  where w.id = u.id`;
/** Connections to the receiver; each carries a share of a round, pipelined. */
const CONNECTIONS = 8;

interface Claimed {
  id: string;
  subject: string;
  body: string;
  attempts: number;
  event_id: string;
}

export class WebhookSender {
  private readonly url: URL;
  private readonly client: PipelinedClient;
  private closing = false;

  constructor(
    private readonly db: BankDatabase,
    private readonly pool: pg.Pool,
    url: string,
    private readonly secret: string,
    private readonly rules: () => BankRules,
    private readonly onFailure: (message: string) => void,
  ) {
    this.url = new URL(url);
    this.client = new PipelinedClient(this.url, CONNECTIONS);
  }

  /** Ends deliveries in flight (they count as failed attempts and are sent again after a restart). */
  close(): void {
    this.closing = true;
    this.client.close();
  }

  /**
   * One batch of due deliveries; returns the wait before the next. The batch's rows stay locked
   * (FOR UPDATE SKIP LOCKED) in a transaction while they are sent: another bank process skips
   * them, and a crash rolls back to "not delivered", so they go out again (at least once, as real
   * banks do). Delivered rows are deleted and failed ones rescheduled, set-based.
   */
  async deliverDue(): Promise<number> {
    const r = this.rules();
    const now = new Date();
    const inOrder = !r.webhookOutOfOrder;
    const claimed = await inTransaction(this.pool, async (client) => {
      const due = await client.query<Claimed>(inOrder ? { name: 'bank_sim_webhooks_due_in_order', text: DUE_IN_ORDER_SQL, values: [now, BATCH] } : { name: 'bank_sim_webhooks_due_any', text: DUE_ANY_SQL, values: [now, BATCH] });
      if (due.rows.length === 0) return 0;
      const { delivered, failed } = await this.send(
        due.rows.sort((a, b) => Number(a.id) - Number(b.id)),
        inOrder,
        r,
      );
      if (delivered.length) await client.query({ name: 'bank_sim_webhooks_delivered', text: 'delete from bank_sim.webhooks where id = any($1::bigint[])', values: [delivered] });
      if (failed.length) {
        await client.query({
          name: 'bank_sim_webhooks_retry',
          text: RETRY_SQL,
          values: [failed.map((f) => f.id), failed.map((f) => f.attempts), failed.map((f) => f.at), failed.map((f) => f.error)],
        });
      }
      return due.rows.length;
    });
    if (claimed === BATCH) return 0;
    // Busy: look again soon without asking when; idle: sleep until the next due row (at most 1 s).
    if (claimed > 0) return 5;
    const next = await sql<{ at: Date | null }>`select min(deliver_at) as at from bank_sim.webhooks`.execute(this.db);
    const at = next.rows[0]?.at;
    // A due row that was not taken waits behind an earlier event of its payout: poll gently, not in a spin.
    return at ? Math.min(1_000, Math.max(20, at.getTime() - Date.now())) : 1_000;
  }

  private async send(rows: Claimed[], inOrder: boolean, r: BankRules) {
    // In order: one queue per payout, sent one after another. Out of order: every event on its own.
    const queues: Claimed[][] = [];
    if (inOrder) {
      const bySubject = new Map<string, Claimed[]>();
      for (const row of rows) {
        const q = bySubject.get(row.subject);
        if (q) q.push(row);
        else bySubject.set(row.subject, [row]);
      }
      queues.push(...bySubject.values());
    } else {
      for (const row of rows) queues.push([row]);
    }

    const delivered: string[] = [];
    const failed: { id: string; attempts: number; at: Date; error: string | null }[] = [];
    // Each round sends the next event of every queue still going; a refusal stops its queue.
    let active = queues.map((queue) => ({ queue, next: 0 }));
    while (active.length) {
      const round = active.map((a) => a.queue[a.next]!);
      const results = this.closing ? round.map(() => 'bank closing') : await this.client.postAll(round.map((row) => this.request(row)), r.webhookTimeoutMs);
      const still: typeof active = [];
      active.forEach((a, k) => {
        const row = round[k]!;
        // null is success here, so not `??`.
        const result = results[k];
        const error = result === undefined ? 'not sent' : result;
        if (error === null) {
          delivered.push(row.id);
          a.next++;
          if (a.next < a.queue.length) still.push(a);
          return;
        }
        const attempts = row.attempts + 1;
        const at = new Date(Date.now() + Math.min(r.webhookRetryMaxMs, r.webhookRetryBaseMs * 2 ** Math.min(attempts - 1, 30)));
        failed.push({ id: row.id, attempts, at, error });
        // The rest of this payout's queue waits behind the failed one, untried.
        for (const rest of a.queue.slice(a.next + 1)) failed.push({ id: rest.id, attempts: rest.attempts, at, error: null });
        if (attempts === 1 || attempts % 10 === 0) this.onFailure(`webhook ${row.event_id} to ${this.url.href} failed (attempt ${attempts}): ${error}`);
      });
      active = still;
    }
    return { delivered, failed };
  }

  /** One event as a signed POST: the signature is the HMAC-SHA256 (hex) of exactly the bytes sent. */
  private request(row: Claimed): PipelinedRequest {
    const body = Buffer.from(row.body, 'utf8');
    return {
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'bank-sim/1',
        'X-Bank-Signature': createHmac('sha256', this.secret).update(body).digest('hex'),
        'X-Bank-Event-Id': row.event_id,
      },
    };
  }
}
