/**
 * Issue 15: the demo is seeded only when asked (`--demo`, which `npm start` passes), never in
 * production, and its documents are the static files of src/demo/fixtures. The start-up itself
 * runs as its own process (main.ts under tsx) against this file's database: without the flag an
 * empty database stays empty, and with it in production the process refuses before it starts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { DEMO_ADMINS, demoAtStart, demoPresent, demoRefusal } from '../src/demo/index.js';
import { createEmployer, createTestEnv, type TestEnv } from './harness.js';

const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const FIXTURES = path.join(repoRoot, 'apps/server/src/demo/fixtures');
const REFUSAL = 'The demo data (admins with a published password) is never created in production (NODE_ENV=production): start without --demo.';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * main.ts as `npm start` runs it, with `args`, until it answers /api/health (then stopped) or
 * exits by itself.
 */
async function runMain(args: string[], env: Record<string, string>): Promise<Run & { served: boolean }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', TSX, MAIN, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    // BANK_URL: no simulated bank process; nothing here calls it.
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BANK_URL: 'http://127.0.0.1:9', ...env },
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let served = false;
  let done = false;
  void exited.then(() => (done = true));
  const end = Date.now() + 60_000;
  while (!done && Date.now() < end) {
    served = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (served) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // The banner follows listen(): wait for it before stopping.
  for (let i = 0; served && i < 50 && !stdout.includes('API docs:'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!done) proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return { code, stdout, stderr, served };
}

const counts = async (env: TestEnv) => ({
  employers: (await env.deps.db.selectFrom('employers').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  admins: (await env.deps.db.selectFrom('admins').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
});

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
});

afterAll(async () => {
  await env?.close();
});

describe('the start-up without --demo', () => {
  it('leaves an empty database empty: no employer, no admin, and prints no sign-in details', async () => {
    const run = await runMain(['--role=api'], { DATABASE_URL: env.deps.config.databaseUrl! });
    expect(run.served, run.stderr).toBe(true);
    expect(await counts(env)).toEqual({ employers: 0, admins: 0 });
    expect(run.stdout).toContain('No demo data: start with --demo');
    expect(run.stdout).not.toContain(DEMO_ADMINS.superAdmin.email);
    expect(run.stdout).not.toContain('Password');
  }, 90_000);

  it('says so in process too: nothing seeded, the demo is absent', async () => {
    expect(await demoAtStart(env.deps, false)).toBe('absent');
    expect(await counts(env)).toEqual({ employers: 0, admins: 0 });
  });
});

describe('--demo in production', () => {
  it('is refused before anything starts: exit 1 with the reason', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-test-'));
    try {
      // No DATABASE_URL: had it gone on, it would have started an embedded PostgreSQL in DATA_DIR.
      const run = await runMain(['--demo'], { NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(55600 + Math.floor(Math.random() * 100)) });
      expect(run.code).toBe(1);
      expect(run.served).toBe(false);
      expect(run.stderr.trim()).toBe(REFUSAL);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is refused by the seeding itself too, writing nothing', async () => {
    expect(demoRefusal(true, true)).toBe(REFUSAL);
    expect(demoRefusal(false, true)).toBeNull();
    expect(demoRefusal(true, false)).toBeNull();
    const production = { ...env.deps, config: { ...env.deps.config, production: true } };
    await expect(demoAtStart(production, true)).rejects.toThrow(REFUSAL);
    expect(await demoAtStart(production, false)).toBe('absent');
    expect(await counts(env)).toEqual({ employers: 0, admins: 0 });
  });
});

describe('--demo outside production', () => {
  it('seeds an empty database once, with the fixture files as the workers\' documents', async () => {
    expect(await demoAtStart(env.deps, true)).toBe('seeded');
    expect(await demoPresent(env.deps)).toBe(true);
    // A later start finds it and does not seed again.
    const before = await counts(env);
    expect(before.employers).toBe(1);
    expect(await demoAtStart(env.deps, true)).toBe('present');
    expect(await demoAtStart(env.deps, false)).toBe('present');
    expect(await counts(env)).toEqual(before);

    const fixtures = new Map(fs.readdirSync(FIXTURES).filter((f) => /\.(png|pdf)$/.test(f)).map((f) => [f, fs.readFileSync(path.join(FIXTURES, f))]));
    const fixtureOf = (content: Buffer) => [...fixtures].find(([, bytes]) => bytes.equals(content))?.[0] ?? null;
    const docs = await env.deps.db.selectFrom('worker_documents').select(['kind', 'mime_type', 'content']).execute();
    expect(docs.length).toBeGreaterThan(50);
    const byKind = new Map<string, Set<string | null>>();
    // Sealed at rest (decision 0037): opened as the profile screen's download opens them.
    for (const d of docs) byKind.set(d.kind, (byKind.get(d.kind) ?? new Set()).add(fixtureOf(env.deps.protector.openBytes(d.content))));
    // Every document is one of the files, each kind its own, and the variants are all used.
    expect(Object.fromEntries([...byKind].map(([k, files]) => [k, [...files].sort()]))).toEqual({
      selfie_doc: ['selfie-1.png', 'selfie-2.png', 'selfie-3.png', 'selfie-4.png', 'selfie-5.png', 'selfie-6.png'],
      address_proof_doc: ['address-proof-1.png', 'address-proof-2.png', 'address-proof-3.png'],
      hr_letter_doc: ['hr-letter.pdf'],
      rental_agreement_doc: ['rental-agreement-1.png', 'rental-agreement-2.png'],
    });
    const agreements = await env.deps.db.selectFrom('worker_agreements').select(['agreement_type', 'content']).where('content', 'is not', null).execute();
    expect(agreements.length).toBeGreaterThan(50);
    expect(new Set(agreements.map((a) => fixtureOf(env.deps.protector.openBytes(a.content!))))).toEqual(new Set(['ewa-agreement.pdf']));
  }, 300_000);

  it('does not seed a database that already has an employer', async () => {
    const other = await createTestEnv();
    try {
      await createEmployer(other);
      const before = await counts(other);
      expect(await demoAtStart(other.deps, true)).toBe('absent');
      expect(await counts(other)).toEqual(before);
      expect(await demoPresent(other.deps)).toBe(false);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('the demo at an early start (issue 20 item 6)', () => {
  it('dates nothing after the moment the portal starts: started at 08:00 IST, no advance or event later', async () => {
    const other = await createTestEnv();
    try {
      // 08:00 IST of yesterday (a day in the past, so that what the database stamps itself stays after it).
      const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() - 86_400_000));
      const start = new Date(`${yesterday}T08:00:00+05:30`);
      expect(await demoAtStart({ ...other.deps, now: () => start }, true)).toBe('seeded');
      const latest = async (table: 'transactions' | 'transaction_events' | 'document_uploads') =>
        (await other.deps.db.selectFrom(table).select((e) => e.fn.max<Date>('created_at').as('at')).executeTakeFirstOrThrow()).at;
      const tx = await latest('transactions');
      expect(tx.getTime()).toBeLessThanOrEqual(start.getTime());
      expect((await latest('transaction_events')).getTime()).toBeLessThanOrEqual(start.getTime());
      expect((await latest('document_uploads')).getTime()).toBeLessThanOrEqual(start.getTime());
      // Advances of that day are there, at the start at the latest.
      const today = await other.deps.db
        .selectFrom('transactions')
        .select('created_at')
        .where('created_at', '>=', new Date(`${yesterday}T00:00:00+05:30`))
        .execute();
      expect(today.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  }, 400_000);
});
