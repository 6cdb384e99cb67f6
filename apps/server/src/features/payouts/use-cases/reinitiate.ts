import { sql } from 'kysely';
import { PAYROLL_MSG, businessDate, isPayrollMonthOpen, monthLabel, monthOfDate, payrollConfigOf, payrollStatusText, type ExecutePayrollResult } from '@portal/domain';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { conflict } from '../../../platform/errors.js';
import { movePayroll } from '../../payroll/index.js';
import { balanceOf } from '../account.js';
import { PAYOUT_MSG } from '../messages.js';
import { nextAttempts, queuePayouts } from '../new-payouts.js';
import { lockPayroll, type PayoutDeps, type Scope } from '../shared.js';

/**
 * PUT reinitiate-failed-transactions: attempt n+1 for entries whose current payout failed, was
 * reversed or cancelled. Exactly once as `execute`: the payroll locked, its status checked under the lock.
 */
export async function reinitiate(deps: Pick<PayoutDeps, 'db' | 'now' | 'queue'>, ctx: Scope, payrollId: string): Promise<ExecutePayrollResult> {
  return deps.db.transaction().execute(async (trx) => {
    const p = await lockPayroll(trx, ctx, payrollId);
    if (p.status !== 'DISBURSAL_FAILED') throw conflict(PAYROLL_MSG.notAllowed(payrollStatusText(p.status)));
    const today = businessDate(deps.now());
    if (!isPayrollMonthOpen(monthOfDate(p.month), today, payrollConfigOf(p.config))) throw conflict(PAYOUT_MSG.reexecutionClosed);
    // The failed attempts' amounts came back to the balance (status.ts); the re-run debits
    // again exactly what it sends, under the employer account lock with the balance check.
    const employerId = p.employer_id;
    const again = (
      await sql<{ n: number; amount: number }>`
        select count(*)::int as n, coalesce(sum(o.amount), 0)::bigint as amount
        from payroll_entries e join payouts o on o.id = e.request_id::uuid
        where e.payroll_id = ${p.id} and e.status in ('FAILED', 'CANCELLED') and o.status in ('FAILED', 'REVERSED', 'CANCELLED')`.execute(trx)
    ).rows[0]!;
    if (again.n === 0) throw conflict(PAYOUT_MSG.nothingToRerun);
    await sql`select 1 from employer_accounts where employer_id = ${employerId} for update`.execute(trx);
    const balance = await balanceOf(trx, employerId);
    const required = Number(again.amount);
    if (balance < required) throw conflict(PAYOUT_MSG.insufficientBalance(balance, required));
    const run = Number(
      (await sql<{ run: number }>`select coalesce(max(run), 0)::int + 1 as run from ledger_entries where payroll_id = ${p.id} and kind = 'DEBIT'`.execute(trx)).rows[0]!.run,
    );
    await trx
      .insertInto('ledger_entries')
      .values({ employer_id: employerId, kind: 'DEBIT', amount: required, reason: `Payroll ${monthLabel(monthOfDate(p.month))}, re-run ${run - 1}`, payroll_id: p.id, run })
      .execute();
    const ids = await nextAttempts(trx, p.id);
    if (ids.length === 0) throw conflict(PAYOUT_MSG.nothingToRerun);
    await movePayroll(trx, p.id, 'DISBURSAL_FAILED', 'DISBURSAL_IN_PROGRESS', { updated_at: sql<Date>`now()` });
    await recordAdminActivity(trx, ctx, {
      actionType: ACTION_TYPES.payrollPayoutsReinitiated,
      targetType: 'PAYROLL',
      targetId: p.id,
      details: { month: monthLabel(monthOfDate(p.month)), payouts: ids.length },
    });
    await queuePayouts(deps, trx, ids);
    return { payrollId: p.id, status: 'DISBURSAL_IN_PROGRESS' as const, payouts: ids.length, message: PAYOUT_MSG.rerunStarted(ids.length) };
  });
}
