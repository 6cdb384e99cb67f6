/**
 * Workers at scale (issue 3, "Speed"): one employer with 100,000 employees and 1,000,000
 * transactions, generated in SQL (bench/workers-data.ts) in a throw-away embedded PostgreSQL, and
 * the real server (`apps/server/src/main.ts --role=api`) started as a child process against it, so
 * its RSS can be read from /proc and the load generator does not share its event loop.
 *
 * Prints: employee search p95 and req/s at 20 connections (the list's first page, and searches by
 * text), the employee report download time and the server's RSS growth for every row, and the
 * transactions report at the 20,000 cap when that route exists. Goals are printed beside the
 * figures; nothing is asserted.
 *
 * Quick run: BENCH_EMPLOYEES=5000 BENCH_TRANSACTIONS=50000 BENCH_SECONDS=3 npm run bench workers
 * Query plans: BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the list, search and report queries.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { startRuntime } from '../apps/server/src/platform/runtime.js';
import { provisionEmployer } from '../apps/server/src/features/employers/index.js';
import { mark, mb, memOf, startPortal } from './bench-kit.js';
import { BENCH_BRANCHES, BENCH_DEPARTMENTS, BENCH_GRADES, generateTransactions, generateWorkers, settle } from './workers-data.js';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const GOALS = { p95Ms: 50, rps: 500, reportS: 5, rssMb: 100 };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-workers-'));
fs.chmodSync(dir, 0o777); // initdb runs as the postgres user
const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
const runtime = await startRuntime(
  { ...loadConfig({ ...process.env }), databaseUrl: null, dataDir: dir, embeddedPgPort: 57000 + Math.floor(Math.random() * 1000), smtpUrl: null, smsUrl: null },
  { queue: false, log: silent },
);
const { db } = runtime.deps;
let child: ChildProcess | null = null;

try {
  console.log(`data: ${EMPLOYEES.toLocaleString('en-IN')} employees, ${TRANSACTIONS.toLocaleString('en-IN')} transactions (PostgreSQL in ${dir})`);
  const mobile = '9555500001';
  const password = 'Bench-Password-2026';
  const { employer, admin } = await provisionEmployer(runtime.deps, {
    name: 'Bench Employer',
    metadata: { branchIds: BENCH_BRANCHES, gradeIds: BENCH_GRADES, departmentIds: BENCH_DEPARTMENTS },
    admin: { name: 'Bench Admin', email: 'bench.workers@example.com', mobile, branchLocation: 'Pune', ready: { password } },
  });
  const tw = await generateWorkers(runtime.deps, employer.id, EMPLOYEES);
  console.log(`  generated workers in ${tw.toFixed(1)} s`);
  const tt = await generateTransactions(db, employer.id, TRANSACTIONS);
  console.log(`  generated transactions in ${tt.toFixed(1)} s`);
  const tv = await settle(db);
  console.log(`  vacuum analyze in ${tv.toFixed(1)} s`);

  if (process.env.BENCH_EXPLAIN) await explain(employer.id);

  // ---- the real server, as a child process ----
  const server = await startServer(admin.email, password, mobile);
  child = server.child;
  const { base, auth, serverPid } = server;

  // ---- employee search ----
  const searchUrl = `${base}/v2/employer-admin/employee-paginated-filter-search`;
  const pages = Math.max(1, Math.ceil(EMPLOYEES / 10));
  // Selective: an id, e-mail or mobile fragment, a full name (at most a few hundred matches).
  const selective = ['bench.4242', 'BE00123', '9000054321', 'bench.77777@', 'Ravi Sharma', 'BE0099'];
  // Broad: a first or last name that 4,000-5,000 of the generated workers share (20 x 25 names).
  const broad = ['Asha', 'Priya', 'Kulkarni'];
  let k = 0;
  const scenarios: { name: string; body: () => unknown }[] = [
    { name: 'first page (the screen as it opens)', body: () => ({ limit: 10, pageNumber: 1, searchText: '', filters: [], sortby: 'createdAt' }) },
    { name: 'random pages 1-100', body: () => ({ limit: 10, pageNumber: 1 + (k++ % Math.min(100, pages)), filters: [] }) },
    { name: 'search, selective (id, e-mail, mobile, full name)', body: () => ({ limit: 10, pageNumber: 1, searchText: selective[k++ % selective.length] }) },
    { name: 'search, broad (a name shared by ~5,000)', body: () => ({ limit: 10, pageNumber: 1, searchText: broad[k++ % broad.length] }) },
    {
      name: 'filters (Signed Up AND Branch is Pune)',
      body: () => ({
        limit: 10,
        pageNumber: 1,
        filters: [
          { conjunction: 'WHERE', field: 'signUpStatus', operator: 'IS', value: 'SIGNED_UP' },
          { conjunction: 'AND', field: 'branchId', operator: 'IS', value: 'Pune' },
        ],
      }),
    },
  ];
  // Warm up (JIT, pool, caches).
  for (const s of scenarios) for (let i = 0; i < 30; i++) await (await fetch(searchUrl, { method: 'PUT', headers: auth, body: JSON.stringify(s.body()) })).arrayBuffer();
  console.log(`\nemployee search, ${CONNECTIONS} connections, ${SECONDS} s each (goal p95 <= ${GOALS.p95Ms} ms and >= ${GOALS.rps} req/s):`);
  for (const s of scenarios) {
    const latencies: number[] = [];
    let instance: autocannon.Instance | undefined;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon({
      url: searchUrl,
      method: 'PUT',
      headers: auth,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ method: 'PUT', setupRequest: (req) => ({ ...req, body: JSON.stringify(s.body()) }) }],
    }, (err, res) => (err ? reject(err) : resolve(res)));
    });
    instance!.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    const result = await done;
    latencies.sort((a, b) => a - b);
    const p95 = Number((latencies[Math.min(latencies.length - 1, Math.floor(0.95 * latencies.length))] ?? NaN).toFixed(1));
    const rps = result.requests.average;
    const bad = result.non2xx + result.errors + result.timeouts;
    console.log(
      `  ${s.name}: p50 ${result.latency.p50} ms, p95 ${p95} ms, p99 ${result.latency.p99} ms, ${rps.toFixed(0)} req/s` +
        `${bad ? `, ${bad} failed` : ''} -> ${mark(p95 <= GOALS.p95Ms && rps >= GOALS.rps)}`,
    );
  }

  // ---- employee report, every row and every column ----
  const columns = ['fullName', 'employerEmployeeId', 'email', 'mobile', 'signUpStatus', 'employmentStatus', 'joinedAt', 'terminatedAt', 'withdrawalAllowed', 'currentMonthlySalary', 'branchId', 'gradeId', 'departmentId'];
  const report = await measureDownload(serverPid, `${base}/employer-admin/search`, { method: 'PUT', headers: auth, body: JSON.stringify({ columns }) });
  console.log(
    `\nemployee report (employee-report.xlsx, ${EMPLOYEES.toLocaleString('en-IN')} rows, 13 columns): ${report.status}, ${mb(report.bytes)} MB in ${report.seconds.toFixed(2)} s, ` +
      `server RSS ${mb(report.rssBefore)} -> peak ${mb(report.rssPeak)} MB (growth ${mb(report.rssPeak - report.rssBefore)} MB)` +
      ` -> time ${mark(report.seconds <= GOALS.reportS)} (<= ${GOALS.reportS} s), memory ${mark(report.rssPeak - report.rssBefore <= GOALS.rssMb * 1024 * 1024)} (<= ${GOALS.rssMb} MB)`,
  );

  // ---- the same report on a freshly started server ----
  // RSS growth depends on how far V8 has already grown its heap: after the load test above it has;
  // a server that has served nothing yet grows more for the same download.
  child.kill('SIGTERM');
  await new Promise((r) => child!.once('exit', r));
  const capped = await startServer(admin.email, password, mobile);
  child = capped.child;
  const again = await measureDownload(capped.serverPid, `${capped.base}/employer-admin/search`, { method: 'PUT', headers: capped.auth, body: JSON.stringify({ columns }) });
  console.log(
    `  same report on a freshly started server: ${again.status}, ${again.seconds.toFixed(2)} s, RSS growth ${mb(again.rssPeak - again.rssBefore)} MB` +
      ` -> memory ${mark(again.rssPeak - again.rssBefore <= GOALS.rssMb * 1024 * 1024)} (<= ${GOALS.rssMb} MB)`,
  );
  const base2 = capped.base;
  const auth2 = capped.auth;
  const pid2 = capped.serverPid;

  // ---- transactions report at the cap, if the route exists yet ----
  const docs = (await (await fetch(`${base2}/docs/json`)).json()) as { paths: Record<string, unknown> };
  const txPath = '/api/employer-admin/transactions-of-workers/report';
  if (!docs.paths[txPath]) {
    console.log(`\ntransactions report: GET ${txPath} is not there yet; not measured.`);
  } else {
    const end = new Date();
    const start = new Date(end.getTime() - 700 * 86_400_000);
    const qs = new URLSearchParams({ startDate: start.toISOString(), endDate: end.toISOString() });
    const tx = await measureDownload(pid2, `${base2.replace(/\/api$/, '')}${txPath}?${qs}`, { headers: { authorization: auth2.authorization } });
    console.log(
      `\ntransactions report (transactions-report.xlsx, 700 days of ${TRANSACTIONS.toLocaleString('en-IN')}, capped at 20,000): ${tx.status}, ${mb(tx.bytes)} MB in ${tx.seconds.toFixed(2)} s, ` +
        `server RSS growth ${mb(tx.rssPeak - tx.rssBefore)} MB`,
    );
  }
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  await runtime.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The real server, `main.ts --role=api`, against the bench database, with the bench admin signed in. */
function startServer(email: string, password: string, mobile: string) {
  return startPortal({ db, databaseUrl: runtime.databaseUrl, role: 'api', admin: { email, password, mobile } });
}

