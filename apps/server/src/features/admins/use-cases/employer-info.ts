import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { employerOf } from '../shared.js';

/** GET /employer-admin/employer-info */
export async function employerInfo(deps: Pick<Deps, 'db'>, ctx: AuthContext) {
  const e = await employerOf(deps, ctx);
  return { _id: e.id, name: e.name };
}
