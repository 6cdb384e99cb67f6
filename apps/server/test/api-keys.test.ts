/**
 * API keys (issue 26, decision 0044): made in Settings by an admin with WRITE on admins, shown once,
 * kept hashed, never logged; a key calls the routes an admin with its scope may call, inside its
 * employer (and vendor), is refused once revoked, and is rate-limited on its own. The access
 * matrix (access-matrix.test.ts) runs every route with keys scoped as each seeded role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MSG, API_KEY_REQUESTS_PER_MINUTE, ERROR_CODES, ROLE_IDS } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loggerOptions } from '../src/platform/log-redaction.js';
import { adminRow, createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';

let env: TestEnv;
let owner: string;
let viewer: string;
let employer: Awaited<ReturnType<typeof createEmployer>>;
let other: Awaited<ReturnType<typeof createEmployer>>;

beforeAll(async () => {
  env = await createTestEnv();
  employer = await createEmployer(env);
  other = await createEmployer(env);
  owner = await signIn(env, employer.owner);
  viewer = await signIn(env, await createAdmin(env, employer.employer.id, ROLE_IDS.viewer));
});
afterAll(() => env?.close());

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const newKey = async (name: string, resources: Record<string, string[]>, vendorId: string | null = null, token = owner) =>
  env.call('POST', '/employer-admin/api-keys', { token, body: { name, resources, vendorId } });
const listEmployees = (token: string, query: Record<string, string> = {}) => env.call('PUT', '/v2/employer-admin/employee-paginated-filter-search', { token, body: {}, query });

describe('API keys', () => {
  it('are made once with their secret, listed without it, and kept only as a hash', async () => {
    const made = await newKey('HRMS sync', { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.message).toBe(API_KEY_MSG.created);
    const secret: string = made.body.secret;
    expect(secret).toMatch(/^epk_[A-Za-z0-9_-]{43}$/);
    expect(made.body.key).toMatchObject({ name: 'HRMS sync', shown: secret.slice(0, 12), vendorId: null, resources: { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'] }, lastUsedAt: null, revokedAt: null });

    const list = await env.call('GET', '/employer-admin/api-keys', { token: viewer });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.keys.map((k: { name: string }) => k.name)).toContain('HRMS sync');
    // Another employer sees none of them.
    const theirs = await env.call('GET', '/employer-admin/api-keys', { token: await signIn(env, other.owner) });
    expect(theirs.body.keys).toEqual([]);

    const { rows } = await env.deps.pool.query('select * from api_keys');
    expect(JSON.stringify(rows)).not.toContain(secret.slice(4));
  });

  it('refuses a name already active, an empty scope, and a caller without WRITE on admins', async () => {
    await newKey('Payroll sync', { EMPLOYER_PORTAL_PAYROLL: ['READ'] });
    const again = await newKey('payroll SYNC', { EMPLOYER_PORTAL_PAYROLL: ['READ'] });
    expect(again.status).toBe(409);
    expect(again.body.message.description).toBe(API_KEY_MSG.nameTaken);
    const empty = await newKey('Nothing', { EMPLOYER_PORTAL_PAYROLL: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message.description).toBe(API_KEY_MSG.noAccess);
    const vendorWide = await newKey('Vendor with employer access', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] }, employer.vendors[0]!.id);
    expect(vendorWide.status).toBe(400);
    expect((await newKey('By a viewer', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] }, null, viewer)).status).toBe(403);
  });

  it('call the routes of their scope as an admin with it would, inside their employer', async () => {
    const { body } = await newKey('Employees only', { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'] });
    const key: string = body.secret;
    expect((await listEmployees(key)).status).toBe(200);
    // No payroll in its scope, and no session-only call.
    const payroll = await env.call('GET', '/employer-admin/payroll/payroll-details', { token: key, query: { month: '1', year: '2020' } });
    expect(payroll.status).toBe(403);
    expect(payroll.body.message.code).toBe(ERROR_CODES.forbidden);
    const password = await env.call('POST', '/auth/password/change', { token: key, body: { currentPassword: 'x', newPassword: 'Another-Pass-99' } });
    expect(password.status).toBe(403);
    expect(password.body.message.description).toBe(API_KEY_MSG.notForKeys);
    // A key does not make keys.
    const keyMakesKey = await newKey('Made by a key', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] }, null, key);
    expect(keyMakesKey.status).toBe(403);
    // The employer's reference data is open to it.
    expect((await env.call('GET', '/employer-admin/employer-info', { token: key })).status).toBe(200);
    // Another employer's vendor: refused like anyone's.
    expect((await listEmployees(key, { vendorId: other.vendors[0]!.id })).status).toBe(403);

    // A change made with it is in the activity trail under the key and its creator.
    const made = await env.call('POST', '/employer-admin/employee', {
      token: key,
      body: { fullName: 'Keyed Worker', mobile: uniqueMobile(), employerEmployeeId: 'KEY-001', currentMonthlySalary: '25000', joiningDate: '2025-04-01' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const trail = await env.call('GET', '/employer-admin/activity/trail', { token: owner, query: { startDate: today(), endDate: today() } });
    const row = trail.body.activities.find((a: { actionType: string }) => a.actionType === 'EMPLOYEE_ADDED');
    expect(row.actor.name).toBe(`API key Employees only (${(await adminRow(env, employer.owner.id)).name})`);
    const listed = (await env.call('GET', '/employer-admin/api-keys', { token: owner })).body.keys.find((k: { name: string }) => k.name === 'Employees only');
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('bound to a vendor, work only inside it', async () => {
    const [v1, v2] = employer.vendors;
    const { body } = await newKey('Vendor one', { EMPLOYER_PORTAL_VENDORS_EMPLOYEES: ['READ'] }, v1!.id);
    expect(body.key.vendorName).toBe(v1!.name);
    expect((await listEmployees(body.secret, { vendorId: v1!.id })).status).toBe(200);
    expect((await listEmployees(body.secret)).status).toBe(403);
    expect((await listEmployees(body.secret, { vendorId: v2!.id })).status).toBe(403);
  });

  it('stop at once when revoked, and say why', async () => {
    const { body } = await newKey('Short lived', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] });
    expect((await listEmployees(body.secret)).status).toBe(200);
    const revoked = await env.call('POST', `/employer-admin/api-keys/${body.key.id}/revoke`, { token: owner });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(API_KEY_MSG.revoked);
    const after = await listEmployees(body.secret);
    expect(after.status).toBe(401);
    expect(after.body.message.description).toBe(API_KEY_MSG.invalid);
    expect((await env.call('POST', `/employer-admin/api-keys/${body.key.id}/revoke`, { token: owner })).status).toBe(409);
    // Another employer cannot revoke this employer's key.
    const { body: live } = await newKey('Still live', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] });
    expect((await env.call('POST', `/employer-admin/api-keys/${live.key.id}/revoke`, { token: await signIn(env, other.owner) })).status).toBe(404);
    expect((await listEmployees(live.secret)).status).toBe(200);
  });

  it(`are limited to ${API_KEY_REQUESTS_PER_MINUTE} requests a minute each, and one key's limit is not another's`, async () => {
    const { body: a } = await newKey('Busy', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] });
    const { body: b } = await newKey('Quiet', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] });
    const call = () => fetch(`${env.baseUrl}/api/employer-admin/employer-info`, { headers: { authorization: `Bearer ${a.secret}` } });
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, API_KEY_REQUESTS_PER_MINUTE - i) }, call));
      expect(batch.every((r) => r.status === 200)).toBe(true);
    }
    const over = await call();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await env.call('GET', '/employer-admin/employer-info', { token: b.secret })).status).toBe(200);
  });

  it('never appear in the request log', async () => {
    const { body } = await newKey('Logged', { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] });
    const lines: string[] = [];
    const logged: FastifyInstance = await buildApp(env.deps, { logger: loggerOptions('info', { write: (line) => void lines.push(line) }), serveSpa: false });
    try {
      await logged.inject({ method: 'GET', url: '/api/employer-admin/employer-info', headers: { authorization: `Bearer ${body.secret}` } });
      await logged.inject({ method: 'GET', url: `/api/employer-admin/employer-info?key=${body.secret}` });
      const made = await logged.inject({ method: 'POST', url: '/api/employer-admin/api-keys', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, payload: { name: 'In the log?', resources: { EMPLOYER_PORTAL_EMPLOYEES: ['READ'] } } });
      expect(made.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/api/employer-admin/employer-info');
      expect(log).not.toContain(body.secret.slice(4));
      expect(log).not.toContain(made.json<{ secret: string }>().secret.slice(4));
    } finally {
      await logged.close();
    }
  });
});
