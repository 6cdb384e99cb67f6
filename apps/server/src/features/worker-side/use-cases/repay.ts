import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import type { WorkerSideDeps } from '../shared.js';
import { move } from './advance-status.js';

/** A repayment by the worker; the advance becomes REPAID when nothing is left. */
export async function repay(deps: WorkerSideDeps, transactionId: string, amount: number, paidOn: string): Promise<void> {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    const tx = await trx.selectFrom('transactions').selectAll().where('id', '=', transactionId).forUpdate().executeTakeFirst();
    if (!tx) throw notFound('Transaction not found');
    if (tx.status !== 'TRANSFERRED') throw conflict('Only a transferred advance can be repaid');
    if (amount <= 0 || tx.repaid_amount + amount > tx.amount) throw badRequest('The repayment is more than what is owed');
    await trx.insertInto('repayments').values({ transaction_id: tx.id, amount, paid_on: paidOn, source: 'DIRECT' }).execute();
    const repaid = tx.repaid_amount + amount;
    await trx.updateTable('transactions').set({ repaid_amount: repaid, latest_repayment_date: paidOn, updated_at: deps.now() }).where('id', '=', tx.id).execute();
  });
  const tx = await db.selectFrom('transactions').select(['amount', 'repaid_amount']).where('id', '=', transactionId).executeTakeFirstOrThrow();
  if (tx.repaid_amount === tx.amount) await move(deps, transactionId, 'REPAID');
}
