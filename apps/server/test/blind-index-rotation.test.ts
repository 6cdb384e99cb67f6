/**
 * Issue 22 item 2, the blind-index key (decision 0037 "Blind-index rotation"): the key of the keyed
 * hashes that SQL compares account numbers by rotates while the portal serves. A rotation is started
 * as the operators' CLI starts it (another process: its own DataProtector), part of the rows is
 * re-hashed, and with old and new hashes side by side in `workers` and `payroll_entries`:
 * - the employee sheet uploaded again is UNCHANGED for every row, matched in SQL (the set-based
 *   comparison, not the row-by-row fall-back), and a changed account number is UPDATED;
 * - the payroll's NEW_BANK_ACCOUNT compares with the previous payroll's entries under either key,
 *   and SHARED_BANK_ACCOUNT groups the sheet's rows;
 * then `npm run cli -- blind-index finish` re-hashes the rest and retires the old key, and the same
 * hold; a hash a late process wrote under the retired key is still decided right, and the next
 * finish re-hashes it; a rotation started between a payroll sheet's staging and its apply leaves the
 * sheet under the version it was staged under, its flags decided by opening the numbers. A
 * blind-index key that does not give the stored hashes stops the start.
 * (No uniqueness rests on the keyed hashes: no unique index or lookup by hash exists; the only
 * SQL uses are the comparisons above.)
 */
import { spawnSync } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, EMPLOYEE_SHEET_COLUMNS, addMonths, firstDayOf, isoDateInZone, monthKey, payrollMonthOf, type MonthYearValue, type PayrollEntryRow, type UploadAuditRecord } from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { payrollSheet } from '../src/features/payroll/index.js';
import { processSheet } from '../src/sheets.js';
import { DataProtectionError, DataProtector, indexVersionOf, parseMasterKeys, type BlindIndex } from '../src/platform/data-protection.js';
import { HASHED_COLUMNS, hashesPerVersion, rehashColumns } from '../src/platform/protected-columns.js';
import { startRuntime } from '../src/platform/runtime.js';
import { createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { insertFrozenPayroll, type FrozenPayroll } from './payouts-fixtures.js';

let env: TestEnv;
let owner: string;
let employerId: string;
/** The employee sheet: 6 workers with salary account numbers. */
let sheet: Buffer;
let accounts: string[];
/** The previous month's paid payroll (6 entries) and its account numbers. */
let P: FrozenPayroll;
let pAccounts: string[];
let pCodes: string[];
/** The payroll month of today. */
let M: MonthYearValue;
/** "The CLI": a process of its own over the same database, as `npm run cli -- blind-index ...` is. */
let cli: DataProtector;
/** The blind-index keys before the rotation (version 1 only). */
let before: BlindIndex;
/** What the sheet jobs logged (the set-based comparison says how many rows it found unchanged). */
const logged: string[] = [];

const masters = () => parseMasterKeys(fs.readFileSync(path.join(env.deps.config.dataDir, 'data-master-keys'), 'utf8'), 'dev file');

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  env.deps.log.info = ((m: unknown) => void logged.push(String(m))) as Console['info'];
  await workDocumentJobs(env.deps, processSheet);
  const e = await createEmployer(env);
  employerId = e.employer.id;
  owner = await signIn(env, e.owner);
  const tag = String(Date.now() % 1e6).padStart(6, '0');
  accounts = [0, 1, 2, 3, 4, 5].map((i) => `61${tag}${String(i).padStart(4, '0')}`);
  sheet = await employeeSheet(accounts, tag);
  const created = await uploadEmployees(sheet);
  expect(created.counts, JSON.stringify(created)).toMatchObject({ totalRows: 6, createdRows: 6 });

  // The previous payroll: paid, a month before the payroll month of today.
  pAccounts = [0, 1, 2, 3, 4, 5].map((i) => `72${tag}${String(i).padStart(4, '0')}`);
  P = await insertFrozenPayroll(env.deps, env.deps.now(), { employerId, adminId: e.owner.id, entries: 6, account: (i) => pAccounts[i]! });
  M = payrollMonthOf(isoDateInZone(env.deps.now(), BUSINESS_TIME_ZONE));
  await env.deps.db.updateTable('payrolls').set({ status: 'DISBURSAL_COMPLETED', month: firstDayOf(addMonths(M, -1)) }).where('id', '=', P.payrollId).execute();
  const codes = await env.deps.db.selectFrom('payroll_entries').select(['id', 'employer_employee_code']).where('payroll_id', '=', P.payrollId).execute();
  pCodes = P.entryIds.map((id) => codes.find((c) => c.id === id)!.employer_employee_code);
  expect(monthKey(M)).toMatch(/^\d{4}-\d{2}$/);

  cli = new DataProtector(env.deps.db, masters());
  await cli.load();
  before = cli.blindIndex();
}, 120_000);
afterAll(() => env?.close());

