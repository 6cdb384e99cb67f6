/** Worker approval calls (spec 7 "Admins and approvals"): the pending list and the decision. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApprovalDecisionAnswer, ApprovalDecisionBody, PendingApprovalsAnswer, PendingApprovalsQuery, VendorQuery, approvalCalls } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { authOf, entityRoute } from '../../platform/guard.js';
import { createApprovedAdvanceQueue } from '../worker-side/index.js';
import { createApprovalService } from './service.js';
import { route } from '../../platform/route.js';

export async function registerApprovalRoutes(parent: FastifyInstance, deps: Deps): Promise<void> {
  // An approved advance queues its job (decision 0032): the queue must exist before the first send.
  if (deps.queue) await createApprovedAdvanceQueue(deps.queue);
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const approvals = createApprovalService(deps);
  const tags = ['approvals'];

  route(
    app,
    approvalCalls.pending,
    // Workers need the employees resource, advances (TRANSACTION) the transactions one (decision 0024).
    { config: entityRoute('READ'), schema: { tags, querystring: PendingApprovalsQuery, response: { 200: PendingApprovalsAnswer } } },
    async (req) => approvals.pending(authOf(req), req.query),
  );

  route(
    app,
    approvalCalls.decide,
    {
      config: entityRoute('WRITE'),
      schema: { tags, querystring: VendorQuery, body: ApprovalDecisionBody, response: { 200: ApprovalDecisionAnswer } },
    },
    async (req) => approvals.decide(authOf(req), req.body),
  );
}
