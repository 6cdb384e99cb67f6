import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, monthStart } from '@portal/domain';
import { ADVANCE_REFUSALS, createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createEmployer, createTestEnv, uniqueMobile, type TestEnv } from './harness.js';

let env: TestEnv;
let side: WorkerSide;
beforeAll(async () => {
  env = await createTestEnv();
  side = createWorkerSide(env.deps);
});
afterAll(() => env.close());

let n = 0;
async function employerWith(approval: boolean) {
  const { employer } = await createEmployer(env, { config: { isEmployeeApprovalEnabled: approval } });
  return employer.id;
}
async function worker(employerId: string, overrides: Partial<Parameters<WorkerSide['register']>[0]> = {}) {
  n++;
  return side.register({ employerId, mobile: uniqueMobile(), fullName: 'Asha Devi', employerWorkerId: `EMP-${n}-${Date.now()}`, monthlySalary: 3_000_000, joinedAt: '2025-01-01', ...overrides });
}
/** Every day of the month so far marked present. */
async function presentAllMonth(workerId: string) {
  const today = businessDate(env.deps.now());
  for (let d = monthStart(today); d <= today; d = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10)) {
    await side.markAttendance(workerId, d, 'PRESENT');
  }
}

describe('register', () => {
  it('creates a worker pending approval when the employer asks for approval', async () => {
    const w = await worker(await employerWith(true));
    expect(w.approval_status).toBe('PENDING');
    expect(w.user_id).not.toBeNull();
    expect(w.is_transaction_allowed).toBe(false);
  });
  it('creates an approved worker otherwise', async () => {
    const w = await worker(await employerWith(false));
    expect(w.approval_status).toBe('APPROVED');
    expect(w.is_transaction_allowed).toBe(true);
  });
  it('links a worker the employer already added, and refuses a second sign-up', async () => {
    const employerId = await employerWith(true);
    const added = await env.deps.db
      .insertInto('workers')
      .values({ employer_id: employerId, employer_worker_id: 'E-100', full_name: 'Ravi Kumar', mobile: '9811112222', current_monthly_salary: 2_000_000 })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(added.user_id).toBeNull();
    const linked = await side.register({ employerId, mobile: '9811112222', fullName: 'Ravi K', employerWorkerId: 'E-100', monthlySalary: 1, joinedAt: '2025-01-01' });
    expect(linked.id).toBe(added.id);
    expect(linked.user_id).not.toBeNull();
    expect(linked.approval_status).toBeNull();
    await expect(side.register({ employerId, mobile: '9811112222', fullName: 'Ravi K', employerWorkerId: 'E-100', monthlySalary: 1, joinedAt: '2025-01-01' })).rejects.toThrow(/already signed up/);
  });
});

