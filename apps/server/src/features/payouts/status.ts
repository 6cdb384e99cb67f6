/**
 * How bank answers move payouts, their entries and their payroll. Every path that learns a bank
 * status (the create call's answer, a lookup after an unknown outcome, a webhook, the
 * reconciliation poll) goes through `applyBankUpdates`: set-based, forward only.
 *
 * Forward only: INITIATED -> PENDING -> TRANSFERRED | FAILED | CANCELLED, and TRANSFERRED ->
 * REVERSED (REVERSED is also accepted from INITIATED or PENDING: the bank only reverses what it
 * processed, so a reversal that overtakes its `processed` event is still the later state). FAILED,
 * CANCELLED and REVERSED are final. An older or repeated status changes nothing.
 *
 * A payout that reaches FAILED, CANCELLED or REVERSED gives its amount back to the employer's
 * ledger in the same transaction: a CREDIT 'payout-return:<payout id>' (unique, so exactly once
 * whichever path, repeat or race brought the news; migration 0018, decision 0015).
 *
 * The same transaction emits the employer's webhook event of that end (issue 26, decision 0045):
 * `payout.failed` (FAILED, CANCELLED) or `payout.reversed`, once per payout: only for the rows the
 * update moved into that status (their status before is read under the row lock), so a repeated or
 * racing bank answer emits nothing; and only when some did, so a payroll paid in full costs nothing more.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { isDisbursalStatus, type PayoutFailedData, type PayoutReversedData, type PayrollStatus } from '@portal/domain';
import type { DB, PayoutStatusDb } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { emitEvents, type EventToEmit } from '../../platform/events.js';
import { UUID_RE } from '../../platform/ids.js';
import type { BankPayout, BankPayoutStatus } from '../../platform/payouts.js';
import { movePayroll } from '../payroll/index.js';

/** Bank status -> our payout status (design doc). */
export function payoutStatusOf(bank: BankPayoutStatus): PayoutStatusDb {
  switch (bank) {
    case 'queued':
    case 'pending':
    case 'processing':
      return 'PENDING';
    case 'processed':
      return 'TRANSFERRED';
    case 'reversed':
      return 'REVERSED';
    case 'failed':
    case 'rejected':
    case 'cancelled':
      return 'FAILED';
  }
}

/** Order of the states; a move is forward when the rank grows (and the state is not final). */
export const PAYOUT_RANK: Record<PayoutStatusDb, number> = { INITIATED: 0, PENDING: 1, TRANSFERRED: 2, FAILED: 2, CANCELLED: 2, REVERSED: 3 };

/** What is known about one of our payouts from the bank. */
export interface BankState {
  /** Our payout id (the bank's reference_id). */
  payoutId: string;
  /** Null when the bank refused the create call (nothing exists there). */
  bankPayoutId: string | null;
  status: PayoutStatusDb;
  utr: string | null;
  failureReason: string | null;
}

/** A failure reason as the payout screen shows it. */
function reasonOf(p: BankPayout, status: PayoutStatusDb): string | null {
  if (status === 'REVERSED') return `Reversed by the bank${p.failure_reason ? `: ${p.failure_reason}` : ''}`;
  if (status === 'FAILED') return p.failure_reason ?? `The bank reported the payout ${p.status}`;
  return null;
}

export function bankStateOf(p: BankPayout): BankState {
  const status = payoutStatusOf(p.status);
  return { payoutId: p.reference_id, bankPayoutId: p.id, status, utr: p.utr, failureReason: reasonOf(p, status) };
}

/** One state per payout: the furthest one (a batch may hold `processing` and `processed` of one payout). */
export function furthest(states: readonly BankState[]): BankState[] {
  const best = new Map<string, BankState>();
  for (const s of states) {
    if (!UUID_RE.test(s.payoutId)) continue;
    const had = best.get(s.payoutId);
    if (!had || PAYOUT_RANK[s.status] > PAYOUT_RANK[had.status]) best.set(s.payoutId, { ...s, utr: s.utr ?? had?.utr ?? null });
  }
  return [...best.values()];
}

