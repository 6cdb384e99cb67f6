/**
 * Worker approval (spec 2.17, 4.7, 5.4, 7): the pending sign-ups of the caller's employer (of the
 * vendor in vendor context) and the admin's decision on one. Only when the employer config has
 * `isEmployeeApprovalEnabled`. A worker outside the scope is not found (404), whatever its id; a
 * worker already decided is a 409; the salary edit follows 5.4 with the spec's messages.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import {
  APPROVAL_DISABLED_CODE,
  APPROVAL_SERVER_MSG,
  approvalSalaryToPaise,
  validateApprovalSalary,
  type ApprovalDecisionBody,
  type ApprovalDecisionResult,
  type PendingApprovalsQuery,
  type PendingWorkerApproval,
} from '@portal/domain';
import type { DB, WorkerRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';

type Scope = Pick<AuthContext, 'admin' | 'vendorId'>;

const scopeExpression = (eb: ExpressionBuilder<DB, 'workers'>, ctx: Scope) =>
  eb.and([eb('employer_id', '=', ctx.admin.employer_id), ctx.vendorId ? eb('vendor_id', '=', ctx.vendorId) : eb('vendor_id', 'is', null)]);

/** LIKE pattern for "contains", with the pattern characters of the input escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toPending(w: Pick<WorkerRecord, 'id' | 'full_name' | 'employer_worker_id' | 'mobile' | 'current_monthly_salary' | 'approval_requested_at' | 'joined_at'>): PendingWorkerApproval {
  return {
    employeeId: w.id,
    fullName: w.full_name,
    employersWorkerId: w.employer_worker_id,
    mobile: w.mobile,
    currentMonthlySalary: w.current_monthly_salary,
    dateRequested: w.approval_requested_at ? new Date(w.approval_requested_at).toISOString() : null,
    joinedAt: w.joined_at,
  };
}

function alreadyDecided(w: Pick<WorkerRecord, 'full_name' | 'approval_status'>): AppError {
  if (w.approval_status === 'APPROVED') return conflict(APPROVAL_SERVER_MSG.alreadyApproved(w.full_name));
  if (w.approval_status === 'REJECTED') return conflict(APPROVAL_SERVER_MSG.alreadyRejected(w.full_name));
  return conflict(APPROVAL_SERVER_MSG.notPending(w.full_name));
}

export function createApprovalService(deps: Deps) {
  const { db } = deps;

  /** Spec 6: "The pending-approval screen needs the approval config"; the server refuses the same way. */
  async function requireApprovalEnabled(ctx: Scope): Promise<void> {
    const employer = await db.selectFrom('employers').select('config').where('id', '=', ctx.admin.employer_id).executeTakeFirst();
    if (!employer?.config.isEmployeeApprovalEnabled) throw new AppError(403, APPROVAL_SERVER_MSG.disabled, APPROVAL_DISABLED_CODE);
  }

  return {
    async pending(ctx: Scope, query: PendingApprovalsQuery): Promise<{ data: PendingWorkerApproval[] }> {
      await requireApprovalEnabled(ctx);
      // No advance waits for the employer's approval in this product (spec 4.1 has no such status).
      if (query.entityType === 'TRANSACTION') return { data: [] };
      const text = (query.search ?? '').trim();
      const rows = await db
        .selectFrom('workers')
        .select(['id', 'full_name', 'employer_worker_id', 'mobile', 'current_monthly_salary', 'approval_requested_at', 'joined_at'])
        .where((eb) => scopeExpression(eb, ctx))
        .where('approval_status', '=', 'PENDING')
        .$if(text !== '', (q) =>
          q.where((eb) => {
            const p = containsPattern(text);
            return eb.or([eb('full_name', 'ilike', p), eb('employer_worker_id', 'ilike', p), eb('mobile', 'ilike', p)]);
          }),
        )
        .orderBy(sql`approval_requested_at asc nulls last`)
        .orderBy('id')
        .execute();
      return { data: rows.map(toPending) };
    },

    async decide(ctx: Scope, body: ApprovalDecisionBody): Promise<ApprovalDecisionResult> {
      await requireApprovalEnabled(ctx);
      const typed = body.modifiedFields.currentMonthlySalary;
      // 5.4 on the server too, with the same messages; bad input changes nothing.
      if (typed !== undefined) {
        const problem = validateApprovalSalary(typed);
        if (problem) throw badRequest(problem);
      }
      if (body.entityType === 'TRANSACTION') throw notFound(APPROVAL_SERVER_MSG.notFound);
      return db.transaction().execute(async (trx) => {
        // The row lock makes two decisions at once answer one 200 and one 409.
        const w = await trx
          .selectFrom('workers')
          .selectAll()
          .where((eb) => scopeExpression(eb, ctx))
          .where('id', '=', body.entityId)
          .forUpdate()
          .executeTakeFirst();
        if (!w) throw notFound(APPROVAL_SERVER_MSG.notFound);
        if (w.approval_status !== 'PENDING') throw alreadyDecided(w);
        const approved = body.status === 'APPROVED';
        const salary = approved && typed !== undefined ? approvalSalaryToPaise(typed) : w.current_monthly_salary;
        const updated = await trx
          .updateTable('workers')
          .set({ approval_status: body.status, is_transaction_allowed: approved, current_monthly_salary: salary, updated_at: deps.now() })
          .where('id', '=', w.id)
          .returning(['full_name', 'current_monthly_salary', 'is_transaction_allowed'])
          .executeTakeFirstOrThrow();
        await recordActivity(trx, {
          employerId: w.employer_id,
          vendorId: w.vendor_id,
          adminId: ctx.admin.id,
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
    },
  };
}
