/**
 * Streaming account, payroll execution and payouts (issue 5; design doc "Account, execution and
 * payouts"): real PostgreSQL, a real simulated bank (its own HTTP server and schema), the real
 * queue and payout worker, webhooks over HTTP. Exactly once is counted at the bank.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PAYROLL_MSG, ROLE_IDS, businessDate, firstDayOf, monthLabel, monthOfDate, payrollMonthOf, type AccountStatement, type EmployeePayoutDetailsResult, type PayrollDetails } from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { processSheet } from '../src/sheets.js';
import { workPayoutJobs, type PayoutWorker } from '../src/features/payouts/index.js';
import { applyBankUpdates } from '../src/features/payouts/status.js';
import { bankSignature } from '../src/platform/payouts.js';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { activitiesOf, insertWorker } from './workers-fixtures.js';
import { WEBHOOK_SECRET, insertFrozenPayroll, payoutCalls, ledgerFacts, sleep, startTestBank, until, type FrozenPayroll, type TestBank } from './payouts-fixtures.js';

let env: TestEnv;
let bank: TestBank;
let worker: PayoutWorker;
/** Employer A: owner (Super Admin), viewer, payroll manager, vendor admin of v1; employer B: owner. */
let A: { id: string; ownerId: string; owner: string; viewer: string; payroll: string; vendorAdmin: string; v1: string; v2: string };
let B: { id: string; ownerId: string; owner: string };

beforeAll(async () => {
  env = await createTestEnv({
    queue: true,
    env: { BANK_API_KEY: 'unused', BANK_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYOUT_SWEEP_MS: '300', PAYOUT_STALE_MS: '1500', PAYOUT_CONCURRENCY: '32' },
  });
  bank = await startTestBank(env.deps, env.deps.config.databaseUrl!, env.baseUrl);
  worker = (await workPayoutJobs(env.deps))!;
  // Payroll sheets are processed by the documents pipeline (the journey test below).
  await workDocumentJobs(env.deps, processSheet);
  const a = await createEmployer(env);
  const b = await createEmployer(env);
  A = {
    id: a.employer.id,
    ownerId: a.owner.id,
    owner: await signIn(env, a.owner),
    viewer: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.viewer)),
    payroll: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.payrollManager)),
    vendorAdmin: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.vendorAdmin, a.vendors[0]!.id)),
    v1: a.vendors[0]!.id,
    v2: a.vendors[1]!.id,
  };
  B = { id: b.employer.id, ownerId: b.owner.id, owner: await signIn(env, b.owner) };
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await bank?.sim.close();
  await env?.close();
});

// ---- helpers ----

const { accountInfo, execute, rerun, recharge, payrollRow, settled } = payoutCalls(() => env, () => bank);


const payoutsOf = (payrollId: string) => env.deps.db.selectFrom('payouts').selectAll().where('payroll_id', '=', payrollId).orderBy('entry_id').orderBy('attempt').execute();
const entriesOf = (payrollId: string) => env.deps.db.selectFrom('payroll_entries').selectAll().where('payroll_id', '=', payrollId).orderBy('row_number').execute();

/** Every payout of the payroll was created at most once at the bank (per reference, i.e. per attempt), and each attempt that reached the bank reused its key. */
async function expectExactlyOnceAtBank(payrollId: string) {
  const payouts = await payoutsOf(payrollId);
  const stats = await bank.stats();
  for (const p of payouts) {
    const n = stats.byReference[p.id] ?? 0;
    if (p.bank_payout_id) expect(n, `payout ${p.id} (${p.status})`).toBe(1);
    else expect(n, `payout ${p.id} (${p.status}, refused by the bank)`).toBe(0);
  }
  // Paid at most once per entry: at most one TRANSFERRED payout per entry, across attempts.
  const paid = new Map<string, number>();
  for (const p of payouts) if (p.status === 'TRANSFERRED') paid.set(p.entry_id, (paid.get(p.entry_id) ?? 0) + 1);
  for (const [entry, n] of paid) expect(n, `entry ${entry}`).toBe(1);
  return { payouts, stats };
}

/** balance = credits - debits; debit = payroll's required total; totals = sum of entries; every deduction names what it repays. */
async function expectLedgerReconciles(employerId: string, token: string, payroll: FrozenPayroll) {
  const facts = await ledgerFacts(env.deps.db, employerId);
  expect((await accountInfo(token)).body.accountBalance).toBe(facts.credits - facts.debits);
  // The sum of the entries is the balance (credits - debits, returns included).
  const lines = await env.deps.db.selectFrom('ledger_entries').select(['kind', 'amount']).where('employer_id', '=', employerId).execute();
  expect(lines.reduce((t, l) => t + (l.kind === 'CREDIT' ? Number(l.amount) : -Number(l.amount)), 0)).toBe((await accountInfo(token)).body.accountBalance);
  const debit = await env.deps.db.selectFrom('ledger_entries').selectAll().where('payroll_id', '=', payroll.payrollId).where('run', '=', 1).execute();
  expect(debit).toHaveLength(1);
  expect(debit[0]!.kind).toBe('DEBIT');
  expect(debit[0]!.amount).toBe(payroll.totalSalary);
  const sums = await sql<{ salary: number; deductions: number; payable: number; d: number }>`
    select sum(salary)::bigint as salary, sum(deductions)::bigint as deductions, sum(amount_payable)::bigint as payable,
      (select coalesce(sum(amount), 0) from payroll_deductions where payroll_id = ${payroll.payrollId})::bigint as d
    from payroll_entries where payroll_id = ${payroll.payrollId} and status <> 'SKIPPED'`.execute(env.deps.db);
  const s = sums.rows[0]!;
  const p = await payrollRow(payroll.payrollId);
  expect(Number(s.salary)).toBe(p.total_salary);
  expect(Number(s.payable)).toBe(p.total_payable);
  expect(Number(s.deductions)).toBe(p.total_deductions);
  expect(Number(s.d)).toBe(p.total_deductions);
  expect(p.total_salary).toBe(p.total_payable + p.total_deductions);
  const orphan = await sql<{ n: number }>`
    select count(*)::int as n from payroll_deductions d
    left join transactions t on t.id = d.transaction_id left join topup_emis m on m.id = d.topup_emi_id
    where d.payroll_id = ${payroll.payrollId} and t.id is null and m.id is null`.execute(env.deps.db);
  expect(orphan.rows[0]!.n).toBe(0);
  // The first attempts' amounts are the entries' net salaries.
  const firsts = await sql<{ s: number }>`select coalesce(sum(amount), 0)::bigint as s from payouts where payroll_id = ${payroll.payrollId} and attempt = 1`.execute(env.deps.db);
  expect(Number(firsts.rows[0]!.s)).toBe(p.total_payable);
}

