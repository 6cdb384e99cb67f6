/** Worker approval calls (spec 7 "Admins and approvals"): the pending list and the decision. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApprovalDecisionBody, ApprovalDecisionResult, PendingApprovalsQuery, PendingApprovalsResult, VendorQuery } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { areaRoute, authOf } from '../../platform/guard.js';
import { createApprovalService } from './service.js';

export function registerApprovalRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const approvals = createApprovalService(deps);
  const tags = ['approvals'];

  app.get(
    '/employer-admin/employer-approval/pending-approvals',
    { config: areaRoute('EMPLOYEES', 'READ'), schema: { tags, querystring: PendingApprovalsQuery, response: { 200: PendingApprovalsResult } } },
    async (req) => approvals.pending(authOf(req), req.query),
  );

  app.put(
    '/employer-admin/employer-approval/update-request',
    { config: areaRoute('EMPLOYEES', 'WRITE'), schema: { tags, querystring: VendorQuery, body: ApprovalDecisionBody, response: { 200: ApprovalDecisionResult } } },
    async (req) => approvals.decide(authOf(req), req.body),
  );
}
