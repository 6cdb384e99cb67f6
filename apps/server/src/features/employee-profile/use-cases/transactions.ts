import { isDisbursedAdvance, type ProfileTransaction, type TransactionStatus } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { iso, workerInScope, type Scope } from '../shared.js';

/** GET /employer-admin/transactions?employeeId=: the worker's advances, newest first. */
export async function transactions(deps: Pick<Deps, 'db'>, ctx: Scope, employeeId: string): Promise<{ transactions: ProfileTransaction[]; total: number }> {
  const { db } = deps;
  const w = await workerInScope(deps, ctx, employeeId);
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'worker_id', 'created_at', 'amount', 'status', 'repaid_amount', 'latest_repayment_date', 'status_reason'])
    .where('worker_id', '=', w.id)
    .where('employer_id', '=', ctx.admin.employer_id)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  const transactions = rows.map((t) => ({
    _id: t.id,
    employeeId: t.worker_id,
    createdAt: iso(t.created_at),
    amount: t.amount,
    status: t.status as TransactionStatus,
    repaidAmount: t.repaid_amount,
    pendingRepaymentAmount: isDisbursedAdvance(t.status) ? (t.status === 'TRANSFERRED' ? t.amount - t.repaid_amount : 0) : null,
    latestRepaymentDate: t.latest_repayment_date,
    reason: t.status === 'LENDER_REJECTED' ? t.status_reason : null,
  }));
  return { transactions, total: transactions.length };
}
