/**
 * The worker side's own small API, under /worker-api (not the admins' /api): what the worker app
 * would call. It is served only when WORKER_API_TOKEN is set, and every call must carry that
 * token; it is a service-to-service door, never reachable with an admin's session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.js';
import { unauthenticated } from '../../platform/errors.js';
import { sameBytes, sha256 } from '../../platform/secrets.js';
import { createWorkerSide } from './service.js';

const Id = z.object({ id: z.string().uuid() });
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Paise = z.number().int().positive().max(9_999_999_00);

export function registerWorkerApi(app: FastifyInstance, deps: Deps, token: string): void {
  const expected = sha256(token);
  app.register(
    async (parent) => {
      const api = parent.withTypeProvider<ZodTypeProvider>();
      const side = createWorkerSide(deps);
      const tags = ['worker side'];
      api.addHook('onRequest', async (req) => {
        const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
        if (!m || !sameBytes(sha256(m[1]!), expected)) throw unauthenticated('A valid worker API token is required');
      });
      api.post(
        '/workers',
        {
          schema: {
            tags,
            body: z.object({
              employerId: z.string().uuid(),
              vendorId: z.string().uuid().nullable().optional(),
              mobile: z.string().regex(/^[5-9]\d{9}$/),
              fullName: z.string().min(2).max(60),
              employerWorkerId: z.string().min(1).max(50),
              email: z.string().email().optional(),
              monthlySalary: Paise,
              joinedAt: IsoDate,
            }),
          },
        },
        async (req) => {
          const w = await side.register(req.body);
          return { workerId: w.id, approvalStatus: w.approval_status, signedUp: Boolean(w.user_id) };
        },
      );
      api.get('/workers/:id/availability', { schema: { tags, params: Id } }, (req) => side.availability(req.params.id));
      api.post(
        '/workers/:id/attendance',
        { schema: { tags, params: Id, body: z.object({ day: IsoDate, status: z.enum(['PRESENT', 'ABSENT', 'HALF_DAY', 'LEAVE', 'HOLIDAY']) }) } },
        async (req) => {
          await side.markAttendance(req.params.id, req.body.day, req.body.status);
          return { ok: true };
        },
      );
      api.post('/workers/:id/advances', { schema: { tags, params: Id, body: z.object({ amount: Paise }) } }, async (req) => ({
        transactionId: await side.requestAdvance(req.params.id, req.body.amount),
      }));
      api.get('/advances/:id', { schema: { tags, params: Id } }, (req) => side.advance(req.params.id));
      api.post(
        '/advances/:id/disburse',
        { schema: { tags, params: Id, body: z.object({ outcome: z.enum(['TRANSFERRED', 'TRANSFER_FAILED']).default('TRANSFERRED') }) } },
        async (req) => {
          await side.disburse(req.params.id, req.body.outcome);
          return { ok: true };
        },
      );
      api.post('/advances/:id/repayments', { schema: { tags, params: Id, body: z.object({ amount: Paise, paidOn: IsoDate }) } }, async (req) => {
        await side.repay(req.params.id, req.body.amount, req.body.paidOn);
        return { ok: true };
      });
      api.post(
        '/workers/:id/topups',
        { schema: { tags, params: Id, body: z.object({ amount: Paise, tenureMonths: z.number().int().min(1).max(24) }) } },
        async (req) => ({ applicationId: await side.applyTopup(req.params.id, req.body.amount, req.body.tenureMonths) }),
      );
    },
    { prefix: '/worker-api' },
  );
}
