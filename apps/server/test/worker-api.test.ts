import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@portal/domain';
import { createEmployer, createTestEnv, uniqueMobile, type TestEnv } from './harness.js';

const TOKEN = 'worker-api-test-token-0123456789';
let env: TestEnv;
let plain: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ env: { WORKER_API_TOKEN: TOKEN } });
  plain = await createTestEnv();
});
afterAll(async () => {
  await env.close();
  await plain.close();
});

async function call(method: string, path: string, body?: unknown, token: string | null = TOKEN) {
  const res = await fetch(`${env.baseUrl}/worker-api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('/worker-api', () => {
  it('refuses calls without the token, with a wrong token, and with an admin session', async () => {
    expect((await call('GET', `/workers/${crypto.randomUUID()}/availability`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/workers/${crypto.randomUUID()}/availability`, undefined, 'wrong-token')).status).toBe(401);
  });
  it('is not served at all without WORKER_API_TOKEN', async () => {
    const res = await fetch(`${plain.baseUrl}/worker-api/workers`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });
  it('registers a worker, marks attendance, and takes, disburses and repays an advance', async () => {
    const { employer } = await createEmployer(env);
    const reg = await call('POST', '/workers', { employerId: employer.id, mobile: uniqueMobile(), fullName: 'Meena Kumari', employerWorkerId: 'W-1', monthlySalary: 3_100_000, joinedAt: '2025-06-01' });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ approvalStatus: 'APPROVED', signedUp: true });
    const id = reg.body.workerId as string;
    expect((await call('GET', `/workers/${id}/availability`)).body.available).toBe(0);
    const today = businessDate(new Date());
    expect((await call('POST', `/workers/${id}/attendance`, { day: today, status: 'PRESENT' })).status).toBe(200);
    const avail = (await call('GET', `/workers/${id}/availability`)).body;
    // one day of 31,000 rupees a month at 50 %
    const days = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
    expect(avail.available).toBe(Math.floor(Math.floor(3_100_000 / days) / 2));
    const refused = await call('POST', `/workers/${id}/advances`, { amount: avail.available + 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.message.description).toBe('The amount is above the available earned salary');
    const adv = await call('POST', `/workers/${id}/advances`, { amount: avail.available });
    expect(adv.status).toBe(200);
    expect((await call('POST', `/advances/${adv.body.transactionId}/disburse`, {})).status).toBe(200);
    expect((await call('POST', `/advances/${adv.body.transactionId}/repayments`, { amount: avail.available, paidOn: today })).status).toBe(200);
    const tx = await env.deps.db.selectFrom('transactions').select(['status', 'repaid_amount']).where('id', '=', adv.body.transactionId).executeTakeFirstOrThrow();
    expect(tx).toEqual({ status: 'REPAID', repaid_amount: avail.available });
  });
  it('answers 400 for a malformed body and 404 for an unknown worker', async () => {
    expect((await call('POST', '/workers', { employerId: 'nope' })).status).toBe(400);
    expect((await call('POST', `/workers/${crypto.randomUUID()}/advances`, { amount: 100 })).status).toBe(404);
  });
});
