/**
 * Payroll through the streaming account (issue 12 item 4; decision 0022) over HTTP: the employer's
 * opt-in set by the operators' CLI function, the PAYROLL_STREAMING_ACCOUNT upload refused without
 * it (nothing stored) and kept as its own kind with it, the month's streaming-account payroll by
 * month and year, and its execution by streaming account id through the same exactly-once
 * execution (real queue, real simulated bank), scoped by employer, context and permission. The
 * new paths are in the OpenAPI document.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYROLL_MSG, ROLE_IDS, businessDate, monthLabel, payrollMonthOf, type MonthYearValue } from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { setStreamingAccountOptIn } from '../src/features/payroll/index.js';
import { workPayoutJobs, type PayoutWorker } from '../src/features/payouts/index.js';
import { processSheet } from '../src/sheets.js';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { WEBHOOK_SECRET, insertFrozenPayroll, ledgerFacts, startTestBank, until, type TestBank } from './payouts-fixtures.js';
import { activitiesOf, insertWorker, uniqueTag } from './workers-fixtures.js';

let env: TestEnv;
let bank: TestBank;
let worker: PayoutWorker;
let M: MonthYearValue;
/** A: opted in by the CLI function; owner, viewer, payroll manager, vendor admin of v1. B: not opted in. */
let A: { id: string; name: string; ownerId: string; owner: string; viewer: string; payroll: string; vendorAdmin: string; v1: string; v2: string };
let B: { id: string; ownerId: string; owner: string };

beforeAll(async () => {
  env = await createTestEnv({
    queue: true,
    env: { BANK_API_KEY: 'unused', BANK_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYOUT_SWEEP_MS: '300', PAYOUT_STALE_MS: '1500' },
  });
  bank = await startTestBank(env.deps, env.deps.config.databaseUrl!, env.baseUrl);
  worker = (await workPayoutJobs(env.deps))!;
  await workDocumentJobs(env.deps, processSheet);
  M = payrollMonthOf(businessDate(env.clock.now()));
  const a = await createEmployer(env);
  const b = await createEmployer(env);
  A = {
    id: a.employer.id,
    name: a.employer.name,
    ownerId: a.owner.id,
    owner: await signIn(env, a.owner),
    viewer: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.viewer)),
    payroll: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.payrollManager)),
    vendorAdmin: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.vendorAdmin, a.vendors[0]!.id)),
    v1: a.vendors[0]!.id,
    v2: a.vendors[1]!.id,
  };
  B = { id: b.employer.id, ownerId: b.owner.id, owner: await signIn(env, b.owner) };
  const on = await setStreamingAccountOptIn(env.deps.db, A.id, true);
  expect(on).toMatchObject({ ok: true, before: false, after: true });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await bank?.sim.close();
  await env?.close();
});

// ---- helpers ----

const HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];

/** A valid payroll sheet for `n` new workers of the employer (own workers), 30,000 rupees each, all paid days. */
async function sheetFor(employerId: string, n: number): Promise<string> {
  const workers = await Promise.all(Array.from({ length: n }, () => insertWorker(env, { employer_id: employerId })));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Payroll');
  ws.addRow(HEADER);
  const tag = String(Date.now() % 1e6).padStart(6, '0');
  workers.forEach((w, i) => ws.addRow([w.employer_worker_id, w.full_name, '', 30000, 30, 30, `81${tag}${String(i).padStart(4, '0')}`, 'HDFC0001234']));
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const upload = (token: string, file: string, docType?: string, vendorId?: string) =>
  env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token, query: { vendorId }, body: { file, fileName: `payroll-${uniqueTag()}.xlsx`, ...(docType ? { docType } : {}) } });
const monthQuery = (m: MonthYearValue = M) => ({ month: String(m.month), year: String(m.year) });
const streamingDetails = (token: string, vendorId?: string) => env.call('GET', '/employer-admin/payroll/streaming-account/payroll-details', { token, query: { ...monthQuery(), vendorId } });
const details = (token: string, vendorId?: string) => env.call('GET', '/employer-admin/payroll/payroll-details', { token, query: { ...monthQuery(), vendorId } });
const accountInfo = (token: string, vendorId?: string) => env.call('GET', '/employer-admin/payroll/stream-account-info', { token, query: { vendorId } });
const executeStreaming = (token: string, streamingAccountId: string, vendorId?: string) =>
  env.call('PUT', '/employer-admin/payroll/streaming-account/execute-payroll', { token, query: { streamingAccountId, ...monthQuery(), vendorId } });
