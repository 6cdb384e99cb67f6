/**
 * Transactions paged on the server (issue 14): one employer with 100,000 transactions over the
 * last 700 days (bench/workers-data.ts, in a throw-away embedded PostgreSQL), the real server
 * (`--role=api`, bench-kit's startPortal) as a child process.
 *
 * Prints, for GET /employer-admin/transactions-of-workers: the p50/p95 of a page request one at a
 * time and at CONNECTIONS at once (the screen as it opens on the current month; the whole 700 days,
 * which the count stops at the 20,000 cap; random pages as deep as the cap reaches; a sort by
 * amount and by name, which has no index), the size of one page against the size of the old
 * whole result (every row up to the cap in one reply, as the route answered before paging), and the
 * p95 of the old whole result's equivalent (the 200 pages of 100 it would take). Nothing is asserted.
 *
 * Quick run: BENCH_TRANSACTIONS=20000 BENCH_EMPLOYEES=2000 BENCH_SECONDS=2 npm run bench transactions
 * BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the count and page queries the service runs.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { WORKER_TRANSACTIONS_RESULT_CAP, businessDate } from '@portal/domain';
import { loadConfig } from '../apps/server/src/config.js';
import { startRuntime } from '../apps/server/src/platform/runtime.js';
import { provisionEmployer } from '../apps/server/src/features/employers/index.js';
import { mark, n, pct, portalCommand, startPortal } from './bench-kit.js';
import { BENCH_BRANCHES, BENCH_DEPARTMENTS, BENCH_GRADES, generateTransactions, generateWorkers, settle } from './workers-data.js';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GOALS = { p95Ms: 50 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-transactions-'));
fs.chmodSync(dir, 0o777); // initdb runs as the postgres user
const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
const runtime = await startRuntime(
  { ...loadConfig({ ...process.env }), databaseUrl: null, dataDir: dir, embeddedPgPort: 56000 + Math.floor(Math.random() * 1000), smtpUrl: null, smsUrl: null },
  { queue: false, log: silent },
);
const { db } = runtime.deps;
let child: ChildProcess | null = null;

try {
  console.log(`data: ${n(EMPLOYEES)} employees, ${n(TRANSACTIONS)} transactions over 700 days (PostgreSQL in ${dir})`);
  const mobile = '9555500003';
  const password = 'Bench-Password-2026';
  const { employer, admin } = await provisionEmployer(runtime.deps, {
    name: 'Bench Employer',
    metadata: { branchIds: BENCH_BRANCHES, gradeIds: BENCH_GRADES, departmentIds: BENCH_DEPARTMENTS },
    admin: { name: 'Bench Admin', email: 'bench.transactions@example.com', mobile, branchLocation: 'Pune', ready: { password } },
  });
  const tw = await generateWorkers(runtime.deps, employer.id, EMPLOYEES);
  const tt = await generateTransactions(db, employer.id, TRANSACTIONS);
  const tv = await settle(db);
  console.log(`  generated in ${(tw + tt).toFixed(1)} s, vacuum analyze ${tv.toFixed(1)} s`);

  // The search windows: the screen's default (this month so far) and the longest it allows (700 days here).
  const today = businessDate(new Date());
  const month = { startDate: `${today.slice(0, 7)}-01`, endDate: today };
  const all = { startDate: businessDate(new Date(Date.now() - 699 * 86_400_000)), endDate: today };
  const [monthRows, allRows] = await Promise.all([matching(employer.id, month), matching(employer.id, all)]);
  console.log(`  this month so far: ${n(monthRows)} matching; 700 days: ${n(allRows)} matching (cap ${n(WORKER_TRANSACTIONS_RESULT_CAP)})`);

  if (process.env.BENCH_EXPLAIN) await explain(employer.id, all);

  const portal = await startPortal({ db, databaseUrl: runtime.databaseUrl, role: 'api', admin: { email: admin.email, password, mobile } });
  child = portal.child;
  const url = (q: Record<string, string>) => `${portal.base}/employer-admin/transactions-of-workers?${new URLSearchParams(q)}`;
  const get = async (q: Record<string, string>) => {
    const t = performance.now();
    const res = await fetch(url(q), { headers: portal.auth });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${text}`);
    return { ms: performance.now() - t, bytes: Buffer.byteLength(text), body: JSON.parse(text) as { transactions: unknown[]; total: number; capped: boolean } };
  };
  console.log(`server: ${portalCommand('api')}`);

  const reachable = Math.min(allRows, WORKER_TRANSACTIONS_RESULT_CAP);
  let k = 0;
  const scenarios: { name: string; query: () => Record<string, string> }[] = [
    { name: 'this month, page 1 of 10 (the screen as it opens)', query: () => month },
    { name: '700 days, page 1 of 10 (count stops at the cap)', query: () => all },
    { name: `700 days, random pages of 10 up to row ${n(reachable)}`, query: () => ({ ...all, page: String(1 + ((k++ * 7919) % Math.ceil(reachable / 10))) }) },
    { name: '700 days, last reachable page of 100', query: () => ({ ...all, pageSize: '100', page: String(Math.ceil(reachable / 100)) }) },
    { name: 'this month, sorted by amount', query: () => ({ ...month, sortBy: 'amount', sortOrder: 'asc' }) },
    { name: '700 days, sorted by name (no index: every match sorted)', query: () => ({ ...all, sortBy: 'name', sortOrder: 'asc' }) },
  ];
  for (const s of scenarios) for (let i = 0; i < 20; i++) await get(s.query()); // warm up

  console.log(`\none request at a time, ${ROUNDS} each (goal p95 <= ${GOALS.p95Ms} ms):`);
  for (const s of scenarios) {
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const r = await get(s.query());
      ms.push(r.ms);
      bytes = Math.max(bytes, r.bytes);
    }
    ms.sort((a, b) => a - b);
    console.log(`  ${s.name}: p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms, reply ${kb(bytes)} -> ${mark(pct(ms, 95) <= GOALS.p95Ms)}`);
  }

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each:`);
  for (const s of scenarios.slice(0, 3)) {
    const latencies: number[] = [];
    let instance: autocannon.Instance | undefined;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          url: url(s.query()),
          headers: portal.auth,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ setupRequest: (req) => ({ ...req, path: ((u) => u.pathname + u.search)(new URL(url(s.query()))) }) }],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
    });
    instance!.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    const result = await done;
    latencies.sort((a, b) => a - b);
    const bad = result.non2xx + result.errors + result.timeouts;
    console.log(`  ${s.name}: p95 ${pct(latencies, 95).toFixed(1)} ms, ${result.requests.average.toFixed(0)} req/s${bad ? `, ${bad} failed` : ''}`);
  }

  // ---- sizes: one page against the old whole result ----
  const page = await get(month);
  const pageAll = await get(all);
  // The old reply: every row of the search up to the cap, in one JSON body ({ transactions, total, limit, capped }).
  const t = performance.now();
  const rows: unknown[] = [];
  for (let p = 1; p <= Math.ceil(reachable / 100); p++) rows.push(...(await get({ ...all, pageSize: '100', page: String(p) })).body.transactions);
  const walkS = (performance.now() - t) / 1000;
  const whole = JSON.stringify({ transactions: rows, total: rows.length, limit: WORKER_TRANSACTIONS_RESULT_CAP, capped: rows.length >= WORKER_TRANSACTIONS_RESULT_CAP });
  const monthRowsOld = rows.filter((r) => (r as { createdAt: string }).createdAt >= new Date(`${month.startDate}T00:00:00+05:30`).toISOString());
  const monthWhole = JSON.stringify({ transactions: monthRowsOld, total: monthRowsOld.length, limit: WORKER_TRANSACTIONS_RESULT_CAP, capped: false });
  const size = (label: string, json: string | number) => {
    const bytes = typeof json === 'number' ? json : Buffer.byteLength(json);
    const gz = typeof json === 'number' ? '' : `, ${kb(gzipSync(json).length)} gzip`;
    return `${label} ${kb(bytes)}${gz}`;
  };
  console.log('\nreply size, a page of 10 against the old whole result:');
  console.log(`  this month: ${size('page', JSON.stringify(page.body))} vs ${size('old whole result', monthWhole)} (${n(monthRowsOld.length)} rows)`);
  console.log(`  700 days:   ${size('page', JSON.stringify(pageAll.body))} vs ${size('old whole result', whole)} (${n(rows.length)} rows, the cap)`);
  console.log(`  (all ${n(rows.length)} reachable rows read as ${Math.ceil(reachable / 100)} pages of 100 in ${walkS.toFixed(2)} s, each of them once)`);
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  await runtime.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The transactions of the employer's own context a window matches (every row, for the figures). */
async function matching(employerId: string, w: { startDate: string; endDate: string }): Promise<number> {
  const { rows } = await sql<{ c: string }>`
    select count(*) as c from transactions where employer_id = ${employerId} and vendor_id is null
      and status in ('TRANSFERRED', 'DEDUCTED_FROM_SALARY', 'REPAID')
      and created_at >= ${w.startDate}::date::timestamp at time zone 'Asia/Kolkata'
      and created_at < (${w.endDate}::date + 1)::timestamp at time zone 'Asia/Kolkata'`.execute(db);
  return Number(rows[0]!.c);
}

