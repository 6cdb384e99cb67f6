import { sql } from 'kysely';
import type { WebhookDeliveryList } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { envelopeOf } from '../jobs.js';
import { humansOnly } from '../shared.js';

const DELIVERIES_PAGE = 25;

/** The delivery log, newest first, DELIVERIES_PAGE a page, of one endpoint or all; each with the body it sends. */
export async function deliveries(deps: Deps, ctx: AuthContext, q: { endpointId?: string; page?: number }): Promise<WebhookDeliveryList> {
  humansOnly(ctx);
  let query = deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .where('d.employer_id', '=', ctx.admin.employer_id);
  if (q.endpointId) query = query.where('d.endpoint_id', '=', q.endpointId);
  const page = q.page ?? 1;
  const [rows, count] = await Promise.all([
    query
      .select(['d.id', 'd.endpoint_id', 'w.url', 'e.id as event_id', 'e.type', 'e.created_at as event_at', 'e.data', 'd.status', 'd.attempts', 'd.last_status_code', 'd.last_error', 'd.next_attempt_at', 'd.created_at', 'd.delivered_at'])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset((page - 1) * DELIVERIES_PAGE)
      .limit(DELIVERIES_PAGE)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: count.n,
    deliveries: rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      url: r.url,
      eventId: r.event_id,
      eventType: r.type,
      status: r.status,
      attempts: r.attempts,
      lastStatusCode: r.last_status_code,
      lastError: r.last_error,
      nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
      deliveredAt: r.delivered_at?.toISOString() ?? null,
      body: envelopeOf({ id: r.event_id, type: r.type, created_at: r.event_at, data: r.data }),
    })),
  };
}
