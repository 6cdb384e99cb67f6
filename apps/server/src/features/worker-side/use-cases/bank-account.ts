import { badRequest } from '../../../platform/errors.js';
import { type WorkerSideDeps, PROFILE_REFUSALS, workerOrThrow } from '../shared.js';

/** A bank account the worker adds; a primary one makes the others secondary. */
export async function addBankAccount(deps: WorkerSideDeps, workerId: string, account: { accountNumber: string; ifsc: string; primary: boolean }): Promise<string> {
  const { db } = deps;
  await workerOrThrow(deps, workerId);
  if (!/^\d{9,18}$/.test(account.accountNumber)) throw badRequest(PROFILE_REFUSALS.accountNumber);
  const ifsc = account.ifsc.trim().toUpperCase();
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) throw badRequest(PROFILE_REFUSALS.ifsc);
  return db.transaction().execute(async (trx) => {
    if (account.primary) await trx.updateTable('worker_bank_accounts').set({ is_primary: false }).where('worker_id', '=', workerId).execute();
    // Sealed at rest (decision 0037); the screens show the masked form.
    const sealed = deps.protector.protectText(account.accountNumber);
    const row = await trx
      .insertInto('worker_bank_accounts')
      .values({ worker_id: workerId, account_number: sealed.sealed, account_number_masked: sealed.masked, ifsc, is_primary: account.primary, created_at: deps.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
