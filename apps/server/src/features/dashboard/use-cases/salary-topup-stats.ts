import type { SalaryTopupStatsResult } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import { cycles, topups, windowOf, type DashboardDeps, type Scope } from '../shared.js';

/** GET /employer-admin/salary-topup-stats?employerId= : the chart's window; another employer's id is not found. */
export async function salaryTopupStats(deps: DashboardDeps, ctx: Scope, employerId: string): Promise<SalaryTopupStatsResult> {
  if (employerId !== ctx.admin.employer_id) throw notFound('Employer not found');
  const c = await cycles(deps, ctx);
  const window = windowOf(c.periods);
  const t = await topups(deps, ctx, window);
  return { totalSalaryTopupApplications: t.applications, totalSalaryTopupDisbursedValue: t.disbursed, ...window };
}
