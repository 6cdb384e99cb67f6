/**
 * The streaming account, payroll execution and the re-run of failed payouts (design doc,
 * "Account, execution and payouts"; decision 0015). Scoped by the caller's employer and context:
 * another tenant's (or context's) payroll is not found.
 *
 * Exactly once: execute and re-run lock the payroll row (`for update`) and check its status
 * under the lock, so of concurrent calls one moves it and the others find it moved (409). The
 * debit, the deductions, the payout rows (each with its idempotency key) and their jobs are
 * written by one transaction, set-based, so 50,000 entries cost a handful of statements.
 */
import { CompiledQuery, sql, type Transaction } from 'kysely';
import {
  PAYROLL_MSG,
  businessDate,
  hasAccess,
  isPayrollExecutionAllowed,
  isPayrollMonthOpen,
  monthLabel,
  monthOfDate,
  payrollConfigOf,
  payrollInfoOf,
  payrollStatusText,
  resourceFor,
  type ExecutePayrollResult,
  type MonthYearValue,
  type PayrollKind,
  type PayrollStatus,
  type ResourceMap,
  type StreamAccountInfo,
} from '@portal/domain';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors.js';
import { ACTION_TYPES, recordAdminActivity } from '../../platform/activity.js';
import { isUuid } from '../../platform/ids.js';
import { inScope, type Scope } from '../../platform/scope.js';
import { currentPayroll, movePayroll } from '../payroll/index.js';
import { deductFromSalary } from '../worker-side/index.js';
import { accountOf, balanceOf, ensureAccount } from './account.js';
import { crashPoint } from './crash.js';
import { PAYOUT_MSG } from './messages.js';

export type { Scope };
export const PAYOUT_QUEUE = 'payout-send';
/** Payouts per job: big enough that 50,000 entries are 200 jobs, small enough that a retry redoes little. */
export const PAYOUTS_PER_JOB = 250;

interface LockedPayroll {
  id: string;
  employer_id: string;
  month: string;
  kind: PayrollKind;
  status: PayrollStatus;
  config: Record<string, unknown>;
}

/** The payroll of the caller's scope, locked for the rest of the transaction; 404 outside the scope. */
async function lockPayroll(trx: Transaction<DB>, ctx: Scope, payrollId: string): Promise<LockedPayroll> {
  if (!isUuid(payrollId)) throw notFound(PAYROLL_MSG.notFound);
  const r = await sql<LockedPayroll>`
    select p.id, p.employer_id, p.month, p.kind, p.status, e.config
    from payrolls p join employers e on e.id = p.employer_id
    where p.id = ${payrollId} and p.employer_id = ${ctx.admin.employer_id}
      and p.vendor_id is not distinct from ${ctx.vendorId}
    for update of p`.execute(trx);
  const p = r.rows[0];
  if (!p) throw notFound(PAYROLL_MSG.notFound);
  return p;
}

function refuseStatus(p: LockedPayroll): never {
  const month = monthLabel(monthOfDate(p.month));
  if (p.status.startsWith('DISBURSAL_')) throw conflict(PAYROLL_MSG.alreadyExecuted(month));
  throw conflict(PAYROLL_MSG.notAllowed(payrollStatusText(p.status)));
}

/** Queues the payout jobs through the transaction's connection: committed with the rows, or not at all. */
async function queuePayouts(deps: Deps, trx: Transaction<DB>, payoutIds: string[]): Promise<void> {
  if (!deps.queue || payoutIds.length === 0) return;
  const jobs = [];
  for (let i = 0; i < payoutIds.length; i += PAYOUTS_PER_JOB) jobs.push({ data: { payoutIds: payoutIds.slice(i, i + PAYOUTS_PER_JOB) } });
  await deps.queue.insert(PAYOUT_QUEUE, jobs, {
    db: { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) },
  });
}

