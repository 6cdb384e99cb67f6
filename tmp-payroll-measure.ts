/** TEMPORARY (not to be committed): 50,000-row payroll against the real server in a child process. */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { BUSINESS_TIME_ZONE, isoDateInZone, monthKey, payrollMonthOf } from '@portal/domain';
import { loadConfig } from './apps/server/src/config.js';
import { startRuntime } from './apps/server/src/platform/runtime.js';
import { provisionEmployer } from './apps/server/src/features/employers/index.js';
import { sha256 } from './apps/server/src/platform/secrets.js';

const ROWS = Number(process.env.ROWS ?? 50_000);
const root = process.cwd();
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payroll-measure-'));
fs.chmodSync(dir, 0o777);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () => new Promise<number>((res) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => res(p)); }); });
const memOf = (pid: number) => { const st = fs.readFileSync(`/proc/${pid}/status`, 'utf8'); const kb = (n: string) => Number(new RegExp(`${n}:\\s+(\\d+) kB`).exec(st)?.[1] ?? 0) / 1024; return { rss: kb('VmRSS'), hwm: kb('VmHWM') }; };
const TICK = 100;
const cpuOf = (pid: number) => { try { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return ((Number(f[11]) + Number(f[12])) / TICK) * 1000; } catch { return 0; } };
/** CPU ms of every process whose command line mentions `needle` (the embedded PostgreSQL of this run). */
const cpuOfAll = (needle: string) => { let t = 0; for (const d of fs.readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8'); const env_ = cmd.includes(needle); if (env_) t += cpuOf(Number(d)); } catch { /* gone */ } } return t; };
const pgCpu = () => { let t = 0; for (const d of fs.readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres')) { const st = fs.readFileSync(`/proc/${d}/stat`, 'utf8'); if (pgPids.has(Number(d)) || st) t += 0; } } catch { /* gone */ } } return t; };
void cpuOfAll; void pgCpu;
const pgPids = new Set<number>();
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((p / 100) * a.length))]!;

const M = payrollMonthOf(isoDateInZone(new Date(), BUSINESS_TIME_ZONE));
const file = path.join(dir, 'payroll.xlsx');
{
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('Payroll');
  ws.addRow(['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC']).commit();
  for (let i = 1; i <= ROWS; i++) ws.addRow([`EMP${String(i).padStart(6, '0')}`, `Worker Name ${i}`, String(6000000000 + i), 12000 + (i % 780) * 100, 30, i % 7 === 0 ? 28.5 : 30, `5010${String(i).padStart(10, '0')}`, 'HDFC0001234']).commit();
  await wb.commit();
}
console.log(`sheet: ${ROWS} rows, ${(fs.statSync(file).size / 1048576).toFixed(2)} MB`);
const reads: number[] = [];
for (let i = 0; i < 3; i++) {
  const r = spawnSync(tsx, [path.join(root, 'bench/sheets-data.ts'), 'read', file], { cwd: root, encoding: 'utf8' });
  reads.push((JSON.parse(r.stdout.trim().split('\n').pop()!) as { ms: number }).ms);
}
const base = Math.min(...reads);
{
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, '--import', 'tsx', path.join(root, 'bench/sheets-data.ts'), 'read', file], { cwd: root, encoding: 'utf8' });
  const cpu = (t: string) => Number(/User time \(seconds\): ([\d.]+)/.exec(t)?.[1]) + Number(/System time \(seconds\): ([\d.]+)/.exec(t)?.[1]);
  console.log(`baseline read process: ${/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]} kB max RSS, cpu ${cpu(r.stderr).toFixed(2)} s`);
  const e0 = spawnSync('/usr/bin/time', ['-v', process.execPath, '--import', 'tsx', '-e', 'await import("exceljs"); await import("@portal/domain")'], { cwd: root, encoding: 'utf8' });
  console.log(`tsx + exceljs import only: cpu ${cpu(e0.stderr).toFixed(2)} s -> read cpu ~ ${(cpu(r.stderr) - cpu(e0.stderr)).toFixed(2)} s`);
  const e = spawnSync('/usr/bin/time', ['-v', process.execPath, '--import', 'tsx', '-e', '1'], { cwd: root, encoding: 'utf8' });
  console.log(`empty tsx process: ${/Maximum resident set size \(kbytes\): (\d+)/.exec(e.stderr)?.[1]} kB max RSS`);
}
if (process.env.BASELINE_ONLY) process.exit(0);
console.log(`exceljs stream-read (fresh process, best of 3): ${base.toFixed(0)} ms (${reads.map((x) => x.toFixed(0)).join(', ')})`);

