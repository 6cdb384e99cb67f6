/**
 * The employer's streaming account: a virtual account number (where recharges are sent) and a
 * ledger. The balance is always credits - debits, never a stored number.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BankCredit } from '../../platform/payouts.js';

/**
 * The employer's streaming account, created on first use: its id (random: the streaming-account
 * payroll calls name it; decision 0022) and its virtual account number (16 digits, from a sequence).
 */
export async function accountOf(db: Kysely<DB>, employerId: string): Promise<{ id: string; virtualAccount: string }> {
  const read = () => db.selectFrom('employer_accounts').select(['id', 'virtual_account']).where('employer_id', '=', employerId).executeTakeFirst();
  let found = await read();
  if (!found) {
    await sql`
      insert into employer_accounts (employer_id, virtual_account)
      values (${employerId}, '222333' || lpad(nextval('employer_virtual_account_seq')::text, 10, '0'))
      on conflict (employer_id) do nothing`.execute(db);
    found = await read();
    if (!found) throw new Error(`no account for employer ${employerId}`);
  }
  return { id: found.id, virtualAccount: found.virtual_account };
}

/** The employer's virtual account number, created on first use (16 digits, from a sequence). */
export async function ensureAccount(db: Kysely<DB>, employerId: string): Promise<string> {
  return (await accountOf(db, employerId)).virtualAccount;
}

/** Credits - debits, paise. */
export async function balanceOf(db: Kysely<DB>, employerId: string): Promise<number> {
  const r = await sql<{ balance: number }>`
    select (coalesce(sum(amount) filter (where kind = 'CREDIT'), 0) - coalesce(sum(amount) filter (where kind = 'DEBIT'), 0))::bigint as balance
    from ledger_entries where employer_id = ${employerId}`.execute(db);
  return Number(r.rows[0]?.balance ?? 0);
}

/**
 * Bank credits on virtual accounts -> CREDIT rows, once per bank credit id (a repeated webhook
 * adds nothing). Credits to a virtual account that is not ours are ignored. Returns how many were new.
 */
export async function recordCredits(db: Kysely<DB>, credits: readonly BankCredit[]): Promise<number> {
  if (credits.length === 0) return 0;
  const r = await sql`
    insert into ledger_entries (employer_id, kind, amount, reason, bank_reference)
    select a.employer_id, 'CREDIT', c.amount, 'Recharge (UTR ' || c.utr || ')', c.id
    from unnest(${credits.map((c) => c.id)}::text[], ${credits.map((c) => c.virtual_account)}::text[], ${credits.map((c) => c.amount)}::bigint[], ${credits.map((c) => c.utr)}::text[])
      as c(id, virtual_account, amount, utr)
    join employer_accounts a on a.virtual_account = c.virtual_account
    where c.amount > 0
    on conflict (bank_reference) where kind = 'CREDIT' do nothing`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** What the demo employer's account starts with: a modest recharge, short of a full month's payroll (so the Add amount flow shows). */
export const DEMO_OPENING_CREDIT_PAISE = 50_000_000;

/**
 * The demo employer's account and an opening credit, written to the ledger directly (the bank is
 * a separate process that may not be up yet while the seed runs; the bank keeps no balances).
 */
export async function seedDemoAccount(db: Kysely<DB>, employerId: string): Promise<void> {
  await ensureAccount(db, employerId);
  await db
    .insertInto('ledger_entries')
    .values({ employer_id: employerId, kind: 'CREDIT', amount: DEMO_OPENING_CREDIT_PAISE, reason: 'Opening balance (demo data)', bank_reference: `demo-opening-balance:${employerId}` })
    .onConflict((oc) => oc.column('bank_reference').where('kind', '=', 'CREDIT').doNothing())
    .execute();
}
