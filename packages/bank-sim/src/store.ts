/**
 * The simulated bank's state: schema `bank_sim` of the database it is given, created by itself
 * (no portal migration knows it, since the bank is another party). Payouts, credits and the
 * webhook outbox (events not yet delivered); the outbox is what makes deliveries survive a
 * restart of the bank.
 */
import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';

export interface PayoutsTable {
  id: string;
  idempotency_key: string;
  /** sha256 of the canonical request body: the same key with another body is refused. */
  request_hash: string;
  account_number: string;
  ifsc: string;
  amount: string | number;
  currency: string;
  mode: string;
  purpose: string;
  reference_id: string;
  narration: string | null;
  status: string;
  utr: string | null;
  failure_reason: string | null;
  /** When the next status step is due; null once nothing more will happen. */
  next_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface CreditsTable {
  id: string;
  virtual_account: string;
  amount: string | number;
  utr: string;
  created_at: Date;
}

export interface WebhooksTable {
  id: string | number;
  event_id: string;
  event: string;
  /** The payout or credit the event is about: deliveries keep their order per subject. */
  subject: string;
  /** The exact JSON sent (and signed). */
  body: string;
  deliver_at: Date;
  attempts: number;
  last_error: string | null;
  created_at: Date;
}

export interface BankDb {
  'bank_sim.payouts': PayoutsTable;
  'bank_sim.credits': CreditsTable;
  'bank_sim.webhooks': WebhooksTable;
}

export type BankDatabase = Kysely<BankDb>;

export function openBankDatabase(url: string, max: number, onError: (err: Error) => void): { db: BankDatabase; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', onError);
  return { db: new Kysely<BankDb>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/**
 * Runs `fn` in a transaction on one pooled connection. The background loops use this (not Kysely)
 * so that their statements can be named: prepared once per connection, since at a thousand
 * payouts a second the batches are small and planning would cost more than the work.
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const value = await fn(client);
    await client.query('commit');
    return value;
  } catch (e) {
    await client.query('rollback').catch((err: unknown) => {
      // A connection that cannot even roll back is dropped from the pool rather than reused.
      broken = err instanceof Error ? err : new Error(String(err));
    });
    throw e;
  } finally {
    client.release(broken);
  }
}

/** Creates the schema and tables when missing; serialised so that two banks starting together do not race. */
export async function ensureBankSchema(db: BankDatabase): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727013)`.execute(trx);
    await sql`create schema if not exists bank_sim`.execute(trx);
    await sql`
      create table if not exists bank_sim.payouts (
        id text primary key,
        idempotency_key text not null,
        request_hash text not null,
        account_number text not null,
        ifsc text not null,
        amount bigint not null check (amount > 0),
        currency text not null,
        mode text not null,
        purpose text not null,
        reference_id text not null,
        narration text,
        status text not null,
        utr text,
        failure_reason text,
        next_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create unique index if not exists payouts_idempotency_key on bank_sim.payouts (idempotency_key)`.execute(trx);
    await sql`create index if not exists payouts_reference_id on bank_sim.payouts (reference_id)`.execute(trx);
    await sql`create index if not exists payouts_due on bank_sim.payouts (next_at) where next_at is not null`.execute(trx);
    await sql`
      create table if not exists bank_sim.credits (
        id text primary key,
        virtual_account text not null,
        amount bigint not null check (amount > 0),
        utr text not null,
        created_at timestamptz not null
      )`.execute(trx);
    await sql`
      create table if not exists bank_sim.webhooks (
        id bigserial primary key,
        event_id text not null,
        event text not null,
        subject text not null,
        body text not null,
        deliver_at timestamptz not null,
        attempts int not null default 0,
        last_error text,
        created_at timestamptz not null default now()
      )`.execute(trx);
    // Delivered events are deleted, so the outbox stays as small as the backlog; one index finds what is due.
    await sql`create index if not exists webhooks_due on bank_sim.webhooks (deliver_at, id)`.execute(trx);
  });
}

// ---- wire shapes (as docs/payroll-design.md "Simulated bank" and platform/payouts.ts read them) ----

export interface PayoutJson {
  id: string;
  entity: 'payout';
  status: string;
  amount: number;
  currency: string;
  reference_id: string;
  utr: string | null;
  failure_reason: string | null;
  fund_account: { account_number: string; ifsc: string };
  created_at: string;
}

export interface CreditJson {
  id: string;
  virtual_account: string;
  amount: number;
  utr: string;
  created_at: string;
}

/** bigint columns arrive as strings or numbers depending on the process's pg type parsers. */
export function paise(v: string | number): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`amount out of safe range: ${v}`);
  return n;
}

export function payoutJson(p: Pick<PayoutsTable, 'id' | 'status' | 'amount' | 'currency' | 'reference_id' | 'utr' | 'failure_reason' | 'account_number' | 'ifsc' | 'created_at'>): PayoutJson {
  return {
    id: p.id,
    entity: 'payout',
    status: p.status,
    amount: paise(p.amount),
    currency: p.currency,
    reference_id: p.reference_id,
    utr: p.utr,
    failure_reason: p.failure_reason,
    fund_account: { account_number: p.account_number, ifsc: p.ifsc },
    created_at: p.created_at.toISOString(),
  };
}

export function creditJson(c: CreditsTable): CreditJson {
  return { id: c.id, virtual_account: c.virtual_account, amount: paise(c.amount), utr: c.utr, created_at: c.created_at.toISOString() };
}

// ---- identifiers: from the system's randomness, never the seeded one, so a restart cannot repeat them ----

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Random bytes are drawn 4 KB at a time: one system call per ~280 ids rather than one per id.
let pool = randomBytes(4096);
let used = 0;
function alnum(n: number): string {
  if (used + n > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  let s = '';
  // 62 does not divide 256; the slight bias does not matter for ids of a simulator.
  for (let i = 0; i < n; i++) s += ALNUM[pool[used + i]! % 62];
  used += n;
  return s;
}

export const newPayoutId = () => `pout_${alnum(14)}`;
export const newCreditId = () => `vacr_${alnum(14)}`;
export const newEventId = () => `evt_${alnum(14)}`;
/** A 12-character UTR, digits as IMPS reference numbers are. */
export const newUtr = () => String(randomInt(1e6)).padStart(6, '0') + String(randomInt(1e6)).padStart(6, '0');

/** A webhook event as it is stored in the outbox and sent. */
export interface OutgoingEvent {
  eventId: string;
  event: string;
  subject: string;
  body: string;
  deliverAt: Date;
}

export function eventBody(event: string, eventId: string, createdAt: Date, payload: { payout: PayoutJson } | { credit: CreditJson }): string {
  return JSON.stringify({ event, event_id: eventId, created_at: createdAt.toISOString(), payload });
}

/** Inserts events set-based (one statement for any number), in the given order. */
export async function insertEvents(db: Kysely<BankDb>, events: OutgoingEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`
    insert into bank_sim.webhooks (event_id, event, subject, body, deliver_at)
    select e.event_id, e.event, e.subject, e.body, e.deliver_at
    from unnest(${events.map((e) => e.eventId)}::text[], ${events.map((e) => e.event)}::text[], ${events.map((e) => e.subject)}::text[],
                ${events.map((e) => e.body)}::text[], ${events.map((e) => e.deliverAt)}::timestamptz[])
         with ordinality as e(event_id, event, subject, body, deliver_at, n)
    order by e.n`.execute(db);
}
