import type { EmployeeFormBody, EmployeeRecord } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { checkForm, rethrowUnique, sealedValuesOf } from '../form.js';
import { type EmployeeDeps, opened, toRecord } from '../shared.js';
import { addWorker } from '../workers-store.js';

/** POST /employer-admin/employee */
export async function create(deps: EmployeeDeps, ctx: AuthContext, body: EmployeeFormBody): Promise<EmployeeRecord> {
  const { db } = deps;
  const values = await checkForm(deps, ctx, body, null);
  const row = await addWorker(db, { employerId: ctx.admin.employer_id, vendorId: ctx.vendorId }, sealedValuesOf(deps.protector, values)).catch(rethrowUnique);
  await recordAdminActivity(db, ctx, {
        actionType: ACTION_TYPES.employeeAdded,
    targetType: 'WORKER',
    targetId: row.id,
    details: { name: row.full_name, employerEmployeeId: row.employer_worker_id },
  });
  return toRecord(await opened(deps, row));
}
