/** Health, and the dev outbox (never in production mode). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { HealthResult, OutboxQuery, OutboxResult, platformCalls, type OutboxMessage } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { notFound, sendError } from '../../platform/errors.js';
import { publicRoute } from '../../platform/guard.js';
import { queueHealthy } from '../../platform/queue.js';
import { route } from '../../platform/route.js';

async function readOutbox(deps: Deps, to?: string, channel?: 'EMAIL' | 'SMS'): Promise<OutboxMessage[]> {
  let q = deps.db.selectFrom('outbox_messages').selectAll().orderBy('created_at', 'desc').limit(200);
  if (to) q = q.where('recipient', '=', to);
  if (channel) q = q.where('channel', '=', channel);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, channel: r.channel, to: r.recipient, subject: r.subject, body: r.body, createdAt: r.created_at.toISOString() }));
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export const isLoopback = (address: string | undefined): boolean =>
  !!address && (/^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1');

/**
 * The dev outbox holds every sign-in code and reset link: it answers callers on this machine only
 * (the socket's address; no proxy header is trusted), and is 404 to anyone else on the network.
 */
async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isLoopback(request.socket.remoteAddress)) return sendError(reply, notFound());
}

export function registerPlatformRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  route(app, platformCalls.health, { config: publicRoute, schema: { tags: ['platform'], response: { 200: HealthResult, 503: HealthResult } } }, async (_req, reply) => {
    const database = await sql`select 1`.execute(deps.db).then(
      () => true,
      () => false,
    );
    const queue = deps.queue ? await queueHealthy(deps.queue) : false;
    const ok = database && queue;
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database, queue });
  });

  if (deps.config.production) return;
  route(app, platformCalls.outbox, { config: publicRoute, onRequest: loopbackOnly, schema: { tags: ['dev'], querystring: OutboxQuery, response: { 200: OutboxResult } } }, async (req) => ({
    messages: await readOutbox(deps, req.query.to, req.query.channel),
  }));
}

/** The outbox as a page, at /dev/outbox (outside /api). */
export function registerDevOutboxPage(app: FastifyInstance, deps: Deps): void {
  if (deps.config.production) return;
  app.get('/dev/outbox', { schema: { hide: true }, onRequest: loopbackOnly }, async (_req, reply) => {
    const messages = await readOutbox(deps);
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    const rows = messages
      .map((m) => `<article><h2>${esc(m.channel)} to ${esc(m.to)}</h2><p class="meta">${esc(m.createdAt)}${m.subject ? ` · ${esc(m.subject)}` : ''}</p><pre>${linkify(m.body)}</pre></article>`)
      .join('\n');
    return reply
      .type('text/html')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}h2{font-size:1rem}.meta{color:#444}pre{white-space:pre-wrap}</style></head><body><h1>Dev outbox</h1><p>Mail and SMS sent without SMTP_URL / SMS_URL, newest first. Not available in production mode.</p>${rows || '<p>No messages yet.</p>'}</body></html>`,
      );
  });
}