/** EXPLAIN ANALYZE of the queries a page runs (as the service builds them): the capped count, the page. */
async function explain(employerId: string, w: { startDate: string; endDate: string }) {
  const where = `employer_id = '${employerId}' and vendor_id is null
    and created_at >= '${w.startDate}'::date::timestamp at time zone 'Asia/Kolkata' and created_at < ('${w.endDate}'::date + 1)::timestamp at time zone 'Asia/Kolkata'`;
  const settled = `status in ('TRANSFERRED', 'DEDUCTED_FROM_SALARY', 'REPAID')`;
  const plans: [string, string][] = [
    ['count, capped', `select count(*) from (select 1 from transactions where ${where} and ${settled} limit ${WORKER_TRANSACTIONS_RESULT_CAP}) m`],
    ['page 1, createdAt desc', `select * from transactions where ${where} and ${settled} order by created_at desc, id desc limit 10`],
    ['page 2000, createdAt desc', `select * from transactions where ${where} and ${settled} order by created_at desc, id desc limit 10 offset 19990`],
    ['page 1, createdAt asc', `select * from transactions where ${where} and ${settled} order by created_at asc, id asc limit 10`],
    ['page 1, status REPAID', `select * from transactions where ${where} and status = 'REPAID' order by created_at desc, id desc limit 10`],
    ['page 1, amount asc', `select * from transactions where ${where} and ${settled} order by amount asc, id asc limit 10`],
  ];
  for (const [name, q] of plans) {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers, costs off) ${sql.raw(q)}`.execute(db);
    console.log(`\n-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
