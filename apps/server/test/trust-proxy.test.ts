/**
 * Behind a load balancer (docs/deploy.md): with TRUST_PROXY set, the per-IP rate limits count each
 * client by its address in X-Forwarded-For, so one client's burst does not refuse every other
 * client behind the same balancer; without it, the header is ignored (a client cannot pick a fresh
 * address per request to escape its limit). Real PostgreSQL (the shared counters), real apps over HTTP.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestEnv, uniqueEmail, type TestEnv } from './harness.js';

const LIMIT = 3;
let env: TestEnv;
let direct: FastifyInstance;
let directUrl: string;

beforeAll(async () => {
  // The harness's app trusts this machine's address as its load balancer.
  env = await createTestEnv({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '127.0.0.1' } });
  // A second app on the same database that trusts no proxy (TRUST_PROXY unset).
  direct = await buildApp({ ...env.deps, config: { ...env.deps.config, trustProxy: false } }, { logger: false, serveSpa: false });
  await direct.listen({ port: 0, host: '127.0.0.1' });
  const address = direct.server.address();
  directUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await direct?.close();
  await env?.close();
});

async function resetRequest(baseUrl: string, forwardedFor: string, path = '/auth/password-reset/request') {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: uniqueEmail('nobody') }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('TRUST_PROXY', () => {
  it('reads the load balancers\' addresses, and trusts none when unset', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' , ' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7']);
  });

  it('behind a trusted proxy, counts each client by X-Forwarded-For: one client at its limit leaves the others theirs', async () => {
    const first = [];
    for (let i = 0; i < LIMIT + 1; i++) first.push(await resetRequest(env.baseUrl, '203.0.113.10'));
    expect(first).toEqual([...Array(LIMIT).fill(200), 429]);
    // Another client behind the same balancer (the same socket address: this machine) still gets through.
    expect(await resetRequest(env.baseUrl, '203.0.113.11')).toBe(200);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For: a new address per request does not escape the limit', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT + 1; i++) answers.push(await resetRequest(directUrl, `198.51.100.${i + 1}`, '/auth/email/resend'));
    expect(answers.map((s) => s === 429)).toEqual([...Array(LIMIT).fill(false), true]);
  });
});
