/**
 * Crash tests of payroll execution (shared/security.md, Payouts): the portal runs as a child
 * process (`main.ts --role=all`: the API that executes, the webhook receiver and the payout
 * worker) against the test's database and a real simulated bank, and kills itself with SIGKILL
 * at a boundary (PAYOUT_CRASH_AT, features/payouts/crash.ts): after the execution commits, before
 * and after a bank call, after a batch of answers is stored, when a webhook arrives and after it
 * is applied. It is started again (with the schedule's next crash, if any) until the payroll
 * settles; then every entry must have been paid exactly once at the bank, under its stored key.
 *
 * The schedules come from a seed (CRASH_SEED, default below; a failure names its seed), like
 * TigerBeetle's and FoundationDB's simulators: payroll size, crash points and counts, and the
 * bank's own faults (timeouts and 500s around recording, duplicated and reordered webhooks).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { repoRoot } from '../src/config.js';
import { CRASH_POINTS, type CrashPoint } from '../src/features/payouts/crash.js';
import { SeededRandom } from '@portal/bank-sim';
import { createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { BANK_API_KEY, WEBHOOK_SECRET, insertFrozenPayroll, sleep, startTestBank, until, type TestBank } from './payouts-fixtures.js';

const BASE_SEED = Number(process.env.CRASH_SEED ?? 5_150_001);
const SCHEDULES = Number(process.env.CRASH_SCHEDULES ?? 22);
const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

let env: TestEnv;
let bank: TestBank;
let port: number;
let employerId: string;
let ownerId: string;
let token: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  port = await freePort();
  bank = await startTestBank(env.deps, env.deps.config.databaseUrl!, `http://127.0.0.1:${port}`, { webhookRetryBaseMs: 30, webhookRetryMaxMs: 250, hangMs: 2_000 });
  const e = await createEmployer(env);
  employerId = e.employer.id;
  ownerId = e.owner.id;
  // The session lives in the database: the child portal accepts the token as the in-test one does.
  token = await signIn(env, e.owner);
}, 120_000);

afterAll(async () => {
  await bank?.sim.close();
  await env?.close();
});

// ---- the child portal ----

interface Child {
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
}

function startChild(crashAt: string | null): Child {
  const output: string[] = [];
  const proc = spawn(process.execPath, ['--import', TSX, MAIN, '--role=all'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: env.deps.config.databaseUrl!,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BANK_URL: bank.url,
      BANK_API_KEY,
      BANK_WEBHOOK_SECRET: WEBHOOK_SECRET,
      BANK_TIMEOUT_MS: '400',
      PAYOUT_SWEEP_MS: '150',
      PAYOUT_STALE_MS: '800',
      PAYOUT_CRASH_AT: crashAt ?? '',
    },
  });
  const keep = (d: Buffer) => {
    output.push(d.toString());
    if (output.length > 200) output.shift();
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  return { proc, exited, output };
}

/** Up (answers /api/health) or dead (killed itself already: a crash point during start-up work). */
async function ready(child: Child): Promise<boolean> {
  let dead = false;
  void child.exited.then(() => (dead = true));
  const end = Date.now() + 30_000;
  while (Date.now() < end && !dead) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  if (dead) return false;
  throw new Error(`child portal did not start:\n${child.output.join('')}`);
}

/** Ends the child between schedules: killed too (a graceful stop waits for the queue; nothing here needs one). */
async function stopChild(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill('SIGKILL');
  await child.exited;
}

// ---- schedules ----

interface Schedule {
  seed: number;
  entries: number;
  crashes: string[];
  faults: { timeoutAfterRecording: number[]; error500AfterRecording: number[]; timeoutBeforeRecording: number[]; error500BeforeRecording: number[] };
  duplicates: number;
  outOfOrder: boolean;
}

/** Crash points by weight: the bank-call boundaries are where money could be paid twice. */
const WEIGHTED: CrashPoint[] = ['after-execute-commit', 'before-bank-call', 'after-bank-call', 'after-bank-call', 'after-store', 'webhook-received', 'webhook-applied', 'webhook-applied'];

function scheduleOf(seed: number, index: number): Schedule {
  const rng = new SeededRandom(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rng.next() * xs.length)]!;
  const entries = rng.between([3, 7]);
  // Every point appears in the first schedules, then the seed decides.
  const first = index < CRASH_POINTS.length ? CRASH_POINTS[index]! : pick(WEIGHTED);
  const crashes = [first, ...Array.from({ length: rng.between([0, 2]) }, () => pick(WEIGHTED))].map((p) => {
    const max = p === 'after-execute-commit' ? 1 : p.startsWith('webhook') ? entries * 2 : p === 'after-store' ? 1 : entries;
    return `${p}:${rng.between([1, max])}`;
  });
  const faults: Schedule['faults'] = { timeoutAfterRecording: [], error500AfterRecording: [], timeoutBeforeRecording: [], error500BeforeRecording: [] };
  for (let i = 0; i < entries; i++) {
    if (rng.chance(0.25)) faults[pick(Object.keys(faults) as (keyof Schedule['faults'])[])].push(i);
  }
  return { seed, entries, crashes, faults, duplicates: rng.chance(0.5) ? 0.5 : 0, outOfOrder: rng.chance(0.3) };
}

