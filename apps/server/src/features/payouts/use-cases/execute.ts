import { sql, type Transaction } from 'kysely';
import {
  PAYROLL_MSG,
  businessDate,
  isPayrollExecutionAllowed,
  isPayrollMonthOpen,
  monthLabel,
  monthOfDate,
  payrollConfigOf,
  payrollInfoOf,
  payrollStatusText,
  type ExecutePayrollResult,
  type PayrollKind,
} from '@portal/domain';
import type { DB } from '../../../db/schema.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { movePayroll } from '../../payroll/index.js';
import { deductFromSalary } from '../../worker-side/index.js';
import { balanceOf, ensureAccount } from '../account.js';
import { crashPoint } from '../crash.js';
import { PAYOUT_MSG } from '../messages.js';
import { firstAttempts, queuePayouts } from '../new-payouts.js';
import { lockPayroll, type LockedPayroll, type PayoutDeps, type Scope } from '../shared.js';

function refuseStatus(p: LockedPayroll): never {
  const month = monthLabel(monthOfDate(p.month));
  if (p.status.startsWith('DISBURSAL_')) throw conflict(PAYROLL_MSG.alreadyExecuted(month));
  throw conflict(PAYROLL_MSG.notAllowed(payrollStatusText(p.status)));
}

/**
 * PUT execute-payroll (`kind`: only a payroll of that kind, checked under the lock; another is not found).
 *
 * Exactly once: the payroll row is locked (`for update`) and its status checked under the lock,
 * so of concurrent calls one moves it and the others find it moved (409). The debit, the
 * deductions, the payout rows (each with its idempotency key) and their jobs are written by one
 * transaction, set-based, so 50,000 entries cost a handful of statements.
 */
export async function execute(deps: Pick<PayoutDeps, 'db' | 'now' | 'queue'>, ctx: Scope, payrollId: string, kind?: PayrollKind): Promise<ExecutePayrollResult> {
  const { db } = deps;
  const employerId = ctx.admin.employer_id;
  await ensureAccount(db, employerId);
  const result = await db.transaction().execute(async (trx) => {
    const p = await lockPayroll(trx, ctx, payrollId);
    if (kind && p.kind !== kind) throw notFound(PAYROLL_MSG.noData);
    if (p.status !== 'PAYROLL_FROZEN') refuseStatus(p);
    const today = businessDate(deps.now());
    const config = payrollConfigOf(p.config);
    const month = monthOfDate(p.month);
    if (!isPayrollMonthOpen(month, today, config) || !isPayrollExecutionAllowed(today, config)) {
      const info = payrollInfoOf(today, config);
      throw conflict(PAYOUT_MSG.executionClosed(info.executionStartDate, info.windowEndDate));
    }
    const totals = (
      await sql<{ payable: number; required: number }>`
        select count(*) filter (where amount_payable > 0)::int as payable, coalesce(sum(salary), 0)::bigint as required
        from payroll_entries where payroll_id = ${p.id} and status = 'FINALIZED'`.execute(trx)
    ).rows[0]!;
    if (totals.payable === 0) throw conflict(PAYOUT_MSG.nothingToPay);

    // One execution at a time per employer (a vendor's payroll draws on the same account).
    await sql`select 1 from employer_accounts where employer_id = ${employerId} for update`.execute(trx);
    const balance = await balanceOf(trx, employerId);
    if (balance < totals.required) throw conflict(PAYOUT_MSG.insufficientBalance(balance, totals.required));

    await trx
      .insertInto('ledger_entries')
      .values({ employer_id: employerId, kind: 'DEBIT', amount: totals.required, reason: `Payroll ${monthLabel(month)}`, payroll_id: p.id, run: 1 })
      .execute();
    await settleDeductions(trx, p.id, today);
    const ids = await firstAttempts(trx, p.id);
    await movePayroll(trx, p.id, 'PAYROLL_FROZEN', 'DISBURSAL_INITIATED', { executed_at: sql<Date>`now()`, executed_by: ctx.admin.id, updated_at: sql<Date>`now()` });
    await recordAdminActivity(trx, ctx, {
      actionType: ACTION_TYPES.payrollExecuted,
      targetType: 'PAYROLL',
      targetId: p.id,
      details: { month: monthLabel(month), payouts: ids.length, amount: totals.required },
    });
    await queuePayouts(deps, trx, ids);
    return { payrollId: p.id, status: 'DISBURSAL_INITIATED' as const, payouts: ids.length, message: PAYROLL_MSG.executionInProgress };
  });
  crashPoint('after-execute-commit');
  return result;
}

/**
 * The deductions of the payroll's finalized entries are collected: each advance becomes
 * DEDUCTED_FROM_SALARY (with its event and a SALARY_DEDUCTION repayment), each EMI DEDUCTED. An
 * advance repaid or an EMI settled since processing makes the deduction wrong: the whole
 * execution is refused (the transaction rolls back) and the payroll must be redone.
 */
async function settleDeductions(trx: Transaction<DB>, payrollId: string, today: string): Promise<void> {
  // The advances' moves are the worker side's lifecycle (issue 23): the deductions are ours.
  const a = await deductFromSalary(
    trx,
    sql`select d.transaction_id, sum(d.amount)::bigint as amount
      from payroll_deductions d join payroll_entries e on e.id = d.entry_id
      where d.payroll_id = ${payrollId} and e.status = 'FINALIZED' and d.transaction_id is not null
      group by d.transaction_id`,
    today,
  );
  const emis = await sql<{ expected: number; moved: number }>`
    with d as (
      select distinct d.topup_emi_id
      from payroll_deductions d join payroll_entries e on e.id = d.entry_id
      where d.payroll_id = ${payrollId} and e.status = 'FINALIZED' and d.topup_emi_id is not null
    ),
    moved as (update topup_emis m set status = 'DEDUCTED' from d where m.id = d.topup_emi_id and m.status = 'DUE' returning m.id)
    select (select count(*) from d)::int as expected, (select count(*) from moved)::int as moved`.execute(trx);
  const m = emis.rows[0]!;
  if (a.expected !== a.moved || m.expected !== m.moved) throw conflict(PAYOUT_MSG.deductionsChanged);
}
