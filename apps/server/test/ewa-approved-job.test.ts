/**
 * Issue 20 item 3 (decision 0032): an approved EWA request moves on by itself. The approval queues
 * a job in the decision's transaction; the job takes the advance through the worker side's
 * lifecycle (limits re-checked) to TRANSFERRED, where the Transactions screen lists it, or to
 * LENDER_REJECTED with the reason. Idempotent when run twice or after a crash between steps.
 * Real PostgreSQL, real pg-boss queue.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, monthStart } from '@portal/domain';
import { ADVANCE_REFUSALS, createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { APPROVED_ADVANCE_QUEUE, moveApprovedAdvance, workApprovedAdvanceJobs } from '../src/features/worker-side/advance-jobs.js';
import { createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { insertWorker } from './workers-fixtures.js';

const DECIDE = '/employer-admin/employer-approval/update-request';
const TX = '/employer-admin/transactions-of-workers';

let env: TestEnv;
let side: WorkerSide;
let employerId: string;
let token: string;

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  side = createWorkerSide(env.deps);
  const e = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
  employerId = e.employer.id;
  token = await signIn(env, e.owner);
});
afterAll(() => env.close());

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function worker(name = 'Meena Iyer') {
  const w = await insertWorker(env, {
    employer_id: employerId,
    vendor_id: null,
    worker_type: 'EMPLOYEE',
    full_name: name,
    current_monthly_salary: 3_000_000,
    user_id: randomUUID(),
    approval_status: 'APPROVED',
  });
  const today = businessDate(env.deps.now());
  for (let day = monthStart(today); day <= today; day = addDays(day, 1)) await side.markAttendance(w.id, day, 'PRESENT');
  return w;
}

const decide = (entityId: string, status: 'APPROVED' | 'REJECTED') =>
  env.call('PUT', DECIDE, { token, body: { entityId, entityType: 'TRANSACTION', status, modifiedFields: {} } });
const jobsOf = async (transactionId: string) =>
  (await sql<{ state: string }>`select state from pgboss.job where name = ${APPROVED_ADVANCE_QUEUE} and data->>'transactionId' = ${transactionId}`.execute(env.deps.db)).rows;
const eventsOf = async (id: string) =>
  (await env.deps.db.selectFrom('transaction_events').select('status').where('transaction_id', '=', id).orderBy('id').execute()).map((e) => e.status);
const LIFECYCLE = ['USER_REQUESTED', 'LENDER_APPROVED', 'AGREEMENT_SIGNED', 'TRANSFER_INITIATED', 'TRANSFERRED'];

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('before any worker runs the queue', () => {
  it('approving queues exactly one job for the advance (with the decision); rejecting queues none', async () => {
    const w = await worker();
    const a = await side.requestAdvance(w.id, 50_000);
    const r = await side.requestAdvance(w.id, 40_000);
    expect(await jobsOf(a)).toHaveLength(0);
    expect((await decide(a, 'APPROVED')).status).toBe(200);
    expect(await jobsOf(a)).toHaveLength(1);
    // A second decision is refused (409) and queues nothing more.
    expect((await decide(a, 'APPROVED')).status).toBe(409);
    expect(await jobsOf(a)).toHaveLength(1);
    expect((await decide(r, 'REJECTED')).status).toBe(200);
    expect(await jobsOf(r)).toHaveLength(0);
  });

  it('the job is idempotent: two runs at once, and a run after a crash between steps, take each step once', async () => {
    const w = await worker();
    const id = await side.requestAdvance(w.id, 30_000);
    expect((await decide(id, 'APPROVED')).status).toBe(200);
    const [s1, s2] = await Promise.all([moveApprovedAdvance(env.deps, id), moveApprovedAdvance(env.deps, id)]);
    expect([s1, s2]).toEqual(['TRANSFERRED', 'TRANSFERRED']);
    expect(await moveApprovedAdvance(env.deps, id)).toBe('TRANSFERRED');
    expect(await eventsOf(id)).toEqual(LIFECYCLE);

    // A crash after two steps: the next run continues from AGREEMENT_SIGNED.
    const id2 = await side.requestAdvance(w.id, 20_000);
    expect((await decide(id2, 'APPROVED')).status).toBe(200);
    await side.move(id2, 'LENDER_APPROVED');
    await side.move(id2, 'AGREEMENT_SIGNED');
    expect(await moveApprovedAdvance(env.deps, id2)).toBe('TRANSFERRED');
    expect(await eventsOf(id2)).toEqual(LIFECYCLE);
  });

  it('a request that no longer fits the limits ends LENDER_REJECTED with the refusal as its reason', async () => {
    const w = await worker();
    const id = await side.requestAdvance(w.id, 60_000);
    expect((await decide(id, 'APPROVED')).status).toBe(200);
    await env.deps.db.updateTable('workers').set({ is_transaction_allowed: false }).where('id', '=', w.id).execute();
    expect(await moveApprovedAdvance(env.deps, id)).toBe('LENDER_REJECTED');
    expect(await side.advance(id)).toMatchObject({ status: 'LENDER_REJECTED', employerApproval: 'APPROVED', reason: ADVANCE_REFUSALS.notAllowed });
    expect(await moveApprovedAdvance(env.deps, id)).toBe('LENDER_REJECTED');
    expect(await eventsOf(id)).toEqual(['USER_REQUESTED', 'LENDER_REJECTED']);
    // The profile says why.
    const profile = await env.call('GET', '/employer-admin/transactions', { token, query: { employeeId: w.id } });
    expect(profile.status).toBe(200);
    expect((profile.body as { transactions: { _id: string; status: string; reason?: string | null }[] }).transactions.find((t) => t._id === id)).toMatchObject({
      status: 'LENDER_REJECTED',
      reason: ADVANCE_REFUSALS.notAllowed,
    });
  });
});

describe('with the queue worked (as the portal does)', () => {
  beforeAll(async () => {
    await workApprovedAdvanceJobs(env.deps);
  });

  it('an approved request reaches TRANSFERRED by itself within seconds and appears on Transactions', async () => {
    const w = await worker('Kavya Menon');
    const id = await side.requestAdvance(w.id, 45_000);
    const today = businessDate(env.deps.now());
    const listed = async () =>
      ((await env.call('GET', TX, { token, query: { startDate: today, endDate: today } })).body as { transactions: { id?: string; _id?: string; amount: number; status: string }[] }).transactions;
    expect(JSON.stringify(await listed())).not.toContain(id);
    expect((await decide(id, 'APPROVED')).status).toBe(200);
    const a = await until(() => side.advance(id), (x) => x.status === 'TRANSFERRED');
    expect(a).toMatchObject({ status: 'TRANSFERRED', employerApproval: 'APPROVED', reason: null });
    expect(await eventsOf(id)).toEqual(LIFECYCLE);
    const row = (await listed()).find((t) => JSON.stringify(t).includes(id));
    expect(row).toMatchObject({ amount: 45_000, status: 'TRANSFERRED' });
    // The job is done.
    expect((await until(() => jobsOf(id), (j) => j.every((x) => x.state === 'completed'))).map((j) => j.state)).toEqual(['completed']);
  });
});
