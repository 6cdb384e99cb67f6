/**
 * What the benchmarks share: formatting of figures, free ports, a process's memory from /proc, the
 * exceljs read baseline, and the real portal started as a child process with its admin signed in.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const tsx = path.join(root, 'node_modules/.bin/tsx');

export const mark = (ok: boolean) => (ok ? 'goal met' : 'goal NOT met');
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const n = (x: number) => x.toLocaleString('en-IN');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The p-th percentile of ascending values. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** VmRSS and VmHWM (the process's peak resident set) of a process, in bytes (Linux). */
export const memOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};

/** Three reads of a file by `tsx sheets-data.ts read`, each in a fresh process; the best and all. */
export function readBaseline(file: string) {
  const all: number[] = [];
  let rows = 0;
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(tsx, [path.join(root, 'bench/sheets-data.ts'), 'read', file], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`baseline read failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { rows: number; ms: number };
    all.push(out.ms);
    rows = out.rows;
  }
  return { best: Math.min(...all), all, rows };
}

export interface PortalOptions {
  /** The bench database (its outbox holds the sign-in code). */
  db: Kysely<DB>;
  databaseUrl: string;
  role: 'all' | 'api';
  admin: { email: string; password: string; mobile: string };
  /** More environment for the server (data folder, bank settings, NODE_OPTIONS, ...). */
  env?: Record<string, string>;
}
export interface Portal {
  child: ChildProcess;
  base: string;
  auth: Record<string, string>;
  /** The node process that serves (tsx is a wrapper around it). */
  serverPid: number;
}

/** Starts `main.ts --role=<role> --no-seed` against the bench database and signs the admin in over HTTP. */
export async function startPortal(o: PortalOptions): Promise<Portal> {
  const port = await freePort();
  const child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts'), `--role=${o.role}`, '--no-seed'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SMS_RATE_LIMIT_PER_HOUR: '100000',
      SMTP_URL: '',
      SMS_URL: '',
      ...o.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    return await signIn(child, `http://127.0.0.1:${port}/api`, o);
  } catch (err) {
    child.kill('SIGTERM'); // a server that did not come up is not left behind
    throw err;
  }
}

async function signIn(child: ChildProcess, base: string, o: PortalOptions): Promise<Portal> {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    const up = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 600) throw new Error('the server did not start within 60 s');
    await sleep(100);
  }
  const post = async (p: string, body: unknown) =>
    (await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<Record<string, string>>;
  const since = new Date(Date.now() - 1000);
  const first = await post('/auth/sign-in', { email: o.admin.email, password: o.admin.password });
  const sms = await o.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', `+91${o.admin.mobile}`)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const { token } = await post('/auth/mfa/verify', { resolverToken: first.resolverToken, code: /\d{6}/.exec(sms.body)![0] });
  const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return { child, base, auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, serverPid: children[0] ?? child.pid! };
}
