/**
 * Worker approval (spec 2.17, 4.7, 5.4, 7): the pending sign-ups of the caller's employer (of the
 * vendor in vendor context) and the admin's decision on one. Only when the employer config has
 * `isEmployeeApprovalEnabled`. A worker outside the scope is not found (404), whatever its id; a
 * worker already decided is a 409; the salary edit follows 5.4 with the spec's messages.
 */
import { sql } from 'kysely';
import {
  APPROVAL_DISABLED_CODE,
  APPROVAL_SERVER_MSG,
  EMPLOYER_REJECTION_REASON,
  EWA_REQUEST_SERVER_MSG,
  type PendingTransactionApproval,
  type TransactionDecisionResult,
  approvalSalaryToPaise,
  validateApprovalSalary,
  type ApprovalDecisionBody,
  type ApprovalDecisionResult,
  type PendingApprovalsQuery,
  type PendingWorkerApproval,
} from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { inScope, type Scope } from '../../platform/scope.js';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import { decideWorkerApproval } from '../employees/index.js';
import { createWorkerSide, decideHeldAdvance, queueApprovedAdvance } from '../worker-side/index.js';

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

function requestAlreadyDecided(t: { employer_approval: string | null; full_name: string }): AppError {
  if (t.employer_approval === 'APPROVED') return conflict(EWA_REQUEST_SERVER_MSG.alreadyApproved(t.full_name));
  if (t.employer_approval === 'REJECTED') return conflict(EWA_REQUEST_SERVER_MSG.alreadyRejected(t.full_name));
  return conflict(EWA_REQUEST_SERVER_MSG.notPending(t.full_name));
}

export function createApprovalService(deps: Deps) {
  const { db } = deps;
  const workerSide = createWorkerSide(deps);

  /** Advances held for the employer (decision 0024), oldest first, with what each worker can still withdraw now. */
  async function pendingRequests(ctx: Scope, search: string): Promise<{ data: PendingTransactionApproval[] }> {
    const rows = await db
      .selectFrom('transactions')
      .innerJoin('workers as w', 'w.id', 'transactions.worker_id')
      .select(['transactions.id', 'transactions.worker_id', 'transactions.amount', 'transactions.created_at', 'w.full_name', 'w.employer_worker_id', 'w.worker_type'])
      .where(inScope(ctx, 'transactions'))
      .where('transactions.employer_approval', '=', 'PENDING')
      .where('transactions.status', '=', 'USER_REQUESTED')
      .$if(search !== '', (q) =>
        q.where((eb) => {
          const p = containsPattern(search);
          return eb.or([eb('w.full_name', 'ilike', p), eb('w.employer_worker_id', 'ilike', p), eb('w.mobile', 'ilike', p)]);
        }),
      )
      .orderBy('transactions.created_at')
      .orderBy('transactions.id')
      .execute();
    const availability = new Map<string, { available: number; isWithdrawalAllowed: boolean }>();
    for (const r of rows) if (!availability.has(r.worker_id)) availability.set(r.worker_id, await workerSide.availability(r.worker_id));
    return {
      data: rows.map((r) => ({
        entityId: r.id,
        employeeId: r.worker_id,
        fullName: r.full_name,
        employersWorkerId: r.employer_worker_id,
        workerType: r.worker_type,
        amount: r.amount,
        dateRequested: new Date(r.created_at).toISOString(),
        availableNow: availability.get(r.worker_id)!.available,
        isWithdrawalAllowed: availability.get(r.worker_id)!.isWithdrawalAllowed,
      })),
    };
  }

  /**
   * The employer's decision on a held advance. One conditional update on the approval and the
   * status: of two decisions at once, one changes the row (200) and the other finds it decided (409).
   * Approved, the advance stays USER_REQUESTED and its job (decision 0032) moves it on through the
   * worker side's lifecycle (re-checked against the limits then); rejected, it ends LENDER_REJECTED with the reason.
   */
  async function decideRequest(ctx: Scope, body: ApprovalDecisionBody): Promise<TransactionDecisionResult> {
    if (Object.keys(body.modifiedFields).length > 0) throw badRequest(EWA_REQUEST_SERVER_MSG.noModifiedFields);
    const approved = body.status === 'APPROVED';
    const now = deps.now();
    return db.transaction().execute(async (trx) => {
      // The advance's status is the worker side's (issue 23): its lifecycle makes the decision's update (and a rejection's event).
      const updated = await decideHeldAdvance(trx, ctx, body.entityId, { approved, adminId: ctx.admin.id, at: now, reason: EMPLOYER_REJECTION_REASON });
      if (!updated) {
        const t = await trx
          .selectFrom('transactions')
          .innerJoin('workers as w', 'w.id', 'transactions.worker_id')
          .select(['transactions.employer_approval', 'w.full_name'])
          .where(inScope(ctx, 'transactions'))
          .where('transactions.id', '=', body.entityId)
          .executeTakeFirst();
        if (!t || t.employer_approval === null) throw notFound(EWA_REQUEST_SERVER_MSG.notFound);
        throw requestAlreadyDecided(t);
      }
      // Decision 0032: approved, the advance's job is queued in this transaction (committed with the decision or not at all).
      if (approved) await queueApprovedAdvance(deps, trx, updated.id);
      const w = await trx.selectFrom('workers').select(['full_name', 'employer_worker_id']).where('id', '=', updated.worker_id).executeTakeFirstOrThrow();
      await recordActivity(trx, {
        employerId: updated.employer_id,
        vendorId: updated.vendor_id,
        adminId: ctx.admin.id,
        apiKeyId: ctx.apiKey?.id ?? null,
        actionType: approved ? ACTION_TYPES.ewaRequestApproved : ACTION_TYPES.ewaRequestRejected,
        targetType: 'TRANSACTION',
        targetId: updated.id,
        details: { fullName: w.full_name, employerWorkerId: w.employer_worker_id, amount: updated.amount },
      });
      return {
        entityId: updated.id,
        entityType: 'TRANSACTION',
        status: body.status,
        fullName: w.full_name,
        amount: updated.amount,
        transactionStatus: updated.status,
        reason: updated.status_reason,
      };
    });
  }

  /** Spec 6: "The pending-approval screen needs the approval config"; the server refuses the same way. */
  async function requireApprovalEnabled(ctx: Scope): Promise<void> {
    const employer = await db.selectFrom('employers').select('config').where('id', '=', ctx.admin.employer_id).executeTakeFirst();
    if (!employer?.config.isEmployeeApprovalEnabled) throw new AppError(APPROVAL_DISABLED_CODE);
  }

  return {
    async pending(ctx: Scope, query: PendingApprovalsQuery): Promise<{ data: PendingWorkerApproval[] } | { data: PendingTransactionApproval[] }> {
      await requireApprovalEnabled(ctx);
      const text = (query.search ?? '').trim();
      if (query.entityType === 'TRANSACTION') return pendingRequests(ctx, text);
      const rows = await db
        .selectFrom('workers')
        .select(['id', 'full_name', 'employer_worker_id', 'mobile', 'current_monthly_salary', 'approval_requested_at', 'joined_at'])
        .where(inScope(ctx))
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

    async decide(ctx: Scope, body: ApprovalDecisionBody): Promise<ApprovalDecisionResult | TransactionDecisionResult> {
      await requireApprovalEnabled(ctx);
      if (body.entityType === 'TRANSACTION') return decideRequest(ctx, body);
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
    },
  };
}
