/**
 * Issue 22 item 2 (decision 0037): what a dump shows of the files and fields the portal keeps.
 * The demo is seeded (with, beside it, an employee sheet with salary account numbers and two frozen
 * payrolls, one of them paid), every table of the database is dumped as text (COPY ... TO STDOUT,
 * what pg_dump writes for the rows; pg_dump itself too when one of the server's major version is on
 * PATH), and none of the demo's document, agreement or sheet bytes, PANs or account numbers is in
 * it; every one reads back through the API and after a rotation of the data key and of the master
 * key (the bank receives the full account number, the employee sheet re-uploaded is UNCHANGED); a
 * wrong master key stops the start.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_SHEET_COLUMNS, type UploadAuditRecord } from '@portal/domain';
import { DEMO_ADMINS, DEMO_PASSWORD, seedDemoIfEmpty } from '../src/demo/index.js';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { workPayoutJobs, type PayoutWorker } from '../src/features/payouts/index.js';
import { processSheet } from '../src/sheets.js';
import { DataProtectionError, DataProtector, parseMasterKeys } from '../src/platform/data-protection.js';
import { PROTECTED_COLUMNS, resealColumns, sealOnce } from '../src/platform/protected-columns.js';
import { startRuntime } from '../src/platform/runtime.js';
import { createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { WEBHOOK_SECRET, insertFrozenPayroll, payoutCalls, startTestBank, type FrozenPayroll, type TestBank } from './payouts-fixtures.js';

let env: TestEnv;
let url: string;
let bank: TestBank;
let payouts: PayoutWorker;
/** An employer beside the demo: its owner, an employee sheet with salary account numbers, and two frozen payrolls (P paid before the dump, Q after the rotation). */
let F: { owner: string; sheet: Buffer; accounts: string[]; P: FrozenPayroll; Q: FrozenPayroll; qOwner: string; qAccounts: string[] };