async function xlsx(rows: unknown[][], name = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function employeeSheet(numbers: string[], tag: string): Promise<Buffer> {
  const header = EMPLOYEE_SHEET_COLUMNS.map((c) => c.header);
  const at = (key: string) => EMPLOYEE_SHEET_COLUMNS.findIndex((c) => c.key === key);
  return xlsx([
    header,
    ...numbers.map((a, i) => {
      const row: unknown[] = header.map(() => '');
      row[at('employerEmployeeId')] = `BI-${tag}-${i}`;
      row[at('fullName')] = `Indexed Worker ${['Asha', 'Ravi', 'Meera', 'Kiran', 'Sunil', 'Lata'][i]}`;
      row[at('mobile')] = uniqueMobile();
      row[at('currentMonthlySalary')] = 25_000;
      row[at('joiningDate')] = '15/01/2026';
      row[at('salaryAccountNumber')] = a;
      return row;
    }),
  ]);
}

/** The employee sheet with row `i`'s account number changed to `to`. */
async function withAccount(i: number, to: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(sheet as unknown as ArrayBuffer);
  const col = EMPLOYEE_SHEET_COLUMNS.findIndex((c) => c.key === 'salaryAccountNumber') + 1;
  wb.worksheets[0]!.getRow(i + 2).getCell(col).value = to;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${what} still processing after 60 s`);
}

/** An employee sheet uploaded and processed, as the user sees its record; `sql`: how many rows the set-based comparison found unchanged. */
async function uploadEmployees(file: Buffer): Promise<UploadAuditRecord & { sql: number | null }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'employees.xlsx');
  const res = await fetch(`${env.baseUrl}/api/v2/employer-admin/upload-employee-doc`, { method: 'POST', headers: { authorization: `Bearer ${owner}` }, body: form });
  const body = (await res.json()) as { _id: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  const r = await waitFor(
    () => env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${body._id}`, { token: owner }),
    (r) => r.body.status !== 'PROCESSING',
    'employee sheet',
  );
  const line = logged.find((l) => l.startsWith(`sheet ${body._id}: `) && l.includes('unchanged, compared in SQL'));
  return { ...(r.body as UploadAuditRecord), sql: line ? Number(/: (\d+) row\(s\) unchanged/.exec(line)![1]) : null };
}

const PAYROLL_HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];

/**
 * This month's payroll for the previous payroll's 6 workers (rows in the order of P's entries):
 * 0 and 3 paid to the same account as before, 1 and 4 to a new one each, 2 and 5 to one new account
 * together. Answers each row's flags.
 */
