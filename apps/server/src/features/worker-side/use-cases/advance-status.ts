import { canMoveTransaction, type TransactionStatus } from '@portal/domain';
import { AppError, conflict, notFound } from '../../../platform/errors.js';
import { limitRefusal } from '../limits.js';
import { moveAdvance } from '../advance-lifecycle.js';
import { type WorkerSideDeps, ADVANCE_HOLD_MSG } from '../shared.js';

export async function move(deps: WorkerSideDeps, transactionId: string, to: TransactionStatus): Promise<void> {
  const { db } = deps;
  const refused = await db.transaction().execute(async (trx) => {
    const tx = await trx
      .selectFrom('transactions')
      .select(['status', 'employer_id', 'worker_id', 'amount', 'employer_approval'])
      .where('id', '=', transactionId)
      .forUpdate()
      .executeTakeFirst();
    if (!tx) throw notFound('Transaction not found');
    if (!canMoveTransaction(tx.status as TransactionStatus, to)) throw conflict(`An advance cannot move from ${tx.status} to ${to}`);
    let reason: string | null = null;
    // Decision 0024: a request held for the employer moves on only once approved (or once approval
    // is turned off), and then only if it still fits the worker's limits.
    if (tx.employer_approval !== null && tx.status === 'USER_REQUESTED' && to === 'LENDER_APPROVED') {
      if (tx.employer_approval === 'PENDING') {
        const employer = await trx.selectFrom('employers').select('config').where('id', '=', tx.employer_id).executeTakeFirstOrThrow();
        if (employer.config.isEmployeeApprovalEnabled) throw conflict(ADVANCE_HOLD_MSG);
      }
      const w = await trx.selectFrom('workers').selectAll().where('id', '=', tx.worker_id).forUpdate().executeTakeFirstOrThrow();
      reason = await limitRefusal(deps, w, tx.amount, transactionId);
    }
    const status = reason ? 'LENDER_REJECTED' : to;
    // (still in tx.status: the row is locked)
    await moveAdvance(trx, transactionId, tx.status as TransactionStatus, status, deps.now(), { status_reason: reason, updated_at: deps.now() });
    return reason;
  });
  if (refused) throw new AppError('ADVANCE_REFUSED', refused);
}

/** The lender's and the transfer's steps, as the provider's systems would report them. */
export async function disburse(deps: WorkerSideDeps, transactionId: string, outcome: 'TRANSFERRED' | 'TRANSFER_FAILED' = 'TRANSFERRED'): Promise<void> {
  for (const s of ['LENDER_APPROVED', 'AGREEMENT_SIGNED', 'TRANSFER_INITIATED', outcome] as const) await move(deps, transactionId, s);
}
