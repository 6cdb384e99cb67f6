import {
  APPROVAL_SERVER_MSG,
  approvalSalaryToPaise,
  validateApprovalSalary,
  type ApprovalDecisionBody,
  type ApprovalDecisionResult,
  type TransactionDecisionResult,
} from '@portal/domain';
import type { WorkerRecord } from '../../../db/schema.js';
import type { Deps } from '../../../platform/context.js';
import { ACTION_TYPES, recordActivity } from '../../../platform/activity.js';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.js';
import { inScope } from '../../../platform/scope.js';
import { decideWorkerApproval } from '../../employees/index.js';
import { requireApprovalEnabled, type Scope } from '../shared.js';
import { decideRequest } from './decide-request.js';

function alreadyDecided(w: Pick<WorkerRecord, 'full_name' | 'approval_status'>): AppError {
  if (w.approval_status === 'APPROVED') return conflict(APPROVAL_SERVER_MSG.alreadyApproved(w.full_name));
  if (w.approval_status === 'REJECTED') return conflict(APPROVAL_SERVER_MSG.alreadyRejected(w.full_name));
  return conflict(APPROVAL_SERVER_MSG.notPending(w.full_name));
}

/** PUT update-request: the admin's decision on a pending sign-up (the salary edit of 5.4), or on a held advance (entityType TRANSACTION). */
export async function decide(deps: Pick<Deps, 'db' | 'now' | 'queue'>, ctx: Scope, body: ApprovalDecisionBody): Promise<ApprovalDecisionResult | TransactionDecisionResult> {
  const { db } = deps;
  await requireApprovalEnabled(deps, ctx);
  if (body.entityType === 'TRANSACTION') return decideRequest(deps, ctx, body);
  const sent = body.modifiedFields.currentMonthlySalary;
  // 5.4 on the server too: the Modify box's schema, with the same messages; bad input changes nothing.
  const typed = sent === undefined ? undefined : sent === null ? '' : String(sent);
  if (typed !== undefined) {
    const problem = validateApprovalSalary(typed);
    if (problem) throw badRequest(problem);
  }
  return db.transaction().execute(async (trx) => {
    // The row lock makes two decisions at once answer one 200 and one 409.
    const w = await trx
      .selectFrom('workers')
      .selectAll()
      .where(inScope(ctx))
      .where('id', '=', body.entityId)
      .forUpdate()
      .executeTakeFirst();
    if (!w) throw notFound(APPROVAL_SERVER_MSG.notFound);
    if (w.approval_status !== 'PENDING') throw alreadyDecided(w);
    const approved = body.status === 'APPROVED';
    const salary = approved && typed !== undefined ? approvalSalaryToPaise(typed) : w.current_monthly_salary;
    const updated = await decideWorkerApproval(trx, w.id, { status: body.status, salary }, deps.now());
    await recordActivity(trx, {
      employerId: w.employer_id,
      vendorId: w.vendor_id,
      adminId: ctx.admin.id,
      apiKeyId: ctx.apiKey?.id ?? null,
      actionType: approved ? ACTION_TYPES.workerApproved : ACTION_TYPES.workerRejected,
      targetType: 'WORKER',
      targetId: w.id,
      details: {
        fullName: w.full_name,
        employerWorkerId: w.employer_worker_id,
        ...(salary !== w.current_monthly_salary ? { previousMonthlySalary: w.current_monthly_salary, currentMonthlySalary: salary } : {}),
      },
    });
    return {
      entityId: w.id,
      entityType: 'WORKER',
      status: body.status,
      fullName: updated.full_name,
      currentMonthlySalary: updated.current_monthly_salary,
      isTransactionAllowed: updated.is_transaction_allowed,
    };
  });
}
