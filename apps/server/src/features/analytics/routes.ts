/** GET /employer-admin/external/dashboards (spec 2.14, 7): the employer's configured dashboards. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ExternalDashboardsResult,
  VendorQuery,
  analyticsCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { authOf, contextRoute } from '../../platform/guard.js';
import { dashboardsOf } from './dashboards.js';
import { route } from '../../platform/route.js';

export function registerAnalyticsRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  route(
    app,
    analyticsCalls.dashboards,
    { config: contextRoute, schema: { tags: ['analytics'], querystring: VendorQuery, response: { 200: ExternalDashboardsResult } } },
    async (req) => {
      const ctx = authOf(req);
      // The dashboards are the employer's own; a vendor has none.
      if (ctx.vendorId) return [];
      const row = await deps.db.selectFrom('employers').select('config').where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
      return dashboardsOf(row.config);
    },
  );
}
