/**
 * Scale-out (issue 15): the compiled server as 2 API processes (`--role=api`, own ports) and 2 job
 * workers (`--role=worker`) on one PostgreSQL database, with one simulated bank (started by the
 * first API; the others name it with BANK_URL). Shows that sheets uploaded through both APIs are
 * processed, some by each worker, each once; that a payroll executed concurrently through both
 * APIs debits once and pays each worker once at the bank; and that a request rate limit and the
 * wrong-password lockout hold across the two APIs (N requests split over them hit the limit at N).
 *
 * Real processes only: the server is built into a folder of its own (scripts/build-server.mjs
 * --out), started with node, and every process (and the bank under the first API) is killed at the
 * end, pass or fail.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERROR_CODES, LOGIN_MAX_FAILURES, MSG } from '@portal/domain';
import { loadConfig, repoRoot } from '../src/config.js';
import { provisionEmployer } from '../src/features/employers/provision.js';
import { startRuntime, type Runtime } from '../src/platform/runtime.js';
import { TEMPLATE, withDatabase } from './global-setup.js';
import { insertFrozenPayroll, until } from './payouts-fixtures.js';

/** Identity calls allowed per minute per route and client, in every API process (AUTH_RATE_LIMIT_PER_MINUTE). */
const AUTH_LIMIT = 30;
const EMPLOYERS = 6;
const SHEET_ROWS = 1_500;
const PAYROLL_ENTRIES = 30;
const PASSWORD = 'Correct-Horse-77';

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
}

