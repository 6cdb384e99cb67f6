import { EMPLOYEE_PROFILE_MSG, type ProfileAgreement, type WorkerType } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { notFound } from '../../../platform/errors.js';
import { agreementsOf, workerInScope, type Scope } from '../shared.js';

/** GET /employer-admin/workers/{id}/agreements-metadata?workerType= */
export async function agreements(deps: Pick<Deps, 'db'>, ctx: Scope, id: string, workerType: WorkerType): Promise<{ agreements: ProfileAgreement[] }> {
  const w = await workerInScope(deps, ctx, id);
  if (w.worker_type !== workerType) throw notFound(EMPLOYEE_PROFILE_MSG.notFound);
  return { agreements: await agreementsOf(deps, w.id) };
}
