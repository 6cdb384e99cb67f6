/**
 * Issue 15, security 3: does POST /api/auth/password-reset/request answer a known e-mail as fast
 * as an unknown one? 40 pairs (a fresh known admin and a fresh unknown e-mail each, so that the
 * per-e-mail throttle lets every request through), taken alternately, known first on even pairs.
 * Prints the medians and the pairwise difference; asserts nothing (timing is this machine's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_IDS } from '@portal/domain';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { startRuntime } from '../apps/server/src/platform/runtime.js';
import { provisionAdmin, provisionEmployer } from '../apps/server/src/features/employers/index.js';

const PAIRS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
fs.chmodSync(dir, 0o777); // initdb runs as the postgres user
const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
const runtime = await startRuntime({ ...loadConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '100000' }), databaseUrl: process.env.DATABASE_URL || null, dataDir: dir, embeddedPgPort: 56000 + Math.floor(Math.random() * 1000), smtpUrl: null, smsUrl: null }, { queue: false, log: silent });
const app = await buildApp(runtime.deps, { logger: false, serveSpa: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const reset = async (email: string): Promise<number> => {
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/password-reset/request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`reset request answered ${res.status}`);
  return performance.now() - t;
};

try {
  const { employer } = await provisionEmployer(runtime.deps, { name: 'Bench Employer', admin: { name: 'Bench Admin', email: 'bench-owner@example.com', mobile: '9000000001', branchLocation: 'Pune', ready: { password: 'Bench-Password-2026' } } });
  const known: string[] = [];
  for (let i = 0; i < PAIRS + 5; i++) {
    const email = `bench-known-${i}@example.com`;
    await provisionAdmin(runtime.deps, employer.id, null, { name: 'Bench Admin', email, mobile: `90000001${String(i).padStart(2, '0')}`, branchLocation: 'Pune', roleId: ROLE_IDS.viewer, ready: { password: 'Bench-Password-2026' } });
    known.push(email);
  }
  // Warm-up (JIT, pool connections): 5 pairs not counted.
  for (let i = 0; i < 5; i++) {
    await reset(known[PAIRS + i]!);
    await reset(`bench-warm-${i}@example.com`);
  }
  const k: number[] = [];
  const u: number[] = [];
  const diff: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const unknown = `bench-unknown-${i}@example.com`;
    let kt: number;
    let ut: number;
    if (i % 2 === 0) {
      kt = await reset(known[i]!);
      ut = await reset(unknown);
    } else {
      ut = await reset(unknown);
      kt = await reset(known[i]!);
    }
    k.push(kt);
    u.push(ut);
    diff.push(kt - ut);
  }
  console.log(`reset request, known e-mail:   median ${median(k).toFixed(2)} ms (n=${PAIRS})`);
  console.log(`reset request, unknown e-mail: median ${median(u).toFixed(2)} ms (n=${PAIRS})`);
  console.log(`known - unknown, pairwise:     median ${median(diff).toFixed(2)} ms; known slower in ${diff.filter((d) => d > 0).length} of ${PAIRS} pairs`);
} finally {
  await app.close();
  await runtime.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
