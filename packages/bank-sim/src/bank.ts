/**
 * The simulated bank's behaviour, apart from HTTP: recording payouts under their idempotency key,
 * moving them through their statuses in batches, recording credits, and queueing the webhook
 * events of all of that in the outbox (delivered by webhooks.ts).
 *
 * Status steps are driven by `next_at` in the database, not by in-memory timers, so a bank that
 * restarts picks up every queued or processing payout where it was.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { z } from 'zod';
import { mergeRules, SeededRandom, type BankRules, type RulesPatch } from './rules.js';
import {
  creditJson,
  eventBody,
  inTransaction,
  insertEvents,
  newCreditId,
  newEventId,
  newPayoutId,
  newUtr,
  payoutJson,
  type BankDatabase,
  type CreditJson,
  type OutgoingEvent,
  type PayoutJson,
  type PayoutsTable,
} from './store.js';

export const payoutRequestSchema = z.object({
  account_number: z.string().regex(/^[0-9A-Za-z]{5,35}$/, 'account_number must be 5 to 35 letters or digits'),
  ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'ifsc is not a valid IFSC'),
  amount: z.number().int('amount must be an integer number of paise').positive('amount must be greater than 0').max(Number.MAX_SAFE_INTEGER),
  currency: z.literal('INR').default('INR'),
  mode: z.enum(['IMPS', 'NEFT', 'RTGS', 'UPI']).default('IMPS'),
  purpose: z.string().min(1).max(40).default('salary'),
  reference_id: z.string().min(1).max(64),
  narration: z.string().max(60).nullish(),
});
export type PayoutBody = z.infer<typeof payoutRequestSchema>;

export const creditRequestSchema = z.object({
  virtual_account: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, 'virtual_account must be 1 to 64 letters, digits, - or _'),
  amount: z.number().int('amount must be an integer number of paise').positive('amount must be greater than 0').max(Number.MAX_SAFE_INTEGER),
});

/**
 * The canonical form of a create body: defaults filled in, keys in one order, absent narration as
 * null. Two bodies that mean the same payout hash the same, whatever their key order or spacing.
 */
