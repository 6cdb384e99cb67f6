/**
 * Vendors (spec 2.18, 7): GET /employer-admin/vendors, the cards of the vendors this admin may
 * enter. Not a vendor-context call (no vendorId): READ on any vendor resource, and a vendor-bound
 * admin sees its own vendor only (decision 0006), so the rule is checked here on a plain session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  VendorListResult,
  hasAnyVendorRead,
  vendorCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { forbidden } from '../../platform/errors.js';
import { authOf, sessionOrKeyRoute } from '../../platform/guard.js';
import { listVendors } from './service.js';
import { route } from '../../platform/route.js';

export function registerVendorRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  route(app, vendorCalls.list, { config: sessionOrKeyRoute, schema: { tags: ['vendors'], response: { 200: VendorListResult } } }, async (req) => {
    const ctx = authOf(req);
    if (!hasAnyVendorRead(ctx.resources)) throw forbidden();
    return listVendors(deps.db, ctx.admin);
  });
}
