/**
 * Identity costs on this machine: argon2id hashing, the full sign-in (password + code), and an
 * authenticated profile fetch through the guard. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { startRuntime } from '../apps/server/src/platform/runtime.js';
import { provisionEmployer } from '../apps/server/src/features/employers/index.js';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (n=${xs.length})`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
fs.chmodSync(dir, 0o777); // initdb runs as the postgres user
const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
const runtime = await startRuntime({ ...loadConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '100000', SMS_RATE_LIMIT_PER_HOUR: '100000', SMS_PER_ADMIN_PER_HOUR: '100000' }), databaseUrl: process.env.DATABASE_URL || null, dataDir: dir, embeddedPgPort: 56000 + Math.floor(Math.random() * 1000), smtpUrl: null, smsUrl: null }, { queue: false, log: silent });
const app = await buildApp(runtime.deps, { logger: false, serveSpa: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}/api`;
const post = async (p: string, body: unknown, token?: string) =>
  (await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json() as Promise<any>;

try {
  const hashes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await hashPassword(`bench-password-${i}`);
    hashes.push(performance.now() - t);
  }
  console.log(`argon2id hash (m=19 MiB, t=2, p=1): ${fmt(hashes)}`);

  const mobile = '9000000001';
  const { admin } = await provisionEmployer(runtime.deps, { name: 'Bench Employer', admin: { name: 'Bench Admin', email: 'bench@example.com', mobile, branchLocation: 'Pune', ready: { password: 'Bench-Password-2026' } } });
  const signIns: number[] = [];
  let token = '';
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const first = await post('/auth/sign-in', { email: admin.email, password: 'Bench-Password-2026' });
    const sms = await runtime.deps.db.selectFrom('outbox_messages').select('body').where('recipient', '=', `+91${mobile}`).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const second = await post('/auth/mfa/verify', { resolverToken: first.resolverToken, code: /\d{6}/.exec(sms.body)![0] });
    signIns.push(performance.now() - t);
    token = second.token;
  }
  console.log(`full sign-in (password + SMS code over HTTP): ${fmt(signIns)}`);

  const gets: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/employer-admin`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    gets.push(performance.now() - t);
  }
  console.log(`GET /api/employer-admin (guard + profile): ${fmt(gets)}`);
} finally {
  await app.close();
  await runtime.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