// The SQL of "forward" (the rule at the top of this file).
const FORWARD = sql`(
  (p.status in ('INITIATED', 'PENDING') and v.status <> p.status
    and (p.status = 'INITIATED' or v.status in ('TRANSFERRED', 'FAILED', 'CANCELLED', 'REVERSED')))
  or (p.status = 'TRANSFERRED' and v.status = 'REVERSED'))`;

/** A payout event of a webhook: recorded once per (bank payout, bank status), applied when new. */
export interface BankEvent {
  eventId: string;
  bankStatus: string;
  state: BankState;
}

const eventKey = (bankPayoutId: string | null, bankStatus: string) => `${bankPayoutId}\u0000${bankStatus}`;

/**
 * Applies what was learnt from the bank, in one transaction: `states` (answers, lookups) as they
 * are, `events` (webhooks) recorded in payout_events and applied only when new, so an event is
 * either recorded and applied or neither. Payouts and the entries whose current payout they are
 * move forward only. The payout rows are locked in id order first, so two writers never deadlock.
 * Returns the payrolls touched (for `PayrollStatusDeriver`). With `deps` (its queue), the webhook
 * deliveries of the payouts that ended unpaid are queued in the transaction; without, the relay does.
 */
export async function applyBankUpdates(db: Kysely<DB>, states: readonly BankState[], events: readonly BankEvent[] = [], deps: Pick<Deps, 'queue'> | null = null): Promise<string[]> {
  const seen = new Set<string>();
  const unique = events.filter((e) => {
    const k = eventKey(e.state.bankPayoutId, e.bankStatus);
    if (!e.state.bankPayoutId || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const ids = [...new Set([...states, ...unique.map((e) => e.state)].map((s) => s.payoutId).filter((id) => UUID_RE.test(id)))].sort();
  if (ids.length === 0 && unique.length === 0) return [];
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      // (Their status before the update, read under the lock: what the update changed is known by it.)
      const before = new Map<string, PayoutStatusDb>();
      if (ids.length) {
        const locked = await sql<{ id: string; status: PayoutStatusDb }>`select id, status from payouts where id = any(${ids}::uuid[]) order by id for update`.execute(trx);
        for (const r of locked.rows) before.set(r.id, r.status);
      }
      let fresh: BankState[] = [];
      if (unique.length) {
        const inserted = await sql<{ bank_payout_id: string; status: string }>`
          insert into payout_events (bank_payout_id, status, event_id, payout_id)
          select v.bank_payout_id, v.status, v.event_id, (select p.id from payouts p where p.id = v.payout_id)
          from unnest(${unique.map((e) => e.state.bankPayoutId)}::text[], ${unique.map((e) => e.bankStatus)}::text[], ${unique.map((e) => e.eventId)}::text[],
                      ${unique.map((e) => (UUID_RE.test(e.state.payoutId) ? e.state.payoutId : null))}::uuid[])
            as v(bank_payout_id, status, event_id, payout_id)
          order by v.bank_payout_id, v.status
          on conflict do nothing
          returning bank_payout_id, status`.execute(trx);
        const isFresh = new Set(inserted.rows.map((r) => eventKey(r.bank_payout_id, r.status)));
        fresh = unique.filter((e) => isFresh.has(eventKey(e.state.bankPayoutId, e.bankStatus))).map((e) => e.state);
      }
      const rows = furthest([...states, ...fresh]).sort((a, b) => (a.payoutId < b.payoutId ? -1 : 1));
      return rows.length ? applyInTransaction(trx, rows, before, deps) : [];
    }),
  );
}

/** A payout that the update moved to FAILED, CANCELLED or REVERSED, with what its event says. */
interface EndedRow {
  id: string;
  payroll_id: string;
  employer_id: string;
  vendor_id: string | null;
  month: string;
  attempt: number;
  worker_id: string;
  name: string;
  code: string;
  account: string;
  ifsc: string;
  amount: number | string;
  status: 'FAILED' | 'CANCELLED' | 'REVERSED';
  reason: string | null;
  utr: string | null;
  at: string;
}