async function uploadPayroll(version = cli.blindIndex().version): Promise<PayrollEntryRow[][]> {
  const shared = `83${String(Date.now() % 1e8).padStart(8, '0')}`;
  const account = (i: number) => (i === 0 || i === 3 ? pAccounts[i]! : i === 2 || i === 5 ? shared : `94${String(Date.now() % 1e8).padStart(8, '0')}${i}`);
  const file = await xlsx([PAYROLL_HEADER, ...pCodes.map((code, i) => [code, `Worker ${i}`, '', 30000, 30, 30, account(i), 'HDFC0001234'])], 'Payroll');
  const r = await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token: owner, body: { file: file.toString('base64'), fileName: 'payroll.xlsx' } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await waitFor(
    () => env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${r.body.documentId}`, { token: owner }),
    (x) => x.body.status !== 'PROCESSING',
    'payroll sheet',
  );
  const entries: PayrollEntryRow[] = [];
  for (let page = 0; ; page++) {
    const p = await env.call('POST', '/employer-admin/payroll/employee-payout-details', { token: owner, body: { month: M.month, year: M.year, page, payrollId: r.body.payrollId } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    entries.push(...p.body.data);
    if (p.body.data.length < p.body.perPageLimit) break;
  }
  const stored = await env.deps.db.selectFrom('payroll_entries').select('account_number_hash').where('payroll_id', '=', r.body.payrollId).execute();
  // The whole sheet is hashed under one version, the current one (when the rows were staged).
  expect(new Set(stored.map((s) => indexVersionOf(s.account_number_hash!)))).toEqual(new Set([version]));
  // The payroll's counts say the same as its entries: 4 NEW_BANK_ACCOUNT (rows 1, 2, 4, 5), 2 SHARED_BANK_ACCOUNT.
  const counts = await env.deps.db.selectFrom('payrolls').select('flag_counts').where('id', '=', r.body.payrollId).executeTakeFirstOrThrow();
  expect(counts.flag_counts).toMatchObject({ NEW_BANK_ACCOUNT: 4, SHARED_BANK_ACCOUNT: 2 });
  return pCodes.map((code) => entries.filter((e) => e.employerEmployeeCode === code));
}

/** The flags every payroll of this file must show, whatever key each previous entry is hashed under. */
function expectFlags(rows: PayrollEntryRow[][]) {
  const bank = (i: number) => rows[i]![0]!.flags.filter((f) => f === 'NEW_BANK_ACCOUNT' || f === 'SHARED_BANK_ACCOUNT');
  expect([0, 1, 2, 3, 4, 5].map(bank)).toEqual([[], ['NEW_BANK_ACCOUNT'], ['NEW_BANK_ACCOUNT', 'SHARED_BANK_ACCOUNT'], [], ['NEW_BANK_ACCOUNT'], ['NEW_BANK_ACCOUNT', 'SHARED_BANK_ACCOUNT']]);
}

const versionsOf = async () => {
  const out: Record<string, Record<number, number>> = {};
  for (const [column, rows] of Object.entries(await hashesPerVersion(env.deps.db))) out[column] = Object.fromEntries(rows.map((r) => [r.version ?? -1, r.n]));
  return out;
};

/** The CLI, as an operator runs it (`npm run cli -- blind-index <action>`), on this test's database. */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
function runCli(action: string) {
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/cli.ts', 'blind-index', action], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: env.deps.config.databaseUrl!, DATA_DIR: env.deps.config.dataDir },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('blind-index rotation', () => {
  it('before a rotation: every hash is under version 1, as before (32 bytes)', async () => {
    expect(before.versions).toEqual([1]);
    expect(await versionsOf()).toEqual({ 'workers.salary_account_number_hash': { 1: 6 }, 'payroll_entries.account_number_hash': { 1: 6 } });
  });

  it('during the rotation, old and new hashes side by side: the employee sheet is UNCHANGED in SQL, a changed number UPDATED; NEW_BANK_ACCOUNT and SHARED_BANK_ACCOUNT hold', async () => {
    const version = await cli.addIndexKey();
    expect(version).toBe(2);
    expect(cli.blindIndex().versions).toEqual([2, 1]);
    // Part of each table re-hashed (a pass stopped half-way, say): the first 3 rows by id.
    const [workersHash, entriesHash] = HASHED_COLUMNS;
    expect(await rehashColumns(env.deps.db, cli, { limit: 3, only: [workersHash!] })).toEqual({ 'workers.salary_account_number': 3 });
    expect(await rehashColumns(env.deps.db, cli, { limit: 3, only: [entriesHash!] })).toEqual({ 'payroll_entries.account_number': 3 });
    expect(await versionsOf()).toEqual({ 'workers.salary_account_number_hash': { 1: 3, 2: 3 }, 'payroll_entries.account_number_hash': { 1: 3, 2: 3 } });
    const workerHashes = await env.deps.db.selectFrom('workers').select(['employer_worker_id', 'salary_account_number', 'salary_account_number_hash']).where('employer_id', '=', employerId).where('salary_account_number_hash', 'is not', null).execute();
    for (const w of workerHashes) {
      // Each hash is its number's, under the version it names.
      const plain = env.deps.protector.openText(w.salary_account_number!);
      expect(cli.blindIndex().matches(plain, w.salary_account_number_hash!)).toBe(true);
    }

    // The portal learns of the new version before its next sheet: every row UNCHANGED, all 6 in SQL.
    const again = await uploadEmployees(sheet);
    expect(again.counts).toMatchObject({ totalRows: 6, unchangedRows: 6, updatedRows: 0, failedRows: 0 });
    expect(again.sql).toBe(6);
    // A changed number: UPDATED, hashed under the new version; the 5 others still UNCHANGED in SQL.
    const changed = `${accounts[4]!.slice(0, -4)}9999`;
    const updated = await uploadEmployees(await withAccount(4, changed));
    expect(updated.counts).toMatchObject({ totalRows: 6, unchangedRows: 5, updatedRows: 1, failedRows: 0 });
    expect(updated.sql).toBe(5);
    const back = await uploadEmployees(sheet);
    expect(back.counts).toMatchObject({ totalRows: 6, unchangedRows: 5, updatedRows: 1 });

    // The payroll: rows 0 and 3 keep the account of their previous entry; which entries the pass
    // reached depends on their (random) ids, so row 0's entry is put under the new version and row
    // 3's under the old one, each its own number's hash, as a pass half-way leaves them.
    const index = cli.blindIndex();
    await env.deps.db.updateTable('payroll_entries').set({ account_number_hash: index.hash(pAccounts[0]!, 2) }).where('id', '=', P.entryIds[0]!).execute();
    await env.deps.db.updateTable('payroll_entries').set({ account_number_hash: index.hash(pAccounts[3]!, 1) }).where('id', '=', P.entryIds[3]!).execute();
    expectFlags(await uploadPayroll());
  });

  it('`blind-index finish` re-hashes the rest and retires the old key; the sheets hold the same after', async () => {
    const r = runCli('finish');
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/blind-index key version 1 retired: every hash is under version 2/);
    // The new payroll's entries were hashed under version 2 already; the rest of the old rows now are too.
    expect(await versionsOf()).toEqual({ 'workers.salary_account_number_hash': { 2: 6 }, 'payroll_entries.account_number_hash': { 2: 12 } });
    expect((await env.deps.db.selectFrom('data_index_key').select('id').execute()).map((k) => k.id)).toEqual([2]);
    const status = runCli('status');
    expect(status.out).toMatch(/blind-index key version 2: .*\(current/);
    expect(status.out).not.toMatch(/version 1:/);

    const again = await uploadEmployees(sheet);
    expect(again.counts).toMatchObject({ totalRows: 6, unchangedRows: 6, updatedRows: 0, failedRows: 0 });
    expect(again.sql).toBe(6);
    expect(env.deps.protector.blindIndex().versions).toEqual([2]);
    expectFlags(await uploadPayroll());
  });

  it('a hash a late process wrote under the retired key is still compared right, and the next finish re-hashes it', async () => {
    // A process that still held version 1 (a sheet staged before the rotation) wrote after the finish.
    const w = await env.deps.db.selectFrom('workers').select(['id', 'salary_account_number']).where('employer_id', '=', employerId).where('employer_worker_id', 'like', 'BI-%-0').executeTakeFirstOrThrow();
    await env.deps.db.updateTable('workers').set({ salary_account_number_hash: before.hash(accounts[0]!) }).where('id', '=', w.id).execute();
    await env.deps.db.updateTable('payroll_entries').set({ account_number_hash: before.hash(pAccounts[0]!) }).where('id', '=', P.entryIds[0]!).execute();
    // And row 1's previous entry (row 1 is paid to a new account: opened, it differs).
    await env.deps.db.updateTable('payroll_entries').set({ account_number_hash: before.hash(pAccounts[1]!) }).where('id', '=', P.entryIds[1]!).execute();
    const again = await uploadEmployees(sheet);
    expect(again.counts).toMatchObject({ totalRows: 6, unchangedRows: 6, updatedRows: 0, failedRows: 0 });
    expect(again.sql).toBe(5); // the sixth by the row-by-row comparison, which opens the number
    expectFlags(await uploadPayroll()); // row 0's previous entry: its number opened and compared
    const r = runCli('finish');
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/re-hashed under version 2: workers.salary_account_number 1, payroll_entries.account_number 2/);
    expect(r.out).toMatch(/No rotation under way/);
    expect((await versionsOf())['workers.salary_account_number_hash']).toEqual({ 2: 6 });
    // Nothing left: a pass more changes nothing.
    expect(await rehashColumns(env.deps.db, cli)).toEqual({ 'workers.salary_account_number': 0, 'payroll_entries.account_number': 0 });
  });

  it('`blind-index rotate` from the CLI: adds version 3 and re-hashes every row; run again, it resumes rather than adding another', async () => {
    const r = runCli('rotate');
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/blind-index key version 3 added/);
    expect(r.out).toMatch(/0 hash\(es\) left under an older version/);
    const versions = await versionsOf();
    expect(versions['workers.salary_account_number_hash']).toEqual({ 3: 6 });
    expect(Object.keys(versions['payroll_entries.account_number_hash']!)).toEqual(['3']);
    const again = runCli('rotate');
    expect(again.out).toMatch(/A rotation to version 3 is under way/);
    expect((await env.deps.db.selectFrom('data_index_key').select('id').orderBy('id').execute()).map((k) => k.id)).toEqual([2, 3]);
    expect(runCli('finish').status).toBe(0);
    const same = await uploadEmployees(sheet);
    expect(same).toMatchObject({ counts: { unchangedRows: 6 }, sql: 6 });
  });

  it('a blind-index key that does not give the stored hashes stops the start with the reason', async () => {
    const { db, config } = env.deps;
    const [row] = await db.selectFrom('data_index_key').selectAll().execute();
    // Another database's key (same master key, same version): it opens, but its hashes are not these.
    const master = masters()[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', master.key, iv);
    cipher.setAAD(Buffer.from(`blind-index-key:${row!.id}`, 'latin1'));
    const body = Buffer.concat([cipher.update(randomBytes(32)), cipher.final()]);
    await db.updateTable('data_index_key').set({ wrapped: Buffer.concat([iv, cipher.getAuthTag(), body]) }).where('id', '=', row!.id).execute();
    try {
      const start = startRuntime({ ...config }, { queue: false, log: { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console });
      await expect(start).rejects.toThrow(DataProtectionError);
      await expect(start).rejects.toThrow(/does not give the keyed hashes stored with the account numbers/);
      // The CLI says the same and stops.
      const r = runCli('status');
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/does not give the keyed hashes stored with the account numbers/);
    } finally {
      await db.updateTable('data_index_key').set({ wrapped: row!.wrapped }).where('id', '=', row!.id).execute();
    }
    // Its own key back: the start goes through.
    const ok = new DataProtector(db, masters());
    await expect(ok.load()).resolves.toBeUndefined();
  });
  it('a rotation started between a payroll sheet\'s staging and its apply: the sheet stays under the version it was staged under, and NEW_BANK_ACCOUNT is decided by opening the numbers', async () => {
    // (The CLI ran in processes of its own since: both read the versions again.)
    await cli.refreshIndex();
    await env.deps.protector.refreshIndex();
    const staged = env.deps.protector.blindIndex().version;
    expect(cli.blindIndex().versions).toEqual([staged]);
    const apply = payrollSheet.apply;
    let added = 0;
    // The rows are staged (under `staged` alone); then, before the apply, the CLI starts a rotation,
    // the previous payroll's entries are re-hashed under the new version, and this process learns of it.
    payrollSheet.apply = async (run) => {
      added = await cli.addIndexKey();
      await rehashColumns(env.deps.db, cli, { only: [HASHED_COLUMNS[1]!] });
      await env.deps.protector.refreshIndex();
      return apply(run);
    };
    try {
      expectFlags(await uploadPayroll(staged));
    } finally {
      payrollSheet.apply = apply;
    }
    expect(added).toBe(staged + 1);
    const previous = await env.deps.db.selectFrom('payroll_entries').select('account_number_hash').where('payroll_id', '=', P.payrollId).execute();
    expect(new Set(previous.map((p) => indexVersionOf(p.account_number_hash!)))).toEqual(new Set([added]));
    expect(runCli('finish').status).toBe(0);
  });
});