const tag = randomBytes(4).toString('hex');
const distDir = path.join(repoRoot, 'apps', `.scale-out-${tag}`, 'dist');
const procs: Proc[] = [];
let serverUrl: string;
let dbName: string;
let databaseUrl: string;
let runtime: Runtime;
let apis: [string, string];
let bankUrl: string;
let workers: [Proc, Proc];
const employers: { id: string; adminId: string; email: string; mobile: string; token: string }[] = [];

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts the compiled server in its own process group (so that the bank it starts goes with it). */
function start(name: string, args: string[], env: Record<string, string>, ready: RegExp | null): Promise<Proc> {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(distDir, 'main.js'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const proc: Proc = { name, child, output: () => output };
  procs.push(proc);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const onData = (c: Buffer) => {
      output += c.toString();
      if (ready?.test(output)) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) while starting:\n${output}`));
    });
    if (!ready) {
      clearTimeout(timer);
      resolve(proc);
    }
  });
}

/** SIGTERM to each process group, SIGKILL to what is left after 10 s. */
async function stopAll(): Promise<void> {
  await Promise.all(
    procs.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await gone;
      clearTimeout(timer);
      // The bank child of the first API: gone with its parent's shutdown; make sure of it.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // no process left in the group
      }
    }),
  );
}
// If the test process itself ends without afterAll, take the processes down with it.
const killOnExit = () => {
  for (const { child } of procs) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
};

async function call<T = Record<string, unknown>>(api: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api}/api${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T };
}

/** Password through one API, the SMS code (from the dev outbox in the database) through the other. */
async function signIn(first: string, second: string, email: string, mobile: string): Promise<string> {
  const r = await call<{ status: string; resolverToken: string }>(first, 'POST', '/auth/sign-in', { body: { email, password: PASSWORD } });
  if (r.status !== 200 || r.body.status !== 'MFA_REQUIRED') throw new Error(`sign-in: ${r.status} ${JSON.stringify(r.body)}`);
  const sms = await runtime.deps.db.selectFrom('outbox_messages').select('body').where('recipient', '=', `+91${mobile}`).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(sms.body)![1]!;
  const v = await call<{ token: string }>(second, 'POST', '/auth/mfa/verify', { body: { resolverToken: r.body.resolverToken, code } });
  if (v.status !== 200) throw new Error(`mfa: ${v.status} ${JSON.stringify(v.body)}`);
  return v.body.token;
}

let nextMobile = 800_000_000 + Math.floor(Math.random() * 100_000_000);
const distinctMobile = () => `9${String(nextMobile++).padStart(9, '0')}`;

/** An employee sheet of `rows` valid, distinct rows. */
async function employeeSheet(rows: number, prefix: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['Employee ID', 'Full Name', 'Email', 'Mobile', 'Monthly Salary', 'Joining Date']).commit();
  for (let i = 0; i < rows; i++) {
    ws.addRow([`${prefix}-${i}`, 'Meena Kumari', `${prefix}.${i}@example.com`.toLowerCase(), distinctMobile(), 30000 + (i % 1000), new Date(Date.UTC(2025, 3, 1))]).commit();
  }
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  process.on('exit', killOnExit);
  serverUrl = inject('pgServerUrl');
  dbName = `portal_scale_${tag}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${TEMPLATE}`);
  await admin.end();
  databaseUrl = withDatabase(serverUrl, dbName);

  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs'), `--out=${path.relative(repoRoot, distDir)}`], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);

  const [apiPort1, apiPort2, bankPort] = [await freePort(), await freePort(), await freePort()];
  bankUrl = `http://127.0.0.1:${bankPort}`;
  apis = [`http://127.0.0.1:${apiPort1}`, `http://127.0.0.1:${apiPort2}`];
  const common = {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    SMS_URL: '',
    WEB_DIST: path.join(distDir, 'no-web'),
    DATA_DIR: path.join(distDir, 'data'),
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
    // The bank answers at once (read by the bank process the first API starts).
    BANK_RULES: JSON.stringify({ latencyMs: { toProcessing: [0, 0], toSettled: [0, 0], toReversed: [0, 0] }, webhookRetryBaseMs: 50, webhookRetryMaxMs: 400 }),
    // Few connections for the bank: this file runs 5 processes on the test server beside another test file.
    BANK_DB_POOL: '3',
    PAYOUT_SWEEP_MS: '1000',
    PAYOUT_STALE_MS: '3000',
  };
  // The first API starts the one bank (BANK_PORT); everyone else is pointed at it. The APIs are
  // ready when /api/health answers, the workers when they say so.
  const started = await Promise.all([
    start('api-1', ['--role=api'], { ...common, PORT: String(apiPort1), PUBLIC_URL: apis[0], BANK_PORT: String(bankPort) }, null),
    start('api-2', ['--role=api'], { ...common, PORT: String(apiPort2), PUBLIC_URL: apis[1], BANK_URL: bankUrl }, null),
    start('worker-1', ['--role=worker'], { ...common, PORT: '0', BANK_URL: bankUrl }, /worker started/),
    start('worker-2', ['--role=worker'], { ...common, PORT: '0', BANK_URL: bankUrl }, /worker started/),
  ]);
  workers = [started[2], started[3]];
  for (const api of apis) {
    await until(`${api} to answer`, async () => (await fetch(`${api}/api/health`).catch(() => null))?.ok, 60_000, 100).catch((err: Error) => {
      throw new Error(`${err.message}\n${outputs()}`);
    });
  }

  // This process: the database for the fixtures, and the bank's client for recharges. No queue, no HTTP.
  const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
  runtime = await startRuntime({ ...loadConfig({ ...process.env, ...common, BANK_URL: bankUrl }), databaseUrl, smtpUrl: null, smsUrl: null }, { queue: false, log: silent });
  await until('the bank to answer', async () => (await fetch(`${bankUrl}/v1/sim/stats`, { headers: { authorization: `Bearer ${runtime.deps.bank.apiKey}` } }).catch(() => null))?.ok, 30_000, 100);

  for (let i = 0; i < EMPLOYERS; i++) {
    const mobile = distinctMobile();
    const email = `owner-${tag}-${i}@example.com`;
    const r = await provisionEmployer(runtime.deps, {
      name: `Scale ${tag} ${i}`,
      vendors: [{ name: `Vendor ${tag} ${i}` }],
      admin: { name: 'Owner Admin', email, mobile, branchLocation: 'Pune', ready: { password: PASSWORD } },
    });
    const token = await signIn(apis[i % 2]!, apis[(i + 1) % 2]!, email, mobile);
    employers.push({ id: r.employer.id, adminId: r.admin.id, email, mobile, token });
  }
}, 180_000);

