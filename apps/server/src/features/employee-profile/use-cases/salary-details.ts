import type { SalaryDetails } from '@portal/domain';
import { workerInScope, type ProfileDeps, type Scope } from '../shared.js';

/** GET /employer-admin/employee/{id}/withdrawal-accessibility: the worker side's own figures. */
export async function salaryDetails(deps: ProfileDeps, ctx: Scope, id: string): Promise<SalaryDetails> {
  const { workerSide } = deps;
  const w = await workerInScope(deps, ctx, id);
  const [availability, owed] = await Promise.all([workerSide.availability(w.id), workerSide.owed(w.id)]);
  return {
    currentAvailableSalary: availability.available,
    withdrawnAmount: availability.withdrawn,
    sodRemainingBalance: owed,
    isWithdrawalAllowed: availability.isWithdrawalAllowed,
  };
}
