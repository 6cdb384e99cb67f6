/**
 * The simulated bank's HTTP API (docs/payroll-design.md "Simulated bank"), shaped like a payouts
 * API: bearer key on /v1, errors as `{ error: { code, description } }`, and the faults the rules
 * ask for on the create call.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { creditRequestSchema, payoutRequestSchema, type Bank } from './bank.js';
import { rechargePage } from './recharge-page.js';
import { rulesPatchSchema } from './rules.js';

const BAD_REQUEST = 'BAD_REQUEST_ERROR';
const SERVER_ERROR = 'SERVER_ERROR';

const fail = (reply: FastifyReply, status: number, description: string, code = status >= 500 ? SERVER_ERROR : BAD_REQUEST) =>
  reply.status(status).send({ error: { code, description } });

const describe = (err: z.ZodError) => {
  const issue = err.issues[0];
  if (!issue) return 'The request is invalid';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
};

/** The public recharge call takes at most this much at once (Rs 1 crore): a typo should not mint a fortune. */
const RECHARGE_MAX_PAISE = 1_000_000_000;

export interface RouteOptions {
  apiKey: string;
  /** Resolves every hanging create call at once (bank closing). */
  hangs: Set<() => void>;
  log: { error(msg: string): void };
}

export function registerBankRoutes(app: FastifyInstance, bank: Bank, options: RouteOptions): void {
  const keyDigest = createHash('sha256').update(options.apiKey).digest();

  app.setNotFoundHandler((_req, reply) => fail(reply, 404, 'The requested URL was not found on the server'));
  app.setErrorHandler((error: unknown, request, reply) => {
    const e = error as { statusCode?: number; message?: string };
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return fail(reply, e.statusCode, e.message ?? 'The request is invalid');
    options.log.error(`bank-sim: ${request.method} ${request.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return fail(reply, 500, 'The bank could not process the request');
  });

  app.addHook('onRequest', async (request, reply) => {
    // Decided by the matched route, not the raw URL, so no spelling of a path (encoded, say) can
    // reach a /v1 handler without the key. Unmatched requests get the 404 either way.
    if (!(request.routeOptions.url ?? '').startsWith('/v1/')) return;
    const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    // Compared as digests, so neither the length nor the content leaks through timing.
    const given = createHash('sha256').update(m?.[1] ?? '').digest();
    if (!m || !timingSafeEqual(given, keyDigest)) return fail(reply, 401, 'The api key provided is invalid');

  });

  app.get('/health', async () => ({ ok: true }));

  /** Hangs until `ms` pass, the client hangs up, or the bank closes. */
  const hang = (reply: FastifyReply, ms: number) =>
    new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        options.hangs.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      options.hangs.add(end);
      reply.raw.once('close', end);
    });

  app.post('/v1/payouts', async (request, reply) => {
    const key = request.headers['x-payout-idempotency'];
    if (typeof key !== 'string' || key.trim() === '' || key.length > 200) {
      return fail(reply, 400, 'The X-Payout-Idempotency header is required (1 to 200 characters)');
    }
    const parsed = payoutRequestSchema.safeParse(request.body);
    if (!parsed.success) return fail(reply, 400, describe(parsed.error));
    const body = parsed.data;
    const rules = bank.rules;
    const account = body.account_number;

    if (rules.timeoutBeforeRecording.includes(account) && bank.takeFault(key)) {
      await hang(reply, rules.hangMs);
      return fail(reply, 504, 'Gateway timeout');
    }
    if (rules.error500BeforeRecording.includes(account) && bank.takeFault(key)) {
      return fail(reply, 500, 'The bank could not process the request');
    }

    const result = await bank.recordPayout(key, body);
    if (result.kind === 'conflict') {
      return fail(reply, 409, 'Different request body sent for the same X-Payout-Idempotency header');
    }
    // "After recording" faults hit only the call that recorded the payout: its retry gets the payout back.
    if (result.kind === 'recorded' && rules.timeoutAfterRecording.includes(account)) {
      await hang(reply, rules.hangMs);
      return reply.send(result.payout);
    }
    if (result.kind === 'recorded' && rules.error500AfterRecording.includes(account)) {
      return fail(reply, 500, 'The bank could not process the request');
    }
    return reply.send(result.payout);
  });

  app.get('/v1/payouts/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const payout = await bank.getPayout(id);
    if (!payout) return fail(reply, 404, 'The id provided does not exist');
    return reply.send(payout);
  });

  app.get('/v1/payouts', async (request, reply) => {
    const q = z.object({ reference_id: z.string().min(1).max(64) }).safeParse(request.query);
    if (!q.success) return fail(reply, 400, 'reference_id is required');
    const items = await bank.findByReference(q.data.reference_id);
    return reply.send({ entity: 'collection', count: items.length, items });
  });

  app.post('/v1/sim/credits', async (request, reply) => {
    const parsed = creditRequestSchema.safeParse(request.body);
    if (!parsed.success) return fail(reply, 400, describe(parsed.error));
    return reply.send(await bank.credit(parsed.data.virtual_account, parsed.data.amount));
  });

  app.get('/v1/sim/rules', async () => bank.rules);
  app.put('/v1/sim/rules', async (request, reply) => {
    const parsed = rulesPatchSchema.safeParse(request.body);
    if (!parsed.success) return fail(reply, 400, describe(parsed.error));
    return reply.send(bank.setRules(parsed.data));
  });

  app.get('/v1/sim/stats', async () => bank.stats());

  // The recharge page and its post are open: the page is opened from the portal in a browser, which has no bank key.
  app.get('/recharge', async (request, reply) => {
    const va = (request.query as { va?: unknown }).va;
    const { html, csp } = rechargePage(typeof va === 'string' && va.trim() ? va.trim().slice(0, 64) : null);
    return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-store').send(html);
  });

  app.post('/recharge', async (request, reply) => {
    const parsed = creditRequestSchema.safeParse(request.body);
    if (!parsed.success) return fail(reply, 400, describe(parsed.error));
    if (parsed.data.amount > RECHARGE_MAX_PAISE) return fail(reply, 400, 'At most Rs 1,00,00,000 can be added at once');
    return reply.send(await bank.credit(parsed.data.virtual_account, parsed.data.amount));
  });
}
