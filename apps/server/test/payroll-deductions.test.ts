/**
 * Issue 12 (5): the demo's payroll has real deductions. On a fresh database with the demo seed,
 * the payroll sheet the journeys upload for the employer's own workers (SUN-1010..SUN-1014) gives
 * entries whose deductions repay advances taken in the payroll month (and a top-up EMI due in it),
 * each named with its date; payroll-details says what the next payroll will deduct; executing the
 * payroll turns those advances DEDUCTED_FROM_SALARY and the EMI DEDUCTED. The same seed's leave
 * (decision 0025) is checked at the end.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, businessDate, businessDayStart, firstDayOf, lastDayOf, payrollMonthOf, type MonthYearValue } from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { DEMO_ADMINS, DEMO_PASSWORD, seedDemoIfEmpty } from '../src/demo/index.js';
import { workPayoutJobs, type PayoutWorker } from '../src/features/payouts/index.js';
import { processSheet } from '../src/sheets.js';
import { createTestEnv, signIn, type TestEnv } from './harness.js';
import { WEBHOOK_SECRET, startTestBank, until, type TestBank } from './payouts-fixtures.js';

/** The payroll journey's sheet (e2e/tests/payroll.spec.ts). */
const SHEET_IDS = ['SUN-1010', 'SUN-1011', 'SUN-1012', 'SUN-1013', 'SUN-1014'];

let env: TestEnv;
let bank: TestBank;
let worker: PayoutWorker;
let token: string;
let employerId: string;
let M: MonthYearValue;

beforeAll(async () => {
  env = await createTestEnv({ queue: true, env: { BANK_API_KEY: 'unused', BANK_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYOUT_SWEEP_MS: '300' } });
  bank = await startTestBank(env.deps, env.deps.config.databaseUrl!, env.baseUrl);
  worker = (await workPayoutJobs(env.deps))!;
  await workDocumentJobs(env.deps, processSheet);
  expect(await seedDemoIfEmpty(env.deps)).toBe(true);
  token = await signIn(env, { email: DEMO_ADMINS.superAdmin.email, mobile: DEMO_ADMINS.superAdmin.mobile, password: DEMO_PASSWORD });
  employerId = (await env.deps.db.selectFrom('employers').select('id').executeTakeFirstOrThrow()).id;
  M = payrollMonthOf(businessDate(env.clock.now()));
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await bank?.sim.close();
  await env?.close();
});

const details = () => env.call('GET', '/employer-admin/payroll/payroll-details', { token, query: { month: String(M.month), year: String(M.year) } });

interface Item {
  kind: 'ADVANCE' | 'TOPUP_EMI';
  id: string;
  amount: number;
  date: string;
}
interface Row {
  employerEmployeeCode: string;
  status: string;
  salary: number;
  deductions: number;
  amountPayable: number;
  deductionItems: Item[];
}

/** The own workers' advances taken in the month after M and still owed, counted here from the rows. */
async function laterAdvancesInDb() {
  const from = businessDayStart(firstDayOf(addMonths(M, 1))).getTime();
  const to = businessDayStart(firstDayOf(addMonths(M, 2))).getTime();
  const rows = await env.deps.db
    .selectFrom('transactions')
    .select(['amount', 'repaid_amount', 'created_at', 'status', 'vendor_id'])
    .where('employer_id', '=', employerId)
    .execute();
  const owed = rows.filter((t) => t.vendor_id === null && t.status === 'TRANSFERRED' && t.amount > t.repaid_amount && t.created_at.getTime() >= from && t.created_at.getTime() < to);
  return { count: owed.length, amount: owed.reduce((s, t) => s + t.amount - t.repaid_amount, 0) };
}

