import type { StuStats } from '@portal/domain';
import { cycles, topups, totalEmployees, windowOf, type DashboardDeps, type Scope } from '../shared.js';

/** GET /employer-admin/stats/STU */
export async function stuStats(deps: DashboardDeps, ctx: Scope): Promise<StuStats> {
  const c = await cycles(deps, ctx);
  const window = windowOf(c.periods);
  const [employees, current, total] = await Promise.all([totalEmployees(deps, ctx), topups(deps, ctx, c.soFar), topups(deps, ctx, window)]);
  return {
    kind: 'STU',
    totalEmployees: employees,
    salaryTopupApplications: current.applications,
    salaryTopupDisbursedValue: current.disbursed,
    totalSalaryTopupApplications: total.applications,
    totalSalaryTopupDisbursedValue: total.disbursed,
    attendanceCycleDates: c.current,
    totalsFrom: window.startDate,
    totalsTo: window.endDate,
  };
}
