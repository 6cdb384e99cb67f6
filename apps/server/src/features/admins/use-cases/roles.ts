import { rolesForContext } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';

/** GET /roles: the roles of the employer context, then those of the vendor context. */
export async function roles(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  const rows = await db.selectFrom('roles').selectAll().orderBy('name').execute();
  const roles = rows.map((r) => ({ value: r.id, name: r.name, roleType: r.role_type, description: r.description, resources: r.resources }));
  return { roles: [...rolesForContext(roles, false), ...rolesForContext(roles, true)] };
}