const frozen = (input: Partial<Parameters<typeof insertFrozenPayroll>[2]> & { employerId?: string; adminId?: string } = {}) =>
  insertFrozenPayroll(env.deps, env.clock.now(), { employerId: A.id, adminId: A.ownerId, entries: 5, ...input });

// ---- GET stream-account-info ----

describe('GET /employer-admin/payroll/stream-account-info', () => {
  it('answers the balance and the virtual account to READ in the employer context; the recharge page only with WRITE on payroll (decision 0034)', async () => {
    const r = await accountInfo(A.viewer);
    expect(r.status).toBe(200);
    expect(r.body.virtualAccount).toMatch(/^\d{16}$/);
    // The Viewer (READ on payroll) gets no recharge link: nothing to write with.
    expect(r.body.rechargeLink).toBeNull();
    expect(r.body.accountBalance).toBe((await ledgerFacts(env.deps.db, A.id)).credits - (await ledgerFacts(env.deps.db, A.id)).debits);
    const owner = await accountInfo(A.owner);
    expect(owner.body.rechargeLink).toBe(`${bank.url}/recharge?va=${owner.body.virtualAccount}`);
    expect(owner.body.virtualAccount).toBe(r.body.virtualAccount);
    const other = await accountInfo(B.owner);
    expect(other.body.virtualAccount).not.toBe(r.body.virtualAccount);
  });

  it("in a vendor's context answers no figure of the employer's account: only the account id and whether the balance covers the vendor's waiting payroll (decision 0034)", async () => {
    const inVendor = await accountInfo(A.vendorAdmin, A.v1);
    expect(inVendor.status).toBe(200);
    expect(inVendor.body.accountBalance).toBeNull();
    expect(inVendor.body.virtualAccount).toBeNull();
    expect(inVendor.body.rechargeLink).toBeNull();
    expect(inVendor.body.streamingAccountId).toBe((await accountInfo(A.owner)).body.streamingAccountId);
    expect(JSON.stringify(inVendor.body)).not.toContain((await accountInfo(A.owner)).body.virtualAccount);
    // A vendor payroll waiting to be executed: covers says whether the employer's balance is enough for it.
    const balance = (await accountInfo(A.owner)).body.accountBalance as number;
    const p = await frozen({ vendorId: A.v1, entries: 2 });
    const required = (await env.deps.db.selectFrom('payrolls').select('total_salary').where('id', '=', p.payrollId).executeTakeFirstOrThrow()).total_salary;
    expect((await accountInfo(A.vendorAdmin, A.v1)).body.covers).toBe(balance >= Number(required));
    await env.deps.db.updateTable('payrolls').set({ status: 'CANCELLED' }).where('id', '=', p.payrollId).execute();
  });

  it('counts a credit once however often its webhook comes, and ignores credits to unknown accounts', async () => {
    const { virtualAccount } = (await accountInfo(B.owner)).body;
    const before = (await ledgerFacts(env.deps.db, B.id)).credits;
    await bank.setRules({ webhookDuplicateRate: 1 });
    try {
      await bank.api.creditVirtualAccount(virtualAccount, 12_345);
      await bank.api.creditVirtualAccount('999999999999', 55_555);
      await until('the credit', async () => (await ledgerFacts(env.deps.db, B.id)).credits === before + 12_345);
      await sleep(500);
    } finally {
      await bank.setRules({ webhookDuplicateRate: 0 });
    }
    expect((await ledgerFacts(env.deps.db, B.id)).credits).toBe(before + 12_345);
    // The same credit webhook sent again by hand: still one row.
    const rows = await env.deps.db.selectFrom('ledger_entries').selectAll().where('employer_id', '=', B.id).where('kind', '=', 'CREDIT').execute();
    const credit = rows.find((r) => r.amount === 12_345)!;
    const body = JSON.stringify({
      event: 'virtual_account.credited',
      event_id: 'evt_manual_1',
      created_at: new Date().toISOString(),
      payload: { credit: { id: credit.bank_reference, virtual_account: virtualAccount, amount: 12_345, utr: '123456789012', created_at: new Date().toISOString() } },
    });
    const res = await fetch(`${env.baseUrl}/api/webhooks/bank`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bank-signature': bankSignature(WEBHOOK_SECRET, body) }, body });
    expect(res.status).toBe(200);
    expect((await ledgerFacts(env.deps.db, B.id)).credits).toBe(before + 12_345);
  });
});

// ---- POST /api/webhooks/bank ----

describe('POST /api/webhooks/bank', () => {
  it('refuses a body whose signature does not match (401) and acknowledges an event it does not know', async () => {
    const body = JSON.stringify({ event: 'virtual_account.credited', event_id: 'e1', created_at: new Date().toISOString(), payload: {} });
    const bad = await fetch(`${env.baseUrl}/api/webhooks/bank`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bank-signature': bankSignature('wrong', body) }, body });
    expect(bad.status).toBe(401);
    const none = await fetch(`${env.baseUrl}/api/webhooks/bank`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(none.status).toBe(401);
    // Signed over the exact bytes: the same JSON re-spaced does not verify.
    const spaced = body.replace(/,/g, ', ');
    const respaced = await fetch(`${env.baseUrl}/api/webhooks/bank`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bank-signature': bankSignature(WEBHOOK_SECRET, body) }, body: spaced });
    expect(respaced.status).toBe(401);
    const unknown = JSON.stringify({ event: 'payout.something_else', event_id: 'e2', created_at: new Date().toISOString(), payload: {} });
    const ok = await fetch(`${env.baseUrl}/api/webhooks/bank`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bank-signature': bankSignature(WEBHOOK_SECRET, unknown) }, body: unknown });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { outcome: string }).outcome).toBe('ignored');
  });
});

// ---- PUT execute-payroll ----

describe('PUT /employer-admin/payroll/execute-payroll', () => {
  it('refuses without enough balance (nothing written), then executes after a credit webhook', async () => {
    const p = await frozen({ entries: 4, salary: () => 2_000_000 });
    const facts = await ledgerFacts(env.deps.db, A.id);
    const balance = facts.credits - facts.debits;
    expect(balance).toBeLessThan(p.totalSalary);
    const refused = await execute(A.owner, p.payrollId);
    expect(refused.status).toBe(409);
    expect(refused.body.message.description).toContain(PAYROLL_MSG.insufficientBalance);
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');
    expect(await payoutsOf(p.payrollId)).toHaveLength(0);
    expect(await env.deps.db.selectFrom('ledger_entries').select('id').where('payroll_id', '=', p.payrollId).execute()).toHaveLength(0);

    await recharge(A.owner, p.totalSalary - balance);
    const ok = await execute(A.owner, p.payrollId);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ payrollId: p.payrollId, status: 'DISBURSAL_INITIATED', payouts: 4, message: PAYROLL_MSG.executionInProgress });
    expect((await payrollRow(p.payrollId)).executed_by).toBe(A.ownerId);
    const done = await settled(p.payrollId);
    expect(done.status).toBe('DISBURSAL_COMPLETED');
    expect((await accountInfo(A.owner)).body.accountBalance).toBe(0);
    for (const e of await entriesOf(p.payrollId)) {
      expect(e.status).toBe('TRANSFERRED');
      expect(e.utr).toMatch(/^\d{12}$/);
      expect(e.paid_at).not.toBeNull();
    }
    await expectExactlyOnceAtBank(p.payrollId);
    await expectLedgerReconciles(A.id, A.owner, p);
    const acts = (await activitiesOf(env, A.id, 'PAYROLL_EXECUTED')).filter((a) => a.target_id === p.payrollId);
    expect(acts).toHaveLength(1);
    expect(acts[0]!.admin_id).toBe(A.ownerId);
  });

  it('50 concurrent calls: one execution, one debit, one payout per entry at the bank', async () => {
    const p = await frozen({ entries: 40, skipped: 3, advances: 5, emis: 3 });
    await recharge(A.owner, p.totalSalary);
    const calls = await Promise.all(Array.from({ length: 50 }, (_, i) => execute(i % 2 ? A.owner : A.payroll, p.payrollId)));
    const statuses = calls.map((c) => c.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const already = PAYROLL_MSG.alreadyExecuted(monthLabel(monthOfDate(p.month)));
    for (const c of calls.filter((x) => x.status === 409)) expect(c.body.message.description).toBe(already);
    const debits = await env.deps.db.selectFrom('ledger_entries').selectAll().where('payroll_id', '=', p.payrollId).execute();
    expect(debits).toHaveLength(1);
    expect(debits[0]!.amount).toBe(p.totalSalary);
    expect(await payoutsOf(p.payrollId)).toHaveLength(40);
    expect((await settled(p.payrollId)).status).toBe('DISBURSAL_COMPLETED');
    const { payouts, stats } = await expectExactlyOnceAtBank(p.payrollId);
    expect(payouts.every((x) => x.attempt === 1 && x.status === 'TRANSFERRED' && x.idempotency_key === `${p.payrollId}:${x.entry_id}:1`)).toBe(true);
    expect(payouts.filter((x) => stats.byReference[x.id] === 1)).toHaveLength(40);
    const entries = await entriesOf(p.payrollId);
    expect(entries.filter((e) => e.status === 'SKIPPED')).toHaveLength(3);
    expect(entries.filter((e) => e.status === 'TRANSFERRED')).toHaveLength(40);
    for (const e of entries.filter((x) => x.status === 'TRANSFERRED')) expect(payouts.find((x) => x.id === e.request_id)?.utr).toBe(e.utr);
    await expectLedgerReconciles(A.id, A.owner, p);
    expect((await activitiesOf(env, A.id, 'PAYROLL_EXECUTED')).filter((a) => a.target_id === p.payrollId)).toHaveLength(1);
  });

  it('marks the deducted advances DEDUCTED_FROM_SALARY (event, repayment) and the EMIs DEDUCTED', async () => {
    const p = await frozen({ entries: 6, advances: 3, emis: 2, advanceAmount: 120_000, emiAmount: 40_000 });
    await recharge(A.owner, p.totalSalary);
    expect((await execute(A.owner, p.payrollId)).status).toBe(200);
    const txs = await env.deps.db.selectFrom('transactions').selectAll().where('id', 'in', p.advanceIds).execute();
    for (const t of txs) {
      expect(t.status).toBe('DEDUCTED_FROM_SALARY');
      expect(t.repaid_amount).toBe(t.amount);
    }
    const events = await env.deps.db.selectFrom('transaction_events').selectAll().where('transaction_id', 'in', p.advanceIds).where('status', '=', 'DEDUCTED_FROM_SALARY').execute();
    expect(events).toHaveLength(3);
    const repayments = await env.deps.db.selectFrom('repayments').selectAll().where('transaction_id', 'in', p.advanceIds).execute();
    expect(repayments.map((r) => [r.amount, r.source])).toEqual(Array(3).fill([120_000, 'SALARY_DEDUCTION']));
    const emis = await env.deps.db.selectFrom('topup_emis').selectAll().where('id', 'in', p.emiIds).execute();
    expect(emis.every((m) => m.status === 'DEDUCTED')).toBe(true);
    const payouts = await payoutsOf(p.payrollId);
    const entries = await entriesOf(p.payrollId);
    for (const e of entries) expect(payouts.find((x) => x.entry_id === e.id)!.amount).toBe(e.amount_payable);
    await settled(p.payrollId);
    await expectLedgerReconciles(A.id, A.owner, p);
  });

  it('refuses (and rolls back) when an advance was repaid after processing', async () => {
    const p = await frozen({ entries: 2, advances: 1 });
    await recharge(A.owner, p.totalSalary);
    await env.deps.db.updateTable('transactions').set({ status: 'REPAID', repaid_amount: 150_000 }).where('id', '=', p.advanceIds[0]!).execute();
    const r = await execute(A.owner, p.payrollId);
    expect(r.status).toBe(409);
    expect(r.body.message.description).toMatch(/repaid or changed after it was processed/);
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');
    expect(await payoutsOf(p.payrollId)).toHaveLength(0);
    expect(await env.deps.db.selectFrom('ledger_entries').select('id').where('payroll_id', '=', p.payrollId).execute()).toHaveLength(0);
    // Give the money back to the next test's balance arithmetic: nothing was debited.
  });

  it('is WRITE on PAYROLL: a viewer gets 403 and nothing moves', async () => {
    const p = await frozen({ entries: 1 });
    const r = await execute(A.viewer, p.payrollId);
    expect(r.status).toBe(403);
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');
  });

  it("is scoped: another employer's payroll, or the employer's payroll from vendor context, is not found (404)", async () => {
    const p = await frozen({ entries: 1 });
    expect((await execute(B.owner, p.payrollId)).status).toBe(404);
    expect((await execute(A.owner, p.payrollId, A.v1)).status).toBe(404);
    expect((await rerun(B.owner, p.payrollId)).status).toBe(404);
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');
    // A vendor's payroll is executed in its vendor's context (from the employer's account).
    const v = await frozen({ entries: 2, vendorId: A.v1 });
    expect((await execute(A.owner, v.payrollId)).status).toBe(404);
    expect((await execute(A.vendorAdmin, v.payrollId, A.v2)).status).toBe(403);
    await recharge(A.owner, v.totalSalary); // the employer recharges: a vendor sees no virtual account (decision 0034)
    const ok = await execute(A.vendorAdmin, v.payrollId, A.v1);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await settled(v.payrollId)).status).toBe('DISBURSAL_COMPLETED');
    const act = (await activitiesOf(env, A.id, 'PAYROLL_EXECUTED')).find((a) => a.target_id === v.payrollId)!;
    expect(act.vendor_id).toBe(A.v1);
  });

  it('refuses statuses other than PAYROLL_FROZEN, and outside the execution window', async () => {
    const p = await frozen({ entries: 1 });
    await env.deps.db.updateTable('payrolls').set({ status: 'PROCESSED' }).where('id', '=', p.payrollId).execute();
    const r = await execute(A.owner, p.payrollId);
    expect(r.status).toBe(409);
    expect(r.body.message.description).toBe(PAYROLL_MSG.notAllowed('PROCESSED'));
    await env.deps.db.updateTable('payrolls').set({ status: 'PAYROLL_FROZEN' }).where('id', '=', p.payrollId).execute();
    // The execution start day is after today (day 31 clamps to the month's last day, so not on the last day).
    const day = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', day: '2-digit' }).format(env.clock.now()));
    const employer = await env.deps.db.selectFrom('employers').select('config').where('id', '=', A.id).executeTakeFirstOrThrow();
    if (day < 28) {
      await env.deps.db.updateTable('employers').set({ config: JSON.stringify({ ...employer.config, payrollExecutionStartDay: 28 }) }).where('id', '=', A.id).execute();
      try {
        const closed = await execute(A.owner, p.payrollId);
        expect(closed.status).toBe(409);
        expect(closed.body.message.description).toMatch(/^Payroll can be executed only from \d{4}-\d{2}-28 to /);
      } finally {
        await env.deps.db.updateTable('employers').set({ config: JSON.stringify(employer.config) }).where('id', '=', A.id).execute();
      }
    }
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');
  });
});

// ---- issue 20 item 1: a return after the re-run window has closed ----

describe('a payout reversed after the payroll window has closed', () => {
  it('comes back to the balance as its own CREDIT, once; the re-run stays refused, the statement shows it', async () => {
    const p = await frozen({ entries: 3 });
    await recharge(A.owner, p.totalSalary);
    expect((await execute(A.owner, p.payrollId)).status).toBe(200);
    expect((await settled(p.payrollId)).status).toBe('DISBURSAL_COMPLETED');
    // The window closes (the payroll becomes last month's), then the bank reverses one paid payout.
    await env.deps.db.updateTable('payrolls').set({ month: sql`month - interval '1 month'` }).where('id', '=', p.payrollId).execute();
    const paid = (await payoutsOf(p.payrollId))[0]!;
    const before = (await accountInfo(A.owner)).body.accountBalance;
    const reversal = { payoutId: paid.id, bankPayoutId: paid.bank_payout_id, status: 'REVERSED' as const, utr: paid.utr, failureReason: 'Reversed by the bank: beneficiary account closed' };
    await Promise.all([1, 2, 3].map(() => applyBankUpdates(env.deps.db, [reversal])));
    expect((await accountInfo(A.owner)).body.accountBalance).toBe(before + paid.amount);
    const credits = await env.deps.db.selectFrom('ledger_entries').selectAll().where('payout_id', '=', paid.id).execute();
    expect(credits).toHaveLength(1);
    expect(credits[0]!.reason).toMatch(/reversed by the bank on \d{2} \w{3} \d{4}/);
    // (A re-run is refused whatever the payroll's status says now: the window has closed.)
    const r = await rerun(A.owner, p.payrollId);
    expect(r.status).toBe(409);
    expect((await accountInfo(A.owner)).body.accountBalance).toBe(before + paid.amount);
    const statement = await env.call<AccountStatement>('GET', '/employer-admin/payroll/account-statement', { token: A.owner });
    expect(statement.body.lines.find((l) => l.reason === credits[0]!.reason)).toMatchObject({ what: 'RETURN', amount: paid.amount });
    expect(statement.body.credits - statement.body.debits).toBe(statement.body.accountBalance);
  }, 60_000);
});

// ---- the bank's faults, webhooks, reversal and the re-run ----

describe('payouts against a faulty bank', () => {
  it('timeouts and 500s before and after the bank recorded the payout: every entry paid exactly once, retries with the same key', async () => {
    const fault = (i: number) => ['timeoutBeforeRecording', 'timeoutAfterRecording', 'error500BeforeRecording', 'error500AfterRecording', null][i % 5];
    const p = await frozen({ entries: 10, account: (i) => `66${String(i).padStart(8, '0')}${Date.now() % 100}` });
    const accounts = (await entriesOf(p.payrollId)).map((e) => env.deps.protector.openText(e.account_number));
    const rules: Record<string, string[]> = { timeoutBeforeRecording: [], timeoutAfterRecording: [], error500BeforeRecording: [], error500AfterRecording: [] };
    accounts.forEach((a, i) => fault(i) && rules[fault(i)!]!.push(a));
    await bank.setRules({ ...rules, faultsPerKey: 1, hangMs: 3_000 });
    try {
      await recharge(A.owner, p.totalSalary);
      expect((await execute(A.owner, p.payrollId)).status).toBe(200);
      expect((await settled(p.payrollId)).status).toBe('DISBURSAL_COMPLETED');
    } finally {
      await bank.setRules({ timeoutBeforeRecording: [], timeoutAfterRecording: [], error500BeforeRecording: [], error500AfterRecording: [] });
    }
    const { payouts } = await expectExactlyOnceAtBank(p.payrollId);
    expect(payouts).toHaveLength(10);
    expect(payouts.every((x) => x.status === 'TRANSFERRED' && x.attempt === 1)).toBe(true);
    // The bank's payout for each reference was created under our stored key.
    const keys = await sql<{ reference_id: string; idempotency_key: string }>`select reference_id, idempotency_key from bank_sim.payouts where reference_id = any(${payouts.map((x) => x.id)})`.execute(env.deps.db);
    for (const k of keys.rows) expect(k.idempotency_key).toBe(payouts.find((x) => x.id === k.reference_id)!.idempotency_key);
  }, 60_000);

  it('duplicated and out-of-order webhooks: events recorded once per (payout, status), statuses only move forward', async () => {
    await bank.setRules({ webhookDuplicateRate: 1, webhookOutOfOrder: true, webhookReorderWindowMs: 200, latencyMs: { toProcessing: [0, 30], toSettled: [0, 30] } });
    let p: FrozenPayroll;
    try {
      p = await frozen({ entries: 12 });
      await recharge(A.owner, p.totalSalary);
      expect((await execute(A.owner, p.payrollId)).status).toBe(200);
      expect((await settled(p.payrollId)).status).toBe('DISBURSAL_COMPLETED');
      await sleep(800);
    } finally {
      await bank.setRules({ webhookDuplicateRate: 0, webhookOutOfOrder: false, latencyMs: { toProcessing: [0, 0], toSettled: [0, 0] } });
    }
    const { payouts } = await expectExactlyOnceAtBank(p.payrollId);
    expect(payouts.every((x) => x.status === 'TRANSFERRED')).toBe(true);
    const events = await env.deps.db.selectFrom('payout_events').selectAll().where('payout_id', 'in', payouts.map((x) => x.id)).execute();
    const keys = events.map((e) => `${e.bank_payout_id}/${e.status}`);
    expect(new Set(keys).size).toBe(keys.length);

    // A late `processing` (and a repeated `processed`) sent by hand after `processed`: nothing moves back.
    const one = payouts[0]!;
    const bankPayout = await bank.api.getPayout(one.bank_payout_id!);
    for (const [event, status] of [['payout.processing', 'processing'], ['payout.processed', 'processed'], ['payout.queued', 'queued']] as const) {
      const body = JSON.stringify({ event, event_id: `evt_late_${status}`, created_at: new Date().toISOString(), payload: { payout: { ...bankPayout, status, utr: status === 'processed' ? bankPayout.utr : null } } });
      const res = await fetch(`${env.baseUrl}/api/webhooks/bank`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bank-signature': bankSignature(WEBHOOK_SECRET, body) }, body });
      expect(res.status).toBe(200);
    }
    const after = await env.deps.db.selectFrom('payouts').selectAll().where('id', '=', one.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('TRANSFERRED');
    expect(after.utr).toBe(bankPayout.utr);
    expect((await env.deps.db.selectFrom('payroll_entries').select(['status', 'utr']).where('id', '=', one.entry_id).executeTakeFirstOrThrow()).status).toBe('TRANSFERRED');
  }, 60_000);

  it('failed and processed -> reversed: DISBURSAL_FAILED, the amounts returned once; the re-run sends attempt 2 only for those and debits exactly that', async () => {
    const stamp = String(Date.now() % 1e6).padStart(6, '0');
    const p = await frozen({ entries: 8, account: (i) => `55${stamp}${String(i).padStart(4, '0')}` });
    const entries = await entriesOf(p.payrollId);
    const opened = entries.map((e) => env.deps.protector.openText(e.account_number));
    const failAccount = opened[1]!;
    const reverseAccounts = [opened[3]!, opened[6]!];
    await bank.setRules({ failAccounts: [failAccount], reverseAccounts });
    await recharge(A.owner, p.totalSalary);
    expect((await execute(A.owner, p.payrollId)).status).toBe(200);
    await until('the reversals', async () => (await payoutsOf(p.payrollId)).filter((x) => x.status === 'REVERSED').length === 2);
    expect((await settled(p.payrollId)).status).toBe('DISBURSAL_FAILED');
    await until('the payroll to be failed', async () => (await payrollRow(p.payrollId)).status === 'DISBURSAL_FAILED');
    const first = await payoutsOf(p.payrollId);
    const byEntry = new Map(first.map((x) => [x.entry_id, x]));
    expect(byEntry.get(entries[1]!.id)!.status).toBe('FAILED');
    expect(byEntry.get(entries[1]!.id)!.failure_reason).toBeTruthy();
    for (const i of [3, 6]) {
      const x = byEntry.get(entries[i]!.id)!;
      expect(x.status).toBe('REVERSED');
      expect(x.failure_reason).toMatch(/^Reversed by the bank/);
      expect(x.utr).toMatch(/^\d{12}$/);
    }
    const mirrored = await entriesOf(p.payrollId);
    expect(mirrored.filter((e) => e.status === 'FAILED').map((e) => e.row_number).sort()).toEqual([2, 4, 7]);

    // Issue 20 item 1: the three amounts came back to the balance, each as its own CREDIT naming
    // the payout, the worker and why, exactly once even when the bank's answers are applied again
    // (repeated and racing, as webhooks and the poll would).
    const unpaid = first.filter((x) => x.status !== 'TRANSFERRED');
    const returnsOf = () => env.deps.db.selectFrom('ledger_entries').selectAll().where('payout_id', 'in', unpaid.map((x) => x.id)).execute();
    await until('the returns', async () => (await returnsOf()).length === 3);
    const again = unpaid.map((x) => ({ payoutId: x.id, bankPayoutId: x.bank_payout_id, status: x.status, utr: x.utr, failureReason: x.failure_reason }));
    await Promise.all([1, 2, 3, 4].map(() => applyBankUpdates(env.deps.db, again)));
    const returns = await returnsOf();
    expect(returns).toHaveLength(3);
    for (const x of unpaid) {
      const ret = returns.find((c) => c.payout_id === x.id)!;
      const entry = mirrored.find((e) => e.id === x.entry_id)!;
      expect(ret).toMatchObject({ kind: 'CREDIT', amount: x.amount, bank_reference: `payout-return:${x.id}`, employer_id: A.id });
      expect(ret.reason).toContain(entry.name);
      expect(ret.reason).toContain(entry.employer_employee_code);
      expect(ret.reason).toMatch(x.status === 'REVERSED' ? /reversed by the bank on \d{2} \w{3} \d{4}/ : /attempt 1, /);
    }
    const returned = unpaid.reduce((t, x) => t + x.amount, 0);
    const afterRun1 = await ledgerFacts(env.deps.db, A.id);
    expect(mirrored.filter((e) => e.status === 'TRANSFERRED')).toHaveLength(5);

    // Issue 20 item 2: the payout screen's rows say when a paid payout was reversed (the UTR is no
    // payment); the rejected one has no reversal. Payroll-details counts what came back.
    const m = monthOfDate(p.month);
    const failedTab = await env.call<EmployeePayoutDetailsResult>('POST', '/employer-admin/payroll/employee-payout-details', { token: A.viewer, body: { month: m.month, year: m.year, status: 'FAILED', payrollId: p.payrollId } });
    expect(failedTab.status).toBe(200);
    const today = businessDate(new Date());
    expect(failedTab.body.data.map((r) => [r.rowNumber, r.status, r.reversedOn ?? null]).sort()).toEqual([
      [2, 'FAILED', null],
      [4, 'FAILED', today],
      [7, 'FAILED', today],
    ]);
    const shown = await env.call<PayrollDetails>('GET', '/employer-admin/payroll/payroll-details', { token: A.viewer, query: { month: String(m.month), year: String(m.year) } });
    expect(shown.body.returned).toEqual({ count: 3, amount: unpaid.reduce((t, x) => t + x.amount, 0) });

    // The account statement (READ, employer context): each return its own line, credits - debits =
    // the balance = the sum of the ledger, each line's running balance; refused in vendor context.
    const statement = await env.call<AccountStatement>('GET', '/employer-admin/payroll/account-statement', { token: A.viewer });
    expect(statement.status).toBe(200);
    const facts = await ledgerFacts(env.deps.db, A.id);
    expect(statement.body).toMatchObject({ credits: facts.credits, debits: facts.debits, accountBalance: facts.credits - facts.debits });
    expect(statement.body.accountBalance).toBe((await accountInfo(A.viewer)).body.accountBalance);
    for (const x of unpaid) {
      const line = statement.body.lines.find((l) => l.reason === returns.find((c) => c.payout_id === x.id)!.reason);
      expect(line).toMatchObject({ kind: 'CREDIT', what: 'RETURN', amount: x.amount });
    }
    expect(statement.body.lines[0]!.balanceAfter).toBe(statement.body.accountBalance);
    statement.body.lines.slice(0, -1).forEach((l, i) => expect(l.balanceAfter - (l.kind === 'CREDIT' ? l.amount : -l.amount)).toBe(statement.body.lines[i + 1]!.balanceAfter));
    expect((await env.call('GET', '/employer-admin/payroll/account-statement', { token: A.vendorAdmin, query: { vendorId: A.v1 } })).status).toBe(404);

    // A viewer may not re-run; the bank is fixed; the re-run touches only the three.
    expect((await rerun(A.viewer, p.payrollId)).status).toBe(403);
    await bank.setRules({ failAccounts: [], reverseAccounts: [] });
    const balanceBefore = (await accountInfo(A.owner)).body.accountBalance;
    const r = await rerun(A.owner, p.payrollId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ payrollId: p.payrollId, status: 'DISBURSAL_IN_PROGRESS', payouts: 3 });
    expect((await rerun(A.owner, p.payrollId)).status).toBe(409);
    expect((await settled(p.payrollId)).status).toBe('DISBURSAL_COMPLETED');
    const all = await payoutsOf(p.payrollId);
    expect(all).toHaveLength(11);
    const seconds = all.filter((x) => x.attempt === 2);
    expect(seconds.map((x) => x.entry_id).sort()).toEqual([entries[1]!.id, entries[3]!.id, entries[6]!.id].sort());
    for (const x of seconds) {
      expect(x.idempotency_key).toBe(`${p.payrollId}:${x.entry_id}:2`);
      expect(x.status).toBe('TRANSFERRED');
      expect(x.amount).toBe(byEntry.get(x.entry_id)!.amount);
    }
    // The five paid the first time were not touched.
    for (const x of first.filter((y) => y.status === 'TRANSFERRED')) expect(all.find((y) => y.id === x.id)!.updated_at).toEqual(x.updated_at);
    const final = await entriesOf(p.payrollId);
    expect(final.every((e) => e.status === 'TRANSFERRED')).toBe(true);
    for (const x of seconds) expect(final.find((e) => e.id === x.entry_id)!.request_id).toBe(x.id);
    // The re-run debited again exactly what it sent (its own DEBIT, run 2); no new return.
    const rerunDebits = await env.deps.db.selectFrom('ledger_entries').selectAll().where('payroll_id', '=', p.payrollId).where('run', '=', 2).execute();
    expect(rerunDebits).toHaveLength(1);
    expect(rerunDebits[0]!.amount).toBe(returned);
    expect(seconds.reduce((t, x) => t + x.amount, 0)).toBe(returned);
    expect((await accountInfo(A.owner)).body.accountBalance).toBe(balanceBefore - returned);
    expect(await ledgerFacts(env.deps.db, A.id)).toEqual({ credits: afterRun1.credits, debits: afterRun1.debits + returned });
    await expectExactlyOnceAtBank(p.payrollId);
    await expectLedgerReconciles(A.id, A.owner, p);
    expect((await activitiesOf(env, A.id, 'PAYROLL_PAYOUTS_REINITIATED')).filter((a) => a.target_id === p.payrollId)).toHaveLength(1);
  }, 60_000);

  it('re-run is refused unless the payroll is DISBURSAL_FAILED', async () => {
    const p = await frozen({ entries: 1 });
    const r = await rerun(A.owner, p.payrollId);
    expect(r.status).toBe(409);
    expect(r.body.message.description).toBe(PAYROLL_MSG.notAllowed('PAYROLL FROZEN'));
  });

  it('a lost webhook: the reconciliation poll asks the bank and settles the payout', async () => {
    const p = await frozen({ entries: 3 });
    await recharge(A.owner, p.totalSalary);
    // Webhooks refused (the portal cannot verify them) while the payouts settle at the bank.
    env.deps.bank.webhookSecret = 'not-the-bank-secret';
    try {
      expect((await execute(A.owner, p.payrollId)).status).toBe(200);
      expect((await settled(p.payrollId, 20_000)).status).toBe('DISBURSAL_COMPLETED');
      const payouts = await payoutsOf(p.payrollId);
      expect(payouts.every((x) => x.status === 'TRANSFERRED' && x.utr)).toBe(true);
      // No event was recorded for them: the poll did it.
      expect(await env.deps.db.selectFrom('payout_events').select('bank_payout_id').where('payout_id', 'in', payouts.map((x) => x.id)).execute()).toHaveLength(0);
    } finally {
      env.deps.bank.webhookSecret = WEBHOOK_SECRET;
    }
    await expectExactlyOnceAtBank(p.payrollId);
  }, 40_000);
});

// ---- the whole journey, through the payroll part's own calls ----

describe('upload -> processing -> finalize -> execute -> paid (the payroll part and this one together)', () => {
  it('pays the finalized entries of an uploaded sheet, collects the advance, and shows the outcome on the payroll screens', async () => {
    const e = await createEmployer(env);
    const owner = await signIn(env, e.owner);
    const M = payrollMonthOf(businessDate(env.clock.now()));
    const workers = await Promise.all([0, 1, 2].map(() => insertWorker(env, { employer_id: e.employer.id })));
    // An advance taken in the payroll month, repaid from this salary.
    const advance = await env.deps.db
      .insertInto('transactions')
      .values({ employer_id: e.employer.id, worker_id: workers[0]!.id, amount: 250_000, status: 'TRANSFERRED', worker_snapshot: '{}', created_at: new Date(`${firstDayOf(M)}T06:00:00Z`) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Payroll');
    ws.addRow(['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC']);
    workers.forEach((w, i) => ws.addRow([w.employer_worker_id, `Worker ${i}`, '', 30000, 30, i === 2 ? 0 : 30, `9100000000${i}`, 'HDFC0001234']));
    const file = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const up = await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token: owner, body: { file, fileName: 'payroll.xlsx' } });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const payrollId = up.body.payrollId as string;
    const details = () => env.call('GET', '/employer-admin/payroll/payroll-details', { token: owner, query: { month: String(M.month), year: String(M.year) } });
    const processed = await until('processing', async () => {
      const d = await details();
      return d.status === 200 && d.body.status === 'PROCESSED' ? d.body : null;
    });
    expect(processed).toMatchObject({ finalizedEntries: 2, skippedEntries: 1 });
    const required = processed.completePayrollPayoutBreakup.totalBalanceRequired as number;
    expect(required).toBe(2 * 3_000_000);
    expect(processed.completePayrollPayoutBreakup.providerAmount).toBe(250_000);
    // Nothing has left the account before the execution (issue 20 item 6).
    expect(processed.debited).toBeNull();

    // Executing before the freeze is refused; then finalize, recharge exactly what is needed, execute.
    expect((await execute(owner, payrollId)).status).toBe(409);
    expect((await env.call('PUT', '/employer-admin/payroll/update-payroll-status', { token: owner, body: { payrollId, status: 'PAYROLL_FROZEN' } })).status).toBe(200);
    await recharge(owner, required);
    const ok = await execute(owner, payrollId);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.payouts).toBe(2);
    const done = await until('the payout screen to show the payroll paid', async () => {
      const d = await details();
      return d.body.status === 'DISBURSAL_COMPLETED' ? d.body : null;
    });
    expect(done.paid).toEqual({ count: 2, amount: 2 * 3_000_000 - 250_000 });
    // What was debited: the execution's DEBIT in the ledger, payouts + deductions (more than what went to employees).
    const debit = await env.deps.db.selectFrom('ledger_entries').select('amount').where('payroll_id', '=', payrollId).where('kind', '=', 'DEBIT').executeTakeFirstOrThrow();
    expect(done.debited).toBe(Number(debit.amount));
    expect(done.debited).toBe(2 * 3_000_000);
    expect(done.failed.count).toBe(0);
    expect(done.isReexecutionAllowed).toBe(false);
    expect((await accountInfo(owner)).body.accountBalance).toBe(0);

    const table = await env.call('POST', '/employer-admin/payroll/employee-payout-details', { token: owner, body: { month: M.month, year: M.year, status: 'TRANSFERRED' } });
    expect(table.status).toBe(200);
    expect(table.body.totalCount).toBe(2);
    const payouts = await payoutsOf(payrollId);
    for (const row of table.body.data) {
      expect(row.utr).toMatch(/^\d{12}$/);
      expect(payouts.find((x) => x.id === row.requestId)?.entry_id).toBe(row._id);
    }
    const tx = await env.deps.db.selectFrom('transactions').selectAll().where('id', '=', advance.id).executeTakeFirstOrThrow();
    expect(tx.status).toBe('DEDUCTED_FROM_SALARY');
    expect(await expectExactlyOnceAtBank(payrollId)).toBeTruthy();
  }, 60_000);
});
