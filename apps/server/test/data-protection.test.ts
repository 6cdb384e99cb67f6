/**
 * Issue 22 item 2 (decision 0037): what a dump shows of the files the portal keeps. The demo is
 * seeded, every table of the database is dumped as text (COPY ... TO STDOUT, what pg_dump writes
 * for the rows; pg_dump itself too when one of the server's major version is on PATH), and none of
 * the demo's document, agreement or sheet bytes is in it; every one reads back through the API and
 * after a rotation of the data key and of the master key; a wrong master key stops the start.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMINS, DEMO_PASSWORD, seedDemoIfEmpty } from '../src/demo/index.js';
import { DataProtectionError, DataProtector, parseMasterKeys } from '../src/platform/data-protection.js';
import { resealColumns } from '../src/platform/protected-columns.js';
import { startRuntime } from '../src/platform/runtime.js';
import { createTestEnv, signIn, type TestEnv } from './harness.js';

let env: TestEnv;
let url: string;

beforeAll(async () => {
  env = await createTestEnv();
  url = (env.deps.pool.options as { connectionString: string }).connectionString;
  expect(await seedDemoIfEmpty(env.deps)).toBe(true);
}, 300_000);
afterAll(() => env.close());

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
      for (const f of [...before.docs, ...before.agreements, ...before.files]) {
        for (const needle of needles(f.plain)) expect(dump.includes(needle), `bytes of ${f.id} in the dump`).toBe(false);
      }
      // The PNG and PDF signatures themselves are nowhere in a protected column (hex as COPY writes bytea).
      expect(dump).not.toContain('\\\\x89504e470d0a1a0a');
      expect(dump).not.toContain('\\\\x255044462d');
    }
  });

  it('a rotation of the data key re-seals every file, which reads back the same', async () => {
    const before = await demoFiles();
    const { db, protector } = env.deps;
    const oldKey = protector.currentKeyId;
    const newKey = await protector.addKey();
    expect(newKey).toBe(oldKey + 1);
    const counts = await resealColumns(db, protector, { rotate: true });
    expect(counts.stored_files).toBe(before.files.length);
    expect(counts.worker_documents).toBe(before.docs.length);
    expect(counts.worker_agreements).toBe(before.agreements.length);
    const stored = await db.selectFrom('stored_files').select('content').execute();
    for (const s of stored) expect(s.content.readUInt32BE(3)).toBe(newKey);
    const after = await demoFiles();
    expect(after).toEqual(before);
    // A second run has nothing left to do.
    expect(await resealColumns(db, protector, { rotate: true })).toEqual({ stored_files: 0, worker_documents: 0, worker_agreements: 0 });
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
