/**
 * The owner of the advance's lifecycle (issue 23): the only writer of `transactions.status`, and of
 * its history (`transaction_events`, one row per status the advance takes). An advance begins
 * USER_REQUESTED (`startAdvance`) and moves only by the moves of the domain's TRANSACTION_MOVES,
 * each a conditional update that refuses a move the table does not list before it touches the
 * database: `moveAdvance` (the worker side's steps), `decideHeldAdvance` (the employer's decision on
 * a held request: approvals, through worker-side's index.ts) and `deductFromSalary` (payroll
 * execution: payouts, through worker-side's index.ts). A guard test
 * (apps/server/test/status-owners.test.ts) fails when another file writes the column.
 */
import { sql, type Insertable, type Kysely, type RawBuilder, type UpdateObject } from 'kysely';
import { canMoveTransaction, type TransactionStatus } from '@portal/domain';
import type { DB } from '../../db/schema.js';
import { inScope, type Scope } from '../../platform/scope.js';

/** A move the table does not list: a programming error, never an answer to a caller. */
export class ForbiddenAdvanceMove extends Error {
  constructor(from: TransactionStatus, to: TransactionStatus) {
    super(`an advance cannot move from ${from} to ${to} (TRANSACTION_MOVES)`);
  }
}

const check = (from: TransactionStatus, to: TransactionStatus) => {
  if (!canMoveTransaction(from, to)) throw new ForbiddenAdvanceMove(from, to);
};

/** A new advance, USER_REQUESTED, with its first event at `at`; its id. */
export async function startAdvance(trx: Kysely<DB>, values: Omit<Insertable<DB['transactions']>, 'status'>, at: Date): Promise<string> {
  const tx = await trx
    .insertInto('transactions')
    .values({ ...values, status: 'USER_REQUESTED' satisfies TransactionStatus })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('transaction_events').values({ transaction_id: tx.id, status: 'USER_REQUESTED', created_at: at }).execute();
  return tx.id;
}

/** Columns written with a move; never `status`. */
type Alongside = Omit<UpdateObject<DB, 'transactions'>, 'status'>;

/**
 * Moves the advance from `from` to `to` with `alongside`, and records the event at `at`; whether it
 * moved (false when it was not in `from`). Throws ForbiddenAdvanceMove when the table does not list
 * the move.
 */
export async function moveAdvance(trx: Kysely<DB>, transactionId: string, from: TransactionStatus, to: TransactionStatus, at: Date, alongside: Alongside = {}): Promise<boolean> {
  check(from, to);
  const moved = await trx.updateTable('transactions').set({ ...alongside, status: to }).where('id', '=', transactionId).where('status', '=', from).executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  await trx.insertInto('transaction_events').values({ transaction_id: transactionId, status: to, created_at: at }).execute();
  return true;
}

/**
 * The employer's decision on an advance held for approval (decision 0024), in the caller's scope:
 * one conditional update of a request still USER_REQUESTED and PENDING. Approved, the status stays
 * (the approved-advance job moves it on); rejected, the advance ends LENDER_REJECTED with `reason`
 * and its event. The row as decided, or undefined when there was none to decide.
 */
export async function decideHeldAdvance(trx: Kysely<DB>, scope: Scope, transactionId: string, decision: { approved: boolean; adminId: string; at: Date; reason: string }) {
  const { approved, adminId, at, reason } = decision;
  if (!approved) check('USER_REQUESTED', 'LENDER_REJECTED');
  const decided = { employer_decided_at: at, employer_decided_by: adminId, updated_at: at };
  const updated = await trx
    .updateTable('transactions')
    .set(approved ? { employer_approval: 'APPROVED', ...decided } : { employer_approval: 'REJECTED', ...decided, status: 'LENDER_REJECTED', status_reason: reason })
    .where(inScope(scope, 'transactions'))
    .where('transactions.id', '=', transactionId)
    .where('transactions.employer_approval', '=', 'PENDING')
    .where('transactions.status', '=', 'USER_REQUESTED')
    .returning(['id', 'employer_id', 'vendor_id', 'worker_id', 'amount', 'status', 'status_reason'])
    .executeTakeFirst();
  if (updated && !approved) await trx.insertInto('transaction_events').values({ transaction_id: updated.id, status: 'LENDER_REJECTED', created_at: at }).execute();
  return updated;
}

/**
 * Payroll execution collects advances from salary: each of `deductions` (a query of
 * `transaction_id`, `amount`) still TRANSFERRED and owing at least the amount becomes
 * DEDUCTED_FROM_SALARY, with its event and a SALARY_DEDUCTION repayment on `today`, in one
 * statement. How many were asked and how many moved (fewer: one was repaid or moved meanwhile).
 */
export async function deductFromSalary(trx: Kysely<DB>, deductions: RawBuilder<unknown>, today: string): Promise<{ expected: number; moved: number }> {
  check('TRANSFERRED', 'DEDUCTED_FROM_SALARY');
  const result = await sql<{ expected: number; moved: number }>`
    with d as (${deductions}),
    moved as (
      update transactions t set status = 'DEDUCTED_FROM_SALARY', repaid_amount = t.repaid_amount + d.amount,
        latest_repayment_date = ${today}, updated_at = now()
      from d
      where t.id = d.transaction_id and t.status = 'TRANSFERRED' and t.amount - t.repaid_amount >= d.amount
      returning t.id, d.amount
    ),
    events as (insert into transaction_events (transaction_id, status) select id, 'DEDUCTED_FROM_SALARY' from moved),
    repaid as (insert into repayments (transaction_id, amount, paid_on, source) select id, amount, ${today}, 'SALARY_DEDUCTION' from moved)
    select (select count(*) from d)::int as expected, (select count(*) from moved)::int as moved`.execute(trx);
  return result.rows[0]!;
}
