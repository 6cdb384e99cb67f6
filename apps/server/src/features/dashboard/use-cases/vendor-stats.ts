import { sql } from 'kysely';
import { COMPLETED_WITHDRAWAL_STATUSES, PENDING_WITHDRAWAL_STATUSES, type VendorStatsResult } from '@portal/domain';
import { badRequest, notFound } from '../../../platform/errors.js';
import { cycles, inContext, instants, list, num, totalEmployees, type DashboardDeps, type Scope } from '../shared.js';

/** GET /employer-admin/vendor-stats?vendorId= : the vendor's withdrawals of the current cycle so far. */
export async function vendorStats(deps: DashboardDeps, ctx: Scope, employerId: string | undefined): Promise<VendorStatsResult> {
  const { db } = deps;
  if (employerId !== undefined && employerId !== ctx.admin.employer_id) throw notFound('Employer not found');
  if (!ctx.vendorId) throw badRequest('Choose a vendor: vendorId is required');
  const c = await cycles(deps, ctx);
  const { from, until } = instants(c.soFar);
  const [employees, { rows }] = await Promise.all([
    totalEmployees(deps, ctx),
    sql<{ completed: string; value: string; requests: string; pending: string }>`
      select count(*) filter (where t.status in (${list(COMPLETED_WITHDRAWAL_STATUSES)})) as completed,
        coalesce(sum(t.amount) filter (where t.status in (${list(COMPLETED_WITHDRAWAL_STATUSES)})), 0) as value,
        count(*) as requests,
        count(*) filter (where t.status in (${list(PENDING_WITHDRAWAL_STATUSES)})) as pending
      from transactions t
      where ${inContext(ctx, 't')} and t.created_at >= ${from} and t.created_at < ${until}`.execute(db),
  ]);
  const r = rows[0];
  return {
    totalEmployees: employees,
    salaryWithdrawalCompleted: num(r?.completed),
    withdrawalValue: num(r?.value),
    salaryWithdrawalRequests: num(r?.requests),
    salaryWithdrawalPending: num(r?.pending),
    attendanceCycleDates: c.current,
  };
}
