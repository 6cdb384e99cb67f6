import { sql } from 'kysely';
import { EMPLOYEE_SERVER_MSG, type BulkEmployeeResult } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { type EmployeeDeps, today, workersInScope } from '../shared.js';
import { setWorkersStatus } from '../workers-store.js';

/** PATCH /v2/employer-admin/terminate-employees and activate-employees: each id on its own. */
export async function setStatusBulk(deps: EmployeeDeps, ctx: AuthContext, employerEmployeeIds: readonly string[], action: 'TERMINATE' | 'ACTIVATE'): Promise<BulkEmployeeResult> {
  const { db } = deps;
  const day = today(deps);
  return db.transaction().execute(async (trx) => {
    const wanted = [...new Set(employerEmployeeIds.map((i) => i.trim().toLowerCase()))];
    const rows = await workersInScope(trx, ctx)
      .select(['id', 'employer_worker_id', 'full_name', 'employment_status'])
      .where(sql<string>`lower(employer_worker_id)`, 'in', wanted)
      .forUpdate()
      .execute();
    const byId = new Map(rows.map((r) => [r.employer_worker_id.toLowerCase(), { ...r }]));
    const changed: { id: string; employerEmployeeId: string }[] = [];
    const data: BulkEmployeeResult['data'] = employerEmployeeIds.map((raw) => {
      const employeeId = raw.trim();
      const w = byId.get(employeeId.toLowerCase());
      if (!w) return { employeeId, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.unknownEmployeeId };
      const inactive = w.employment_status === 'INACTIVE';
      if (action === 'TERMINATE' && inactive) return { employeeId, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.alreadyInactive, fullName: w.full_name };
      if (action === 'ACTIVATE' && !inactive) return { employeeId, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.alreadyActive, fullName: w.full_name };
      // A repeated id in the same call then finds the new status.
      w.employment_status = action === 'TERMINATE' ? 'INACTIVE' : 'ACTIVE';
      changed.push({ id: w.id, employerEmployeeId: w.employer_worker_id });
      return { employeeId, status: 'SUCCESS', fullName: w.full_name };
    });
    if (changed.length) {
      await setWorkersStatus(
        trx,
        ctx.admin.employer_id,
        changed.map((c) => c.id),
        action,
        day,
        deps.now(),
      );
      await recordAdminActivity(trx, ctx, {
                actionType: action === 'TERMINATE' ? ACTION_TYPES.employeesTerminated : ACTION_TYPES.employeesActivated,
        targetType: 'WORKER',
        details: { count: changed.length, employerEmployeeIds: changed.map((c) => c.employerEmployeeId), workerIds: changed.map((c) => c.id) },
      });
    }
    return { data };
  });
}