/** The webhook event of a payout that ended unpaid (the masked account number only). */
function payoutEventOf(r: EndedRow): EventToEmit {
  const base = {
    payoutId: r.id,
    payrollId: r.payroll_id,
    vendorId: r.vendor_id,
    month: r.month,
    attempt: r.attempt,
    workerId: r.worker_id,
    name: r.name,
    employerEmployeeCode: r.code,
    accountNumber: r.account,
    ifsc: r.ifsc,
    amountPaise: Number(r.amount),
    failureReason: r.reason,
    utr: r.utr,
  };
  if (r.status === 'REVERSED') {
    const data: PayoutReversedData = { ...base, status: r.status, reversedAt: r.at };
    return { employerId: r.employer_id, type: 'payout.reversed', data };
  }
  const data: PayoutFailedData = { ...base, status: r.status, failedAt: r.at };
  return { employerId: r.employer_id, type: 'payout.failed', data };
}

async function applyInTransaction(trx: Transaction<DB>, rows: BankState[], before: ReadonlyMap<string, PayoutStatusDb>, deps: Pick<Deps, 'queue'> | null): Promise<string[]> {
  const ids = rows.map((r) => r.payoutId);
  const result = await sql<{ payroll_ids: string[]; ended: EndedRow[] }>`
    with v as (
      select * from unnest(${ids}::uuid[], ${rows.map((r) => r.bankPayoutId)}::text[], ${rows.map((r) => r.status)}::text[],
                           ${rows.map((r) => r.utr)}::text[], ${rows.map((r) => r.failureReason)}::text[], ${rows.map((r) => before.get(r.payoutId) ?? null)}::text[])
        as v(payout_id, bank_payout_id, status, utr, failure_reason, old_status)
    ),
    moved as (
      update payouts p set
        status = case when ${FORWARD} then v.status else p.status end,
        bank_payout_id = coalesce(p.bank_payout_id, v.bank_payout_id),
        utr = case when ${FORWARD} then coalesce(v.utr, p.utr) else p.utr end,
        failure_reason = case when ${FORWARD} then v.failure_reason else p.failure_reason end,
        updated_at = now()
      from v
      -- (the id list as well as the join: otherwise the planner may scan every open payout)
      where p.id = any(${ids}::uuid[]) and p.id = v.payout_id
        and (p.bank_payout_id is null or v.bank_payout_id is null or p.bank_payout_id = v.bank_payout_id)
        and (${FORWARD} or (p.bank_payout_id is null and v.bank_payout_id is not null))
      returning p.id, p.entry_id, p.payroll_id, p.status, p.utr, p.amount, p.attempt, p.failure_reason, p.updated_at, v.old_status
    ),
    -- A payout that ended unpaid gives its amount back to the employer's balance, once
    -- (bank_reference is unique per CREDIT; FAILED, CANCELLED and REVERSED are final).
    returned as (
      insert into ledger_entries (employer_id, kind, amount, reason, payout_id, bank_reference)
      select r.employer_id, 'CREDIT', moved.amount,
        'Returned: payout to ' || e.name || ' (Employee ID ' || e.employer_employee_code || '), attempt ' || moved.attempt || ', '
          || case moved.status when 'REVERSED' then 'reversed by the bank on ' || to_char(now() at time zone 'Asia/Kolkata', 'DD Mon YYYY')
                               else coalesce(moved.failure_reason, lower(moved.status)) end,
        moved.id, 'payout-return:' || moved.id
      from moved join payroll_entries e on e.id = moved.entry_id join payrolls r on r.id = moved.payroll_id
      where moved.status in ('FAILED', 'CANCELLED', 'REVERSED')
      on conflict (bank_reference) where kind = 'CREDIT' do nothing
      returning id
    ),
    mirrored as (
      update payroll_entries e set
        status = case moved.status when 'REVERSED' then 'FAILED' else moved.status end,
        utr = moved.utr,
        paid_at = case when moved.status = 'TRANSFERRED' then coalesce(e.paid_at, now()) else null end,
        updated_at = now()
      from moved
      where e.id = moved.entry_id and e.request_id = moved.id::text
        and e.status is distinct from (case moved.status when 'REVERSED' then 'FAILED' else moved.status end)
      returning e.id
    ),
    -- The payouts this update moved into an unpaid end (not those already there: a repeat), for their events.
    ended as (
      select moved.id, moved.payroll_id, r.employer_id, r.vendor_id, to_char(r.month, 'YYYY-MM') as month, moved.attempt,
        e.worker_id, e.name, e.employer_employee_code as code, e.account_number_masked as account, e.ifsc,
        moved.amount, moved.status, moved.failure_reason as reason, moved.utr,
        to_char(moved.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from moved join payroll_entries e on e.id = moved.entry_id join payrolls r on r.id = moved.payroll_id
      where moved.status in ('FAILED', 'CANCELLED', 'REVERSED') and moved.status is distinct from moved.old_status
    )
    -- (mirrored and returned run to completion whether or not they are read)
    select array(select distinct payroll_id::text from moved) as payroll_ids,
      (select coalesce(jsonb_agg(to_jsonb(ended) order by ended.id), '[]'::jsonb) from ended) as ended`.execute(trx);
  const { payroll_ids, ended } = result.rows[0]!;
  if (ended.length) await emitEvents(deps, trx, ended.map(payoutEventOf));
  return payroll_ids;
}

