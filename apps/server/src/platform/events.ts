/**
 * Events out (issue 26, decision 0045): a feature that changes something an employer's systems may
 * want to hear of calls `emitEvent` inside its own transaction. The event and one delivery per
 * endpoint that asked for its type are written there and then, with a delivery job each (pg-boss
 * through the same transaction): committed with the change or not at all, and never waiting for an
 * endpoint. The webhooks feature's worker sends them (features/webhooks/jobs.ts).
 */
import { createHmac } from 'node:crypto';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookEventType } from '@portal/domain';
import type { DB } from '../db/schema.js';
import type { Deps } from './context.js';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

const created = new WeakMap<NonNullable<Deps['queue']>, Promise<void>>();
/** Idempotent, once per process and queue: any process that emits (API or worker) needs the queue before its first send. */
export function createWebhookQueue(queue: NonNullable<Deps['queue']>): Promise<void> {
  let done = created.get(queue);
  if (!done) {
    done = queue.createQueue(WEBHOOK_DELIVERY_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 60 });
    done.catch(() => created.delete(queue));
    created.set(queue, done);
  }
  return done;
}

/** Queues a delivery's next attempt through `trx` (or at once without one), `afterS` seconds from now. */
export async function queueDelivery(deps: Pick<Deps, 'queue'>, trx: Kysely<DB> | null, deliveryId: string, afterS = 0): Promise<void> {
  if (!deps.queue) return;
  await createWebhookQueue(deps.queue);
  const db = trx ? { db: { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) } } : {};
  await deps.queue.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId }, { ...db, ...(afterS > 0 ? { startAfter: afterS } : {}) } as never);
}

/**
 * The relay (run by the delivery worker every few seconds): deliveries written without their job
 * (next_attempt_at null, never attempted) get one, each once (`for update skip locked`, marked).
 */
export async function relayUnqueued(deps: Pick<Deps, 'queue' | 'db'>): Promise<number> {
  if (!deps.queue) return 0;
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      select id from webhook_deliveries
      where status = 'PENDING' and attempts = 0 and next_attempt_at is null
      order by created_at limit 100 for update skip locked`.execute(trx);
    for (const r of rows) {
      await trx.updateTable('webhook_deliveries').set({ next_attempt_at: new Date() }).where('id', '=', r.id).execute();
      await queueDelivery(deps, trx, r.id);
    }
    return rows.length;
  });
}

/**
 * Records an event of `type` for the employer and a delivery to each of its endpoints that asked
 * for it, in `trx`. `data` is the whole state a receiver needs (ids, statuses, counts), never a
 * difference from an earlier event, so receivers may take events in any order. No PAN, account
 * number or document goes into an event.
 */
export async function emitEvent(deps: Pick<Deps, 'queue'> | null, trx: Transaction<DB> | Kysely<DB>, employerId: string, type: WebhookEventType | 'ping', data: Record<string, unknown>, onlyEndpoint?: string): Promise<string | null> {
  let endpoints = trx.selectFrom('webhook_endpoints').select('id').where('employer_id', '=', employerId).where('removed_at', 'is', null);
  endpoints = onlyEndpoint ? endpoints.where('id', '=', onlyEndpoint) : endpoints.where(sql<boolean>`${type} = any(events)`);
  const targets = await endpoints.execute();
  if (targets.length === 0) return null;
  const event = await trx.insertInto('webhook_events').values({ employer_id: employerId, type, data: JSON.stringify(data) }).returning('id').executeTakeFirstOrThrow();
  // With the queue at hand, each delivery's job goes in with it (marked queued: next_attempt_at set);
  // without (a module that has only the database: the payroll lifecycle), the relay queues it.
  const queued = Boolean(deps?.queue);
  const deliveries = await trx
    .insertInto('webhook_deliveries')
    .values(targets.map((t) => ({ event_id: event.id, endpoint_id: t.id, employer_id: employerId, next_attempt_at: queued ? new Date() : null })))
    .returning('id')
    .execute();
  if (deps?.queue) for (const d of deliveries) await queueDelivery(deps, trx, d.id);
  return event.id;
}

/** One event of `emitEvents`. */
export interface EventToEmit {
  employerId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * `emitEvent` for many events at once, set-based (for set-based writers such as the payouts' bank
 * updates): one statement writes the events whose employer has an endpoint asking for their type
 * and a delivery per such endpoint, whatever their number; with the queue, one insert queues their
 * jobs through `trx`. Returns how many deliveries were written.
 */
export async function emitEvents(deps: Pick<Deps, 'queue'> | null, trx: Transaction<DB> | Kysely<DB>, events: readonly EventToEmit[]): Promise<number> {
  if (events.length === 0) return 0;
  const queued = Boolean(deps?.queue);
  const { rows } = await sql<{ id: string }>`
    with v as (
      select * from unnest(${events.map((e) => e.employerId)}::uuid[], ${events.map((e) => e.type)}::text[], ${events.map((e) => JSON.stringify(e.data))}::text[])
        with ordinality as v(employer_id, type, data, ord)
    ),
    event as (
      insert into webhook_events (employer_id, type, data)
      select v.employer_id, v.type, v.data::jsonb from v
      where exists (select 1 from webhook_endpoints w where w.employer_id = v.employer_id and w.removed_at is null and v.type = any(w.events))
      order by v.ord
      returning id, employer_id, type
    )
    insert into webhook_deliveries (event_id, endpoint_id, employer_id, next_attempt_at)
    select event.id, w.id, event.employer_id, ${queued ? sql`now()` : sql`null`}
    from event join webhook_endpoints w on w.employer_id = event.employer_id and w.removed_at is null and event.type = any(w.events)
    returning id`.execute(trx);
  if (deps?.queue && rows.length) {
    await createWebhookQueue(deps.queue);
    await deps.queue.insert(
      WEBHOOK_DELIVERY_QUEUE,
      rows.map((r) => ({ data: { deliveryId: r.id } })),
      { db: { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) } },
    );
  }
  return rows.length;
}

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` per live secret. */
export function signatureHeader(secrets: readonly string[], timestampS: number, body: string): string {
  const v1 = secrets.map((s) => `v1=${createHmac('sha256', s).update(`${timestampS}.${body}`).digest('hex')}`);
  return [`t=${timestampS}`, ...v1].join(',');
}
