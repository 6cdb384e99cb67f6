/**
 * EWA requests (issue 13, decision 0024): with the employer's approval on, a worker's advance waits
 * for an admin (entity type TRANSACTION of pending-approvals and update-request); approved it moves
 * on through the worker side (re-checked against the limits), rejected it ends with the reason the
 * worker side returns. READ/WRITE on the transactions resource (the vendor one in vendor context),
 * tenant and vendor scoping, the race, and the activity rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVANCE_HOLDING_STATUSES,
  APPROVAL_DISABLED_CODE,
  EMPLOYER_REJECTION_REASON,
  ERROR_CODES,
  EWA_REQUEST_SERVER_MSG,
  ROLE_IDS,
  businessDate,
  monthStart,
} from '@portal/domain';
import { ADVANCE_HOLD_MSG, ADVANCE_REFUSALS, createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { activitiesOf, insertWorker } from './workers-fixtures.js';

const LIST = '/employer-admin/employer-approval/pending-approvals';
const DECIDE = '/employer-admin/employer-approval/update-request';

let env: TestEnv;
let side: WorkerSide;
let employerId: string;
let vendorId: string;
let otherVendorId: string;
const tokens: Record<'owner' | 'hr' | 'viewer' | 'vendorAdmin' | 'vendorViewer', string> = { owner: '', hr: '', viewer: '', vendorAdmin: '', vendorViewer: '' };
let other: { employerId: string; token: string };

const setApproval = async (employer: string, on: boolean) => {
  const e = await env.deps.db.selectFrom('employers').select('config').where('id', '=', employer).executeTakeFirstOrThrow();
  await env.deps.db.updateTable('employers').set({ config: JSON.stringify({ ...e.config, isEmployeeApprovalEnabled: on }) }).where('id', '=', employer).execute();
};

beforeAll(async () => {
  env = await createTestEnv();
  side = createWorkerSide(env.deps);
  const e = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
  employerId = e.employer.id;
  vendorId = e.vendors[0]!.id;
  otherVendorId = e.vendors[1]!.id;
  tokens.owner = await signIn(env, e.owner);
  tokens.hr = await signIn(env, await createAdmin(env, employerId, ROLE_IDS.hrManager));
  tokens.viewer = await signIn(env, await createAdmin(env, employerId, ROLE_IDS.viewer));
  tokens.vendorAdmin = await signIn(env, await createAdmin(env, employerId, ROLE_IDS.vendorAdmin, vendorId));
  tokens.vendorViewer = await signIn(env, await createAdmin(env, employerId, ROLE_IDS.vendorViewer));
  const o = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
  other = { employerId: o.employer.id, token: await signIn(env, o.owner) };
});
afterAll(() => env.close());

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A signed-up, approved worker present every day of the month so far (₹30,000 a month). */
async function worker(employer: string, o: { vendor?: string | null; name?: string; salary?: number } = {}) {
  const w = await insertWorker(env, {
    employer_id: employer,
    vendor_id: o.vendor ?? null,
    worker_type: o.vendor ? 'CONTRACTOR' : 'EMPLOYEE',
    full_name: o.name ?? 'Ravi Kumar',
    current_monthly_salary: o.salary ?? 3_000_000,
    user_id: randomUUID(),
    approval_status: 'APPROVED',
  });
  const today = businessDate(env.deps.now());
  for (let day = monthStart(today); day <= today; day = addDays(day, 1)) await side.markAttendance(w.id, day, 'PRESENT');
  return w;
}

const list = (token: string, query: Record<string, string> = {}) => env.call('GET', LIST, { token, query: { entityType: 'TRANSACTION', ...query } });
const decide = (token: string, entityId: string, status: 'APPROVED' | 'REJECTED', query?: Record<string, string>) =>
  env.call('PUT', DECIDE, { token, query, body: { entityId, entityType: 'TRANSACTION', status, modifiedFields: {} } });
const txRow = (id: string) => env.deps.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const idsOf = (body: { data: { entityId: string }[] }) => body.data.map((r) => r.entityId);

