import type { AdminRow } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { rolesById, scopedAdmins, toRow } from '../shared.js';

/** GET /employer-admin/employer-admins: the admins of the caller's scope, oldest first. */
export async function list(deps: Pick<Deps, 'db'>, ctx: AuthContext): Promise<AdminRow[]> {
  const [rows, roles] = await Promise.all([scopedAdmins(deps, ctx).orderBy('created_at', 'asc').execute(), rolesById(deps)]);
  return rows.map((a) => toRow(a, roles));
}
