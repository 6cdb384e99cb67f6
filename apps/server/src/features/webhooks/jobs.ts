/**
 * Webhook deliveries (issue 26, decision 0045): one job per attempt. An attempt POSTs the event's
 * envelope, signed with the endpoint's live secrets, and waits WEBHOOK_TIMEOUT_MS at most. A 2xx is
 * DELIVERED; anything else is retried after 30 s, 1 min, 2 min ... (at most 2 h apart) until 24 h
 * after the event, then FAILED (an admin may replay it). A delivery already DELIVERED is never sent
 * again by its jobs (a job run twice after a crash sends at most one more attempt, which receivers
 * deduplicate by the event id).
 */
import {
  WEBHOOK_HEADERS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookBackoffMs,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { WEBHOOK_DELIVERY_QUEUE, createWebhookQueue, queueDelivery, relayUnqueued, signatureHeader } from '../../platform/events.js';

/** How often the relay looks for deliveries written without their job. */
const RELAY_EVERY_MS = 2_000;
import { noteLocalWorker } from '../../platform/queue.js';
import { egressDispatcher } from '../../platform/egress.js';
import { fetch } from 'undici';

/** The JSON body of a delivery: the same for every attempt and every endpoint of the event. */
export const envelopeOf = (e: { id: string; type: string; created_at: Date; data: unknown }): string =>
  JSON.stringify({ id: e.id, type: e.type, createdAt: e.created_at.toISOString(), data: e.data });

/** One attempt of a delivery. Returns its status after the attempt. */
export async function attemptDelivery(deps: Deps, deliveryId: string): Promise<'DELIVERED' | 'PENDING' | 'FAILED' | null> {
  const row = await deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.status', 'd.attempts', 'w.url', 'w.secret', 'w.previous_secret', 'w.previous_secret_until', 'w.removed_at', 'e.id as event_id', 'e.type', 'e.created_at', 'e.data'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!row || row.status !== 'PENDING') return row?.status ?? null;
  const now = deps.now();
  if (row.removed_at) {
    await deps.db.updateTable('webhook_deliveries').set({ status: 'FAILED', last_error: 'The endpoint was removed', next_attempt_at: null }).where('id', '=', deliveryId).execute();
    return 'FAILED';
  }
  const body = envelopeOf({ id: row.event_id, type: row.type, created_at: row.created_at, data: row.data });
  const secrets = [deps.protector.openText(row.secret)];
  if (row.previous_secret && row.previous_secret_until && row.previous_secret_until > now) secrets.push(deps.protector.openText(row.previous_secret));
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(row.url, {
      method: 'POST',
      redirect: 'manual',
      // In production, connected only if the name resolves to public addresses (decision 0045).
      dispatcher: egressDispatcher(deps.config.production),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'EmployerPortal-Webhooks/1',
        [WEBHOOK_HEADERS.eventId]: row.event_id,
        [WEBHOOK_HEADERS.eventType]: row.type,
        [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, Math.floor(now.getTime() / 1000), body),
      },
      body,
    });
    statusCode = res.status;
    await res.body?.cancel().catch(() => {});
    if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
  } catch (e) {
    const name = (e as Error)?.name;
    error = name === 'TimeoutError' ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : `Could not connect: ${((e as Error)?.cause as Error | undefined)?.message ?? (e as Error)?.message ?? 'unknown error'}`;
  }
  const attempts = row.attempts + 1;
  const ended = deps.now(); // the next wait counts from the attempt's end (a timed-out one took 10 s)
  if (!error) {
    await deps.db
      .updateTable('webhook_deliveries')
      .set({ status: 'DELIVERED', attempts, last_status_code: statusCode, last_error: null, last_attempt_at: ended, delivered_at: ended, next_attempt_at: null })
      .where('id', '=', deliveryId)
      .where('status', '=', 'PENDING')
      .execute();
    return 'DELIVERED';
  }
  const waitMs = webhookBackoffMs(attempts);
  const retry = ended.getTime() + waitMs - row.created_at.getTime() <= WEBHOOK_RETRY_WINDOW_MS;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: retry ? 'PENDING' : 'FAILED',
        attempts,
        last_status_code: statusCode,
        last_error: error.slice(0, 500),
        last_attempt_at: ended,
        next_attempt_at: retry ? new Date(ended.getTime() + waitMs) : null,
      })
      .where('id', '=', deliveryId)
      .where('status', '=', 'PENDING')
      .execute();
    if (retry) await queueDelivery(deps, trx, deliveryId, Math.ceil(waitMs / 1000));
  });
  return retry ? 'PENDING' : 'FAILED';
}

/** Works the delivery queue in this process (roles `all` and `worker`): several endpoints at once, each attempt bounded by its timeout. */
export async function workWebhookDeliveries(deps: Deps): Promise<void> {
  if (!deps.queue) return;
  await createWebhookQueue(deps.queue);
  const id = await deps.queue.work<{ deliveryId: string }>(WEBHOOK_DELIVERY_QUEUE, { pollingIntervalSeconds: 1, batchSize: 4 }, async (jobs) => {
    await Promise.all(jobs.map((job) => attemptDelivery(deps, job.data.deliveryId)));
  });
  noteLocalWorker(deps.queue, WEBHOOK_DELIVERY_QUEUE, id);
  // The relay for deliveries written without their job (events of the payroll lifecycle).
  const relay = setInterval(() => {
    relayUnqueued(deps).catch((err: unknown) => deps.log.warn?.(`webhook relay: ${err instanceof Error ? err.message : String(err)}`));
  }, RELAY_EVERY_MS);
  relay.unref();
}