beforeAll(async () => {
  env = await createTestEnv({ queue: true, env: { BANK_API_KEY: 'unused', BANK_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYOUT_SWEEP_MS: '300', PAYOUT_STALE_MS: '1500' } });
  url = (env.deps.pool.options as { connectionString: string }).connectionString;
  bank = await startTestBank(env.deps, env.deps.config.databaseUrl!, env.baseUrl);
  payouts = (await workPayoutJobs(env.deps))!;
  await workDocumentJobs(env.deps, processSheet);
  expect(await seedDemoIfEmpty(env.deps)).toBe(true);

  const e = await createEmployer(env);
  const owner = await signIn(env, e.owner);
  const tag = String(Date.now() % 1e6).padStart(6, '0');
  const accounts = [0, 1, 2].map((i) => `31${tag}${String(i).padStart(4, '0')}`);
  const header = EMPLOYEE_SHEET_COLUMNS.map((c) => c.header);
  const at = (h: string) => header.indexOf(EMPLOYEE_SHEET_COLUMNS.find((c) => c.key === h)!.header);
  const sheet = await xlsx([
    header,
    ...accounts.map((a, i) => {
      const row: unknown[] = header.map(() => '');
      row[at('employerEmployeeId')] = `DP-${tag}-${i}`;
      row[at('fullName')] = `Sealed Worker ${['Asha', 'Ravi', 'Meera'][i]}`;
      row[at('mobile')] = uniqueMobile();
      row[at('currentMonthlySalary')] = 25_000;
      row[at('joiningDate')] = '15/01/2026';
      row[at('salaryAccountNumber')] = a;
      return row;
    }),
  ]);
  const created = await uploadAndSettle(owner, sheet);
  expect(created.counts, JSON.stringify(created)).toMatchObject({ totalRows: 3, createdRows: 3 });
  const { execute, recharge, settled } = payoutCalls(() => env, () => bank);
  const P = await insertFrozenPayroll(env.deps, env.deps.now(), { employerId: e.employer.id, adminId: e.owner.id, entries: 3, account: (i) => `42${tag}${String(i).padStart(4, '0')}` });
  await recharge(owner, P.totalSalary);
  expect((await execute(owner, P.payrollId)).status).toBe(200);
  await settled(P.payrollId);
  const q = await createEmployer(env);
  const qOwner = await signIn(env, q.owner);
  const qAccounts = [0, 1, 2].map((i) => `53${tag}${String(i).padStart(4, '0')}`);
  const Q = await insertFrozenPayroll(env.deps, env.deps.now(), { employerId: q.employer.id, adminId: q.owner.id, entries: 3, account: (i) => qAccounts[i]! });
  F = { owner, sheet, accounts, P, Q, qOwner, qAccounts };
}, 300_000);
afterAll(async () => {
  await payouts?.stop();
  await bank?.sim.close();
  await env?.close();
});

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An employee sheet uploaded and processed, as the user sees its record. */
async function uploadAndSettle(token: string, file: Buffer): Promise<UploadAuditRecord> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'employees.xlsx');
  const res = await fetch(`${env.baseUrl}/api/v2/employer-admin/upload-employee-doc`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { _id: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  for (let i = 0; i < 600; i++) {
    const r = await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${body._id}`, { token });
    if (r.body.status !== 'PROCESSING') return r.body as UploadAuditRecord;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('upload still processing after 60 s');
}

/** Every sealed field of the database opened, per table and column (id -> value), with the data key that sealed it. */
async function sealedFields() {
  const { protector } = env.deps;
  const out: Record<string, { id: string; plain: string; key: number }[]> = {};
  for (const c of PROTECTED_COLUMNS) {
    if (c.kind !== 'text') continue;
    const { rows } = await sql<{ id: string; v: string }>`select id, ${sql.ref(c.column)} as v from ${sql.table(c.table)} where ${sql.ref(c.column)} is not null order by id`.execute(env.deps.db);
    out[`${c.table}.${c.column}`] = rows.map((r) => {
      expect(r.v, `${c.table}.${c.column} ${r.id} is sealed`).toMatch(/^pe1\.\d+\./);
      return { id: r.id, plain: protector.openText(r.v), key: Number(/^pe1\.(\d+)\./.exec(r.v)![1]) };
    });
  }
  return out;
}
const plainOf = (fields: Awaited<ReturnType<typeof sealedFields>>) => Object.fromEntries(Object.entries(fields).map(([k, rows]) => [k, rows.map((r) => ({ id: r.id, plain: r.plain }))]));

/** Every row of every table of the public schema, as COPY writes it (text, bytea in hex). */
async function dumpRows(): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1");
    const parts: string[] = [];
    for (const { name } of rows) {
      const stream = client.query(copyTo(`copy "${name}" to stdout`));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      parts.push(Buffer.concat(chunks).toString('utf8'));
    }
    return parts.join('\n');
  } finally {
    await client.end();
  }
}

/** pg_dump's own output when a pg_dump of the server's major version is on PATH, else null. */
async function pgDump(): Promise<string | null> {
  const { rows } = await env.deps.pool.query<{ v: string }>('show server_version_num');
  const major = Math.floor(Number(rows[0]!.v) / 10_000);
  const version = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0 || !new RegExp(`\\(PostgreSQL\\) ${major}\\.`).test(version.stdout)) return null;
  const r = spawnSync('pg_dump', ['--data-only', url], { encoding: 'utf8', maxBuffer: 1 << 30 });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** The files the demo keeps, in clear, as the API gives them back. */
async function demoFiles() {
  const { db, protector } = env.deps;
  const docs = await db.selectFrom('worker_documents').select(['id', 'content']).orderBy('id').execute();
  const agreements = await db.selectFrom('worker_agreements').select(['id', 'content']).where('content', 'is not', null).orderBy('id').execute();
  const files = await db.selectFrom('stored_files').select(['id', 'content']).orderBy('id').execute();
  const open = (rows: { id: string; content: Buffer | null }[]) => rows.map((r) => ({ id: r.id, plain: protector.openBytes(r.content!) }));
  return { docs: open(docs), agreements: open(agreements), files: open(files) };
}

/** A run of bytes long enough to be the file's own, as hex (bytea in a dump) and as text. */
const needles = (plain: Buffer) => {
  const slice = plain.subarray(Math.min(64, plain.length - 24), Math.min(64, plain.length - 24) + 24);
  return [slice.toString('hex'), slice.toString('base64')];
};

describe('data at rest', () => {
  it('the demo has documents, an agreement and sheets, and none of their bytes is in a dump', async () => {
    const before = await demoFiles();
    expect(before.docs.length).toBeGreaterThan(0);
    expect(before.agreements.length).toBeGreaterThan(0);
    expect(before.files.length).toBeGreaterThan(0);
    const dumps = [await dumpRows(), await pgDump()].filter((d): d is string => d !== null);
    for (const dump of dumps) {
      // (The payroll fixtures' placeholder files, of one byte, have no run of their own to look for.)
      for (const f of [...before.docs, ...before.agreements, ...before.files].filter((x) => x.plain.length >= 24)) {
        for (const needle of needles(f.plain)) expect(dump.includes(needle), `bytes of ${f.id} in the dump`).toBe(false);
      }
      // The PNG and PDF signatures themselves are nowhere in a protected column (hex as COPY writes bytea).
      expect(dump).not.toContain('\\\\x89504e470d0a1a0a');
      expect(dump).not.toContain('\\\\x255044462d');
    }
  });

  it('no PAN and no account number of the demo, of an employee sheet or of a paid payroll is in a dump', async () => {
    const fields = await sealedFields();
    const pans = fields['workers.pan']!.map((f) => f.plain);
    expect(pans.length).toBeGreaterThan(0);
    for (const p of pans) expect(p).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
    expect(fields['worker_bank_accounts.account_number']!.length).toBeGreaterThan(0);
    const salary = fields['workers.salary_account_number']!.map((f) => f.plain);
    expect(salary).toEqual(expect.arrayContaining(F.accounts));
    expect(fields['payroll_entries.account_number']!.length).toBeGreaterThanOrEqual(6);
    expect(fields['payouts.account_number']!.length).toBe(3);
    const needles = new Set(Object.values(fields).flatMap((rows) => rows.map((r) => r.plain)));
    for (const a of [...F.accounts, ...F.qAccounts]) needles.add(a);
    const dumps = [await dumpRows(), await pgDump()].filter((d): d is string => d !== null);
    for (const dump of dumps) {
      for (const n of needles) expect(dump.includes(n), `${n} in the dump`).toBe(false);
      // The masked forms are there, as the screens show them.
      expect(dump).toContain(`********${F.accounts[0]!.slice(-4)}`);
    }
  });

  it('a rotation of the data key re-seals every file, which reads back the same', async () => {
    const before = await demoFiles();
    const { db, protector } = env.deps;
    const oldKey = protector.currentKeyId;
    const newKey = await protector.addKey();
    expect(newKey).toBe(oldKey + 1);
    const fieldsBefore = await sealedFields();
    const hashesBefore = await db.selectFrom('workers').select(['id', 'salary_account_number_hash']).where('salary_account_number_hash', 'is not', null).orderBy('id').execute();
    const counts = await resealColumns(db, protector, { rotate: true });
    expect(counts['stored_files.content']).toBe(before.files.length);
    expect(counts['worker_documents.content']).toBe(before.docs.length);
    expect(counts['worker_agreements.content']).toBe(before.agreements.length);
    for (const [column, rows] of Object.entries(fieldsBefore)) expect(counts[column], column).toBe(rows.length);
    const stored = await db.selectFrom('stored_files').select('content').execute();
    for (const s of stored) expect(s.content.readUInt32BE(3)).toBe(newKey);
    const after = await demoFiles();
    expect(after).toEqual(before);
    // Every field reads back the same, sealed under the new key; the keyed hashes did not move.
    const fieldsAfter = await sealedFields();
    for (const rows of Object.values(fieldsAfter)) for (const r of rows) expect(r.key).toBe(newKey);
    expect(plainOf(fieldsAfter)).toEqual(plainOf(fieldsBefore));
    expect(await db.selectFrom('workers').select(['id', 'salary_account_number_hash']).where('salary_account_number_hash', 'is not', null).orderBy('id').execute()).toEqual(hashesBefore);
    // A second run has nothing left to do.
    expect(Object.values(await resealColumns(db, protector, { rotate: true })).every((n) => n === 0)).toBe(true);
  });

  it('after the rotation: the bank receives the full account numbers, the profile shows them masked as before, an unchanged employee sheet is UNCHANGED and a changed account number UPDATED', async () => {
    const { execute, recharge, settled } = payoutCalls(() => env, () => bank);
    // The payout sender opens the number (sealed under the old key in the entry, copied into the payout) just before the bank call.
    await recharge(F.qOwner, F.Q.totalSalary);
    expect((await execute(F.qOwner, F.Q.payrollId)).status).toBe(200);
    expect((await settled(F.Q.payrollId)).status).toBe('DISBURSAL_COMPLETED');
    const sent = await env.deps.db.selectFrom('payouts').select(['id', 'entry_id']).where('payroll_id', '=', F.Q.payrollId).execute();
    const atBank = await Promise.all(sent.map(async (p) => (await bank.api.findByReference(p.id))[0]!.fund_account.account_number));
    expect(atBank.sort()).toEqual([...F.qAccounts].sort());

    // The profile (WRITE role): PAN, salary and bank account numbers masked as the screens always showed them.
    const token = await signIn(env, { ...DEMO_ADMINS.superAdmin, password: DEMO_PASSWORD });
    const w = await env.deps.db.selectFrom('workers').select(['id', 'pan']).where('pan', 'is not', null).where('vendor_id', 'is', null).orderBy('employer_worker_id').executeTakeFirstOrThrow();
    const pan = env.deps.protector.openText(w.pan!);
    const accounts = await env.deps.db.selectFrom('worker_bank_accounts').select('account_number').where('worker_id', '=', w.id).orderBy('is_primary', 'desc').orderBy('created_at').orderBy('id').execute();
    const profile = await env.call('GET', '/employer-admin/user', { token, query: { employeeId: w.id } });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.pan).toEqual({ data: { pan: `******${pan.slice(-4)}` } });
    expect(profile.body.bankAccountInfo.map((a: { data: { accountNumber: string } }) => a.data.accountNumber)).toEqual(
      accounts.map((a) => {
        const n = env.deps.protector.openText(a.account_number);
        return '*'.repeat(n.length - 4) + n.slice(-4);
      }),
    );

    // The employee sheet again: the keyed hashes compare equal across the rotation.
    const again = await uploadAndSettle(F.owner, F.sheet);
    expect(again.counts).toMatchObject({ totalRows: 3, unchangedRows: 3, updatedRows: 0, failedRows: 0 });
    // One account number changed: UPDATED, and stored sealed under the current key.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(F.sheet as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const col = EMPLOYEE_SHEET_COLUMNS.findIndex((c) => c.key === 'salaryAccountNumber') + 1;
    const changed = `${F.accounts[1]!.slice(0, -4)}9999`;
    ws.getRow(3).getCell(col).value = changed;
    const updated = await uploadAndSettle(F.owner, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(updated.counts).toMatchObject({ totalRows: 3, unchangedRows: 2, updatedRows: 1, failedRows: 0 });
    const salary = (await sealedFields())['workers.salary_account_number']!.map((f) => f.plain);
    expect(salary).toContain(changed);
    expect(salary).not.toContain(F.accounts[1]);
  });

  it('rows an older version wrote in clear are sealed, hashed and masked at the first start after migration 0031', async () => {
    const { db, protector } = env.deps;
    const w = await db.selectFrom('workers').select(['id', 'salary_account_number', 'salary_account_number_hash']).where('salary_account_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const bankAccount = await db.selectFrom('worker_bank_accounts').select(['id', 'account_number']).orderBy('id').executeTakeFirstOrThrow();
    const number = protector.openText(w.salary_account_number!);
    const other = protector.openText(bankAccount.account_number);
    // As the version before 0031 left them: in clear, no hash (the migration filled the masked forms).
    await db.updateTable('workers').set({ salary_account_number: number, salary_account_number_hash: null }).where('id', '=', w.id).execute();
    await db.updateTable('worker_bank_accounts').set({ account_number: other }).where('id', '=', bankAccount.id).execute();
    await db.deleteFrom('data_sealing_runs').where('name', '=', 'v2-fields').execute();
    await sealOnce(db, protector);
    const after = await db.selectFrom('workers').select(['salary_account_number', 'salary_account_number_hash']).where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(after.salary_account_number).toMatch(new RegExp(`^pe1\\.${protector.currentKeyId}\\.`));
    expect(protector.openText(after.salary_account_number!)).toBe(number);
    expect(after.salary_account_number_hash).toEqual(w.salary_account_number_hash);
    const account = await db.selectFrom('worker_bank_accounts').select('account_number').where('id', '=', bankAccount.id).executeTakeFirstOrThrow();
    expect(protector.openText(account.account_number)).toBe(other);
    // Once per database: the pass is recorded.
    expect(await db.selectFrom('data_sealing_runs').select('name').where('name', '=', 'v2-fields').executeTakeFirst()).toBeTruthy();
  });

  it('a process started before the rotation reads what the new key sealed once it meets it', async () => {
    const { db } = env.deps;
    const masters = parseMasterKeys(fs.readFileSync(path.join(env.deps.config.dataDir, 'data-master-keys'), 'utf8'), 'dev file');
    const early = new DataProtector(db, masters);
    await early.load();
    const later = new DataProtector(db, masters);
    await later.load();
    await later.addKey();
    const sealed = later.sealBytes(Buffer.from('%PDF-1.4 hello'));
    expect(() => early.openBytes(sealed)).toThrow(DataProtectionError);
    expect((await early.openBytesFresh(sealed)).toString()).toBe('%PDF-1.4 hello');
    // Text values carry their key too, and are refused when tampered with.
    const text = later.sealText('ABCPD1234K');
    expect(text).toMatch(/^pe1\.\d+\./);
    expect(early.openText(text)).toBe('ABCPD1234K');
    const tampered = text.slice(0, -2) + (text.endsWith('A') ? 'BA' : 'AA');
    expect(() => early.openText(tampered)).toThrow();
  });

  it('the master key rotates: re-wrapped under a new key, the old one can go; a wrong key stops the start with a reason', async () => {
    const before = await demoFiles();
    const { db, config } = env.deps;
    const oldMasters = fs.readFileSync(path.join(config.dataDir, 'data-master-keys'), 'utf8').trim();
    const newMaster = `m2:${randomBytes(32).toString('base64')}`;
    // Both keys given, the new one first: everything still opens, and rewrap moves every data key to it.
    const both = new DataProtector(db, parseMasterKeys(`${newMaster},${oldMasters}`, 'test'));
    await both.load();
    expect(await both.rewrapKeys()).toBeGreaterThan(0);
    const rows = await db.selectFrom('data_keys').select('master_key_id').execute();
    expect(new Set(rows.map((r) => r.master_key_id))).toEqual(new Set(['m2']));
    // The new key alone opens everything.
    const onlyNew = new DataProtector(db, parseMasterKeys(newMaster, 'test'));
    await onlyNew.load();
    for (const f of before.files) {
      const row = await db.selectFrom('stored_files').select('content').where('id', '=', f.id).executeTakeFirstOrThrow();
      expect(onlyNew.openBytes(row.content).equals(f.plain)).toBe(true);
    }
    // The old key alone no longer names the wrapping key; a key of the same name but other bytes does not open it.
    await expect(new DataProtector(db, parseMasterKeys(oldMasters, 'test')).load()).rejects.toThrow(/master key "m2", which DATA_MASTER_KEYS does not name/);
    await expect(new DataProtector(db, parseMasterKeys(`m2:${randomBytes(32).toString('base64')}`, 'test')).load()).rejects.toThrow(/does not open data key/);
    // The whole start refuses a wrong key before serving (and leaves the data as it was).
    const wrong = { ...config, dataMasterKeys: `m2:${randomBytes(32).toString('base64')}`, databaseUrl: url };
    await expect(startRuntime(wrong, { queue: false, log: { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console })).rejects.toThrow(DataProtectionError);
    // Back to the dev key for the rest of the file (wrapped under both, then rewrap under the dev key).
    const restore = new DataProtector(db, parseMasterKeys(`${oldMasters},${newMaster}`, 'test'));
    await restore.load();
    await restore.rewrapKeys();
    expect(await demoFiles()).toEqual(before);
  });

  it('what the API answers is the file in clear: an uploaded sheet and a KYC document', async () => {
    const { db, protector } = env.deps;
    const token = await signIn(env, { ...DEMO_ADMINS.superAdmin, password: DEMO_PASSWORD });
    const file = await db.selectFrom('stored_files').select(['id', 'admin_id', 'document_type', 'content']).executeTakeFirstOrThrow();
    expect(file.content.subarray(0, 3).toString('latin1')).toBe('PE1'); // the row is sealed
    const res = await env.call('GET', '/employer-admin/doc', { token, query: { documentType: file.document_type, documentId: file.id, employerAdminId: file.admin_id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = Buffer.from(res.body.b64File, 'base64');
    expect(answered.subarray(0, 2).toString('latin1')).toBe('PK'); // an xlsx, as uploaded
    expect(answered.equals(protector.openBytes(file.content))).toBe(true);
    const doc = await db.selectFrom('worker_documents').select(['worker_id', 'kind', 'content']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const got = await fetch(`${env.baseUrl}/api/employer-admin/user-document?employeeId=${doc.worker_id}&docType=${doc.kind}`, { headers: { authorization: `Bearer ${token}` } });
    expect(got.status).toBe(200);
    const body = Buffer.from(await got.arrayBuffer());
    expect(body.equals(protector.openBytes(doc.content))).toBe(true);
    expect(['image/png', 'image/jpeg', 'application/pdf']).toContain(got.headers.get('content-type')?.split(';')[0]);
  });
});