export function createPayoutService(deps: Deps) {
  const { db } = deps;

  const service = {
    /** GET stream-account-info: the employer's streaming account (its id, balance, virtual account and recharge page). */
    async accountInfo(ctx: Scope & { resources: ResourceMap }): Promise<StreamAccountInfo> {
      const account = await accountOf(db, ctx.admin.employer_id);
      const balance = await balanceOf(db, ctx.admin.employer_id);
      // Decision 0034: whether the balance covers the context's payroll waiting to be executed (its newest PROCESSED or PAYROLL_FROZEN one).
      const waiting = await db
        .selectFrom('payrolls as p')
        .select('p.total_salary')
        .where(inScope(ctx, 'p'))
        .where('p.status', 'in', ['PROCESSED', 'PAYROLL_FROZEN'])
        .orderBy('p.month', 'desc')
        .orderBy('p.created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const covers = waiting ? balance >= Number(waiting.total_salary) : null;
      // A vendor context sees no figure of the employer's account; the recharge link only with WRITE on payroll.
      const vendor = ctx.vendorId !== null;
      const canWrite = hasAccess(ctx.resources, resourceFor('PAYROLL', vendor), 'WRITE');
      return {
        streamingAccountId: account.id,
        accountBalance: vendor ? null : balance,
        covers,
        rechargeLink: !vendor && canWrite ? deps.bank.api.rechargeLink(account.virtualAccount) : null,
        virtualAccount: vendor ? null : account.virtualAccount,
      };
    },

    /** PUT execute-payroll (`kind`: only a payroll of that kind, checked under the lock; another is not found). */
    async execute(ctx: Scope, payrollId: string, kind?: PayrollKind): Promise<ExecutePayrollResult> {
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
        const payouts = await sql<{ id: string }>`
          with created as (
            insert into payouts (payroll_id, entry_id, attempt, idempotency_key, amount, account_number, ifsc)
            select e.payroll_id, e.id, 1, e.payroll_id || ':' || e.id || ':1', e.amount_payable, e.account_number, e.ifsc
            from payroll_entries e
            where e.payroll_id = ${p.id} and e.status = 'FINALIZED' and e.amount_payable > 0
            order by e.row_number
            returning id, entry_id
          ),
          entries as (
            update payroll_entries e set status = 'INITIATED', request_id = created.id::text, utr = null, paid_at = null, updated_at = now()
            from created where e.id = created.entry_id
          )
          select id from created`.execute(trx);
        await movePayroll(trx, p.id, 'PAYROLL_FROZEN', 'DISBURSAL_INITIATED', { executed_at: sql<Date>`now()`, executed_by: ctx.admin.id, updated_at: sql<Date>`now()` });
        const ids = payouts.rows.map((r) => r.id);
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
    },

    /**
     * PUT streaming-account/execute-payroll (decision 0022): the month's current payroll of the
     * caller's context, when it is a PAYROLL_STREAMING_ACCOUNT one, executed from the streaming
     * account `streamingAccountId` by the execution above (the same lock, checks and exactly-once).
     * An account that is not the caller's employer's is not found; so is a month without such a payroll.
     */
    async executeStreaming(ctx: Scope, streamingAccountId: string, month: MonthYearValue): Promise<ExecutePayrollResult> {
      const account = isUuid(streamingAccountId)
        ? await db.selectFrom('employer_accounts').select('id').where('id', '=', streamingAccountId).where('employer_id', '=', ctx.admin.employer_id).executeTakeFirst()
        : undefined;
      if (!account) throw notFound(PAYROLL_MSG.streamingAccountNotFound);
      const p = await currentPayroll(db, ctx, month);
      if (!p || p.kind !== 'PAYROLL_STREAMING_ACCOUNT') throw notFound(PAYROLL_MSG.noData);
      return service.execute(ctx, p.id, 'PAYROLL_STREAMING_ACCOUNT');
    },

    /** PUT reinitiate-failed-transactions: attempt n+1 for entries whose current payout failed, was reversed or cancelled. */
    async reinitiate(ctx: Scope, payrollId: string): Promise<ExecutePayrollResult> {
      return db.transaction().execute(async (trx) => {
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
        const payouts = await sql<{ id: string }>`
          with failed as (
            select o.payroll_id, o.entry_id, o.attempt, o.amount, o.account_number, o.ifsc
            from payroll_entries e join payouts o on o.id = e.request_id::uuid
            where e.payroll_id = ${p.id} and e.status in ('FAILED', 'CANCELLED') and o.status in ('FAILED', 'REVERSED', 'CANCELLED')
          ),
          created as (
            insert into payouts (payroll_id, entry_id, attempt, idempotency_key, amount, account_number, ifsc)
            select payroll_id, entry_id, attempt + 1, payroll_id || ':' || entry_id || ':' || (attempt + 1), amount, account_number, ifsc
            from failed
            returning id, entry_id
          ),
          entries as (
            update payroll_entries e set status = 'INITIATED', request_id = created.id::text, utr = null, paid_at = null, updated_at = now()
            from created where e.id = created.entry_id
          )
          select id from created`.execute(trx);
        const ids = payouts.rows.map((r) => r.id);
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
    },
  };
  return service;
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
