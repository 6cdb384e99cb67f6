/**
 * Issue 15 (security 1, 5, 6): the dev outbox answers this machine only and production has none; a
 * NUL byte in a search or a body is a 400 with a message, never a 500 or a cut download; API
 * answers are never cached and the API docs page carries its own CSP, DENY and nosniff; secrets in
 * URLs never reach the request log (security 4).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/domain';
import { buildApp } from '../src/app.js';
import { isLoopback } from '../src/features/platform/routes.js';
import { loggerOptions, redactUrl } from '../src/platform/log-redaction.js';
import { createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';

let env: TestEnv;
let token: string;
beforeAll(async () => {
  env = await createTestEnv();
  const { owner } = await createEmployer(env);
  token = await signIn(env, owner);
});
afterAll(() => env.close());

const auth = () => ({ authorization: `Bearer ${token}` });

describe('the dev outbox', () => {
  it('answers callers on this machine (what the README and the journeys use)', async () => {
    expect((await fetch(`${env.baseUrl}/dev/outbox`)).status).toBe(200);
    expect((await fetch(`${env.baseUrl}/api/dev/outbox`)).status).toBe(200);
  });

  it('is not found for anyone else on the network, whatever header they send', async () => {
    for (const url of ['/dev/outbox', '/api/dev/outbox', '/api/dev/outbox?to=%2B919999999999']) {
      const res = await env.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('SMS');
    }
  });

  it('does not exist in production mode, not even for this machine', async () => {
    const prod: FastifyInstance = await buildApp({ ...env.deps, config: { ...env.deps.config, production: true } }, { logger: false, serveSpa: false });
    try {
      for (const url of ['/dev/outbox', '/api/dev/outbox']) expect((await prod.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['10.0.0.1', '192.0.2.7', '::ffff:10.0.0.1', '1127.0.0.1', '', undefined]) expect(isLoopback(a), String(a)).toBe(false);
  });
});

describe('a NUL byte', () => {
  const today = new Date().toISOString().slice(0, 10);
  const month = `${today.slice(0, 7)}-01`;

  it('in a search of the query is a 400 with a message, on lists and on downloads', async () => {
    for (const path of [
      `/api/employer-admin/transactions-of-workers?startDate=${month}&endDate=${today}&employerWorkerId=SUN%00`,
      `/api/employer-admin/transactions-of-workers/report?startDate=${month}&endDate=${today}&employerWorkerId=%00`,
      `/api/employer-admin/activity-trail?search=a%00b`,
    ]) {
      const res = await fetch(`${env.baseUrl}${path}`, { headers: auth() });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: { description: string } }).message.description).toBe(MSG.nulCharacter);
    }
  });

  it('in a JSON body (the employees list search) is a 400 with the same message', async () => {
    const res = await fetch(`${env.baseUrl}/api/v2/employer-admin/employee-paginated-filter-search`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ searchText: 'Ravi\u0000', filters: [] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: { description: string } }).message.description).toBe(MSG.nulCharacter);
  });

  it('does not stop an ordinary search', async () => {
    const res = await fetch(`${env.baseUrl}/api/v2/employer-admin/employee-paginated-filter-search`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ searchText: 'Ravi 00', filters: [] }),
    });
    expect(res.status).toBe(200);
  });
});

describe('headers', () => {
  it('API answers are never stored by a browser or a proxy', async () => {
    const res = await fetch(`${env.baseUrl}/api/employer-admin`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${env.baseUrl}/api/employer-admin`);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('the API description and the dev outbox are never stored either (issue 22 item 4)', async () => {
    for (const url of ['/api/docs/json', '/dev/outbox', '/api/dev/outbox']) {
      const res = await fetch(`${env.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('the API docs page has a CSP, refuses framing and sniffing', async () => {
    const res = await fetch(`${env.baseUrl}/api/docs/static/index.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the request log', () => {
  it('holds no reset code, invitation or upload token, nor agreement signature, however spelled (issue 22 item 1)', async () => {
    const lines: string[] = [];
    const logged: FastifyInstance = await buildApp(env.deps, { logger: loggerOptions('info', { write: (line) => void lines.push(line) }), serveSpa: false });
    try {
      const s = (n: number) => `S3CRET${n}x${'q'.repeat(8)}`;
      const urls = [
        `/auth/action?mode=resetPassword&oobCode=${s(1)}`,
        `/?invite=${s(2)}&email=${s(3)}%40example.com`,
        `/auth/action?mode=verifyEmail&oobCode%5B%5D=${s(4)}`,
        `/api/file-upload/link?token=${s(5)}&token=${s(6)}&x=1`,
        `/api/agreement-documents/00000000-0000-4000-8000-000000000000?expires=1&signature=${s(7)}`,
        `/api/x?%6FobCode=${s(8)}&oobCode[]=${s(9)}&a[b]=${s(10)}&${s(11)}`,
        `/api/employer-admin/employees?page=2&pageSize=25&sortBy=name&sortOrder=asc&search=${s(12)}&vendorId=00000000-0000-4000-8000-000000000001`,
        `/api/x?month=11&year=2026&startDate=2026-11-01&endDate=2026-11-30&status=PAID&tab=all&page%73=${s(13)}&Page=${s(14)}`,
      ];
      for (const url of urls) await logged.inject({ method: 'GET', url });
      const log = lines.join('');
      for (let n = 1; n <= 14; n++) expect(log).not.toContain(s(n));
      // Harmless parameters stay readable; names stay where they are plain.
      expect(log).toContain('mode=resetPassword&oobCode=[redacted]');
      expect(log).toContain('/?invite=[redacted]&email=[redacted]');
      expect(log).toContain('expires=1&signature=[redacted]');
      expect(log).toContain('page=2&pageSize=25&sortBy=name&sortOrder=asc&search=[redacted]&vendorId=00000000-0000-4000-8000-000000000001');
      expect(log).toContain('month=11&year=2026&startDate=2026-11-01&endDate=2026-11-30&status=PAID&tab=all&[redacted]&Page=[redacted]');
    } finally {
      await logged.close();
    }
  });

  it('keeps only allow-listed parameters, whatever the spelling of the others', () => {
    expect(redactUrl('/api/x?page=2&search=Ravi')).toBe('/api/x?page=2&search=[redacted]');
    expect(redactUrl('/x?resolverToken=abc&Code=1&k')).toBe('/x?resolverToken=[redacted]&Code=[redacted]&[redacted]');
    expect(redactUrl('/x?%6FobCode=abc&oobCode%5B%5D=d&invite=e&invite=f')).toBe('/x?[redacted]&[redacted]&invite=[redacted]&invite=[redacted]');
    expect(redactUrl('/x?%E0%A4=1')).toBe('/x?[redacted]');
    expect(redactUrl('/x')).toBe('/x');
  });
});
