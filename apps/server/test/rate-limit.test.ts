/**
 * Rate limits shared by every API process (issue 15): the counters of @fastify/rate-limit live in
 * PostgreSQL (platform/rate-limit-store.ts), so two app instances on one database allow a client the
 * limit once between them. Real PostgreSQL, two real apps over HTTP.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_CODES, MSG } from '@portal/domain';
import { buildApp } from '../src/app.js';
import { postgresRateLimitStore, sweepRateLimits } from '../src/platform/rate-limit-store.js';
import { createTestEnv, uniqueEmail, type TestEnv } from './harness.js';

const LIMIT = 5;
let env: TestEnv;
let second: FastifyInstance;
let secondUrl: string;

beforeAll(async () => {
  env = await createTestEnv({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  // A second portal process, as far as the limits go: its own app (and plugin) on the same database.
  second = await buildApp(env.deps, { logger: false, serveSpa: false });
  await second.listen({ port: 0, host: '127.0.0.1' });
  const address = second.server.address();
  secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await second?.close();
  await env?.close();
});

/** POST an identity call to the first app (0) or the second (1). */
async function post(which: 0 | 1, path: string, body: unknown) {
  const res = await fetch(`${which === 0 ? env.baseUrl : secondUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { message?: { description: string; code?: string } }, remaining: res.headers.get('x-ratelimit-remaining') };
}

const resetRequest = (which: 0 | 1) => post(which, '/auth/password-reset/request', { email: uniqueEmail('nobody') });

describe('rate limits across two app instances on one database', () => {
  it('requests alternating between the two apps hit the limit at the limit, not at twice it', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT + 3; i++) answers.push(await resetRequest((i % 2) as 0 | 1));
    // The first LIMIT answered (whatever the answer), the rest refused by the limit.
    expect(answers.map((a) => a.status === 429)).toEqual([...Array(LIMIT).fill(false), true, true, true]);
    expect(answers[0]!.status).toBe(200);
    // One count between them: the remaining allowance goes down across the apps.
    expect(answers.slice(0, LIMIT).map((a) => a.remaining)).toEqual(Array.from({ length: LIMIT }, (_, i) => String(LIMIT - 1 - i)));
    for (const a of answers.slice(LIMIT)) expect(a.body.message).toEqual({ description: MSG.tooManyRequests, code: ERROR_CODES.rateLimited });
  });

  it('counts hits sent at the same moment through both apps exactly (one atomic upsert each)', async () => {
    const answers = await Promise.all(Array.from({ length: 4 * LIMIT }, (_, i) => post((i % 2) as 0 | 1, '/auth/email/resend', { email: uniqueEmail('nobody') })));
    expect(answers.filter((a) => a.status !== 429)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3 * LIMIT);
    const row = await sql<{ hits: number }>`select hits from rate_limit_hits where key like ${'POST /api/auth/email/resend %'}`.execute(env.deps.db);
    expect(row.rows.map((r) => r.hits)).toEqual([4 * LIMIT]);
  });

  it('keeps one count per route: another identity call has its own allowance', async () => {
    const r = await post(1, '/auth/email/verify', { oobCode: 'x'.repeat(40) });
    expect(r.status).not.toBe(429);
    expect(r.remaining).toBe(String(LIMIT - 1));
  });
});

describe('the PostgreSQL store', () => {
  const storeFor = (url: string, sweepMs?: number) => {
    const Store = postgresRateLimitStore(env.deps.db, () => {}, { sweepMs });
    return new Store({}).child({ routeInfo: { method: 'POST', url } });
  };
  const incr = (store: ReturnType<typeof storeFor>, key: string, windowMs: number, max = 2) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, max));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('opens a fixed window at the first hit and a new one once it has ended', async () => {
    const store = storeFor('/window');
    const first = await incr(store, '10.0.0.1', 400);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(400);
    expect((await incr(store, '10.0.0.1', 400)).current).toBe(2);
    expect((await incr(store, '10.0.0.2', 400)).current).toBe(1);
    expect((await incr(store, '10.0.0.1', 400)).current).toBe(3);
    // read (the plugin's `increment: false`) looks without counting.
    const read = () => new Promise<{ current: number }>((resolve, reject) => store.read('10.0.0.1', (err, res) => (err ? reject(err) : resolve(res!)), 400, 2));
    expect((await read()).current).toBe(3);
    expect((await read()).current).toBe(3);
    await sleep(450);
    expect((await read()).current).toBe(0);
    expect((await incr(store, '10.0.0.1', 400)).current).toBe(1);
  });

  it('keys a route-less limiter (createRateLimit) by what its key generator names', async () => {
    const Store = postgresRateLimitStore(env.deps.db);
    const limiter = new Store({}).child({});
    const hit = () => new Promise<{ current: number }>((resolve, reject) => limiter.incr('sms:admin-1', (err, res) => (err ? reject(err) : resolve(res!)), 60_000, 3));
    expect((await hit()).current).toBe(1);
    expect((await hit()).current).toBe(2);
    const rows = await sql<{ key: string; hits: number }>`select key, hits from rate_limit_hits where key = ${'limiter sms:admin-1'}`.execute(env.deps.db);
    expect(rows.rows).toEqual([{ key: 'limiter sms:admin-1', hits: 2 }]);
  });

  it('deletes the rows whose window has ended, and only those', async () => {
    const store = storeFor('/sweep', 0);
    await incr(store, 'old', 50);
    await incr(store, 'open', 60_000);
    await sleep(100);
    expect(await sweepRateLimits(env.deps.db)).toBeGreaterThanOrEqual(1);
    const keys = (await sql<{ key: string }>`select key from rate_limit_hits where key like ${'POST /sweep %'}`.execute(env.deps.db)).rows.map((r) => r.key);
    expect(keys).toEqual(['POST /sweep open']);
    // The store itself sweeps now and then (here at every hit): an ended window goes on the next hit.
    await incr(store, 'brief', 50);
    await sleep(100);
    await incr(store, 'open', 60_000);
    await until(async () => (await sql<{ n: number }>`select count(*)::int as n from rate_limit_hits where key = ${'POST /sweep brief'}`.execute(env.deps.db)).rows[0]!.n === 0);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