describe('with approval on, a request waits for the employer', () => {
  it('is created USER_REQUESTED and held: it cannot move on, and the worker side says it waits', async () => {
    const w = await worker(employerId);
    const id = await side.requestAdvance(w.id, 50_000);
    expect(await txRow(id)).toMatchObject({ status: 'USER_REQUESTED', employer_approval: 'PENDING', status_reason: null });
    await expect(side.disburse(id)).rejects.toMatchObject({ status: 409, message: ADVANCE_HOLD_MSG });
    expect((await side.advance(id)).status).toBe('USER_REQUESTED');
    expect(await side.advance(id)).toMatchObject({ transactionId: id, workerId: w.id, amount: 50_000, employerApproval: 'PENDING', reason: null });
  });

  it('lists the held requests of the context with the worker, amount, time and what the worker can still withdraw', async () => {
    const a = await worker(employerId, { name: 'Meena Kumari' });
    const v = await worker(employerId, { vendor: vendorId, name: 'Vendor Worker' });
    const elsewhere = await worker(other.employerId);
    const ta = await side.requestAdvance(a.id, 60_000);
    const tv = await side.requestAdvance(v.id, 40_000);
    const te = await side.requestAdvance(elsewhere.id, 40_000);
    const res = await list(tokens.owner);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toContain(ta);
    expect(idsOf(res.body)).not.toContain(tv);
    expect(idsOf(res.body)).not.toContain(te);
    const created = await txRow(ta);
    const availability = await side.availability(a.id);
    expect(res.body.data.find((r: { entityId: string }) => r.entityId === ta)).toEqual({
      entityId: ta,
      employeeId: a.id,
      fullName: 'Meena Kumari',
      employersWorkerId: a.employer_worker_id,
      workerType: 'EMPLOYEE',
      amount: 60_000,
      dateRequested: created.created_at.toISOString(),
      availableNow: availability.available,
      isWithdrawalAllowed: true,
    });
    // The held amount counts against what the worker can still take.
    expect(availability.withdrawn).toBe(60_000);

    const inVendor = await list(tokens.owner, { vendorId });
    expect(idsOf(inVendor.body)).toEqual([tv]);
    expect((await list(tokens.owner, { vendorId: otherVendorId })).body.data).toEqual([]);
    // Search: name, worker id.
    expect(idsOf((await list(tokens.owner, { search: 'meena' })).body)).toContain(ta);
    expect(idsOf((await list(tokens.owner, { search: a.employer_worker_id })).body)).toEqual([ta]);
    expect((await list(tokens.owner, { search: 'no-such-%_' })).body.data).toEqual([]);
  });
});

describe('access: READ to view, WRITE to decide, on the transactions resource', () => {
  it('employer context: Viewer and HR Manager (transactions READ) list but cannot decide; the Super Admin decides', async () => {
    const w = await worker(employerId);
    const id = await side.requestAdvance(w.id, 30_000);
    for (const token of [tokens.viewer, tokens.hr]) {
      expect(idsOf((await list(token)).body)).toContain(id);
      const res = await decide(token, id, 'APPROVED');
      expect(res.status).toBe(403);
      expect(res.body.message.code).toBe(ERROR_CODES.forbidden);
    }
    // HR Manager has WRITE on employees: still not enough for an advance.
    expect((await txRow(id)).employer_approval).toBe('PENDING');
    expect((await decide(tokens.owner, id, 'APPROVED')).status).toBe(200);
  });

  it('vendor context: the vendor resource; a vendor-bound admin only inside its vendor; a vendor viewer reads only', async () => {
    const w = await worker(employerId, { vendor: vendorId });
    const id = await side.requestAdvance(w.id, 30_000);
    expect(idsOf((await list(tokens.vendorViewer, { vendorId })).body)).toContain(id);
    expect((await decide(tokens.vendorViewer, id, 'APPROVED', { vendorId })).status).toBe(403);
    // Without vendorId the vendor roles have no employer transactions resource.
    expect((await list(tokens.vendorViewer)).status).toBe(403);
    expect((await list(tokens.vendorAdmin)).status).toBe(403);
    expect((await list(tokens.vendorAdmin, { vendorId: otherVendorId })).status).toBe(403);
    // The request is the vendor's: in employer context it is not found.
    expect((await decide(tokens.owner, id, 'APPROVED')).status).toBe(404);
    const res = await decide(tokens.vendorAdmin, id, 'REJECTED', { vendorId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entityId: id,
      entityType: 'TRANSACTION',
      status: 'REJECTED',
      fullName: w.full_name,
      amount: 30_000,
      transactionStatus: 'LENDER_REJECTED',
      reason: EMPLOYER_REJECTION_REASON,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await env.call('GET', LIST, { query: { entityType: 'TRANSACTION' } })).status).toBe(401);
    expect((await env.call('PUT', DECIDE, { body: { entityId: randomUUID(), entityType: 'TRANSACTION', status: 'APPROVED' } })).status).toBe(401);
  });
});

