import { sql } from 'kysely';
import type { TransactionStatus } from '@portal/domain';
import { notFound } from '../../../platform/errors.js';
import type { WorkerSideDeps } from '../shared.js';

/** The worker app's read of one advance: its status, whether it waits for the employer, and why it ended. */
export async function advance(deps: WorkerSideDeps, transactionId: string) {
  const { db } = deps;
  const tx = await db
    .selectFrom('transactions')
    .select(['id', 'worker_id', 'amount', 'status', 'employer_approval', 'status_reason', 'created_at', 'updated_at'])
    .where('id', '=', transactionId)
    .executeTakeFirst();
  if (!tx) throw notFound('Transaction not found');
  return {
    transactionId: tx.id,
    workerId: tx.worker_id,
    amount: tx.amount,
    status: tx.status as TransactionStatus,
    employerApproval: tx.employer_approval,
    reason: tx.status_reason,
    createdAt: tx.created_at.toISOString(),
    updatedAt: tx.updated_at.toISOString(),
  };
}

/** What the worker still owes on disbursed advances (paise): transferred, not yet repaid or deducted from salary. */
export async function owed(deps: WorkerSideDeps, workerId: string): Promise<number> {
  const { db } = deps;
  const row = await db
    .selectFrom('transactions')
    .select(sql<number>`coalesce(sum(amount - repaid_amount), 0)::bigint`.as('total'))
    .where('worker_id', '=', workerId)
    .where('status', '=', 'TRANSFERRED')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