export function requestHash(body: PayoutBody): string {
  const canonical = {
    account_number: body.account_number,
    amount: body.amount,
    currency: body.currency,
    ifsc: body.ifsc,
    mode: body.mode,
    narration: body.narration ?? null,
    purpose: body.purpose,
    reference_id: body.reference_id,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export type RecordResult = { kind: 'recorded' | 'replayed'; payout: PayoutJson } | { kind: 'conflict' };

export interface BankStats {
  payouts: { total: number; byStatus: Record<string, number> };
  byReference: Record<string, number>;
  credits: number;
}

const SETTLE_BATCH = 2_000;

const RECORD_PAYOUT_SQL = `
  with ins as (
    insert into bank_sim.payouts (id, idempotency_key, request_hash, account_number, ifsc, amount, currency, mode, purpose,
                                  reference_id, narration, status, next_at, created_at, updated_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'queued', $12, $13, $13)
    on conflict (idempotency_key) do nothing
    returning *
  ), ev as (
    insert into bank_sim.webhooks (event_id, event, subject, body, deliver_at)
    select e.event_id, e.event, e.subject, e.body, e.deliver_at
    from unnest($14::text[], $15::text[], $16::text[], $17::text[], $18::timestamptz[])
         with ordinality as e(event_id, event, subject, body, deliver_at, n)
    where exists (select 1 from ins)
    order by e.n
  )
  select * from ins`;

const SETTLE_DUE_SQL = `
  select * from bank_sim.payouts where next_at <= $1
  order by next_at, id limit $2 for update skip locked`;

const SETTLE_APPLY_SQL = `
  with moved as (
    update bank_sim.payouts p
    set status = u.status, utr = u.utr, failure_reason = u.failure_reason, next_at = u.next_at, updated_at = $6
    from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as u(id, status, utr, failure_reason, next_at)
    where p.id = u.id
  )
  insert into bank_sim.webhooks (event_id, event, subject, body, deliver_at)
  select e.event_id, e.event, e.subject, e.body, e.deliver_at
  from unnest($7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])
       with ordinality as e(event_id, event, subject, body, deliver_at, n)
  order by e.n`;

/** Events as five parallel arrays, for an INSERT ... SELECT FROM unnest(...). */
const eventColumns = (events: OutgoingEvent[]) => [
  events.map((e) => e.eventId),
  events.map((e) => e.event),
  events.map((e) => e.subject),
  events.map((e) => e.body),
  events.map((e) => e.deliverAt),
];

const FAILED_REASON = 'Beneficiary bank rejected the transfer: account is invalid or closed';
const REVERSED_REASON = 'Payout reversed by the beneficiary bank';

export class Bank {
  private rulesNow: BankRules;
  private rng: SeededRandom;
  private failSet = new Set<string>();
  private reverseSet = new Set<string>();
  private readonly faultCounts = new Map<string, number>();
  /** Called after events were queued, so the delivery loop does not wait for its next poll. */
  onEvents: () => void = () => {};
  /** Called after a payout was recorded with its next step due soon. */
  onPayouts: () => void = () => {};

  constructor(
    private readonly db: BankDatabase,
    private readonly pool: pg.Pool,
    rules: BankRules,
    private readonly webhooksOn: boolean,
  ) {
    this.rulesNow = rules;
    this.rng = new SeededRandom(rules.seed);
    this.indexRules();
  }

  get rules(): BankRules {
    return this.rulesNow;
  }

  setRules(patch: RulesPatch | Partial<BankRules>): BankRules {
    this.rulesNow = mergeRules(this.rulesNow, patch);
    if (patch.seed !== undefined) this.rng = new SeededRandom(patch.seed);
    this.indexRules();
    return this.rulesNow;
  }

  private indexRules(): void {
    this.failSet = new Set(this.rulesNow.failAccounts);
    this.reverseSet = new Set(this.rulesNow.reverseAccounts);
  }

  /** Counts a "before recording" fault for a key; true while the key still has faults to suffer. */
  takeFault(key: string): boolean {
    const n = (this.faultCounts.get(key) ?? 0) + 1;
    this.faultCounts.set(key, n);
    return n <= this.rulesNow.faultsPerKey;
  }

  /** The outbox rows of one event: none without a webhook URL, two when the duplicate rule hits, delayed when reordering. */
  private events(event: string, subject: string, at: Date, payload: { payout: PayoutJson } | { credit: CreditJson }): OutgoingEvent[] {
    if (!this.webhooksOn) return [];
    const r = this.rulesNow;
    const eventId = newEventId();
    const body = eventBody(event, eventId, at, payload);
    const base = Date.now();
    const delay = () => (r.webhookOutOfOrder ? this.rng.between([0, r.webhookReorderWindowMs]) : 0);
    const out: OutgoingEvent[] = [{ eventId, event, subject, body, deliverAt: new Date(base + delay()) }];
    // A duplicate is the same event (same event_id and body) delivered again, as a bank's retry after a lost acknowledgement would be.
    if (this.rng.chance(r.webhookDuplicateRate)) out.push({ eventId, event, subject, body, deliverAt: new Date(base + delay()) });
    return out;
  }

  async recordPayout(key: string, body: PayoutBody): Promise<RecordResult> {
    const hash = requestHash(body);
    const now = new Date();
    const id = newPayoutId();
    const nextAt = new Date(now.getTime() + this.rng.between(this.rulesNow.latencyMs.toProcessing));
    const row = {
      id,
      status: 'queued',
      amount: body.amount,
      currency: body.currency,
      reference_id: body.reference_id,
      utr: null,
      failure_reason: null,
      account_number: body.account_number,
      ifsc: body.ifsc,
      created_at: now,
    };
    const events = this.events('payout.queued', id, now, { payout: payoutJson(row) });
    // The row and its queued event in one statement: the event exists only if this call recorded
    // the payout. A named (prepared) statement: planned once per connection, not on every call.
    const inserted = await this.pool.query<PayoutsTable>({
      name: 'bank_sim_record_payout',
      text: RECORD_PAYOUT_SQL,
      values: [id, key, hash, body.account_number, body.ifsc, body.amount, body.currency, body.mode, body.purpose, body.reference_id, body.narration ?? null, nextAt, now, ...eventColumns(events)],
    });
    const created = inserted.rows[0];
    if (created) {
      this.onPayouts();
      if (events.length) this.onEvents();
      return { kind: 'recorded', payout: payoutJson(created) };
    }
    const existing = (await this.pool.query<PayoutsTable>({ name: 'bank_sim_payout_by_key', text: 'select * from bank_sim.payouts where idempotency_key = $1', values: [key] })).rows[0];
    // Gone between the two statements cannot happen (payouts are never deleted); treat it as a conflict rather than guess.
    if (!existing || existing.request_hash !== hash) return { kind: 'conflict' };
    return { kind: 'replayed', payout: payoutJson(existing) };
  }

  async getPayout(id: string): Promise<PayoutJson | null> {
    const row = await this.db.selectFrom('bank_sim.payouts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? payoutJson(row) : null;
  }

  async findByReference(referenceId: string): Promise<PayoutJson[]> {
    const rows = await this.db.selectFrom('bank_sim.payouts').selectAll().where('reference_id', '=', referenceId).orderBy('created_at').orderBy('id').execute();
    return rows.map(payoutJson);
  }

  async credit(virtualAccount: string, amount: number): Promise<CreditJson> {
    const row = { id: newCreditId(), virtual_account: virtualAccount, amount, utr: newUtr(), created_at: new Date() };
    const credit = creditJson(row);
    const events = this.events('virtual_account.credited', row.id, row.created_at, { credit });
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('bank_sim.credits').values(row).execute();
      await insertEvents(trx, events);
    });
    if (events.length) this.onEvents();
    return credit;
  }

  async stats(): Promise<BankStats> {
    const [byStatus, byRef, credits] = await Promise.all([
      sql<{ status: string; n: number }>`select status, count(*)::int as n from bank_sim.payouts group by status`.execute(this.db),
      sql<{ reference_id: string; n: number }>`select reference_id, count(*)::int as n from bank_sim.payouts group by reference_id`.execute(this.db),
      sql<{ n: number }>`select count(*)::int as n from bank_sim.credits`.execute(this.db),
    ]);
    const statuses: Record<string, number> = { queued: 0, processing: 0, processed: 0, failed: 0, reversed: 0 };
    let total = 0;
    for (const r of byStatus.rows) {
      statuses[r.status] = r.n;
      total += r.n;
    }
    return { payouts: { total, byStatus: statuses }, byReference: Object.fromEntries(byRef.rows.map((r) => [r.reference_id, r.n])), credits: credits.rows[0]?.n ?? 0 };
  }

  /**
   * One batch of due status steps, set-based: the due rows are locked (skipping rows another bank
   * process holds), every step due by now is applied in memory (with latency 0 a payout goes
   * queued -> processing -> processed in one batch), then one UPDATE and one INSERT of events.
   * Returns the wait before the next batch.
   */
  async settleDue(): Promise<number> {
    const now = Date.now();
    const nowDate = new Date(now);
    let count = 0;
    let eventsQueued = 0;
    await inTransaction(this.pool, async (client) => {
      const due = await client.query<PayoutsTable>({ name: 'bank_sim_settle_due', text: SETTLE_DUE_SQL, values: [nowDate, SETTLE_BATCH] });
      count = due.rows.length;
      if (count === 0) return;
      const r = this.rulesNow;
      const ids: string[] = [];
      const statuses: string[] = [];
      const utrs: (string | null)[] = [];
      const reasons: (string | null)[] = [];
      const nexts: (Date | null)[] = [];
      const events: OutgoingEvent[] = [];
      for (const row of due.rows) {
        const p = { ...row };
        let at = p.next_at ? p.next_at.getTime() : null;
        while (at !== null && at <= now) {
          const stepAt = new Date(at);
          if (p.status === 'queued') {
            p.status = 'processing';
            at += this.rng.between(r.latencyMs.toSettled);
          } else if (p.status === 'processing') {
            if (this.failSet.has(p.account_number)) {
              p.status = 'failed';
              p.failure_reason = FAILED_REASON;
              at = null;
            } else {
              p.status = 'processed';
              p.utr = newUtr();
              at = this.reverseSet.has(p.account_number) ? at + this.rng.between(r.latencyMs.toReversed) : null;
            }
          } else if (p.status === 'processed') {
            p.status = 'reversed';
            p.failure_reason = REVERSED_REASON;
            at = null;
          } else {
            // A terminal row with a due time (cannot be written by this code): clear it.
            at = null;
            continue;
          }
          events.push(...this.events(`payout.${p.status}`, p.id, stepAt, { payout: payoutJson(p) }));
        }
        ids.push(p.id);
        statuses.push(p.status);
        utrs.push(p.utr);
        reasons.push(p.failure_reason);
        nexts.push(at === null ? null : new Date(at));
      }
      // The new statuses and their events in one statement.
      await client.query({
        name: 'bank_sim_settle_apply',
        text: SETTLE_APPLY_SQL,
        values: [ids, statuses, utrs, reasons, nexts, nowDate, ...eventColumns(events)],
      });
      eventsQueued = events.length;
    });
    if (eventsQueued) this.onEvents();
    if (count === SETTLE_BATCH) return 0;
    // Busy: look again soon without asking when; idle: sleep until the next due step.
    if (count > 0) return 5;
    const next = await sql<{ at: Date | null }>`select min(next_at) as at from bank_sim.payouts where next_at is not null`.execute(this.db);
    const at = next.rows[0]?.at;
    // At most a second asleep, so that payouts another bank process recorded are not left waiting
    // long; at least a few ms, so rows another process holds locked do not make this spin.
    return at ? Math.min(1_000, Math.max(5, at.getTime() - Date.now())) : 1_000;
  }
}