describe('tenant scoping', () => {
  it("another employer's request is 404 and unchanged, its list does not show ours", async () => {
    const w = await worker(other.employerId);
    const id = await side.requestAdvance(w.id, 30_000);
    for (const status of ['APPROVED', 'REJECTED'] as const) {
      const res = await decide(tokens.owner, id, status);
      expect(res.status).toBe(404);
      expect(res.body.message.description).toBe(EWA_REQUEST_SERVER_MSG.notFound);
    }
    expect((await txRow(id)).employer_approval).toBe('PENDING');
    expect(idsOf((await list(tokens.owner)).body)).not.toContain(id);
    // An id that is no advance, or an advance that never waited, is 404 too.
    expect((await decide(tokens.owner, randomUUID(), 'APPROVED')).status).toBe(404);
  });

  it('refuses modified fields on an advance (400) and changes nothing', async () => {
    const w = await worker(employerId);
    const id = await side.requestAdvance(w.id, 30_000);
    const res = await env.call('PUT', DECIDE, {
      token: tokens.owner,
      body: { entityId: id, entityType: 'TRANSACTION', status: 'APPROVED', modifiedFields: { currentMonthlySalary: '20000' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(EWA_REQUEST_SERVER_MSG.noModifiedFields);
    expect((await txRow(id)).employer_approval).toBe('PENDING');
  });
});

describe('decisions', () => {
  it('two decisions at once: exactly one 200, the other 409 with a clear message', async () => {
    const second = await signIn(env, await createAdmin(env, employerId, ROLE_IDS.superAdmin));
    for (const [a, b] of [['APPROVED', 'REJECTED'], ['REJECTED', 'REJECTED'], ['APPROVED', 'APPROVED']] as const) {
      const w = await worker(employerId, { name: 'Sita Ram' });
      const id = await side.requestAdvance(w.id, 30_000);
      const replies = await Promise.all([decide(tokens.owner, id, a), decide(second, id, b)]);
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const lost = replies.find((r) => r.status === 409)!;
      const won = replies.find((r) => r.status === 200)!;
      expect(lost.body.message.description).toBe(
        won.body.status === 'APPROVED' ? EWA_REQUEST_SERVER_MSG.alreadyApproved('Sita Ram') : EWA_REQUEST_SERVER_MSG.alreadyRejected('Sita Ram'),
      );
      expect((await txRow(id)).employer_approval).toBe(won.body.status);
      const acts = [...(await activitiesOf(env, employerId, 'EWA_REQUEST_APPROVED')), ...(await activitiesOf(env, employerId, 'EWA_REQUEST_REJECTED'))];
      expect(acts.filter((x) => x.target_id === id)).toHaveLength(1);
    }
  });

  it('approve: an activity row, the request leaves the list, and the lifecycle continues to TRANSFERRED', async () => {
    const w = await worker(employerId, { name: 'Lakshmi Nair' });
    const id = await side.requestAdvance(w.id, 70_000);
    const res = await decide(tokens.owner, id, 'APPROVED');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entityId: id, status: 'APPROVED', fullName: 'Lakshmi Nair', amount: 70_000, transactionStatus: 'USER_REQUESTED', reason: null });
    expect(idsOf((await list(tokens.owner)).body)).not.toContain(id);
    const act = (await activitiesOf(env, employerId, 'EWA_REQUEST_APPROVED')).find((a) => a.target_id === id);
    expect(act).toMatchObject({ target_type: 'TRANSACTION', vendor_id: null });
    expect(act!.details).toMatchObject({ fullName: 'Lakshmi Nair', employerWorkerId: w.employer_worker_id, amount: 70_000 });
    // Deciding again: 409.
    expect((await decide(tokens.owner, id, 'REJECTED')).status).toBe(409);
    await side.disburse(id);
    expect(await side.advance(id)).toMatchObject({ status: 'TRANSFERRED', employerApproval: 'APPROVED', reason: null });
    const events = await env.deps.db.selectFrom('transaction_events').select('status').where('transaction_id', '=', id).orderBy('id').execute();
    expect(events.map((e) => e.status)).toEqual(['USER_REQUESTED', 'LENDER_APPROVED', 'AGREEMENT_SIGNED', 'TRANSFER_INITIATED', 'TRANSFERRED']);
  });

  it('approve, but the request no longer fits the limits when it moves on: LENDER_REJECTED with the reason', async () => {
    const w = await worker(employerId);
    const id = await side.requestAdvance(w.id, 80_000);
    expect((await decide(tokens.owner, id, 'APPROVED')).status).toBe(200);
    // Meanwhile the employer stopped the worker's withdrawals.
    await env.deps.db.updateTable('workers').set({ is_transaction_allowed: false }).where('id', '=', w.id).execute();
    await expect(side.disburse(id)).rejects.toMatchObject({ status: 422, message: ADVANCE_REFUSALS.notAllowed });
    expect(await side.advance(id)).toMatchObject({ status: 'LENDER_REJECTED', reason: ADVANCE_REFUSALS.notAllowed });

    // Another: the salary was lowered, so the earned salary no longer covers the amount.
    const w2 = await worker(employerId);
    const available = (await side.availability(w2.id)).available;
    const id2 = await side.requestAdvance(w2.id, available);
    expect((await decide(tokens.owner, id2, 'APPROVED')).status).toBe(200);
    await env.deps.db.updateTable('workers').set({ current_monthly_salary: 100_000 }).where('id', '=', w2.id).execute();
    await expect(side.disburse(id2)).rejects.toMatchObject({ status: 422, message: ADVANCE_REFUSALS.available });
    expect(await side.advance(id2)).toMatchObject({ status: 'LENDER_REJECTED', reason: ADVANCE_REFUSALS.available });
    // Its own amount is not counted twice: an approved request that still fits moves on.
    const w3 = await worker(employerId);
    const id3 = await side.requestAdvance(w3.id, (await side.availability(w3.id)).available);
    expect((await decide(tokens.owner, id3, 'APPROVED')).status).toBe(200);
    await side.disburse(id3);
    expect((await side.advance(id3)).status).toBe('TRANSFERRED');
  });

  it('reject: ends LENDER_REJECTED with the reason on the worker side, frees the amount, writes an activity row', async () => {
    const w = await worker(employerId, { name: 'Imran Khan' });
    const before = (await side.availability(w.id)).available;
    const id = await side.requestAdvance(w.id, 50_000);
    expect((await side.availability(w.id)).available).toBe(before - 50_000);
    const res = await decide(tokens.owner, id, 'REJECTED');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'REJECTED', fullName: 'Imran Khan', transactionStatus: 'LENDER_REJECTED', reason: EMPLOYER_REJECTION_REASON });
    expect(await side.advance(id)).toMatchObject({ status: 'LENDER_REJECTED', employerApproval: 'REJECTED', reason: EMPLOYER_REJECTION_REASON });
    expect(ADVANCE_HOLDING_STATUSES).not.toContain('LENDER_REJECTED');
    expect((await side.availability(w.id)).available).toBe(before);
    await expect(side.disburse(id)).rejects.toMatchObject({ status: 409 });
    const act = (await activitiesOf(env, employerId, 'EWA_REQUEST_REJECTED')).find((a) => a.target_id === id);
    expect(act).toMatchObject({ target_type: 'TRANSACTION' });
    expect((await decide(tokens.owner, id, 'APPROVED')).body.message.description).toBe(EWA_REQUEST_SERVER_MSG.alreadyRejected('Imran Khan'));
  });
});

describe('with approval off', () => {
  it('requests are not held: created and moved on as before; the calls answer 403 approval-disabled', async () => {
    const e = await createEmployer(env, { config: { isEmployeeApprovalEnabled: false } });
    const token = await signIn(env, e.owner);
    const w = await worker(e.employer.id);
    const id = await side.requestAdvance(w.id, 40_000);
    expect(await txRow(id)).toMatchObject({ status: 'USER_REQUESTED', employer_approval: null });
    await side.disburse(id);
    expect(await side.advance(id)).toMatchObject({ status: 'TRANSFERRED', employerApproval: null, reason: null });
    const res = await list(token);
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(APPROVAL_DISABLED_CODE);
    expect((await decide(token, id, 'APPROVED')).body.message.code).toBe(APPROVAL_DISABLED_CODE);
  });

  it('a request held before approval was turned off is no longer held (and is re-checked as it moves on)', async () => {
    const e = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
    const w = await worker(e.employer.id);
    const id = await side.requestAdvance(w.id, 40_000);
    expect((await txRow(id)).employer_approval).toBe('PENDING');
    await setApproval(e.employer.id, false);
    await side.disburse(id);
    expect((await side.advance(id)).status).toBe('TRANSFERRED');
  });
});