const executeById = (token: string, payrollId: string, vendorId?: string) => env.call('PUT', '/employer-admin/payroll/execute-payroll', { token, query: { payrollId, vendorId } });
const payrollRow = (id: string) => env.deps.db.selectFrom('payrolls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const debitsOf = (payrollId: string) => env.deps.db.selectFrom('ledger_entries').selectAll().where('payroll_id', '=', payrollId).where('kind', '=', 'DEBIT').execute();

/** How many rows of each kind an employer has stored for its uploads. */
async function storedCounts(employerId: string) {
  const count = async (table: 'payrolls' | 'document_uploads' | 'stored_files') =>
    Number((await env.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('employer_id', '=', employerId).executeTakeFirstOrThrow()).n);
  return { payrolls: await count('payrolls'), uploads: await count('document_uploads'), files: await count('stored_files'), activities: (await activitiesOf(env, employerId, 'DOCUMENT_UPLOADED')).length };
}

/** Money in through the bank: a credit, its webhook, the CREDIT row. */
async function recharge(token: string, paise: number): Promise<void> {
  const { accountBalance: before, virtualAccount } = (await accountInfo(token)).body;
  await bank.api.creditVirtualAccount(virtualAccount, paise);
  await until('the credit webhook', async () => (await accountInfo(token)).body.accountBalance === before + paise);
}

/** A frozen streaming-account payroll of the current month in a context (the payouts fixture, then its kind). */
async function frozenStreaming(vendorId: string | null, entries = 2) {
  const p = await insertFrozenPayroll(env.deps, env.clock.now(), { employerId: A.id, adminId: A.ownerId, vendorId, entries });
  const row = await env.deps.db.updateTable('payrolls').set({ kind: 'PAYROLL_STREAMING_ACCOUNT' }).where('id', '=', p.payrollId).returning('upload_id').executeTakeFirstOrThrow();
  await env.deps.db.updateTable('document_uploads').set({ doc_type: 'PAYROLL_STREAMING_ACCOUNT' }).where('id', '=', row.upload_id).execute();
  return p;
}

// ---- the opt-in ----

describe('the opt-in (the CLI command streaming-account)', () => {
  it('is set per employer by the same function the CLI calls, by id or exact name, and the screens are told through payroll-info', async () => {
    const e = await createEmployer(env);
    const token = await signIn(env, e.owner);
    const info = () => env.call('GET', '/employer-admin/payroll/payroll-info', { token });
    expect((await info()).body.hasEmployerOptedForStreamingAccount).toBe(false);
    expect(await setStreamingAccountOptIn(env.deps.db, e.employer.name.toUpperCase(), true)).toEqual({ ok: true, employerId: e.employer.id, name: e.employer.name, before: false, after: true });
    expect((await info()).body.hasEmployerOptedForStreamingAccount).toBe(true);
    expect((await env.call('GET', '/employer-admin/payroll', { token })).body.hasEmployerOptedForStreamingAccount).toBe(true);
    expect((await env.call('GET', '/employer-admin/employer-config', { token })).body.hasEmployerOptedForStreamingAccount).toBe(true);
    // Reading it changes nothing; turning it off keeps the rest of the config.
    expect(await setStreamingAccountOptIn(env.deps.db, e.employer.id)).toMatchObject({ ok: true, before: true, after: true });
    const configBefore = (await env.deps.db.selectFrom('employers').select('config').where('id', '=', e.employer.id).executeTakeFirstOrThrow()).config;
    expect(await setStreamingAccountOptIn(env.deps.db, e.employer.id, false)).toMatchObject({ ok: true, before: true, after: false });
    const configAfter = (await env.deps.db.selectFrom('employers').select('config').where('id', '=', e.employer.id).executeTakeFirstOrThrow()).config;
    expect(configAfter).toEqual({ ...configBefore, hasEmployerOptedForStreamingAccount: false });
    expect((await info()).body.hasEmployerOptedForStreamingAccount).toBe(false);
    // Another employer is untouched; unknown and ambiguous names are refused.
    expect((await env.call('GET', '/employer-admin/payroll/payroll-info', { token: A.owner })).body.hasEmployerOptedForStreamingAccount).toBe(true);
    expect((await env.call('GET', '/employer-admin/payroll/payroll-info', { token: B.owner })).body.hasEmployerOptedForStreamingAccount).toBe(false);
    expect(await setStreamingAccountOptIn(env.deps.db, 'No Such Employer Pvt Ltd', true)).toEqual({ ok: false, reason: 'not-found', matches: 0 });
    expect(await setStreamingAccountOptIn(env.deps.db, '5a6b7c8d-0000-4000-8000-000000000999', true)).toEqual({ ok: false, reason: 'not-found', matches: 0 });
    const twin = `Twin ${uniqueTag()}`;
    await createEmployer(env, { name: twin });
    await createEmployer(env, { name: twin });
    expect(await setStreamingAccountOptIn(env.deps.db, twin, true)).toEqual({ ok: false, reason: 'ambiguous', matches: 2 });
  });
});

// ---- the upload ----

describe('POST upload-payroll-doc with docType PAYROLL_STREAMING_ACCOUNT', () => {
  it('is refused without the opt-in, with the message, and nothing is stored; a payroll upload is still accepted', async () => {
    const file = await sheetFor(B.id, 2);
    const before = await storedCounts(B.id);
    const refused = await upload(B.owner, file, 'PAYROLL_STREAMING_ACCOUNT');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toEqual({ description: PAYROLL_MSG.streamingNotOptedIn, code: 'STREAMING_ACCOUNT_NOT_OPTED_IN' });
    expect(await storedCounts(B.id)).toEqual(before);
    // The ordinary upload stays open to everyone, and is kept as what it is.
    const ok = await upload(B.owner, file);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await payrollRow(ok.body.payrollId)).kind).toBe('PAYROLL_UPLOAD');
    // Its month has a payroll, but not a streaming-account one.
    expect((await details(B.owner)).status).toBe(200);
    const none = await streamingDetails(B.owner);
    expect(none.status).toBe(404);
    expect(none.body.message.description).toBe(PAYROLL_MSG.noData);
  });

  it('with the opt-in is kept as PAYROLL_STREAMING_ACCOUNT: the upload, the payroll, the history, and the month by month and year', async () => {
    expect((await streamingDetails(A.owner)).status).toBe(404);
    const up = await upload(A.owner, await sheetFor(A.id, 3), 'PAYROLL_STREAMING_ACCOUNT');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ status: 'PROCESSING', month: { month: M.month, year: M.year, label: monthLabel(M) } });
    const { payrollId, documentId } = up.body as { payrollId: string; documentId: string };
    const processed = await until('processing', async () => {
      const d = await streamingDetails(A.owner);
      // A processed payroll's sheet is stored just after the status moves: wait for both.
      return d.status === 200 && d.body.status === 'PROCESSED' && d.body.payrollFile.processedFileUrl ? d.body : null;
    });
    expect(processed).toMatchObject({ _id: payrollId, documentId, kind: 'PAYROLL_STREAMING_ACCOUNT', finalizedEntries: 3, completePayrollPayoutBreakup: { totalBalanceRequired: 3 * 3_000_000 } });
    // payroll-details answers the same payroll, in the same shape.
    const plain = await details(A.owner);
    expect(plain.body).toEqual(processed);

    expect((await payrollRow(payrollId)).kind).toBe('PAYROLL_STREAMING_ACCOUNT');
    const audit = await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${documentId}`, { token: A.owner });
    expect(audit.body).toMatchObject({ docType: 'PAYROLL_STREAMING_ACCOUNT', status: 'PROCESSED' });
    const history = await env.call('GET', '/employer-admin/payroll', { token: A.owner });
    expect(history.body.hasEmployerOptedForStreamingAccount).toBe(true);
    const row = history.body.payrolls.find((r: { _id: string }) => r._id === payrollId);
    expect(row).toMatchObject({ kind: 'PAYROLL_STREAMING_ACCOUNT', documentId, status: 'PROCESSED' });
    // Its sheets are stored under the payroll document types and download as any payroll's.
    const [, , documentType, fileId] = (row.originalDocumentURL as string).split('/');
    expect(documentType).toBe('PAYROLL');
    const doc = await env.call('GET', '/employer-admin/doc', { token: A.owner, query: { documentType, documentId: fileId, employerAdminId: A.ownerId } });
    expect(doc.status).toBe(200);
    expect(row.processedDocumentURL).toMatch(/\/PROCESSED_PAYROLL\//);
    // Another context has no streaming-account payroll this month.
    expect((await streamingDetails(A.owner, A.v2)).status).toBe(404);
  }, 60_000);
});

// ---- execute by streaming account id ----

describe('PUT streaming-account/execute-payroll', () => {
  it('executes the month’s streaming-account payroll once: one debit, one payout per entry at the bank, then 409', async () => {
    const current = (await streamingDetails(A.owner)).body;
    expect(current.kind).toBe('PAYROLL_STREAMING_ACCOUNT');
    const payrollId = current._id as string;
    const account = (await accountInfo(A.owner)).body;
    expect(account.streamingAccountId).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await env.deps.db.selectFrom('employer_accounts').select(['id', 'virtual_account']).where('employer_id', '=', A.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ id: account.streamingAccountId, virtual_account: account.virtualAccount });

    // Before the freeze: refused by the execution's own rules.
    const early = await executeStreaming(A.owner, account.streamingAccountId);
    expect(early.status).toBe(409);
    expect(early.body.message.description).toBe(PAYROLL_MSG.notAllowed('PROCESSED'));
    expect((await env.call('PUT', '/employer-admin/payroll/update-payroll-status', { token: A.owner, body: { payrollId, status: 'PAYROLL_FROZEN' } })).status).toBe(200);
    const required = current.completePayrollPayoutBreakup.totalBalanceRequired as number;
    const facts = await ledgerFacts(env.deps.db, A.id);
    await recharge(A.owner, required - (facts.credits - facts.debits));

    // Twenty at once, by the streaming account and by the payroll id: one execution.
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? executeById(A.payroll, payrollId) : executeStreaming(i % 2 ? A.owner : A.payroll, account.streamingAccountId))),
    );
    expect(calls.filter((c) => c.status === 200)).toHaveLength(1);
    expect(calls.filter((c) => c.status === 409)).toHaveLength(19);
    const ok = calls.find((c) => c.status === 200)!;
    expect(ok.body).toMatchObject({ payrollId, status: 'DISBURSAL_INITIATED', payouts: 3, message: PAYROLL_MSG.executionInProgress });
    for (const c of calls.filter((x) => x.status === 409)) expect(c.body.message.description).toBe(PAYROLL_MSG.alreadyExecuted(monthLabel(M)));
    const again = await executeStreaming(A.owner, account.streamingAccountId);
    expect(again.status).toBe(409);
    expect(again.body.message.description).toBe(PAYROLL_MSG.alreadyExecuted(monthLabel(M)));

    const debits = await debitsOf(payrollId);
    expect(debits).toHaveLength(1);
    expect(debits[0]!.amount).toBe(required);
    const done = await until('the payroll to be paid', async () => {
      const d = await streamingDetails(A.owner);
      return d.body.status === 'DISBURSAL_COMPLETED' ? d.body : null;
    }, 30_000);
    expect(done.paid).toEqual({ count: 3, amount: 3 * 3_000_000 });
    const payouts = await env.deps.db.selectFrom('payouts').selectAll().where('payroll_id', '=', payrollId).execute();
    expect(payouts).toHaveLength(3);
    const stats = await bank.stats();
    for (const p of payouts) expect(stats.byReference[p.id], p.id).toBe(1);
    expect((await accountInfo(A.owner)).body.accountBalance).toBe(0);
    expect((await activitiesOf(env, A.id, 'PAYROLL_EXECUTED')).filter((a) => a.target_id === payrollId)).toHaveLength(1);
  }, 60_000);

  it("refuses another employer's streaming account (404), an unknown one (404) and a month without a streaming-account payroll (404); nothing moves", async () => {
    const p = await frozenStreaming(A.v2);
    const mine = (await accountInfo(A.owner)).body.streamingAccountId as string;
    const theirs = (await accountInfo(B.owner)).body.streamingAccountId as string;
    expect(theirs).not.toBe(mine);
    for (const [token, id] of [
      [A.owner, theirs],
      [B.owner, mine],
      [A.owner, '5a6b7c8d-0000-4000-8000-000000000999'],
    ] as const) {
      const r = await executeStreaming(token, id, token === A.owner ? A.v2 : undefined);
      expect(r.status).toBe(404);
      expect(r.body.message.description).toBe(PAYROLL_MSG.streamingAccountNotFound);
    }
    expect((await executeStreaming(A.owner, 'not-an-id', A.v2)).status).toBe(400);
    // B's month has a PAYROLL_UPLOAD payroll only: not a streaming-account one.
    const b = await executeStreaming(B.owner, theirs);
    expect(b.status).toBe(404);
    expect(b.body.message.description).toBe(PAYROLL_MSG.noData);
    // A PAYROLL_UPLOAD payroll in a context is not executed by the streaming account.
    await env.deps.db.updateTable('payrolls').set({ kind: 'PAYROLL_UPLOAD' }).where('id', '=', p.payrollId).execute();
    const plain = await executeStreaming(A.owner, mine, A.v2);
    expect(plain.status).toBe(404);
    expect(plain.body.message.description).toBe(PAYROLL_MSG.noData);
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');
    expect(await debitsOf(p.payrollId)).toHaveLength(0);
    await env.deps.db.updateTable('payrolls').set({ status: 'CANCELLED', cancelled_at: new Date() }).where('id', '=', p.payrollId).execute();
  });

  it('is WRITE on PAYROLL: a Viewer reads the streaming-account payroll but its execute is refused (403), and nothing moves', async () => {
    const p = await frozenStreaming(A.v1);
    const account = (await accountInfo(A.viewer)).body.streamingAccountId as string;
    expect((await streamingDetails(A.viewer, A.v1)).body).toMatchObject({ _id: p.payrollId, kind: 'PAYROLL_STREAMING_ACCOUNT', status: 'PAYROLL_FROZEN' });
    const r = await executeStreaming(A.viewer, account, A.v1);
    expect(r.status).toBe(403);
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');
    expect(await debitsOf(p.payrollId)).toHaveLength(0);
    await env.deps.db.updateTable('payrolls').set({ status: 'CANCELLED', cancelled_at: new Date() }).where('id', '=', p.payrollId).execute();
  });

  it("in vendor context executes that vendor's streaming-account payroll only, with VENDORS_PAYROLL, from the employer's one account", async () => {
    const p = await frozenStreaming(A.v1, 2);
    const account = (await accountInfo(A.vendorAdmin, A.v1)).body.streamingAccountId as string;
    // One account per employer: the same id in every context.
    expect(account).toBe((await accountInfo(A.owner)).body.streamingAccountId);
    // The employer's own context's payroll of the month is another one (executed above): the vendor's is untouched.
    expect((await executeStreaming(A.owner, account)).status).toBe(409);
    // A vendor admin cannot act in another vendor's context.
    expect((await executeStreaming(A.vendorAdmin, account, A.v2)).status).toBe(403);
    expect((await payrollRow(p.payrollId)).status).toBe('PAYROLL_FROZEN');

    await recharge(A.owner, p.totalSalary);
    const ok = await executeStreaming(A.vendorAdmin, account, A.v1);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ payrollId: p.payrollId, status: 'DISBURSAL_INITIATED', payouts: 2 });
    expect((await executeStreaming(A.vendorAdmin, account, A.v1)).status).toBe(409);
    expect(await debitsOf(p.payrollId)).toHaveLength(1);
    const act = (await activitiesOf(env, A.id, 'PAYROLL_EXECUTED')).find((a) => a.target_id === p.payrollId)!;
    expect(act.vendor_id).toBe(A.v1);
    await until('the vendor payroll to be paid', async () => ((await payrollRow(p.payrollId)).status === 'DISBURSAL_COMPLETED' ? true : null), 30_000);
  }, 60_000);
});

// ---- the API document ----

describe('OpenAPI', () => {
  it('documents the streaming-account calls with their queries', async () => {
    const doc = await env.call('GET', '/docs/json');
    expect(doc.status).toBe(200);
    const details = doc.body.paths['/api/employer-admin/payroll/streaming-account/payroll-details']?.get;
    const execute = doc.body.paths['/api/employer-admin/payroll/streaming-account/execute-payroll']?.put;
    expect(details).toBeDefined();
    expect(execute).toBeDefined();
    const names = (op: { parameters: { name: string; in: string }[] }) => op.parameters.filter((x) => x.in === 'query').map((x) => x.name).sort();
    expect(names(details)).toEqual(['month', 'vendorId', 'year']);
    expect(names(execute)).toEqual(['month', 'streamingAccountId', 'vendorId', 'year']);
    expect(Object.keys(execute.responses)).toContain('200');
    const info = doc.body.paths['/api/employer-admin/payroll/stream-account-info'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(info.properties)).toContain('streamingAccountId');
  });
});