describe("the demo's payroll", () => {
  let payrollId: string;
  let rows: Row[];

  it('deducts the advances taken in the payroll month (and the EMI due in it), each named with its date', async () => {
    const workers = await env.deps.db
      .selectFrom('workers')
      .select(['employer_worker_id', 'full_name', 'current_monthly_salary'])
      .where('employer_id', '=', employerId)
      .where('employer_worker_id', 'in', SHEET_IDS)
      .orderBy('employer_worker_id')
      .execute();
    expect(workers.map((w) => w.employer_worker_id)).toEqual(SHEET_IDS);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Payroll');
    ws.addRow(['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC']);
    workers.forEach((w, i) => ws.addRow([w.employer_worker_id, w.full_name, '', w.current_monthly_salary / 100, 26, 26 - i, `5010098765${4300 + i}`, 'HDFC0001234']));
    const file = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const up = await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token, body: { file, fileName: 'payroll.xlsx' } });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    payrollId = up.body.payrollId;
    const processed = await until(
      'processing',
      async () => {
        const d = await details();
        return d.status === 200 && d.body.status === 'PROCESSED' ? d.body : null;
      },
      45_000,
    );
    expect(processed.finalizedEntries).toBe(SHEET_IDS.length);

    const table = await env.call('POST', '/employer-admin/payroll/employee-payout-details', { token, body: { month: M.month, year: M.year, status: 'TOTAL' } });
    expect(table.status).toBe(200);
    rows = table.body.data;
    expect(rows).toHaveLength(SHEET_IDS.length);
    const cutOff = lastDayOf(M);
    for (const r of rows) {
      expect(r.status, r.employerEmployeeCode).toBe('FINALIZED');
      expect(r.deductions, `${r.employerEmployeeCode} repays something`).toBeGreaterThan(0);
      expect(r.deductionItems.some((d) => d.kind === 'ADVANCE'), r.employerEmployeeCode).toBe(true);
      expect(r.deductionItems.reduce((s, d) => s + d.amount, 0)).toBe(r.deductions);
      expect(r.amountPayable).toBe(r.salary - r.deductions);
      // Advances of the payroll month (TRANSFERRED on or before its last day), none after the cut-off.
      for (const d of r.deductionItems) {
        expect(d.date <= cutOff, `${d.kind} of ${d.date}`).toBe(true);
        if (d.kind === 'ADVANCE') expect(d.date >= firstDayOf(M), `advance of ${d.date}`).toBe(true);
      }
    }
    // SUN-1012 also repays the first EMI of a top-up, due on the 5th of the payroll month.
    const emis = rows.find((r) => r.employerEmployeeCode === 'SUN-1012')!.deductionItems.filter((d) => d.kind === 'TOPUP_EMI');
    expect(emis.map((d) => d.date)).toEqual([`${firstDayOf(M).slice(0, 8)}05`]);

    const total = rows.reduce((s, r) => s + r.deductions, 0);
    expect(processed.completePayrollPayoutBreakup.providerAmount).toBe(total);
    expect(processed.completePayrollPayoutBreakup.totalBalanceRequired).toBe(rows.reduce((s, r) => s + r.salary, 0));
    // What the next payroll will deduct: the month after's advances still owed.
    expect(processed.laterAdvances).toEqual(await laterAdvancesInDb());
  }, 60_000);

  it('executing it turns those advances DEDUCTED_FROM_SALARY and the EMI DEDUCTED', async () => {
    const advanceIds = rows.flatMap((r) => r.deductionItems.filter((d) => d.kind === 'ADVANCE').map((d) => d.id));
    const emiIds = rows.flatMap((r) => r.deductionItems.filter((d) => d.kind === 'TOPUP_EMI').map((d) => d.id));
    const before = await env.deps.db.selectFrom('transactions').select(['id', 'status']).where('id', 'in', advanceIds).execute();
    expect(new Set(before.map((t) => t.status))).toEqual(new Set(['TRANSFERRED']));

    const frozen = await env.call('PUT', '/employer-admin/payroll/update-payroll-status', { token, body: { payrollId, status: 'PAYROLL_FROZEN' } });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    const account = (await env.call('GET', '/employer-admin/payroll/stream-account-info', { token })).body;
    const required = (await details()).body.completePayrollPayoutBreakup.totalBalanceRequired as number;
    if (account.accountBalance < required) {
      await bank.api.creditVirtualAccount(account.virtualAccount, required - account.accountBalance);
      await until('the credit', async () => (await env.call('GET', '/employer-admin/payroll/stream-account-info', { token })).body.accountBalance >= required);
    }
    const executed = await env.call('PUT', '/employer-admin/payroll/execute-payroll', { token, query: { payrollId } });
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);

    const after = await env.deps.db.selectFrom('transactions').select(['id', 'status', 'amount', 'repaid_amount']).where('id', 'in', advanceIds).execute();
    expect(after).toHaveLength(advanceIds.length);
    for (const t of after) {
      expect(t.status).toBe('DEDUCTED_FROM_SALARY');
      expect(t.repaid_amount).toBe(t.amount);
    }
    const repayments = await env.deps.db.selectFrom('repayments').select(['transaction_id', 'amount']).where('transaction_id', 'in', advanceIds).where('source', '=', 'SALARY_DEDUCTION').execute();
    const deducted = rows.flatMap((r) => r.deductionItems.filter((d) => d.kind === 'ADVANCE'));
    expect(repayments.map((x) => [x.transaction_id, x.amount]).sort()).toEqual(deducted.map((d) => [d.id, d.amount]).sort());
    const emis = await env.deps.db.selectFrom('topup_emis').select('status').where('id', 'in', emiIds).execute();
    expect(emis.map((e) => e.status)).toEqual(emiIds.map(() => 'DEDUCTED'));

    const done = await until(
      'the payouts',
      async () => {
        const d = await details();
        return d.body.status === 'DISBURSAL_COMPLETED' ? d.body : null;
      },
      30_000,
    );
    expect(done.paid.amount).toBe(rows.reduce((s, r) => s + r.amountPayable, 0));
    // The advances taken after the cut-off are untouched: the next payroll deducts them.
    expect(done.laterAdvances).toEqual(await laterAdvancesInDb());
  }, 60_000);
});

