import type { Scope } from '../../../platform/scope.js';
import type { EmployeeDeps } from '../shared.js';

/** The employer's metadata (branches, grades, departments): the download's column labels. */
export async function metadata(deps: EmployeeDeps, ctx: Scope) {
  const { db } = deps;
  const e = await db.selectFrom('employers').select('metadata').where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
  return e.metadata;
}