describe('requestAdvance', () => {
  it('allows up to the available earned salary and no more', async () => {
    const w = await worker(await employerWith(false), { monthlySalary: 3_000_000 });
    await presentAllMonth(w.id);
    const { available } = await side.availability(w.id);
    expect(available).toBeGreaterThan(0);
    await expect(side.requestAdvance(w.id, available + 1)).rejects.toThrow(ADVANCE_REFUSALS.available);
    const id = await side.requestAdvance(w.id, available);
    const tx = await env.deps.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(tx.status).toBe('USER_REQUESTED');
    expect(tx.amount).toBe(available);
    expect(tx.worker_snapshot).toMatchObject({ fullName: 'Asha Devi', employerWorkerId: w.employer_worker_id });
    expect((await side.availability(w.id)).available).toBe(0);
  });
  it('gives nothing without attendance', async () => {
    const w = await worker(await employerWith(false));
    expect((await side.availability(w.id)).available).toBe(0);
    await expect(side.requestAdvance(w.id, 100)).rejects.toThrow(ADVANCE_REFUSALS.available);
  });
  it('keeps the per-transaction and per-day limits', async () => {
    const w = await worker(await employerWith(false), { monthlySalary: 10_000_000 });
    await env.deps.db.updateTable('workers').set({ max_withdrawal_per_transaction: 50_000, max_withdrawal_per_day: 80_000 }).where('id', '=', w.id).execute();
    await presentAllMonth(w.id);
    await expect(side.requestAdvance(w.id, 50_001)).rejects.toThrow(ADVANCE_REFUSALS.perTransaction);
    await side.requestAdvance(w.id, 50_000);
    await expect(side.requestAdvance(w.id, 30_001)).rejects.toThrow(ADVANCE_REFUSALS.perDay);
    await side.requestAdvance(w.id, 30_000);
  });
  it('refuses inactive, not-allowed and pending workers', async () => {
    const w = await worker(await employerWith(false));
    await presentAllMonth(w.id);
    await env.deps.db.updateTable('workers').set({ is_transaction_allowed: false }).where('id', '=', w.id).execute();
    await expect(side.requestAdvance(w.id, 100)).rejects.toThrow(ADVANCE_REFUSALS.notAllowed);
    await env.deps.db.updateTable('workers').set({ is_transaction_allowed: true, employment_status: 'INACTIVE' }).where('id', '=', w.id).execute();
    await expect(side.requestAdvance(w.id, 100)).rejects.toThrow(ADVANCE_REFUSALS.inactive);
    const pending = await worker(await employerWith(true));
    await presentAllMonth(pending.id);
    await expect(side.requestAdvance(pending.id, 100)).rejects.toThrow(ADVANCE_REFUSALS.pendingApproval);
  });
  it('lets only one of two simultaneous requests take the same money', async () => {
    const w = await worker(await employerWith(false));
    await presentAllMonth(w.id);
    const { available } = await side.availability(w.id);
    const share = Math.floor(available * 0.6);
    const results = await Promise.allSettled([side.requestAdvance(w.id, share), side.requestAdvance(w.id, share)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('advance lifecycle', () => {
  it('moves to TRANSFERRED with an event per step, then REPAID when paid back in full', async () => {
    const w = await worker(await employerWith(false));
    await presentAllMonth(w.id);
    const id = await side.requestAdvance(w.id, 10_000);
    await side.disburse(id);
    const events = await env.deps.db.selectFrom('transaction_events').select('status').where('transaction_id', '=', id).orderBy('id').execute();
    expect(events.map((e) => e.status)).toEqual(['USER_REQUESTED', 'LENDER_APPROVED', 'AGREEMENT_SIGNED', 'TRANSFER_INITIATED', 'TRANSFERRED']);
    await side.repay(id, 4_000, '2026-11-20');
    let tx = await env.deps.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([tx.status, tx.repaid_amount, tx.latest_repayment_date]).toEqual(['TRANSFERRED', 4_000, '2026-11-20']);
    await expect(side.repay(id, 6_001, '2026-11-21')).rejects.toThrow(/more than what is owed/);
    await side.repay(id, 6_000, '2026-11-21');
    tx = await env.deps.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([tx.status, tx.repaid_amount]).toEqual(['REPAID', 10_000]);
  });
  it('refuses a move the status list does not allow', async () => {
    const w = await worker(await employerWith(false));
    await presentAllMonth(w.id);
    const id = await side.requestAdvance(w.id, 10_000);
    await expect(side.move(id, 'TRANSFERRED')).rejects.toThrow(/cannot move/);
  });
});

describe('applyTopup', () => {
  it('disburses with EMIs that add up to the amount', async () => {
    const w = await worker(await employerWith(false));
    const id = await side.applyTopup(w.id, 1_000_001, 3);
    const emis = await env.deps.db.selectFrom('topup_emis').selectAll().where('application_id', '=', id).orderBy('due_date').execute();
    expect(emis.map((e) => e.amount)).toEqual([333_335, 333_333, 333_333]);
    const app = await env.deps.db.selectFrom('salary_topup_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(app.status).toBe('DISBURSED');
    expect(app.emi_start_date).toBe(emis[0]!.due_date);
  });
});
