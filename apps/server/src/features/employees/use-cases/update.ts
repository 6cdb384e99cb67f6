import { EMPLOYEE_MSG, type EmployeeFormBody, type EmployeeRecord, type EmployeeUpdateBody } from '@portal/domain';
import type { WorkerRecord } from '../../../db/schema.js';
import { badRequest } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { checkForm, formOf, rethrowUnique, sealedValuesOf } from '../form.js';
import { type EmployeeDeps, findInScope, opened, toRecord } from '../shared.js';
import { updateWorkerForm } from '../workers-store.js';

/** PATCH /employer-admin/employee: the stored form with the sent fields over it, checked as a whole. */
export async function update(deps: EmployeeDeps, ctx: AuthContext, body: EmployeeUpdateBody): Promise<EmployeeRecord> {
  const { db } = deps;
  const { id, ...changes } = body;
  if (!id || !id.trim()) throw badRequest(EMPLOYEE_MSG.updateWithoutId);
  const existing = await opened(deps, await findInScope(deps, ctx, id.trim()));
  const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<EmployeeFormBody>;
  const values = await checkForm(deps, ctx, { ...formOf(existing), ...sent }, existing);
  const row = await updateWorkerForm(db, ctx.admin.employer_id, existing.id, sealedValuesOf(deps.protector, values), deps.now()).catch(rethrowUnique);
  const changed = Object.keys(values).filter((k) => String(values[k as keyof typeof values]) !== String(existing[k as keyof WorkerRecord]));
  await recordAdminActivity(db, ctx, {
        actionType: ACTION_TYPES.employeeUpdated,
    targetType: 'WORKER',
    targetId: row.id,
    details: { name: row.full_name, employerEmployeeId: row.employer_worker_id, changed },
  });
  return toRecord(await opened(deps, row));
}
