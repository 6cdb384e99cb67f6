/**
 * Fixtures of the payouts suites: a real simulated bank on the test's database, the portal's
 * client pointed at it, and frozen payrolls written set-based (so a 50,000-entry payroll takes a
 * second). The payroll part's own suites cover upload, processing and the freeze; here a frozen
 * payroll is where the story starts.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { businessDate, firstDayOf, payrollMonthOf } from '@portal/domain';
import { startBankSim, type BankRules, type BankSim, type BankStats, type RulesPatch } from '@portal/bank-sim';
import type { Database } from '../src/platform/database.js';
import { createHttpPayoutsApi, type PayoutsApi } from '../src/platform/payouts.js';
import type { Deps } from '../src/platform/context.js';
import type { TestEnv } from './harness.js';

export const BANK_API_KEY = 'test-bank-key-0123456789abcdef';
export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
/** No latency at all: every status step is due at once. */
export const INSTANT: RulesPatch = { latencyMs: { toProcessing: [0, 0], toSettled: [0, 0], toReversed: [0, 0] } };

export interface TestBank {
  sim: BankSim;
  url: string;
  api: PayoutsApi;
  stats(): Promise<BankStats>;
  setRules(r: Partial<BankRules> | RulesPatch): Promise<void>;
}

/** Starts a bank on `databaseUrl` sending its webhooks to `portalUrl`, and points `deps` at it. */
export async function startTestBank(deps: Deps, databaseUrl: string, portalUrl: string, rules: Partial<BankRules> | RulesPatch = {}, timeoutMs = 500): Promise<TestBank> {
  const sim = await startBankSim({
    databaseUrl,
    apiKey: BANK_API_KEY,
    webhookUrl: `${portalUrl}/api/webhooks/bank`,
    webhookSecret: WEBHOOK_SECRET,
    rules: { ...INSTANT, webhookRetryBaseMs: 50, webhookRetryMaxMs: 400, webhookTimeoutMs: 2_000, hangMs: 3_000, ...rules },
    poolSize: 6,
  });
  const api = createHttpPayoutsApi({ baseUrl: sim.url, apiKey: BANK_API_KEY, timeoutMs });
  deps.bank = { api, url: sim.url, apiKey: BANK_API_KEY, webhookSecret: WEBHOOK_SECRET };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sim.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${BANK_API_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`bank ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    sim,
    url: sim.url,
    api,
    stats: async () => (await call('GET', '/v1/sim/stats')) as BankStats,
    setRules: async (r) => {
      await call('PUT', '/v1/sim/rules', r);
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value (returned) or `timeoutMs` passes (throws with the last value). */
export async function until<T>(what: string, check: () => Promise<T>, timeoutMs = 20_000, everyMs = 50): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < end) {
    last = await check();
    if (last) return last;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

export interface FrozenPayrollInput {
  employerId: string;
  vendorId?: string | null;
  adminId: string;
  entries: number;
  /** Account number of entry i (0-based); default 12 digits unique to the payroll. */
  account?: (i: number) => string;
  /** Gross salary of the month (paise) of entry i; default 30,000 rupees. */
  salary?: (i: number) => number;
  /** Entries 0..advances-1 repay an advance of `advanceAmount` (TRANSFERRED, created last month). */
  advances?: number;
  advanceAmount?: number;
  /** Entries 0..emis-1 repay a top-up EMI of `emiAmount` (DUE). */
  emis?: number;
  emiAmount?: number;
  /** Extra SKIPPED entries (not paid). */
  skipped?: number;
}

export interface FrozenPayroll {
  payrollId: string;
  month: string;
  totalSalary: number;
  totalPayable: number;
  totalDeductions: number;
  entryIds: string[];
  advanceIds: string[];
  emiIds: string[];
}

/** A PAYROLL_FROZEN payroll of the current payroll month with its workers, entries and deductions (account numbers sealed as the portal writes them). */
export async function insertFrozenPayroll(deps: Pick<Deps, 'db' | 'protector'>, now: Date, input: FrozenPayrollInput): Promise<FrozenPayroll> {
  const { db, protector } = deps;
  const tag = randomBytes(4).toString('hex');
  const n = input.entries;
  const skipped = input.skipped ?? 0;
  const vendorId = input.vendorId ?? null;
  const month = firstDayOf(payrollMonthOf(businessDate(now)));
  const accounts = Array.from({ length: n + skipped }, (_, i) => input.account?.(i) ?? `7${tag.replace(/[a-f]/g, '9').slice(0, 4)}${String(i).padStart(7, '0')}`);
  const sealed = accounts.map((a) => protector.protectText(a));
  const salaries = Array.from({ length: n + skipped }, (_, i) => (i < n ? (input.salary?.(i) ?? 3_000_000) : 0));
  const advances = input.advances ?? 0;
  const emis = input.emis ?? 0;
  const advanceAmount = input.advanceAmount ?? 150_000;
  const emiAmount = input.emiAmount ?? 50_000;

  return db.transaction().execute(async (trx) => {
    const file = await trx
      .insertInto('stored_files')
      .values({ employer_id: input.employerId, vendor_id: vendorId, admin_id: input.adminId, document_type: 'PAYROLL', file_name: `payroll-${tag}.xlsx`, mime_type: 'application/octet-stream', size_bytes: 1, content: protector.sealBytes(Buffer.from('x')) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = await trx
      .insertInto('document_uploads')
      .values({ employer_id: input.employerId, vendor_id: vendorId, admin_id: input.adminId, doc_type: 'PAYROLL_UPLOAD', status: 'PROCESSED', file_name: `payroll-${tag}.xlsx`, original_file_id: file.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payroll = await trx
      .insertInto('payrolls')
      .values({
        employer_id: input.employerId,
        vendor_id: vendorId,
        month,
        kind: 'PAYROLL_UPLOAD',
        status: 'PAYROLL_FROZEN',
        upload_id: upload.id,
        original_file_id: file.id,
        admin_id: input.adminId,
        working_days: 30,
        frozen_at: now,
        frozen_by: input.adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const workers = await sql<{ id: string; g: number }>`
      insert into workers (employer_id, vendor_id, employer_worker_id, full_name, current_monthly_salary, joined_at)
      select ${input.employerId}, ${vendorId}, ${'P' + tag + '-'} || g, 'Worker ' || g, 3000000, '2025-01-01'
      from generate_series(0, ${n + skipped - 1}) g
      returning id, (substring(employer_worker_id from '[0-9]+$'))::int as g`.execute(trx);
    const byIndex = workers.rows.sort((a, b) => a.g - b.g).map((w) => w.id);
    const deductions = Array.from({ length: n + skipped }, (_, i) => (i < advances ? advanceAmount : 0) + (i < emis ? emiAmount : 0));
    const entries = await sql<{ id: string; i: number }>`
      insert into payroll_entries (payroll_id, employer_id, vendor_id, worker_id, row_number, position, name, employer_employee_code, monthly_salary,
        working_days, paid_days, salary, deductions, amount_payable, account_number, account_number_masked, account_number_hash, ifsc, status, skip_reason)
      select ${payroll.id}, ${input.employerId}, ${vendorId}, v.worker_id, v.ord, v.ord, 'Worker ' || (v.ord - 1), ${'P' + tag + '-'} || (v.ord - 1), 3000000,
        30, case when v.ord <= ${n} then 30 else 0 end, v.salary, v.deductions, v.salary - v.deductions, v.account, v.masked, v.hash, 'HDFC0001234',
        case when v.ord <= ${n} then 'FINALIZED' else 'SKIPPED' end, case when v.ord <= ${n} then null else 'No paid days in the month' end
      from unnest(${byIndex}::uuid[], ${sealed.map((a) => a.sealed)}::text[], ${sealed.map((a) => a.masked)}::text[], ${sealed.map((a) => a.hash)}::bytea[], ${salaries}::bigint[], ${deductions}::bigint[]) with ordinality
        as v(worker_id, account, masked, hash, salary, deductions, ord)
      returning id, row_number - 1 as i`.execute(trx);
    const entryIds = entries.rows.sort((a, b) => a.i - b.i).map((e) => e.id);

    const advanceIds: string[] = [];
    const emiIds: string[] = [];
    for (let i = 0; i < advances; i++) {
      const t = await trx
        .insertInto('transactions')
        .values({ employer_id: input.employerId, vendor_id: vendorId, worker_id: byIndex[i]!, amount: advanceAmount, status: 'TRANSFERRED', worker_snapshot: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      advanceIds.push(t.id);
      await trx.insertInto('payroll_deductions').values({ entry_id: entryIds[i]!, payroll_id: payroll.id, position: 1, transaction_id: t.id, item_date: month, amount: advanceAmount }).execute();
    }
    for (let i = 0; i < emis; i++) {
      const app = await trx
        .insertInto('salary_topup_applications')
        .values({ employer_id: input.employerId, vendor_id: vendorId, worker_id: byIndex[i]!, amount: emiAmount * 3, tenure_months: 3, emi_amount: emiAmount, status: 'DISBURSED' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const emi = await trx.insertInto('topup_emis').values({ application_id: app.id, due_date: month, amount: emiAmount }).returning('id').executeTakeFirstOrThrow();
      emiIds.push(emi.id);
      await trx.insertInto('payroll_deductions').values({ entry_id: entryIds[i]!, payroll_id: payroll.id, position: 2, topup_emi_id: emi.id, item_date: month, amount: emiAmount }).execute();
    }
    const totals = await sql<{ s: number; d: number; p: number }>`
      update payrolls p set total_entries = t.total, finalized_entries = t.fin, skipped_entries = t.total - t.fin,
        total_salary = t.s, total_deductions = t.d, total_payable = t.p
      from (select count(*)::int as total, count(*) filter (where status = 'FINALIZED')::int as fin,
              coalesce(sum(salary) filter (where status = 'FINALIZED'), 0)::bigint as s,
              coalesce(sum(deductions) filter (where status = 'FINALIZED'), 0)::bigint as d,
              coalesce(sum(amount_payable) filter (where status = 'FINALIZED'), 0)::bigint as p
            from payroll_entries where payroll_id = ${payroll.id}) t
      where p.id = ${payroll.id}
      returning t.s, t.d, t.p`.execute(trx);
    const t = totals.rows[0]!;
    return { payrollId: payroll.id, month, totalSalary: Number(t.s), totalDeductions: Number(t.d), totalPayable: Number(t.p), entryIds, advanceIds, emiIds };
  });
}

/** Ledger, totals and deductions agree (the "ledger reconciles" checks). */
export async function ledgerFacts(db: Database, employerId: string) {
  const r = await sql<{ credits: number; debits: number }>`
    select coalesce(sum(amount) filter (where kind = 'CREDIT'), 0)::bigint as credits, coalesce(sum(amount) filter (where kind = 'DEBIT'), 0)::bigint as debits
    from ledger_entries where employer_id = ${employerId}`.execute(db);
  return { credits: Number(r.rows[0]!.credits), debits: Number(r.rows[0]!.debits) };
}

/** The payout calls and waits the payouts suites share, on a test env and its (current) bank. */
export function payoutCalls(env: () => TestEnv, bank: () => TestBank) {
  const accountInfo = (token: string, vendorId?: string) => env().call('GET', '/employer-admin/payroll/stream-account-info', { token, query: { vendorId } });
  const payrollRow = (id: string) => env().deps.db.selectFrom('payrolls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    accountInfo,
    payrollRow,
    execute: (token: string, payrollId: string, vendorId?: string) => env().call('PUT', '/employer-admin/payroll/execute-payroll', { token, query: { payrollId, vendorId } }),
    rerun: (token: string, payrollId: string, vendorId?: string) => env().call('PUT', '/employer-admin/payroll/reinitiate-failed-transactions', { token, query: { payrollId, vendorId } }),
    /** Money in through the bank: a credit at the bank, its webhook, the CREDIT row. */
    async recharge(token: string, paise: number, vendorId?: string): Promise<void> {
      const { accountBalance: before, virtualAccount } = (await accountInfo(token, vendorId)).body as { accountBalance: number; virtualAccount: string };
      await bank().api.creditVirtualAccount(virtualAccount, paise);
      await until('the credit webhook', async () => (await accountInfo(token, vendorId)).body.accountBalance === before + paise);
    },
    /** Waits until the payroll's payouts have all settled (DISBURSAL_COMPLETED or DISBURSAL_FAILED). */
    settled: (payrollId: string, timeoutMs = 30_000) =>
      until(
        'the payroll to settle',
        async () => {
          const p = await payrollRow(payrollId);
          return p.status === 'DISBURSAL_COMPLETED' || p.status === 'DISBURSAL_FAILED' ? p : null;
        },
        timeoutMs,
      ),
  };
}
