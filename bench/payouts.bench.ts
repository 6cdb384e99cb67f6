/**
 * Payroll execution at scale (issue 5, "Exactly once"): a frozen payroll of 50,000 entries is
 * executed through the API, and timed from the execute call to the moment the last payout is
 * settled (processed) at the simulated bank (goal: >= 1,000 payouts/s), then to the moment the
 * portal has applied every webhook (payroll DISBURSAL_COMPLETED). Afterwards it checks exactly
 * once at the bank: one bank payout per entry, under the stored key.
 *
 * The real topology runs: `main.ts --role=all` (API, webhook receiver and payout worker in one
 * process) as a child process, which starts the simulated bank as its own process (BANK_RULES:
 * no latency), against a throw-away embedded PostgreSQL. The payroll is written set-based by the
 * test fixture (the upload and processing are measured by bench/payroll.bench.ts). Goals are printed beside
 * the figures; nothing is asserted.
 *
 * Quick run: BENCH_PAYOUTS=2000 npm run bench payouts.
 */
import './bench-kit.js'; // one data master key for this process and the portal it starts (decision 0037)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { startRuntime } from '../apps/server/src/platform/runtime.js';
import { provisionEmployer } from '../apps/server/src/features/employers/index.js';
import { insertFrozenPayroll } from '../apps/server/test/payouts-fixtures.js';

