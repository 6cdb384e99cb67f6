import type { EmployerMetadata } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { employerOf } from '../shared.js';

/** GET /employer-admin/employer-metadata: the departments, grades and branches. */
export async function employerMetadata(deps: Pick<Deps, 'db'>, ctx: AuthContext): Promise<EmployerMetadata> {
  const { metadata } = await employerOf(deps, ctx);
  return { departmentIds: metadata.departmentIds ?? [], gradeIds: metadata.gradeIds ?? [], branchIds: metadata.branchIds ?? [] };
}
