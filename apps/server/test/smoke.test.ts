import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ queue: true });
});
afterAll(() => env.close());

describe('GET /api/health', () => {
  it('reports the database and the queue', async () => {
    const res = await env.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: true, queue: true });
  });
});

describe('GET /api/employer-admin', () => {
  it('returns the signed-in profile after password and code', async () => {
    const { owner, employer } = await createEmployer(env);
    const token = await signIn(env, owner);
    const res = await env.call('GET', '/employer-admin', { token });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(owner.email);
    expect(res.body.employerId).toBe(employer.id);
    expect(res.body.resources.EMPLOYER_PORTAL_ADMIN).toEqual(['WRITE']);
  });
});
