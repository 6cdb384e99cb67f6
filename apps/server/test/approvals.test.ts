/**
 * Worker approval (spec 2.17, 4.7, 5.4, 7): GET pending-approvals and PUT update-request over HTTP,
 * with the tenant and vendor scoping, READ/WRITE, the approval config and every 5.4 message.
 * Workers sign up through the worker side, as the worker app would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_DISABLED_CODE, APPROVAL_SERVER_MSG, ERROR_CODES, ROLE_IDS } from '@portal/domain';
import { createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { activitiesOf, workerRow } from './workers-fixtures.js';

const LIST = '/employer-admin/employer-approval/pending-approvals';
const DECIDE = '/employer-admin/employer-approval/update-request';

let env: TestEnv;
let side: WorkerSide;
let employerId: string;
let vendorId: string;
let otherVendorId: string;
let owner: string;
let viewer: string;
let other: { employerId: string; token: string };

beforeAll(async () => {
  env = await createTestEnv();
  side = createWorkerSide(env.deps);
  const e = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
  employerId = e.employer.id;
  vendorId = e.vendors[0]!.id;
  otherVendorId = e.vendors[1]!.id;
  owner = await signIn(env, e.owner);
  viewer = await signIn(env, await createAdmin(env, employerId, ROLE_IDS.viewer));
  const o = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
  other = { employerId: o.employer.id, token: await signIn(env, o.owner) };
});
afterAll(() => env.close());

let n = 0;
/** A worker signing up in the worker app (pending, since the employer asks for approval). */
function signUp(employer: string, o: { name?: string; vendor?: string | null; salary?: number; id?: string } = {}) {
  n++;
  return side.register({
    employerId: employer,
    vendorId: o.vendor ?? null,
    mobile: uniqueMobile(),
    fullName: o.name ?? `Asha Devi`,
    employerWorkerId: o.id ?? `NEW-${n}-${Date.now().toString(36)}`,
    monthlySalary: o.salary ?? 1_650_000,
    joinedAt: '2026-11-01',
  });
}

const approve = (token: string, entityId: string, modifiedFields?: Record<string, string>, query?: Record<string, string>) =>
  env.call('PUT', DECIDE, { token, query, body: { entityId, entityType: 'WORKER', status: 'APPROVED', ...(modifiedFields ? { modifiedFields } : {}) } });
const reject = (token: string, entityId: string, query?: Record<string, string>) =>
  env.call('PUT', DECIDE, { token, query, body: { entityId, entityType: 'WORKER', status: 'REJECTED', modifiedFields: {} } });
const list = (token: string, query: Record<string, string> = {}) => env.call('GET', LIST, { token, query: { entityType: 'WORKER', ...query } });
const idsOf = (body: { data: { employeeId: string }[] }) => body.data.map((r) => r.employeeId);