/** Serialization failures and deadlocks are retried (a few times, briefly). */
export async function withRetry<T>(fn: () => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (i >= tries || (code !== '40P01' && code !== '40001')) throw e;
      await new Promise((r) => setTimeout(r, 10 * i + Math.random() * 20));
    }
  }
}

/** The payroll's status derived from its entries (which mirror their current payouts). */
export function derivedPayrollStatus(c: { open: number; transferred: number; failed: number }): PayrollStatus {
  if (c.open > 0) return 'DISBURSAL_IN_PROGRESS';
  if (c.failed > 0) return 'DISBURSAL_FAILED';
  return 'DISBURSAL_COMPLETED';
}

/** Recomputes one executed payroll's status under its row lock (a fresh count after the lock, so the last writer is right). */
export async function derivePayrollStatus(db: Kysely<DB>, payrollId: string): Promise<PayrollStatus | null> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const found = await sql<{ status: PayrollStatus }>`select status from payrolls where id = ${payrollId} for update`.execute(trx);
      const p = found.rows[0];
      if (!p || !isDisbursalStatus(p.status)) return null;
      // payroll_entry_counts (migration 0008) is kept by the entries' statement triggers, so this
      // reads a few rows, not 50,000 entries.
      const c = await sql<{ open: number; transferred: number; failed: number }>`
        select coalesce(sum(n) filter (where status in ('INITIATED', 'PENDING')), 0)::int as open,
               coalesce(sum(n) filter (where status = 'TRANSFERRED'), 0)::int as transferred,
               coalesce(sum(n) filter (where status in ('FAILED', 'CANCELLED')), 0)::int as failed
        from payroll_entry_counts where payroll_id = ${payrollId}`.execute(trx);
      const next = derivedPayrollStatus(c.rows[0]!);
      if (next !== p.status) await movePayroll(trx, payrollId, p.status, next, { updated_at: sql<Date>`now()` });
      return next;
    }),
  );
}

/**
 * Debounces payroll status recomputation in a process: a payroll touched many times a second is
 * recomputed at most every `delayMs`. The reconciliation poll recomputes every open payroll too,
 * so a process that dies with a recomputation pending loses nothing.
 */
export class PayrollStatusDeriver {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  constructor(
    private readonly db: Kysely<DB>,
    private readonly delayMs = 200,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  schedule(payrollIds: Iterable<string>): void {
    for (const id of payrollIds) {
      if (this.timers.has(id)) continue;
      const t = setTimeout(() => {
        this.timers.delete(id);
        const run = derivePayrollStatus(this.db, id).catch(this.onError);
        this.running.add(run);
        void run.finally(() => this.running.delete(run));
      }, this.delayMs);
      t.unref();
      this.timers.set(id, t);
    }
  }

  /** Runs what is scheduled now (tests, shutdown). */
  async flush(): Promise<void> {
    const ids = [...this.timers.keys()];
    for (const id of ids) clearTimeout(this.timers.get(id));
    this.timers.clear();
    await Promise.all([...ids.map((id) => derivePayrollStatus(this.db, id).catch(this.onError)), ...this.running]);
  }
}
