/**
 * Webhook endpoints and their delivery log in Settings (issue 26, decision 0045). An admin with
 * WRITE on admins adds an endpoint (the signing secret answered once), rotates its secret (the
 * previous one keeps signing for 24 h), removes it, sends a test event, and replays a delivery.
 * Like API keys, these are managed by a person in the employer's own context.
 */
import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { WEBHOOK_MSG, WEBHOOK_PING, WEBHOOK_PREVIOUS_SECRET_MS, type WebhookDeliveryList, type WebhookEndpointBody, type WebhookEndpointRow, type WebhookSecretResult } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { emitEvent, queueDelivery } from '../../platform/events.js';
import { personInEmployerContext, type AuthContext } from '../../platform/guard.js';
import { isUuid } from '../../platform/ids.js';
import { isPrivateAddress } from '../../platform/egress.js';
import { envelopeOf } from './jobs.js';

const DELIVERIES_PAGE = 25;

const humansOnly = (ctx: AuthContext) => personInEmployerContext(ctx, { key: WEBHOOK_MSG.keysCannotManage, vendorContext: WEBHOOK_MSG.employerContextOnly });

const isPrivateHost = (host: string): boolean => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal')) return true;
  return isIP(h) !== 0 && isPrivateAddress(h);
};

/**
 * An endpoint's address: https on the internet. Outside production a receiver on this machine
 * (http://localhost or 127.0.0.1) is allowed too, for development and the test suite.
 */
export function checkEndpointUrl(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MSG.urlInvalid;
  }
  if (url.username || url.password) return WEBHOOK_MSG.urlInvalid;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (!production && local && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return WEBHOOK_MSG.urlNotHttps;
  if (isPrivateHost(url.hostname)) return WEBHOOK_MSG.urlPrivate;
  return null;
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function listEndpoints(deps: Deps, ctx: AuthContext): Promise<WebhookEndpointRow[]> {
  humansOnly(ctx);
  const rows = await deps.db
    .selectFrom('webhook_endpoints as w')
    .innerJoin('admins as a', 'a.id', 'w.created_by')
    .select(['w.id', 'w.url', 'w.events', 'a.name as created_by', 'w.created_at', 'w.previous_secret_until', 'w.removed_at'])
    .where('w.employer_id', '=', ctx.admin.employer_id)
    .orderBy('w.removed_at', (ob) => ob.desc().nullsFirst())
    .orderBy('w.created_at', 'desc')
    .execute();
  const now = deps.now();
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    previousSecretUntil: r.previous_secret_until && r.previous_secret_until > now ? r.previous_secret_until.toISOString() : null,
    removedAt: r.removed_at?.toISOString() ?? null,
  }));
}

async function endpointOf(deps: Deps, ctx: AuthContext, id: string) {
  if (!isUuid(id)) throw notFound(WEBHOOK_MSG.notFound);
  const row = await deps.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('employer_id', '=', ctx.admin.employer_id).executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MSG.notFound);
  return row;
}
const rowOf = async (deps: Deps, ctx: AuthContext, id: string) => (await listEndpoints(deps, ctx)).find((e) => e.id === id)!;

async function addEndpoint(deps: Deps, ctx: AuthContext, body: WebhookEndpointBody): Promise<WebhookSecretResult> {
  humansOnly(ctx);
  const problem = checkEndpointUrl(body.url, deps.config.production);
  if (problem) throw badRequest(problem);
  const secret = newSecret();
  const row = await deps.db
    .insertInto('webhook_endpoints')
    .values({ employer_id: ctx.admin.employer_id, url: body.url, events: [...new Set(body.events)], secret: deps.protector.sealText(secret), created_by: ctx.admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { endpoint: await rowOf(deps, ctx, row.id), secret, message: WEBHOOK_MSG.created };
}

async function rotateSecret(deps: Deps, ctx: AuthContext, id: string): Promise<WebhookSecretResult> {
  humansOnly(ctx);
  const endpoint = await endpointOf(deps, ctx, id);
  if (endpoint.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  const secret = newSecret();
  await deps.db
    .updateTable('webhook_endpoints')
    .set({ secret: deps.protector.sealText(secret), previous_secret: endpoint.secret, previous_secret_until: new Date(deps.now().getTime() + WEBHOOK_PREVIOUS_SECRET_MS) })
    .where('id', '=', id)
    .execute();
  return { endpoint: await rowOf(deps, ctx, id), secret, message: WEBHOOK_MSG.rotated };
}

async function removeEndpoint(deps: Deps, ctx: AuthContext, id: string): Promise<string> {
  humansOnly(ctx);
  const endpoint = await endpointOf(deps, ctx, id);
  if (endpoint.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  await deps.db.updateTable('webhook_endpoints').set({ removed_at: deps.now() }).where('id', '=', id).execute();
  return WEBHOOK_MSG.removed;
}

async function ping(deps: Deps, ctx: AuthContext, id: string): Promise<string> {
  humansOnly(ctx);
  const endpoint = await endpointOf(deps, ctx, id);
  if (endpoint.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  await deps.db.transaction().execute((trx) => emitEvent(deps, trx, ctx.admin.employer_id, WEBHOOK_PING, { endpointId: id, sentBy: ctx.admin.name }, id));
  return WEBHOOK_MSG.pinged;
}

async function deliveries(deps: Deps, ctx: AuthContext, q: { endpointId?: string; page?: number }): Promise<WebhookDeliveryList> {
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

/** Sends a delivery's event again to its endpoint: a new delivery with the same event id (receivers deduplicate by it). */
async function replay(deps: Deps, ctx: AuthContext, deliveryId: string): Promise<string> {
  humansOnly(ctx);
  if (!isUuid(deliveryId)) throw notFound(WEBHOOK_MSG.deliveryNotFound);
  const d = await deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(['d.event_id', 'd.endpoint_id', 'w.removed_at'])
    .where('d.id', '=', deliveryId)
    .where('d.employer_id', '=', ctx.admin.employer_id)
    .executeTakeFirst();
  if (!d) throw notFound(WEBHOOK_MSG.deliveryNotFound);
  if (d.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  await deps.db.transaction().execute(async (trx) => {
    const fresh = await trx.insertInto('webhook_deliveries').values({ event_id: d.event_id, endpoint_id: d.endpoint_id, employer_id: ctx.admin.employer_id }).returning('id').executeTakeFirstOrThrow();
    await queueDelivery(deps, trx, fresh.id);
  });
  return WEBHOOK_MSG.replayed;
}

export const createWebhookService = (deps: Deps) => ({
  listEndpoints: (ctx: AuthContext) => listEndpoints(deps, ctx),
  addEndpoint: (ctx: AuthContext, body: WebhookEndpointBody) => addEndpoint(deps, ctx, body),
  rotateSecret: (ctx: AuthContext, id: string) => rotateSecret(deps, ctx, id),
  removeEndpoint: (ctx: AuthContext, id: string) => removeEndpoint(deps, ctx, id),
  ping: (ctx: AuthContext, id: string) => ping(deps, ctx, id),
  deliveries: (ctx: AuthContext, q: { endpointId?: string; page?: number }) => deliveries(deps, ctx, q),
  replay: (ctx: AuthContext, id: string) => replay(deps, ctx, id),
});