describe('GET /employer-admin/employer-approval/pending-approvals', () => {
  it("lists the employer's own pending workers in employer context, with the spec's fields", async () => {
    const a = await signUp(employerId, { name: 'Meena Kumari', salary: 1_800_000 });
    const v = await signUp(employerId, { vendor: vendorId });
    const elsewhere = await signUp(other.employerId);
    const res = await list(owner);
    expect(res.status).toBe(200);
    const ids = idsOf(res.body);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(v.id);
    expect(ids).not.toContain(elsewhere.id);
    const row = res.body.data.find((r: { employeeId: string }) => r.employeeId === a.id);
    expect(row).toEqual({
      employeeId: a.id,
      fullName: 'Meena Kumari',
      employersWorkerId: a.employer_worker_id,
      mobile: a.mobile,
      currentMonthlySalary: 1_800_000,
      dateRequested: new Date(a.approval_requested_at!).toISOString(),
      joinedAt: '2026-11-01',
    });
  });

  it("lists only that vendor's pending workers in vendor context", async () => {
    const own = await signUp(employerId);
    const v1 = await signUp(employerId, { vendor: vendorId });
    const v2 = await signUp(employerId, { vendor: otherVendorId });
    const res = await list(owner, { vendorId });
    expect(res.status).toBe(200);
    const ids = idsOf(res.body);
    expect(ids).toContain(v1.id);
    expect(ids).not.toContain(v2.id);
    expect(ids).not.toContain(own.id);
  });

  it('searches the name, the worker id and the mobile (contains, any case); decided workers leave the list', async () => {
    const w = await signUp(employerId, { name: 'Zoravar Qadri', id: `ZQ-${Date.now()}` });
    const decided = await signUp(employerId, { name: 'Zoravar Rana' });
    expect((await reject(owner, decided.id)).status).toBe(200);
    for (const search of ['zoravar', 'QADRI', w.employer_worker_id.toLowerCase(), w.mobile!.slice(2, 8)]) {
      const res = await list(owner, { search });
      expect(res.status).toBe(200);
      expect(idsOf(res.body), search).toEqual([w.id]);
    }
    expect((await list(owner, { search: 'no-such-worker-%_' })).body.data).toEqual([]);
  });

  it('answers an empty list for TRANSACTION when no advance waits for the employer (decision 0024)', async () => {
    const res = await list(owner, { entityType: 'TRANSACTION' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('needs entityType', async () => {
    expect((await env.call('GET', LIST, { token: owner })).status).toBe(400);
  });

  it('is open to READ on employees (Viewer)', async () => {
    const w = await signUp(employerId);
    const res = await list(viewer);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toContain(w.id);
  });
});

describe('PUT /employer-admin/employer-approval/update-request', () => {
  it('approves with a modified salary: stores the paise, allows transactions, and writes an activity row', async () => {
    const w = await signUp(employerId, { name: 'Farida Begum', salary: 1_650_000 });
    expect((await side.availability(w.id)).isWithdrawalAllowed).toBe(false);
    const res = await approve(owner, w.id, { currentMonthlySalary: '21000' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entityId: w.id,
      entityType: 'WORKER',
      status: 'APPROVED',
      fullName: 'Farida Begum',
      currentMonthlySalary: 2_100_000,
      isTransactionAllowed: true,
    });
    const row = await workerRow(env, w.id);
    expect(row.approval_status).toBe('APPROVED');
    expect(row.current_monthly_salary).toBe(2_100_000);
    expect(row.is_transaction_allowed).toBe(true);
    expect((await side.availability(w.id)).isWithdrawalAllowed).toBe(true);
    expect(idsOf((await list(owner)).body)).not.toContain(w.id);
    const acts = (await activitiesOf(env, employerId, 'WORKER_APPROVED')).filter((a) => a.target_id === w.id);
    expect(acts).toHaveLength(1);
    expect(acts[0]!.details).toMatchObject({ fullName: 'Farida Begum', previousMonthlySalary: 1_650_000, currentMonthlySalary: 2_100_000 });
  });

  it('approves without a change and keeps the salary', async () => {
    const w = await signUp(employerId, { salary: 1_700_000 });
    const res = await approve(owner, w.id);
    expect(res.status).toBe(200);
    expect((await workerRow(env, w.id)).current_monthly_salary).toBe(1_700_000);
  });

  it('rejects: marked rejected, no transactions, an activity row, and out of the list', async () => {
    const w = await signUp(employerId, { name: 'Ramesh Yadav' });
    const res = await reject(owner, w.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('REJECTED');
    const row = await workerRow(env, w.id);
    expect(row.approval_status).toBe('REJECTED');
    expect(row.is_transaction_allowed).toBe(false);
    expect((await side.availability(w.id)).isWithdrawalAllowed).toBe(false);
    expect(idsOf((await list(owner)).body)).not.toContain(w.id);
    expect((await activitiesOf(env, employerId, 'WORKER_REJECTED')).filter((a) => a.target_id === w.id)).toHaveLength(1);
  });

  it('refuses a second decision with 409 and a clear message, and changes nothing', async () => {
    const w = await signUp(employerId, { name: 'Sunita Patil' });
    expect((await approve(owner, w.id, { currentMonthlySalary: '20000' })).status).toBe(200);
    for (const again of [() => approve(owner, w.id, { currentMonthlySalary: '30000' }), () => reject(owner, w.id)]) {
      const res = await again();
      expect(res.status).toBe(409);
      expect(res.body.message.description).toBe('Sunita Patil has already been approved');
    }
    const row = await workerRow(env, w.id);
    expect(row.approval_status).toBe('APPROVED');
    expect(row.current_monthly_salary).toBe(2_000_000);
    const r = await signUp(employerId, { name: 'Gopal Das' });
    expect((await reject(owner, r.id)).status).toBe(200);
    const res = await approve(owner, r.id);
    expect(res.status).toBe(409);
    expect(res.body.message.description).toBe('Gopal Das has already been rejected');
  });

  it('answers two decisions at once with one 200 and one 409', async () => {
    const w = await signUp(employerId);
    const statuses = (await Promise.all([approve(owner, w.id), reject(owner, w.id)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it('answers 404 for a worker of another employer, of a vendor in employer context, of the employer in vendor context, or no worker', async () => {
    const elsewhere = await signUp(other.employerId);
    const ofVendor = await signUp(employerId, { vendor: vendorId });
    const own = await signUp(employerId);
    const cases: [string, Record<string, string> | undefined][] = [
      [elsewhere.id, undefined],
      [elsewhere.id, { vendorId }],
      [ofVendor.id, undefined],
      [ofVendor.id, { vendorId: otherVendorId }],
      [own.id, { vendorId }],
      ['00000000-0000-4000-8000-0000000000ff', undefined],
    ];
    for (const [id, query] of cases) {
      const res = await approve(owner, id, { currentMonthlySalary: '25000' }, query);
      expect(res.status, `${id} ${JSON.stringify(query)}`).toBe(404);
      expect(res.body.message.description).toBe(APPROVAL_SERVER_MSG.notFound);
    }
    for (const w of [elsewhere, ofVendor, own]) expect((await workerRow(env, w.id)).approval_status).toBe('PENDING');
    // The other employer's admin cannot decide this employer's worker either.
    expect((await reject(other.token, own.id)).status).toBe(404);
  });

  it('decides a vendor worker in vendor context', async () => {
    const w = await signUp(employerId, { vendor: vendorId, salary: 1_200_000 });
    const res = await approve(owner, w.id, { currentMonthlySalary: '13000' }, { vendorId });
    expect(res.status).toBe(200);
    const row = await workerRow(env, w.id);
    expect([row.approval_status, row.current_monthly_salary, row.is_transaction_allowed]).toEqual(['APPROVED', 1_300_000, true]);
    const act = (await activitiesOf(env, employerId, 'WORKER_APPROVED')).find((a) => a.target_id === w.id);
    expect(act?.vendor_id).toBe(vendorId);
  });

  it('is refused to READ-only access (403) and changes nothing', async () => {
    const w = await signUp(employerId);
    const res = await approve(viewer, w.id);
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(ERROR_CODES.forbidden);
    expect((await workerRow(env, w.id)).approval_status).toBe('PENDING');
  });

  it('gives every 5.4 message from the server, and changes nothing', async () => {
    const w = await signUp(employerId, { salary: 1_650_000 });
    const cases: [string, string][] = [
      ['', 'Monthly Salary is required'],
      ['   ', 'Monthly Salary is required'],
      ['25000.50', 'Monthly Salary cannot have decimals'],
      ['25k', 'Monthly Salary cannot have decimals'],
      ['0', 'Monthly Salary cannot be negative or equal to zero'],
      ['-5000', 'Monthly Salary cannot be negative or equal to zero'],
      ['10000000', 'Monthly Salary cannot be greater than 9999999'],
    ];
    for (const [value, message] of cases) {
      const res = await approve(owner, w.id, { currentMonthlySalary: value });
      expect(res.status, value).toBe(400);
      expect(res.body.message.description, value).toBe(message);
    }
    // Not only text: a number or null gets the spec's message too, not a generic "Invalid request".
    const other: [unknown, string][] = [
      [25000.5, 'Monthly Salary cannot have decimals'],
      [-5000, 'Monthly Salary cannot be negative or equal to zero'],
      [0, 'Monthly Salary cannot be negative or equal to zero'],
      [null, 'Monthly Salary is required'],
      [10_000_000, 'Monthly Salary cannot be greater than 9999999'],
      ['1'.repeat(30), 'Monthly Salary cannot be greater than 9999999'],
    ];
    for (const [value, message] of other) {
      const res = await approve(owner, w.id, { currentMonthlySalary: value as string });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.message.description, String(value)).toBe(message);
    }
    const row = await workerRow(env, w.id);
    expect([row.approval_status, row.current_monthly_salary, row.is_transaction_allowed]).toEqual(['PENDING', 1_650_000, false]);
    expect((await approve(owner, w.id, { currentMonthlySalary: '9999999' })).status).toBe(200);
    expect((await workerRow(env, w.id)).current_monthly_salary).toBe(999_999_900);
  });

  it('refuses a body without the required fields or with an unknown status', async () => {
    const w = await signUp(employerId);
    for (const body of [{ entityId: w.id }, { entityId: w.id, entityType: 'WORKER', status: 'PENDING' }, { entityId: 'x', entityType: 'WORKER', status: 'APPROVED' }]) {
      expect((await env.call('PUT', DECIDE, { token: owner, body })).status).toBe(400);
    }
    expect((await workerRow(env, w.id)).approval_status).toBe('PENDING');
  });

  it('answers 404 for a TRANSACTION decision on an id that is no held advance (a worker id)', async () => {
    const w = await signUp(employerId);
    const res = await env.call('PUT', DECIDE, { token: owner, body: { entityId: w.id, entityType: 'TRANSACTION', status: 'APPROVED' } });
    expect(res.status).toBe(404);
    expect((await workerRow(env, w.id)).approval_status).toBe('PENDING');
  });
});

describe('with worker approval off in the employer config', () => {
  it('refuses the list and the decision with 403 and a clear message', async () => {
    const e = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
    const token = await signIn(env, e.owner);
    const w = await signUp(e.employer.id);
    await env.deps.db.updateTable('employers').set({ config: JSON.stringify({ isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: false }) }).where('id', '=', e.employer.id).execute();
    for (const res of [await list(token), await approve(token, w.id), await reject(token, w.id)]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toEqual({ description: 'Worker approval is not enabled for your organisation', code: APPROVAL_DISABLED_CODE });
    }
    expect((await workerRow(env, w.id)).approval_status).toBe('PENDING');
  });
});