afterAll(async () => {
  await stopAll();
  process.off('exit', killOnExit);
  await runtime?.stop();
  if (dbName) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
  fs.rmSync(path.dirname(distDir), { recursive: true, force: true });
}, 60_000);

const outputs = () => procs.map((p) => `--- ${p.name}\n${p.output().slice(-4000)}`).join('\n');

describe('scale-out: 2 API and 2 worker processes on one database', () => {
  it('sheets uploaded through both APIs are processed once each, some by each worker', async () => {
    const sheets = await Promise.all(employers.map((_, i) => employeeSheet(SHEET_ROWS, `S${tag}${i}`)));
    // All at once, each employer through one of the two APIs.
    const ids = await Promise.all(
      employers.map(async (e, i) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(sheets[i]!)]), 'employees.xlsx');
        const res = await fetch(`${apis[i % 2]}/api/v2/employer-admin/upload-employee-doc`, { method: 'POST', headers: { authorization: `Bearer ${e.token}` }, body: form });
        const body = (await res.json()) as { _id: string };
        expect(res.status, JSON.stringify(body)).toBe(201);
        return body._id;
      }),
    );
    const rows = await until(
      'every sheet to be processed',
      async () => {
        const r = await runtime.deps.db.selectFrom('document_uploads').selectAll().where('id', 'in', ids).execute();
        return r.length === ids.length && r.every((x) => x.status !== 'PROCESSING') ? r : null;
      },
      120_000,
      250,
    );
    for (const r of rows) {
      expect(r.status, `${r.id}: ${r.failure_reason}`).toBe('PROCESSED');
      expect(r.applied_rows).toBe(SHEET_ROWS);
    }
    // Which process worked each sheet: the worker's log line for the sheet ("sheet <id> (...): phases").
    // The line is printed just after the commit and reaches this process through a pipe, so it can
    // arrive a moment after the status is seen: wait for every sheet's line before counting.
    const workedBy = (id: string) => workers.filter((w) => w.output().includes(`sheet ${id} (`));
    await until('every sheet\'s log line', async () => (ids.every((id) => workedBy(id).length > 0) ? true : null), 10_000, 100).catch(() => null);
    const byWorker = workers.map((w) => ids.filter((id) => w.output().includes(`sheet ${id} (`)));
    for (const id of ids) expect(byWorker.filter((list) => list.includes(id)), `sheet ${id} worked once\n${outputs()}`).toHaveLength(1);
    expect(byWorker[0]!.length, `worker-1 took none\n${outputs()}`).toBeGreaterThan(0);
    expect(byWorker[1]!.length, `worker-2 took none\n${outputs()}`).toBeGreaterThan(0);
  }, 180_000);

  it('a payroll executed concurrently through both APIs debits once and pays each worker once at the bank', async () => {
    const e = employers[0]!;
    const p = await insertFrozenPayroll(runtime.deps, new Date(), { employerId: e.id, adminId: e.adminId, entries: PAYROLL_ENTRIES, advances: 3 });
    // Money in through the bank; its webhook reaches the first API, the balance shows through the second.
    const info = await call<{ virtualAccount: string; accountBalance: number }>(apis[1], 'GET', '/employer-admin/payroll/stream-account-info', { token: e.token });
    expect(info.status).toBe(200);
    await runtime.deps.bank.api.creditVirtualAccount(info.body.virtualAccount, p.totalSalary);
    await until('the credit', async () => (await call<{ accountBalance: number }>(apis[1], 'GET', '/employer-admin/payroll/stream-account-info', { token: e.token })).body.accountBalance === info.body.accountBalance + p.totalSalary);

    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call<{ message: { description: string } }>(apis[i % 2]!, 'PUT', `/employer-admin/payroll/execute-payroll?payrollId=${p.payrollId}`, { token: e.token })),
    );
    expect(calls.map((c) => c.status).sort()).toEqual([200, ...Array(19).fill(409)]);

    const payroll = await until(
      'the payroll to settle',
      async () => {
        const r = await runtime.deps.db.selectFrom('payrolls').select(['status']).where('id', '=', p.payrollId).executeTakeFirstOrThrow();
        return r.status === 'DISBURSAL_COMPLETED' || r.status === 'DISBURSAL_FAILED' ? r : null;
      },
      90_000,
      250,
    );
    expect(payroll.status, outputs()).toBe('DISBURSAL_COMPLETED');
    const debits = await runtime.deps.db.selectFrom('ledger_entries').selectAll().where('payroll_id', '=', p.payrollId).execute();
    expect(debits.map((d) => [d.kind, d.amount])).toEqual([['DEBIT', p.totalSalary]]);
    const payouts = await runtime.deps.db.selectFrom('payouts').selectAll().where('payroll_id', '=', p.payrollId).execute();
    expect(payouts).toHaveLength(PAYROLL_ENTRIES);
    expect(new Set(payouts.map((x) => x.entry_id)).size).toBe(PAYROLL_ENTRIES);
    expect(payouts.every((x) => x.attempt === 1 && x.status === 'TRANSFERRED')).toBe(true);
    // Counted at the bank: each payout created there exactly once.
    const stats = (await (await fetch(`${bankUrl}/v1/sim/stats`, { headers: { authorization: `Bearer ${runtime.deps.bank.apiKey}` } })).json()) as { byReference: Record<string, number> };
    for (const x of payouts) expect(stats.byReference[x.id], `payout ${x.id}`).toBe(1);
    const entries = await runtime.deps.db.selectFrom('payroll_entries').select(['status']).where('payroll_id', '=', p.payrollId).execute();
    expect(entries.every((x) => x.status === 'TRANSFERRED')).toBe(true);
  }, 180_000);

  it('a rate limit holds across the two APIs: requests split over them hit it at the limit, not at twice it', async () => {
    const answers: { status: number; body: { message?: { description: string; code?: string } } }[] = [];
    for (let i = 0; i < AUTH_LIMIT + 4; i++) {
      answers.push(await call(apis[i % 2]!, 'POST', '/auth/password-reset/request', { body: { email: `nobody-${tag}-${i}@example.com` } }));
    }
    // The first AUTH_LIMIT answered (whatever the answer), the rest refused by the limit.
    expect(answers.map((a) => a.status === 429)).toEqual([...Array(AUTH_LIMIT).fill(false), true, true, true, true]);
    expect(answers[0]!.status).toBe(200);
    for (const a of answers.slice(AUTH_LIMIT)) expect(a.body.message).toEqual({ description: MSG.tooManyRequests, code: ERROR_CODES.rateLimited });
  }, 60_000);

  it('the wrong-password lockout holds across the two APIs', async () => {
    const e = employers[EMPLOYERS - 1]!;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const r = await call(apis[i % 2]!, 'POST', '/auth/sign-in', { body: { email: e.email, password: `Wrong-Password-${i}` } });
      expect(r.status, JSON.stringify(r.body)).not.toBe(200);
      expect(r.status).not.toBe(429);
    }
    // LOGIN_MAX_FAILURES wrong passwords between them: the right one is now refused by both.
    for (const api of apis) {
      const r = await call<{ message: { description: string; code: string } }>(api, 'POST', '/auth/sign-in', { body: { email: e.email, password: PASSWORD } });
      expect(r.status).toBe(429);
      expect(r.body.message).toEqual({ description: MSG.accountLocked, code: ERROR_CODES.locked });
    }
  }, 60_000);
});
