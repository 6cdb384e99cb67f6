/**
 * Measures the simulated bank: N payouts created through the portal's client with latency 0, the
 * time until all are processed, and until all their webhooks (3 per payout) are delivered to a
 * receiver that checks each signature. The bank runs as its own process (as the portal starts it).
 *
 *   npx tsx bench/bank-throughput.ts [N=20000] [concurrency=64] [--no-webhooks] [--in-process] [--profile-bank=DIR]
 *
 * Uses BANK_SIM_DATABASE_URL when set (a fresh database is created next to it), else an embedded
 * PostgreSQL in a temporary folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startBankSim } from '@portal/bank-sim';
import { ensureDatabase, startEmbeddedPostgres } from '../apps/server/src/platform/database.js';
import { createHttpPayoutsApi, verifyBankSignature } from '../apps/server/src/platform/payouts.js';

const args = process.argv.slice(2);
const numbers = args.filter((a) => /^\d+$/.test(a)).map(Number);
const N = numbers[0] ?? 20_000;
const CONCURRENCY = numbers[1] ?? 64;
const webhooks = !args.includes('--no-webhooks');
const inProcess = args.includes('--in-process');
const profileDir = args.find((a) => a.startsWith('--profile-bank='))?.split('=')[1] ?? null;
const API_KEY = 'bench-key';
const SECRET = 'bench-secret';

let stopPg: (() => Promise<void>) | null = null;
let tmp: string | null = null;
let serverUrl = process.env.BANK_SIM_DATABASE_URL ?? null;
if (!serverUrl) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-bench-pg-'));
  // initdb may run as another user (when this runs as root): as the test setup does, open the folder.
  fs.chmodSync(tmp, 0o777);
  const pg = await startEmbeddedPostgres(path.join(tmp, 'pg'), 56000 + Math.floor(Math.random() * 2000), () => {});
  stopPg = pg.stop;
  serverUrl = pg.url;
}
const databaseUrl = await ensureDatabase(serverUrl, `bank_bench_${Date.now().toString(36)}`);

let delivered = 0;
let badSignatures = 0;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const sig = req.headers['x-bank-signature'];
    if (verifyBankSignature(SECRET, Buffer.concat(chunks), typeof sig === 'string' ? sig : undefined)) delivered++;
    else badSignatures++;
    res.statusCode = 204;
    res.end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const webhookUrl = webhooks ? `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` : null;
const rules = { latencyMs: { toProcessing: [0, 0] as [number, number], toSettled: [0, 0] as [number, number], toReversed: [0, 0] as [number, number] } };

let bankUrl: string;
let stopBank: () => Promise<void>;
let bankPid: number | null = null;
if (inProcess) {
  const bank = await startBankSim({ databaseUrl, apiKey: API_KEY, webhookUrl, webhookSecret: SECRET, rules });
  bankUrl = bank.url;
  stopBank = bank.close;
} else {
  const port = 57000 + Math.floor(Math.random() * 2000);
  const main = fileURLToPath(new URL('./main.ts', import.meta.resolve('@portal/bank-sim')));
  const c = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', main], {
    env: { ...process.env, BANK_SIM_DATABASE_URL: databaseUrl, BANK_PORT: String(port), BANK_API_KEY: API_KEY, BANK_WEBHOOK_URL: webhookUrl ?? '', BANK_WEBHOOK_SECRET: SECRET, BANK_RULES: JSON.stringify(rules) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  bankUrl = `http://127.0.0.1:${port}`;
  bankPid = c.pid ?? null;
  for (let i = 0; ; i++) {
    const up = await fetch(`${bankUrl}/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 300) throw new Error('bank did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  stopBank = async () => {
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
}

const client = createHttpPayoutsApi({ baseUrl: bankUrl, apiKey: API_KEY, timeoutMs: 30_000 });
// Counted in the database rather than through /v1/sim/stats, whose per-reference map would cost more than what is measured.
const counter = new pg.Client({ connectionString: databaseUrl });
await counter.connect();
const processedCount = async () => (await counter.query<{ n: number }>(`select count(*)::int as n from bank_sim.payouts where status = 'processed'`)).rows[0]!.n;

// CPU time per part (bench process = client + webhook receiver; bank; PostgreSQL), in ms: a
// figure that holds when other work shares the machine, which the rates above do not.
const ticks = 100; // USER_HZ on Linux
function procCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
  } catch {
    return 0;
  }
}
function pgCpuMs(): number {
  if (!tmp) return 0;
  const postmaster = Number(fs.readFileSync(path.join(tmp, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = procCpuMs(postmaster);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(stat[1]) === postmaster) total += procCpuMs(Number(d));
    } catch {
      // gone
    }
  }
  return total;
}
const cpuBefore = { bench: process.cpuUsage(), bank: bankPid ? procCpuMs(bankPid) : 0, pg: pgCpuMs() };

const started = Date.now();
let next = 0;
let createdAt = 0;
let processedAt = 0;
let deliveredAt = 0;
const creating = Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < N) {
      const i = next++;
      await client.createPayout(`bench-${i}`, { account_number: `9${String(i).padStart(11, '0')}`, ifsc: 'HDFC0001234', amount: 1_000_00 + i, reference_id: `bench-${i}` });
    }
  }),
).then(() => (createdAt = Date.now()));
for (;;) {
  await new Promise((r) => setTimeout(r, 100));
  if (!processedAt && (await processedCount()) >= N) processedAt = Date.now();
  if (!deliveredAt && delivered >= 3 * N) deliveredAt = Date.now();
  if (processedAt && (deliveredAt || !webhooks)) break;
  if (Date.now() - started > 600_000) throw new Error('gave up after 10 minutes');
}
await creating;

const rate = (t: number) => Math.round((N * 1000) / (t - started));
console.log(`bank-sim throughput (${inProcess ? 'bank in this process' : 'bank in its own process'}, ${N} payouts, ${CONCURRENCY} concurrent, latency 0, ${os.cpus().length} cores)`);
console.log(`  created:                         ${rate(createdAt)} payouts/s (${createdAt - started} ms)`);
console.log(`  created and processed:           ${rate(processedAt)} payouts/s (${processedAt - started} ms)`);
if (webhooks) console.log(`  ... and all ${3 * N} webhooks delivered: ${rate(deliveredAt)} payouts/s (${deliveredAt - started} ms); bad signatures ${badSignatures}`);

const benchCpu = process.cpuUsage(cpuBefore.bench);
const cpu = { bench: (benchCpu.user + benchCpu.system) / 1000, bank: bankPid ? procCpuMs(bankPid) - cpuBefore.bank : 0, pg: pgCpuMs() - cpuBefore.pg };
const per = (ms: number) => ((ms * 1000) / N).toFixed(0);
console.log(
  `  CPU per payout: ${inProcess ? 'client + receiver + bank' : 'client + receiver'} ${per(cpu.bench)} µs` +
    (inProcess ? '' : `, bank ${per(cpu.bank)} µs`) +
    (tmp ? `, PostgreSQL ${per(cpu.pg)} µs` : ''),
);
await counter.end();
await stopBank();
await new Promise<void>((r) => receiver.close(() => r()));
if (stopPg) await stopPg();
if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