const schedules = Array.from({ length: SCHEDULES }, (_, i) => scheduleOf(BASE_SEED + i, i));

async function execute(payrollId: string): Promise<number | 'no-answer'> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/employer-admin/payroll/execute-payroll?payrollId=${payrollId}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
    return r.status;
  } catch {
    return 'no-answer';
  }
}

const payrollStatus = async (id: string) => (await sql<{ status: string }>`select status from payrolls where id = ${id}`.execute(env.deps.db)).rows[0]!.status;

describe('payout execution survives SIGKILL at every boundary', () => {
  it.each(schedules.map((s) => [`seed ${s.seed}: ${s.entries} entries, crashes ${s.crashes.join(' then ')}`, s] as const))('%s', async (_name, s) => {
    const p = await insertFrozenPayroll(env.deps, env.clock.now(), { employerId, adminId: ownerId, entries: s.entries, account: (i) => `8${String(s.seed).slice(-6)}${String(i).padStart(4, '0')}` });
    const accounts = Array.from({ length: s.entries }, (_, i) => `8${String(s.seed).slice(-6)}${String(i).padStart(4, '0')}`);
    await env.deps.db.insertInto('ledger_entries').values({ employer_id: employerId, kind: 'CREDIT', amount: p.totalSalary, reason: 'test credit', bank_reference: `crash-test-${s.seed}` }).execute();
    await bank.setRules({
      timeoutAfterRecording: s.faults.timeoutAfterRecording.map((i) => accounts[i]!),
      error500AfterRecording: s.faults.error500AfterRecording.map((i) => accounts[i]!),
      timeoutBeforeRecording: s.faults.timeoutBeforeRecording.map((i) => accounts[i]!),
      error500BeforeRecording: s.faults.error500BeforeRecording.map((i) => accounts[i]!),
      webhookDuplicateRate: s.duplicates,
      webhookOutOfOrder: s.outOfOrder,
      webhookReorderWindowMs: 100,
      seed: s.seed,
    });

    const crashes = [...s.crashes];
    const log: string[] = [];
    let child = startChild(crashes.shift() ?? null);
    let kills = 0;
    const t0 = Date.now();
    const at = () => `${Date.now() - t0}ms`;
    try {
      for (let round = 0; ; round++) {
        if (round > 10) throw new Error('the payroll did not settle after 10 restarts');
        const up = await ready(child);
        log.push(`${at()} up=${up}`);
        if (up && (await payrollStatus(p.payrollId)) === 'PAYROLL_FROZEN') log.push(`execute: ${await execute(p.payrollId)}`);
        const outcome = await Promise.race([
          child.exited.then((x) => ({ exit: x })),
          until('settled', async () => ['DISBURSAL_COMPLETED', 'DISBURSAL_FAILED'].includes(await payrollStatus(p.payrollId)), 40_000, 50).then(() => ({ exit: null })),
        ]);
        log.push(`${at()} ${outcome.exit ? 'exit' : 'settled'}`);
        if (!outcome.exit) break;
        expect(outcome.exit.signal, child.output.join('')).toBe('SIGKILL');
        kills++;
        log.push(`killed (${child.output.join('').match(/PAYOUT_CRASH_AT: killing process \d+ at (\S+)/)?.[1] ?? '?'})`);
        child = startChild(crashes.shift() ?? null);
      }
    } finally {
      await stopChild(child);
    }

    if (process.env.CRASH_TRACE) console.log(s.seed, log.join(' | '));
    // Exactly once, counted at the bank: one bank payout per entry, made under the stored key.
    const payouts = await env.deps.db.selectFrom('payouts').selectAll().where('payroll_id', '=', p.payrollId).execute();
    expect(payouts, log.join('; ')).toHaveLength(s.entries);
    expect(payouts.every((x) => x.attempt === 1 && x.status === 'TRANSFERRED')).toBe(true);
    const atBank = await sql<{ reference_id: string; idempotency_key: string; status: string }>`
      select reference_id, idempotency_key, status from bank_sim.payouts where reference_id = any(${payouts.map((x) => x.id)})`.execute(env.deps.db);
    expect(atBank.rows, log.join('; ')).toHaveLength(s.entries);
    for (const b of atBank.rows) {
      const ours = payouts.find((x) => x.id === b.reference_id)!;
      expect(b.idempotency_key).toBe(ours.idempotency_key);
      expect(b.status).toBe('processed');
    }
    const entries = await env.deps.db.selectFrom('payroll_entries').select(['status', 'utr', 'request_id']).where('payroll_id', '=', p.payrollId).execute();
    expect(entries.every((e) => e.status === 'TRANSFERRED' && e.utr)).toBe(true);
    expect(await env.deps.db.selectFrom('ledger_entries').select('id').where('payroll_id', '=', p.payrollId).execute()).toHaveLength(1);
    expect(await payrollStatus(p.payrollId)).toBe('DISBURSAL_COMPLETED');
    // The first crash of each schedule is reachable, so at least one kill happened (the later ones may not be).
    expect(kills, log.join('; ')).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
