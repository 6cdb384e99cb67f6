/** Streaming account, execute, re-run (spec 7) and the bank's webhook. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountStatement,
  ExecutePayrollResult,
  PayrollIdQuery,
  PayrollVendorQuery,
  StreamAccountInfo,
  StreamingExecuteQuery,
  payoutCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { areaRoute, authOf, publicRoute } from '../../platform/guard.js';
import { sendError, unauthenticated } from '../../platform/errors.js';
import { createPayoutQueue } from './jobs.js';
import { createPayoutService } from './service.js';
import { accountStatement } from './statement.js';
import { createWebhookReceiver } from './webhooks.js';
import { payoutContextOf } from './writer.js';
import { route } from '../../platform/route.js';

export async function registerPayoutRoutes(parent: FastifyInstance, deps: Deps): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  if (deps.queue) await createPayoutQueue(deps.queue);
  const payouts = createPayoutService(deps);
  const tags = ['payroll'];

  route(
    app,
    payoutCalls.accountInfo,
    { config: areaRoute('PAYROLL', 'READ'), schema: { tags, querystring: PayrollVendorQuery, response: { 200: StreamAccountInfo } } },
    async (req) => payouts.accountInfo(authOf(req)),
  );
  // Issue 20 item 1: the account's ledger with returns as their own lines (employer context only: 404 with vendorId).
  route(
    app,
    payoutCalls.accountStatement,
    { config: areaRoute('PAYROLL', 'READ'), schema: { tags, querystring: PayrollVendorQuery, response: { 200: AccountStatement } } },
    async (req) => accountStatement(deps.db, authOf(req)),
  );
  route(
    app,
    payoutCalls.execute,
    { config: areaRoute('PAYROLL', 'WRITE'), schema: { tags, querystring: PayrollIdQuery, response: { 200: ExecutePayrollResult } } },
    async (req) => payouts.execute(authOf(req), req.query.payrollId),
  );
  // Decision 0022: execute by streaming account id (the month's current streaming-account payroll).
  route(
    app,
    payoutCalls.executeStreaming,
    {
      config: areaRoute('PAYROLL', 'WRITE'),
      schema: {
        tags,
        summary: "Execute the month's streaming-account payroll",
        description:
          "Executes the month's current PAYROLL_STREAMING_ACCOUNT payroll of the context (vendorId) from the streaming account streamingAccountId (stream-account-info), as execute-payroll does: PAYROLL_FROZEN, the execution window, the balance; exactly once (a second call answers 409). 404 for an account that is not the caller's employer's, or a month without such a payroll.",
        querystring: StreamingExecuteQuery,
        response: { 200: ExecutePayrollResult },
      },
    },
    async (req) => payouts.executeStreaming(authOf(req), req.query.streamingAccountId, { month: req.query.month, year: req.query.year }),
  );
  route(
    app,
    payoutCalls.reinitiate,
    { config: areaRoute('PAYROLL', 'WRITE'), schema: { tags, querystring: PayrollIdQuery, response: { 200: ExecutePayrollResult } } },
    async (req) => payouts.reinitiate(authOf(req), req.query.payrollId),
  );

  // The webhook needs the exact bytes the bank signed: this plugin (and only it) keeps bodies raw.
  const receiver = createWebhookReceiver(deps, payoutContextOf(deps).writer);
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 262_144 }, (_req, body, done) => done(null, body));
    raw.post('/webhooks/bank', { config: publicRoute, schema: { tags: ['webhooks'], hide: true } }, async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['x-bank-signature'];
      const outcome = await receiver.receive(body, typeof signature === 'string' ? signature : undefined);
      if (outcome === 'bad-signature') return sendError(reply, unauthenticated('Invalid signature'));
      return reply.status(200).send({ received: true, outcome });
    });
  });
}
