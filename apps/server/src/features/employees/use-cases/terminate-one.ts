import { EMPLOYEE_SERVER_MSG, type EmployeeRecord } from '@portal/domain';
import { badRequest } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { type EmployeeDeps, findInScope, opened, toRecord, today } from '../shared.js';
import { terminateWorker } from '../workers-store.js';

/** PATCH /employer-admin/terminate-employee (profile): one worker by its _id. */
export async function terminateOne(deps: EmployeeDeps, ctx: AuthContext, id: string): Promise<EmployeeRecord> {
  const { db } = deps;
  const existing = await findInScope(deps, ctx, id.trim());
  if (existing.employment_status === 'INACTIVE') throw badRequest(EMPLOYEE_SERVER_MSG.alreadyInactive);
  const row = await terminateWorker(db, ctx.admin.employer_id, existing.id, today(deps), deps.now());
  await recordAdminActivity(db, ctx, {
        actionType: ACTION_TYPES.employeeTerminated,
    targetType: 'WORKER',
    targetId: row.id,
    details: { name: row.full_name, employerEmployeeId: row.employer_worker_id },
  });
  return toRecord(await opened(deps, row));
}
