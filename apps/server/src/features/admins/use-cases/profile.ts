import { mergeResources, type AdminProfile } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { rolesById, toRow } from '../shared.js';

/** GET /employer-admin: the signed-in admin, with the resources of all its roles merged. */
export async function profile(deps: Pick<Deps, 'db'>, ctx: AuthContext): Promise<AdminProfile> {
  const roles = await rolesById(deps);
  const row = toRow(ctx.admin, roles);
  return {
    _id: row._id,
    employerId: ctx.admin.employer_id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    branchLocation: row.branchLocation,
    lastActiveAt: row.lastActiveAt,
    roleIds: row.roleIds,
    roles: row.roles,
    resources: mergeResources(ctx.admin.role_ids.flatMap((id) => (roles.get(id) ? [roles.get(id)!.resources] : []))),
    departmentId: ctx.admin.vendor_id,
  };
}