async function measureDownload(pid: number, url: string, init: RequestInit) {
  // Let the heap settle after the load test before taking the baseline.
  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = memOf(pid).rss;
  let rssPeak = rssBefore;
  const timer = setInterval(() => (rssPeak = Math.max(rssPeak, memOf(pid).rss)), 25);
  const t = performance.now();
  const res = await fetch(url, init);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - t) / 1000;
  clearInterval(timer);
  rssPeak = Math.max(rssPeak, memOf(pid).rss);
  return { status: res.status, bytes, seconds, rssBefore, rssPeak };
}

/** EXPLAIN ANALYZE of the queries the list and the report run (as the service builds them). */
async function explain(employerId: string) {
  const plans: [string, string][] = [
    ['list page 1', `select * from workers where employer_id = '${employerId}' and vendor_id is null order by created_at desc, id asc limit 10 offset 0`],
    ['list page 100', `select * from workers where employer_id = '${employerId}' and vendor_id is null order by created_at desc, id asc limit 10 offset 990`],
    ['list count', `select count(*) from workers where employer_id = '${employerId}' and vendor_id is null`],
    [
      'search "Kulkarni"',
      `select * from workers where employer_id = '${employerId}' and vendor_id is null and (employer_worker_id ilike '%Kulkarni%' or mobile ilike '%Kulkarni%' or full_name ilike '%Kulkarni%' or email ilike '%Kulkarni%') order by created_at desc, id asc limit 10`,
    ],
    [
      'search count "Asha" (broad)',
      `select count(*) from workers where employer_id = '${employerId}' and vendor_id is null and (employer_worker_id ilike '%Asha%' or mobile ilike '%Asha%' or full_name ilike '%Asha%' or email ilike '%Asha%')`,
    ],
    ['filter count signed up + Pune', `select count(*) from workers where employer_id = '${employerId}' and vendor_id is null and (user_id is not null and branch_id = 'Pune')`],
    [
      'search count "bench.4242"',
      `select count(*) from workers where employer_id = '${employerId}' and vendor_id is null and (employer_worker_id ilike '%bench.4242%' or mobile ilike '%bench.4242%' or full_name ilike '%bench.4242%' or email ilike '%bench.4242%')`,
    ],
    [
      'search page "bench.4242" (selective)',
      `select * from workers where employer_id = '${employerId}' and vendor_id is null and (employer_worker_id ilike '%bench.4242%' or mobile ilike '%bench.4242%' or full_name ilike '%bench.4242%' or email ilike '%bench.4242%') order by created_at desc, id asc limit 10`,
    ],
    ['filter signed up + Pune', `select * from workers where employer_id = '${employerId}' and vendor_id is null and (user_id is not null and branch_id = 'Pune') order by created_at desc, id asc limit 10`],
    ['report (all rows)', `select * from workers where employer_id = '${employerId}' and vendor_id is null order by created_at desc, id asc`],
    [
      'transactions, 700 days, cap',
      `select * from transactions where employer_id = '${employerId}' and vendor_id is null and created_at >= now() - interval '700 days' and created_at <= now() order by created_at desc limit 20000`,
    ],
  ];
  for (const [name, q] of plans) {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers, costs off) ${sql.raw(q)}`.execute(db);
    console.log(`\n-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
