import { actionLabel } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { vendorIs } from '../../../platform/scope.js';

/**
 * One sentence style for every activity, the same as the activity trail's Action column: the
 * action type in sentence case with the object first ("Admin invited", "Password changed",
 * "Document uploaded"), then what it was done to when the row names it ("Admin invited: Asha Rao").
 */
function describeActivity(type: string, details: Record<string, unknown>): string {
  const text = (k: string) => (typeof details[k] === 'string' && details[k] !== '' ? details[k] : null);
  const what = text('name') ?? text('fileName') ?? text('month') ?? (typeof details.count === 'number' ? `${details.count} ${details.count === 1 ? 'record' : 'records'}` : null);
  return what ? `${actionLabel(type)}: ${what}` : actionLabel(type);
}

/** GET /employer-admin/activity: the newest activities of the caller's context (20 for the dashboard's recent list, else 200) and their admins. */
export async function recentActivity(deps: Pick<Deps, 'db'>, ctx: AuthContext, isRecentActivity: boolean) {
  const { db } = deps;
  let q = db
    .selectFrom('activities as a')
    .innerJoin('admins as ad', 'ad.id', 'a.admin_id')
    .select(['a.id', 'a.action_type', 'a.admin_id', 'a.created_at', 'a.details', 'ad.name', 'ad.email'])
    .where('a.employer_id', '=', ctx.admin.employer_id)
    .where(vendorIs(ctx.vendorId, 'a.vendor_id'))
    .orderBy('a.created_at', 'desc');
  q = q.limit(isRecentActivity ? 20 : 200);
  const rows = await q.execute();
  const admins = new Map(rows.map((r) => [r.admin_id, { _id: r.admin_id, name: r.name, email: r.email }]));
  return {
    activities: rows.map((r) => ({
      _id: r.id,
      actionType: r.action_type,
      employerAdminId: r.admin_id,
      updatedAt: r.created_at.toISOString(),
      description: describeActivity(r.action_type, r.details),
    })),
    employerAdminsDetails: [...admins.values()],
  };
}
