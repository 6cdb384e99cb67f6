/**
 * Issue 20, items 4 and 6 (decision 0033) over HTTP: the Monthly Summary calls "pending" only
 * payouts sent to the bank and not settled (a finalized payroll not executed has its entries as
 * `finalized`, to be paid), and payroll-details names who executed a payroll (what a second tab's
 * refused Execute tells its admin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS, businessDate, monthOfDate } from '@portal/domain';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { insertFrozenPayroll } from './payouts-fixtures.js';

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('the Monthly Summary and payroll-details of a payroll before and after execution', () => {
  it('a finalized payroll not executed has nothing pending; once sent, its payouts are pending; details name the executor', async () => {
    const e = await createEmployer(env);
    const viewer = await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.viewer));
    const p = await insertFrozenPayroll(env.deps, env.deps.now(), { employerId: e.employer.id, adminId: e.owner.id, entries: 3, skipped: 1 });
    const m = monthOfDate(p.month);
    const query = { month: String(m.month), year: String(m.year) };

    const frozen = await env.call('GET', '/employer-admin/payroll-monthly-summary', { token: viewer, query });
    expect(frozen.status).toBe(200);
    expect(frozen.body.summary).toMatchObject({
      payrollId: p.payrollId,
      status: 'PAYROLL_FROZEN',
      total: { count: 4 },
      paid: { count: 0, amount: 0 },
      pending: { count: 0, amount: 0 },
      finalized: { count: 3, amount: p.totalPayable },
      failed: { count: 0, amount: 0 },
      skipped: { count: 1 },
    });
    const before = await env.call('GET', '/employer-admin/payroll/payroll-details', { token: viewer, query });
    expect(before.body).toMatchObject({ status: 'PAYROLL_FROZEN', executedAt: null, executedBy: null, pending: { count: 0 } });

    // As the execution leaves it (features/payouts): sent, not settled, executed by the owner.
    await env.deps.db
      .updateTable('payrolls')
      .set({ status: 'DISBURSAL_IN_PROGRESS', executed_at: env.deps.now(), executed_by: e.owner.id })
      .where('id', '=', p.payrollId)
      .execute();
    await env.deps.db.updateTable('payroll_entries').set({ status: 'INITIATED' }).where('payroll_id', '=', p.payrollId).where('status', '=', 'FINALIZED').execute();

    const sent = await env.call('GET', '/employer-admin/payroll-monthly-summary', { token: viewer, query });
    expect(sent.body.summary).toMatchObject({ status: 'DISBURSAL_IN_PROGRESS', pending: { count: 3, amount: p.totalPayable }, finalized: { count: 0, amount: 0 } });
    const after = await env.call('GET', '/employer-admin/payroll/payroll-details', { token: viewer, query });
    expect(after.body.executedBy).toBe('Owner Admin');
    expect(businessDate(new Date(after.body.executedAt))).toBe(businessDate(env.deps.now()));
  });
});