describe("the demo's leave (decision 0025)", () => {
  it('two processed leave sheets on /leave, paid and unpaid, for own workers no journey reads figures of', async () => {
    const list = await env.call('GET', '/employer-admin/leave', { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const [current, previous] = list.body.leaves_data as { status: string; counts: { createdRows: number; failedRows: number }; processedDocumentURL: string | null; leaves: { employeeId: string; paid: boolean; fromDate: string }[] }[];
    for (const u of [current!, previous!]) {
      expect(u.status).toBe('PROCESSED');
      expect(u.counts).toMatchObject({ createdRows: 3, failedRows: 0 });
      expect(u.processedDocumentURL).not.toBeNull();
    }
    const all = [...current!.leaves, ...previous!.leaves];
    expect(new Set(all.map((l) => l.paid))).toEqual(new Set([true, false]));
    const journeys = new Set([...SHEET_IDS, 'SUN-1004', 'SUN-1020', 'SUN-1033', 'SUN-1036', 'SUN-1037', 'SUN-1038', 'SUN-1039', 'SUN-1041', 'SUN-1047']);
    for (const l of all) expect(journeys.has(l.employeeId), l.employeeId).toBe(false);
    // Seeded history: the upload outcome notice does not greet the demo admin with it.
    const outcomes = await env.call('GET', '/employer-admin/upload-outcomes', { token });
    expect(outcomes.status).toBe(200);
    expect(JSON.stringify(outcomes.body)).not.toContain('LEAVE_UPLOAD');
    const month = (m: MonthYearValue) => `${m.year}${String(m.month).padStart(2, '0')}`;
    expect(previous!.leaves.every((l) => l.fromDate.startsWith(month(M)))).toBe(true);
    expect(current!.leaves.every((l) => l.fromDate.startsWith(businessDate(env.clock.now()).replaceAll('-', '').slice(0, 6)))).toBe(true);
  });
});