const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
const runtime = await startRuntime({ ...loadConfig({ ...process.env }), databaseUrl: null, dataDir: dir, embeddedPgPort: 58000 + Math.floor(Math.random() * 1000), smtpUrl: null, smsUrl: null }, { queue: false, log: silent });
let child: ReturnType<typeof spawn> | null = null;
try {
  const db = runtime.deps.db;
  const { employer, admin } = await provisionEmployer(runtime.deps, { name: 'Measure', admin: { name: 'Measure Admin', email: 'measure@example.com', mobile: '9555500009', branchLocation: 'Pune', ready: { password: 'Measure-Password-2026' } } });
  await sql`insert into workers (employer_id, employer_worker_id, full_name, mobile, current_monthly_salary, joined_at)
    select ${employer.id}::uuid, 'EMP' || lpad(g::text, 6, '0'), 'Worker Name ' || g, (6000000000 + g)::text, 3000000, '2025-01-01' from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`insert into transactions (employer_id, worker_id, amount, status, worker_snapshot, created_at)
    select w.employer_id, w.id, 100000, 'TRANSFERRED', '{}'::jsonb, ${`${monthKey(M)}-10T10:00:00+05:30`}::timestamptz from workers w where w.employer_id = ${employer.id}::uuid and right(w.employer_worker_id, 1) = '0'`.execute(db);
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('sessions').values({ admin_id: admin.id, token_hash: sha256(token), mfa_verified: true, password_verified_at: new Date(), expires_at: new Date(Date.now() + 3600_000) }).execute();
  await sql`vacuum analyze`.execute(db);

  const port = await freePort();
  child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts'), '--role=all', '--no-seed'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: runtime.databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BANK_URL: 'http://127.0.0.1:9', PAYROLL_TIMING: process.env.PAYROLL_TIMING ?? '', NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS ?? '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base_ = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 300; i++) { try { if ((await fetch(`${base_}/health`)).ok) break; } catch { /* starting */ } await sleep(200); }
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pid = Number(spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).stdout.trim().split('\n')[0]);
  await sleep(1500);
  console.log(`server pid ${pid}: VmRSS ${memOf(pid).rss.toFixed(0)} MB, VmHWM ${memOf(pid).hwm.toFixed(0)} MB after start`);
  const body = JSON.stringify({ file: fs.readFileSync(file).toString('base64'), fileName: 'payroll.xlsx' });
  for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
    if (run > 0) await db.updateTable('payrolls').set({ status: 'CANCELLED' }).where('employer_id', '=', employer.id).execute();
    await sleep(1000);
    const pgList = () => spawnSync('pgrep', ['-f', dir], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).map(Number);
    const pgBefore = pgList().reduce((a, p) => a + cpuOf(p), 0);
    const srvBefore = cpuOf(pid);
    const t0 = performance.now();
    const up = await fetch(`${base_}/employer-admin/payroll/upload-payroll-doc`, { method: 'POST', headers: auth, body });
    const upBody = (await up.json()) as { payrollId: string };
    let status = '';
    let tProcessed = 0;
    for (;;) {
      const p = await db.selectFrom('payrolls').select(['status', 'processed_file_id']).where('id', '=', upBody.payrollId).executeTakeFirstOrThrow();
      if (p.status !== 'UPLOADED' && p.status !== 'PROCESSING' && !tProcessed) { tProcessed = performance.now() - t0; status = p.status; }
      if (tProcessed && p.processed_file_id) break;
      await sleep(20);
    }
    const tSheet = performance.now() - t0;
    const pgAfter = pgList().reduce((a, p) => a + cpuOf(p), 0);
    console.log(`  cpu: server ${((cpuOf(pid) - srvBefore) / 1000).toFixed(2)} s, postgres (processes of this cluster) ${((pgAfter - pgBefore) / 1000).toFixed(2)} s (upload to sheet stored)`);
    console.log(`run ${run}: ${status} after ${tProcessed.toFixed(0)} ms (${(tProcessed / base).toFixed(2)}x the read); processed sheet stored after ${tSheet.toFixed(0)} ms (${(tSheet / base).toFixed(2)}x); server VmHWM ${memOf(pid).hwm.toFixed(0)} MB`);
  }
  await sql`vacuum analyze payroll_entries`.execute(db);
  const q = { month: M.month, year: M.year };
  const cases: [string, () => object][] = [
    ['first page', () => ({ page: 0 })],
    ['random page', () => ({ page: Math.floor(Math.random() * (ROWS / 10)) })],
    ['last page', () => ({ page: ROWS / 10 - 1 })],
    ['Skipped tab', () => ({ page: 0, status: 'SKIPPED' })],
    ['Finalized tab page 100', () => ({ page: 100, status: 'FINALIZED' })],
    ['search code (11 matches)', () => ({ page: 0, searchId: `EMP0${Math.floor(Math.random() * 40) + 10}0` })],
    ['search name (1 match)', () => ({ page: 0, searchId: `Name ${Math.floor(Math.random() * ROWS) + 1}` })],
    ['search broad (all)', () => ({ page: 0, searchId: 'wor' })],
    ['search none', () => ({ page: 0, searchId: 'zzz' })],
  ];
  const all: number[] = [];
  for (const [label, mk] of cases) {
    const times: number[] = [];
    for (let k = 0; k < 60; k++) {
      const t = performance.now();
      const r = await fetch(`${base_}/employer-admin/payroll/employee-payout-details`, { method: 'POST', headers: auth, body: JSON.stringify({ ...q, ...mk() }) });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${r.status}`);
      times.push(performance.now() - t);
    }
    all.push(...times);
    console.log(`payout-details ${label}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`);
  }
  console.log(`payout-details all cases: p95 ${pct(all, 95).toFixed(1)} ms`);
  const times: number[] = [];
  for (let k = 0; k < 60; k++) { const t = performance.now(); await (await fetch(`${base_}/employer-admin/payroll/payroll-details?month=${M.month}&year=${M.year}`, { headers: auth })).arrayBuffer(); times.push(performance.now() - t); }
  console.log(`payroll-details: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`);
} finally {
  if (child && child.exitCode === null) { child.kill('SIGTERM'); await new Promise((r) => child!.once('exit', r)); }
  await runtime.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
