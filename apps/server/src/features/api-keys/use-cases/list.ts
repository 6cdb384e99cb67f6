import type { ApiKeyRow } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { humansOnly } from '../shared.js';

/** The employer's keys, newest first, revoked ones included (the list says when and by whom). */
export async function list(deps: Deps, ctx: AuthContext): Promise<ApiKeyRow[]> {
  humansOnly(ctx);
  const rows = await deps.db
    .selectFrom('api_keys as k')
    .innerJoin('admins as c', 'c.id', 'k.created_by')
    .leftJoin('admins as r', 'r.id', 'k.revoked_by')
    .leftJoin('vendors as v', 'v.id', 'k.vendor_id')
    .select(['k.id', 'k.name', 'k.shown', 'k.vendor_id', 'v.name as vendor_name', 'k.resources', 'c.name as created_by', 'k.created_at', 'k.last_used_at', 'k.revoked_at', 'r.name as revoked_by'])
    .where('k.employer_id', '=', ctx.admin.employer_id)
    .orderBy('k.revoked_at', (ob) => ob.desc().nullsFirst())
    .orderBy('k.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    shown: r.shown,
    vendorId: r.vendor_id,
    vendorName: r.vendor_name,
    resources: r.resources,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    revokedAt: r.revoked_at?.toISOString() ?? null,
    revokedBy: r.revoked_by,
  }));
}
