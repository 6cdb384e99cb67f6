import { EMPLOYER_REJECTION_REASON, EWA_REQUEST_SERVER_MSG, type ApprovalDecisionBody, type TransactionDecisionResult } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { ACTION_TYPES, recordActivity } from '../../../platform/activity.js';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.js';
import { inScope } from '../../../platform/scope.js';
import { decideHeldAdvance, queueApprovedAdvance } from '../../worker-side/index.js';
import type { Scope } from '../shared.js';

function requestAlreadyDecided(t: { employer_approval: string | null; full_name: string }): AppError {
  if (t.employer_approval === 'APPROVED') return conflict(EWA_REQUEST_SERVER_MSG.alreadyApproved(t.full_name));
  if (t.employer_approval === 'REJECTED') return conflict(EWA_REQUEST_SERVER_MSG.alreadyRejected(t.full_name));
  return conflict(EWA_REQUEST_SERVER_MSG.notPending(t.full_name));
}

/**
 * The employer's decision on a held advance. One conditional update on the approval and the
 * status: of two decisions at once, one changes the row (200) and the other finds it decided (409).
 * Approved, the advance stays USER_REQUESTED and its job (decision 0032) moves it on through the
 * worker side's lifecycle (re-checked against the limits then); rejected, it ends LENDER_REJECTED with the reason.
 */
export async function decideRequest(deps: Pick<Deps, 'db' | 'now' | 'queue'>, ctx: Scope, body: ApprovalDecisionBody): Promise<TransactionDecisionResult> {
  const { db } = deps;
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
