import type { CurrentCycleTopupStatsResult } from '@portal/domain';
import { cycles, topups, type DashboardDeps, type Scope } from '../shared.js';

/** GET /employer-admin/current-attendance-cycle-salarytopup-stats */
export async function currentCycleTopupStats(deps: DashboardDeps, ctx: Scope): Promise<CurrentCycleTopupStatsResult> {
  const c = await cycles(deps, ctx);
  const t = await topups(deps, ctx, c.soFar);
  return { attendanceCycleDates: c.current, salaryTopupApplications: t.applications, salaryTopupDisbursedValue: t.disbursed };
}