const N = Number(process.env.BENCH_PAYOUTS ?? 50_000);
const GOAL_PER_SECOND = 1_000;
const TIMEOUT_MS = 15 * 60_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const n = (x: number) => x.toLocaleString('en-IN');
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const TICKS = 100; // USER_HZ on Linux
/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return 0;
  }
}
const childrenOf = (pid: number): number[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** The portal (the tsx wrapper's node child), the bank (the portal's child) and PostgreSQL (postmaster and backends). */
function processes(wrapperPid: number, pgDir: string) {
  const portal = childrenOf(wrapperPid)[0] ?? wrapperPid;
  const bank = childrenOf(portal)[0] ?? 0;
  const postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { portal, bank, postmaster };
}
/** CPU seconds so far of each part; PostgreSQL's backends come and go, so they are summed live plus the exited ones' share (cutime). */
function cpuNow(p: { portal: number; bank: number; postmaster: number }) {
  const pgStat = fs.readFileSync(`/proc/${p.postmaster}/stat`, 'utf8');
  const f = pgStat.slice(pgStat.lastIndexOf(')') + 2).split(' ');
  const exitedChildren = (Number(f[13]) + Number(f[14])) / TICKS;
  const pg = cpuSeconds(p.postmaster) + exitedChildren + childrenOf(p.postmaster).reduce((s, c) => s + cpuSeconds(c), 0);
  return { portal: cpuSeconds(p.portal), bank: cpuSeconds(p.bank), pg };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-payouts-'));
fs.chmodSync(dir, 0o777); // initdb runs as the postgres user
let runtime = null as Awaited<ReturnType<typeof startRuntime>> | null;
let child = null as ReturnType<typeof spawn> | null;

try {
  const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
  runtime = await startRuntime(
    { ...loadConfig({ ...process.env }), databaseUrl: null, dataDir: dir, embeddedPgPort: 59000 + Math.floor(Math.random() * 900), smtpUrl: null, smsUrl: null },
    { queue: false, log: silent },
  );
  const db = runtime.deps.db;
  const mobile = '9555500003';
  const password = 'Bench-Password-2026';
  const { employer, admin } = await provisionEmployer(runtime.deps, {
    name: 'Bench Payroll Employer',
    admin: { name: 'Bench Admin', email: 'bench.payouts@example.com', mobile, branchLocation: 'Pune', ready: { password } },
  });
  let t = Date.now();
  const payroll = await insertFrozenPayroll(runtime.deps, new Date(), { employerId: employer.id, adminId: admin.id, entries: N, advances: Math.min(500, N), emis: Math.min(200, N) });
  await db.insertInto('ledger_entries').values({ employer_id: employer.id, kind: 'CREDIT', amount: payroll.totalSalary, reason: 'bench credit', bank_reference: 'bench-credit' }).execute();
  console.log(`frozen payroll of ${n(N)} entries written in ${((Date.now() - t) / 1000).toFixed(1)} s (fixture; ${n(payroll.totalSalary / 100)} rupees required)`);

  // ---- the portal (and, as its child, the bank) ----
  const port = await freePort();
  const bankPort = await freePort();
  child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts'), '--role=all'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: runtime.databaseUrl,
      DATA_DIR: path.join(dir, 'server-data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BANK_PORT: String(bankPort),
      BANK_URL: '',
      BANK_RULES: JSON.stringify({ latencyMs: { toProcessing: [0, 0], toSettled: [0, 0], toReversed: [0, 0] } }),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SMS_RATE_LIMIT_PER_HOUR: '100000',
      SMS_PER_ADMIN_PER_HOUR: '100000',
      SMTP_URL: '',
      SMS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    const up = (await fetch(`${base}/health`).then((r) => r.ok, () => false)) && (await fetch(`http://127.0.0.1:${bankPort}/health`).then((r) => r.ok, () => false));
    if (up) break;
    if (i > 600) throw new Error('the server or the bank did not start within 60 s');
    await sleep(100);
  }
  const post = async (p: string, body: unknown) =>
    (await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<any>;
  const since = new Date(Date.now() - 1000);
  const first = await post('/auth/sign-in', { email: 'bench.payouts@example.com', password });
  const sms = await db.selectFrom('outbox_messages').select('body').where('recipient', '=', `+91${mobile}`).where('created_at', '>=', since).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const { token } = await post('/auth/mfa/verify', { resolverToken: first.resolverToken, code: /\d{6}/.exec(sms.body)![0] });

  // ---- execute, then watch the bank and the portal ----
  await sleep(1000);
  const procs = processes(child.pid!, path.join(dir, 'pg'));
  const cpuBefore = cpuNow(procs);
  const loadBefore = os.loadavg()[0]!;
  t = Date.now();
  const res = await fetch(`${base}/employer-admin/payroll/execute-payroll?payrollId=${payroll.payrollId}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  const executeMs = Date.now() - t;
  const answer = await res.json();
  console.log(`\nexecute: HTTP ${res.status} in ${executeMs} ms: ${JSON.stringify(answer)}`);
  if (res.status !== 200) throw new Error('execute refused');
  const t0 = t;

  let bankDone: { ms: number; at: Date } | null = null;
  let portalDoneMs: number | null = null;
  let lastPrint = 0;
  // Only the portal is polled while it runs (a few rows: the payroll and its entry counts); the
  // bank's last settlement is read afterwards from its own rows, so the watching costs the bank nothing.
  while (Date.now() - t0 < TIMEOUT_MS) {
    const p = (await sql<{ status: string }>`select status from payrolls where id = ${payroll.payrollId}`.execute(db)).rows[0]!;
    if (p.status === 'DISBURSAL_COMPLETED' || p.status === 'DISBURSAL_FAILED') {
      portalDoneMs = Date.now() - t0;
      break;
    }
    if (Date.now() - lastPrint > 5_000) {
      lastPrint = Date.now();
      const counts = await sql<{ status: string; n: number }>`select status, n from payroll_entry_counts where payroll_id = ${payroll.payrollId} and n > 0 order by status`.execute(db);
      console.log(`  ${((Date.now() - t0) / 1000).toFixed(1)} s: payroll ${p.status}, entries ${counts.rows.map((r) => `${r.status} ${n(r.n)}`).join(', ')}`);
    }
    await sleep(250);
  }
  const b = (
    await sql<{ processed: number; last: Date | null }>`
      select count(*) filter (where status = 'processed')::int as processed, max(updated_at) filter (where status = 'processed') as last from bank_sim.payouts`.execute(db)
  ).rows[0]!;
  if (b.processed >= N && b.last) bankDone = { ms: b.last.getTime() - t0, at: b.last };
  if (!bankDone) throw new Error('the payouts did not all settle at the bank in time');
  const cpuAfter = cpuNow(procs);
  const used = { portal: cpuAfter.portal - cpuBefore.portal, bank: cpuAfter.bank - cpuBefore.bank, pg: cpuAfter.pg - cpuBefore.pg };
  const per1000 = (x: number) => ((x / N) * 1000).toFixed(2);
  const rate = N / (bankDone.ms / 1000);
  console.log(`\n${n(N)} payouts, execute -> last payout settled at the bank: ${(bankDone.ms / 1000).toFixed(2)} s = ${n(Math.round(rate))} payouts/s -> ${rate >= GOAL_PER_SECOND ? 'goal met' : 'goal NOT met'} (>= ${n(GOAL_PER_SECOND)}/s)`);
  console.log(`execute -> payroll DISBURSAL_COMPLETED at the portal (every webhook applied): ${portalDoneMs === null ? 'not reached' : `${(portalDoneMs / 1000).toFixed(2)} s = ${n(Math.round(N / (portalDoneMs / 1000)))} payouts/s`}`);

  console.log(
    `CPU used (s) from execute to DISBURSAL_COMPLETED: portal ${used.portal.toFixed(1)}, bank ${used.bank.toFixed(1)}, PostgreSQL ${used.pg.toFixed(1)}` +
      ` = ${(used.portal + used.bank + used.pg).toFixed(1)} s on ${os.cpus().length} cores; per 1,000 payouts: portal ${per1000(used.portal)}, bank ${per1000(used.bank)}, PostgreSQL ${per1000(used.pg)}`,
  );
  console.log(`machine load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after (other work on the machine slows the figures above)`);

  // ---- exactly once ----
  const check = (
    await sql<{ ours: number; at_bank: number; twice: number; key_mismatch: number; transferred: number }>`
      select (select count(*) from payouts where payroll_id = ${payroll.payrollId})::int as ours,
             (select count(*) from bank_sim.payouts)::int as at_bank,
             (select count(*) from (select reference_id from bank_sim.payouts group by reference_id having count(*) > 1) x)::int as twice,
             (select count(*) from payouts p join bank_sim.payouts b on b.reference_id = p.id::text where b.idempotency_key <> p.idempotency_key)::int as key_mismatch,
             (select count(*) from payroll_entries where payroll_id = ${payroll.payrollId} and status = 'TRANSFERRED')::int as transferred`.execute(db)
  ).rows[0]!;
  console.log(
    `exactly once: ${n(check.ours)} payout rows, ${n(check.at_bank)} payouts at the bank, ${check.twice} references paid twice, ${check.key_mismatch} key mismatches, ${n(check.transferred)} entries TRANSFERRED -> ${
      check.ours === N && check.at_bank === N && check.twice === 0 && check.key_mismatch === 0 && check.transferred === N ? 'ok' : 'NOT ok'
    }`,
  );
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  await runtime?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
