/**
 * Where payouts are born (decision 0015), the one file that inserts them: the first attempt of a
 * payroll's finalized entries, the next attempt of its failed ones, each row with its idempotency
 * key (`payroll:entry:attempt`) and INITIATED by the column default (its status is
 * features/payouts/status.ts's to move), each entry pointed at its new payout; and their jobs,
 * queued in the same transaction. Set-based: 50,000 entries cost a handful of statements.
 */
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';

export const PAYOUT_QUEUE = 'payout-send';
/** Payouts per job: big enough that 50,000 entries are 200 jobs, small enough that a retry redoes little. */
export const PAYOUTS_PER_JOB = 250;

/** Attempt 1 of every FINALIZED entry with something to pay, in row order; the entries become INITIATED. The new payouts' ids. */
export async function firstAttempts(trx: Transaction<DB>, payrollId: string): Promise<string[]> {
  const payouts = await sql<{ id: string }>`
    with created as (
      insert into payouts (payroll_id, entry_id, attempt, idempotency_key, amount, account_number, ifsc)
      select e.payroll_id, e.id, 1, e.payroll_id || ':' || e.id || ':1', e.amount_payable, e.account_number, e.ifsc
      from payroll_entries e
      where e.payroll_id = ${payrollId} and e.status = 'FINALIZED' and e.amount_payable > 0
      order by e.row_number
      returning id, entry_id
    ),
    entries as (
      update payroll_entries e set status = 'INITIATED', request_id = created.id::text, utr = null, paid_at = null, updated_at = now()
      from created where e.id = created.entry_id
    )
    select id from created`.execute(trx);
  return payouts.rows.map((r) => r.id);
}

/** Attempt n+1 of every entry whose current payout failed, was reversed or cancelled; the entries become INITIATED. The new payouts' ids. */
export async function nextAttempts(trx: Transaction<DB>, payrollId: string): Promise<string[]> {
  const payouts = await sql<{ id: string }>`
    with failed as (
      select o.payroll_id, o.entry_id, o.attempt, o.amount, o.account_number, o.ifsc
      from payroll_entries e join payouts o on o.id = e.request_id::uuid
      where e.payroll_id = ${payrollId} and e.status in ('FAILED', 'CANCELLED') and o.status in ('FAILED', 'REVERSED', 'CANCELLED')
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
  return payouts.rows.map((r) => r.id);
}

/** Queues the payout jobs through the transaction's connection: committed with the rows, or not at all. */
export async function queuePayouts(deps: Pick<Deps, 'queue'>, trx: Transaction<DB>, payoutIds: string[]): Promise<void> {
  if (!deps.queue || payoutIds.length === 0) return;
  const jobs = [];
  for (let i = 0; i < payoutIds.length; i += PAYOUTS_PER_JOB) jobs.push({ data: { payoutIds: payoutIds.slice(i, i + PAYOUTS_PER_JOB) } });
  await deps.queue.insert(PAYOUT_QUEUE, jobs, {
    db: { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) },
  });
}
