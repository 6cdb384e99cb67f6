/**
 * Transactions (spec 2.13) and Salary Topups (2.12) over HTTP: figures against what the worker
 * side created, the date rules of 5.1 with their messages, the cap (lowered to CAP for this file
 * through WORKER_TRANSACTIONS_CAP; the route's default is the spec's 20,000), employer and vendor
 * scoping, READ on TRANSACTIONS, and both xlsx downloads opened with exceljs.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  ROLE_IDS,
  SALARY_TOPUP_SORT_FIELDS,
  TRANSACTION_SORT_FIELDS,
  WORKER_TRANSACTIONS_MSG,
  WORKER_TRANSACTIONS_RESULT_CAP,
  businessDate,
} from '@portal/domain';
import { loadConfig } from '../src/config.js';
import { createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { insertWorker, uniqueTag } from './workers-fixtures.js';

const CAP = 4;
let env: TestEnv;
let side: WorkerSide;
beforeAll(async () => {
  env = await createTestEnv({ env: { WORKER_TRANSACTIONS_CAP: String(CAP) } });
  side = createWorkerSide(env.deps);
});
afterAll(() => env.close());

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = () => businessDate(new Date());
/** A day of last month (IST), so every test date lies in the past and within 2 years. */
function lastMonthDay(day: number): string {
  const t = today();
  const [y, m] = t.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 2, day));
  return d.toISOString().slice(0, 10);
}
/** The worker side running on the clock of an instant (as the demo seed does). */
const sideAt = (at: Date) => createWorkerSide({ ...env.deps, now: () => at });
/** An instant given as an IST wall-clock time. */
const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

async function setup() {
  const e = await createEmployer(env);
  const token = await signIn(env, e.owner);
  return { employerId: e.employer.id, vendorA: e.vendors[0]!.id, vendorB: e.vendors[1]!.id, owner: e.owner, token };
}

async function worker(employerId: string, opts: { vendorId?: string | null; fullName?: string; id?: string } = {}) {
  return side.register({
    employerId,
    vendorId: opts.vendorId ?? null,
    mobile: uniqueMobile(),
    fullName: opts.fullName ?? 'Asha Devi',
    employerWorkerId: opts.id ?? `W-${uniqueTag()}`,
    monthlySalary: 6_000_000,
    joinedAt: '2024-01-01',
  });
}

/** An advance asked for at `at` (attendance marked present from the month's start), then moved along. */
async function advance(workerId: string, amount: number, at: Date, fate: 'REQUESTED' | 'TRANSFERRED' | 'FAILED' | 'DEDUCTED' = 'TRANSFERRED') {
  const day = businessDate(at);
  for (let d = `${day.slice(0, 7)}-01`; d <= day; d = addDays(d, 1)) await side.markAttendance(workerId, d, 'PRESENT');
  const s = sideAt(at);
  const id = await s.requestAdvance(workerId, amount);
  if (fate === 'FAILED') await s.disburse(id, 'TRANSFER_FAILED');
  if (fate === 'TRANSFERRED' || fate === 'DEDUCTED') await s.disburse(id);
  if (fate === 'DEDUCTED') await s.move(id, 'DEDUCTED_FROM_SALARY');
  return id;
}

const TX = '/employer-admin/transactions-of-workers';
const TX_REPORT = '/employer-admin/transactions-of-workers/report';
const TOPUPS = '/employer-admin/salary-topup/applications';
const TOPUPS_REPORT = '/employer-admin/salary-topup/applications/report';

const xlsx = (path: string, token: string, query: Record<string, string>) => xlsxOf(env, path, token, query);
async function xlsxOf(on: TestEnv, path: string, token: string, query: Record<string, string>) {
  const res = await fetch(`${on.baseUrl}/api${path}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${token}` } });
  const buffer = Buffer.from(await res.arrayBuffer());
  let rows: unknown[][] = [];
  if (res.status === 200) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  } else rows = [];
  return { status: res.status, headers: res.headers, rows, text: res.status === 200 ? '' : buffer.toString() };
}

describe('the cap', () => {
  it("is the spec's 20,000 unless lowered outside production", () => {
    expect(loadConfig({}).workerTransactionsCap).toBe(WORKER_TRANSACTIONS_RESULT_CAP);
    expect(WORKER_TRANSACTIONS_RESULT_CAP).toBe(20_000);
    expect(loadConfig({ WORKER_TRANSACTIONS_CAP: '3' }).workerTransactionsCap).toBe(3);
    expect(loadConfig({ WORKER_TRANSACTIONS_CAP: '3', NODE_ENV: 'production' }).workerTransactionsCap).toBe(20_000);
    expect(loadConfig({ WORKER_TRANSACTIONS_CAP: '50000' }).workerTransactionsCap).toBe(20_000);
  });
});

describe('GET /employer-admin/transactions-of-workers', () => {
  it('lists the disbursed advances of the range, newest first, with the figures the worker side recorded', async () => {
    const s = await setup();
    const asha = await worker(s.employerId, { fullName: 'Asha Devi' });
    const ravi = await worker(s.employerId, { fullName: 'Ravi Kumar' });
    const d1 = lastMonthDay(10);
    const d2 = lastMonthDay(12);
    const d3 = lastMonthDay(14);
    const partly = await advance(asha.id, 150_000, ist(d1, '09:15:00'));
    await sideAt(ist(d2, '10:00:00')).repay(partly, 40_000, d2);
    const repaid = await advance(ravi.id, 120_000, ist(d2, '18:45:00'));
    await sideAt(ist(d3, '08:00:00')).repay(repaid, 120_000, d3);
    const deducted = await advance(asha.id, 90_000, ist(d3, '11:30:00'), 'DEDUCTED');
    // Not disbursed: not on this screen.
    await advance(ravi.id, 10_000, ist(d3, '12:00:00'), 'REQUESTED');
    await advance(ravi.id, 11_000, ist(d3, '12:30:00'), 'FAILED');

    const res = await env.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(1), endDate: lastMonthDay(28) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 3, limit: CAP, capped: false });
    expect(res.body.transactions).toEqual([
      {
        _id: deducted,
        createdAt: ist(d3, '11:30:00').toISOString(),
        amount: 90_000,
        status: 'DEDUCTED_FROM_SALARY',
        employeeId: asha.id,
        workerType: 'EMPLOYEE',
        repaidAmount: 0,
        pendingRepaymentAmount: 0,
        latestRepaymentDate: null,
        deductionConfirmed: true,
        employeeDataSnapshot: { fullName: 'Asha Devi', employerEmployeeId: asha.employer_worker_id },
        contractorDataSnapshot: null,
      },
      {
        _id: repaid,
        createdAt: ist(d2, '18:45:00').toISOString(),
        amount: 120_000,
        status: 'REPAID',
        employeeId: ravi.id,
        workerType: 'EMPLOYEE',
        repaidAmount: 120_000,
        pendingRepaymentAmount: 0,
        latestRepaymentDate: d3,
        deductionConfirmed: false,
        employeeDataSnapshot: { fullName: 'Ravi Kumar', employerEmployeeId: ravi.employer_worker_id },
        contractorDataSnapshot: null,
      },
      {
        _id: partly,
        createdAt: ist(d1, '09:15:00').toISOString(),
        amount: 150_000,
        status: 'TRANSFERRED',
        employeeId: asha.id,
        workerType: 'EMPLOYEE',
        repaidAmount: 40_000,
        pendingRepaymentAmount: 110_000,
        latestRepaymentDate: d2,
        deductionConfirmed: false,
        employeeDataSnapshot: { fullName: 'Asha Devi', employerEmployeeId: asha.employer_worker_id },
        contractorDataSnapshot: null,
      },
    ]);

    // Status filter.
    const only = async (status: string) =>
      (await env.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(1), endDate: lastMonthDay(28), status } })).body.transactions.map((t: { _id: string }) => t._id);
    expect(await only('TRANSFERRED')).toEqual([partly]);
    expect(await only('REPAID')).toEqual([repaid]);
    expect(await only('DEDUCTED_FROM_SALARY')).toEqual([deducted]);
    expect(await only('')).toEqual([deducted, repaid, partly]);
    const bad = await env.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(1), endDate: lastMonthDay(28), status: 'USER_REQUESTED' } });
    expect(bad.status).toBe(400);

    // Search by WorkerId: the worker's id, whatever its case.
    const byWorker = await env.call('GET', TX, {
      token: s.token,
      query: { startDate: lastMonthDay(1), endDate: lastMonthDay(28), employerWorkerId: ` ${ravi.employer_worker_id.toLowerCase()} ` },
    });
    expect(byWorker.body.transactions.map((t: { _id: string }) => t._id)).toEqual([repaid]);
    const nobody = await env.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(1), endDate: lastMonthDay(28), employerWorkerId: 'NO-SUCH-ID' } });
    expect(nobody.body).toMatchObject({ transactions: [], total: 0, capped: false });
  });

  it('takes business days in Asia/Kolkata: a day runs from its IST midnight to the next', async () => {
    const s = await setup();
    const w = await worker(s.employerId);
    const day = lastMonthDay(15);
    const justAfterMidnight = await advance(w.id, 50_000, ist(day, '00:05:00')); // still the 14th in UTC
    const lateEvening = await advance(w.id, 50_000, ist(day, '23:55:00'));
    const nextMorning = await advance(w.id, 50_000, ist(addDays(day, 1), '00:00:00'));
    const previousNight = await advance(w.id, 50_000, ist(addDays(day, -1), '23:59:00'));
    const ids = async (query: Record<string, string>) => (await env.call('GET', TX, { token: s.token, query })).body.transactions.map((t: { _id: string }) => t._id);
    expect(await ids({ startDate: day, endDate: day })).toEqual([lateEvening, justAfterMidnight]);
    expect(await ids({ startDate: addDays(day, 1), endDate: addDays(day, 1) })).toEqual([nextMorning]);
    expect(await ids({ startDate: addDays(day, -1), endDate: addDays(day, -1) })).toEqual([previousNight]);
    // ISO instants are read as their IST date (IST midnight of `day` sent as UTC).
    expect(await ids({ startDate: ist(day, '00:00:00').toISOString(), endDate: ist(day, '00:00:00').toISOString() })).toEqual([lateEvening, justAfterMidnight]);
  });

  it('refuses a From Date older than 2 years, dates after today and an end before the start, with clear messages', async () => {
    const s = await setup();
    const t = today();
    const [y, m, d] = t.split('-');
    const twoYearsBack = `${Number(y) - 2}-${m}-${d}`;
    const cases: [Record<string, string>, number, string | null][] = [
      [{ startDate: addDays(twoYearsBack, -1), endDate: t }, 400, "Invalid date range! Please select a 'From Date' within last 2 years."],
      [{ startDate: twoYearsBack, endDate: t }, 200, null],
      [{ startDate: t, endDate: addDays(t, 1) }, 400, "'To Date' cannot be later than today"],
      [{ startDate: addDays(t, 1), endDate: addDays(t, 1) }, 400, "'From Date' cannot be later than today"],
      [{ startDate: addDays(t, -1), endDate: addDays(t, -2) }, 400, "'To Date' cannot be before 'From Date'"],
      [{ startDate: '2026-02-30', endDate: t }, 400, 'Please select valid dates'],
      [{ startDate: 'last week', endDate: t }, 400, 'Please select valid dates'],
    ];
    for (const [query, status, message] of cases) {
      for (const path of [TX, TX_REPORT]) {
        const res = await env.call('GET', path, { token: s.token, query });
        expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(status);
        if (message) expect(res.body.message.description).toBe(message);
      }
    }
    expect(MSG.invalidDateRangeTwoYears).toBe("Invalid date range! Please select a 'From Date' within last 2 years.");
    const missing = await env.call('GET', TX, { token: s.token, query: { startDate: t } });
    expect(missing.status).toBe(400);
  });

  it('stops at the cap, keeps the newest rows and says the cap was hit', async () => {
    const s = await setup();
    const w = await worker(s.employerId);
    const ids: string[] = [];
    for (let k = 1; k <= CAP + 1; k++) ids.push(await advance(w.id, 20_000, ist(lastMonthDay(10 + k), '10:00:00')));
    const newestFirst = [...ids].reverse();
    const all = await env.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(1), endDate: lastMonthDay(28) } });
    expect(all.body).toMatchObject({ total: CAP, limit: CAP, capped: true });
    expect(all.body.transactions.map((t: { _id: string }) => t._id)).toEqual(newestFirst.slice(0, CAP));
    // Exactly as many as the cap also reaches it (spec 8); one fewer does not.
    const exactly = await env.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(12), endDate: lastMonthDay(28) } });
    expect(exactly.body).toMatchObject({ total: CAP, capped: true });
    const fewer = await env.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(13), endDate: lastMonthDay(28) } });
    expect(fewer.body).toMatchObject({ total: CAP - 1, capped: false });
    // The download stops at the cap too: a header row and CAP rows.
    const report = await xlsx(TX_REPORT, s.token, { startDate: lastMonthDay(1), endDate: lastMonthDay(28) });
    expect(report.rows).toHaveLength(CAP + 1);
  });

  it('keeps to the employer and the vendor context, and needs READ on the transactions resource', async () => {
    const s = await setup();
    const own = await worker(s.employerId, { fullName: 'Own Worker' });
    const contractor = await worker(s.employerId, { vendorId: s.vendorA, fullName: 'Vendor Worker' });
    const otherVendor = await worker(s.employerId, { vendorId: s.vendorB, fullName: 'Other Vendor Worker' });
    const other = await setup();
    const stranger = await worker(other.employerId, { fullName: 'Stranger' });
    const at = ist(lastMonthDay(20), '12:00:00');
    const ownTx = await advance(own.id, 30_000, at);
    const vendorTx = await advance(contractor.id, 30_000, at);
    await advance(otherVendor.id, 30_000, at);
    await advance(stranger.id, 30_000, at);
    const query = { startDate: lastMonthDay(1), endDate: lastMonthDay(28) };
    const ids = (res: { body: { transactions: { _id: string }[] } }) => res.body.transactions.map((t) => t._id);

    expect(ids(await env.call('GET', TX, { token: s.token, query }))).toEqual([ownTx]);
    const inVendor = await env.call('GET', TX, { token: s.token, query: { ...query, vendorId: s.vendorA } });
    expect(ids(inVendor)).toEqual([vendorTx]);
    expect(inVendor.body.transactions[0]).toMatchObject({
      workerType: 'CONTRACTOR',
      employeeDataSnapshot: null,
      contractorDataSnapshot: { fullName: 'Vendor Worker', employersContractorId: contractor.employer_worker_id },
    });
    // Another employer's worker id finds nothing here; its vendor is refused.
    expect(ids(await env.call('GET', TX, { token: s.token, query: { ...query, employerWorkerId: stranger.employer_worker_id } }))).toEqual([]);
    expect((await env.call('GET', TX, { token: s.token, query: { ...query, vendorId: other.vendorA } })).status).toBe(403);

    // A vendor-bound admin sees only its vendor; READ is enough; no employer resource means 403.
    const bound = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.vendorViewer, s.vendorA));
    expect(ids(await env.call('GET', TX, { token: bound, query: { ...query, vendorId: s.vendorA } }))).toEqual([vendorTx]);
    expect((await env.call('GET', TX, { token: bound, query })).status).toBe(403);
    expect((await env.call('GET', TX, { token: bound, query: { ...query, vendorId: s.vendorB } })).status).toBe(403);
    const viewer = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.viewer));
    expect(ids(await env.call('GET', TX, { token: viewer, query }))).toEqual([ownTx]);
    const vendorOnly = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.vendorViewer));
    const refused = await env.call('GET', TX, { token: vendorOnly, query });
    expect(refused.status).toBe(403);
    expect(refused.body.message.description).toBe(MSG.unauthorized);
    expect((await env.call('GET', TX_REPORT, { token: vendorOnly, query })).status).toBe(403);
    expect((await env.call('GET', TX, { token: null, query })).status).toBe(401);
  });
});

describe('GET /employer-admin/transactions-of-workers/report', () => {
  it('streams transactions-report.xlsx with the columns of the screen, and formulas written as text', async () => {
    const s = await setup();
    const risky = await worker(s.employerId, { fullName: '=HYPERLINK("http://x","y")', id: `+${uniqueTag()}` });
    const plain = await worker(s.employerId, { fullName: 'Meera Nair' });
    const d = lastMonthDay(8);
    const first = await advance(risky.id, 75_050, ist(d, '09:05:00'));
    await sideAt(ist(d, '15:00:00')).repay(first, 25_050, d);
    await advance(plain.id, 60_000, ist(d, '16:20:00'), 'DEDUCTED');

    const res = await xlsx(TX_REPORT, s.token, { startDate: d, endDate: d });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="transactions-report.xlsx"');
    const [dd, mm, yyyy] = [d.slice(8, 10), d.slice(5, 7), d.slice(0, 4)];
    expect(res.rows).toEqual([
      ['Name', 'Worker Id', 'Date & time', 'Amount Disbursed', 'Repaid Amount', 'Last Repayment Date', 'Deduction Confirmed', 'Pending Amount', 'Status'],
      ['Meera Nair', plain.employer_worker_id, `${dd}/${mm}/${yyyy} 04:20 PM`, 600, 0, 'NA', 'Yes', 0, 'DEDUCTED FROM SALARY'],
      [`'=HYPERLINK("http://x","y")`, `'${risky.employer_worker_id}`, `${dd}/${mm}/${yyyy} 09:05 AM`, 750.5, 250.5, `${dd}/${mm}/${yyyy}`, 'No', 500, 'TRANSFERRED'],
    ]);
    // The status filter applies to the download.
    const repaidOnly = await xlsx(TX_REPORT, s.token, { startDate: d, endDate: d, status: 'DEDUCTED_FROM_SALARY' });
    expect(repaidOnly.rows.map((r) => r[0])).toEqual(['Name', 'Meera Nair']);
  });
});

describe('GET /employer-admin/salary-topup/applications', () => {
  it('lists the applications of the range with their terms, newest first, filtered by status and scoped', async () => {
    const s = await setup();
    const asha = await worker(s.employerId, { fullName: 'Asha Devi' });
    const ravi = await worker(s.employerId, { fullName: 'Ravi Kumar' });
    const contractor = await worker(s.employerId, { vendorId: s.vendorA, fullName: 'Vendor Worker' });
    const d1 = lastMonthDay(6);
    const d2 = lastMonthDay(9);
    const disbursed = await sideAt(ist(d1, '10:00:00')).applyTopup(asha.id, 3_000_000, 3);
    const pending = await sideAt(ist(d2, '10:00:00')).applyTopup(ravi.id, 1_000_000, 6, 'VERIFICATION_PENDING');
    const vendorApp = await sideAt(ist(d2, '11:00:00')).applyTopup(contractor.id, 2_000_000, 4);
    const other = await setup();
    await sideAt(ist(d2, '10:00:00')).applyTopup((await worker(other.employerId)).id, 1_000_000, 3);

    const query = { startDate: lastMonthDay(1), endDate: lastMonthDay(28) };
    const res = await env.call('GET', TOPUPS, { token: s.token, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 2, limit: CAP, capped: false });
    const [y, m] = d1.split('-').map(Number) as [number, number];
    const emiStart = new Date(Date.UTC(y, m, 5)).toISOString().slice(0, 10);
    expect(res.body.applications).toEqual([
      {
        _id: pending,
        approvalDate: null,
        disbursalDate: null,
        emiStartDate: null,
        emiAmount: 166_666,
        status: 'VERIFICATION_PENDING',
        currentApplicationTerm: { amount: 1_000_000, tenureInMonths: 6 },
        employeeId: ravi.id,
        name: 'Ravi Kumar',
        employerEmployeeId: ravi.employer_worker_id,
        createdAt: ist(d2, '10:00:00').toISOString(),
      },
      {
        _id: disbursed,
        approvalDate: d1,
        disbursalDate: d1,
        emiStartDate: emiStart,
        emiAmount: 1_000_000,
        status: 'DISBURSED',
        currentApplicationTerm: { amount: 3_000_000, tenureInMonths: 3 },
        employeeId: asha.id,
        name: 'Asha Devi',
        employerEmployeeId: asha.employer_worker_id,
        createdAt: ist(d1, '10:00:00').toISOString(),
      },
    ]);
    const ids = async (q: Record<string, string>, token = s.token) => (await env.call('GET', TOPUPS, { token, query: q })).body.applications.map((a: { _id: string }) => a._id);
    expect(await ids({ ...query, status: 'DISBURSED' })).toEqual([disbursed]);
    expect(await ids({ ...query, status: 'REJECTED' })).toEqual([]);
    expect(await ids({ ...query, vendorId: s.vendorA })).toEqual([vendorApp]);
    expect(await ids({ startDate: d1, endDate: d1 })).toEqual([disbursed]);
    expect((await env.call('GET', TOPUPS, { token: s.token, query: { ...query, status: 'NOT_A_STATUS' } })).status).toBe(400);
    const vendorOnly = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.vendorViewer));
    expect((await env.call('GET', TOPUPS, { token: vendorOnly, query })).status).toBe(403);
    expect(await ids({ ...query, vendorId: s.vendorA }, vendorOnly)).toEqual([vendorApp]);
  });

  it('takes any start in the past but no date after today and no end before the start', async () => {
    const s = await setup();
    const t = today();
    expect((await env.call('GET', TOPUPS, { token: s.token, query: { startDate: addDays(t, -365 * 3), endDate: t } })).status).toBe(200);
    const tooLate = await env.call('GET', TOPUPS, { token: s.token, query: { startDate: t, endDate: addDays(t, 1) } });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.message.description).toBe("'To Date' cannot be later than today");
    const backwards = await env.call('GET', TOPUPS_REPORT, { token: s.token, query: { startDate: t, endDate: addDays(t, -1) } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message.description).toBe("'To Date' cannot be before 'From Date'");
  });
});

describe('GET /employer-admin/salary-topup/applications/report', () => {
  it('streams advance-salary-report.xlsx with the columns of the screen', async () => {
    const s = await setup();
    const w = await worker(s.employerId, { fullName: '@Kavya Rao' });
    const d = lastMonthDay(7);
    await sideAt(ist(d, '10:00:00')).applyTopup(w.id, 2_500_050, 3);
    const res = await xlsx(TOPUPS_REPORT, s.token, { startDate: d, endDate: d });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="advance-salary-report.xlsx"');
    const [y, m] = d.split('-').map(Number) as [number, number];
    const emiStart = new Date(Date.UTC(y, m, 5)).toISOString().slice(0, 10);
    const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    expect(res.rows).toEqual([
      ['Employee ID', 'Name', 'Approval date', 'Disbursal date', 'Amount Approved', 'Tenure', 'EMI amount', 'EMI Start Date', 'Status'],
      [w.employer_worker_id, "'@Kavya Rao", dmy(d), dmy(d), 25000.5, '3 months', 8333.5, dmy(emiStart), 'DISBURSED'],
    ]);
  });
});

// ---- paging on the server (issue 14) ----

/**
 * A second server with a cap of PAGED_CAP, so a search can run over several pages of 10 and still
 * reach the cap. Rows go straight into the tables (at instants, amounts, statuses and names chosen
 * to tie), since the worker side's figures are covered above.
 */
const PAGED_CAP = 25;
describe('paging on the server', () => {
  let paged: TestEnv;
  beforeAll(async () => {
    paged = await createTestEnv({ env: { WORKER_TRANSACTIONS_CAP: String(PAGED_CAP) } });
  });
  afterAll(() => paged.close());

  interface Tx {
    id: string;
    at: Date;
    amount: number;
    status: string;
    name: string;
  }
  interface Topup {
    id: string;
    at: Date;
    amount: number;
    status: string;
    name: string;
    approvalDate: string | null;
  }
  const window = () => ({ startDate: lastMonthDay(1), endDate: lastMonthDay(28) });
  const NAMES = ['asha', 'Bala', 'chitra', 'Deepa', 'asha'];
  const SETTLED = ['TRANSFERRED', 'DEDUCTED_FROM_SALARY', 'REPAID'];

  async function pagedSetup() {
    const e = await createEmployer(paged);
    return { employerId: e.employer.id, vendorA: e.vendors[0]!.id, vendorB: e.vendors[1]!.id, token: await signIn(paged, e.owner) };
  }

  /** `count` transactions of one worker each: three to an instant, amounts repeating every 4, names every 5. */
  async function insertTransactions(employerId: string, count: number, opts: { vendorId?: string | null; status?: (k: number) => string } = {}) {
    const rows: Tx[] = [];
    for (let k = 0; k < count; k++) {
      const name = NAMES[k % NAMES.length]!;
      const w = await insertWorker(paged, { employer_id: employerId, vendor_id: opts.vendorId ?? null, full_name: name });
      const at = ist(lastMonthDay(2 + Math.floor(k / 3)), '10:30:00');
      const amount = (1 + (k % 4)) * 10_000;
      const status = opts.status ? opts.status(k) : SETTLED[k % 3]!;
      const { id } = await paged.deps.db
        .insertInto('transactions')
        .values({
          employer_id: employerId,
          vendor_id: opts.vendorId ?? null,
          worker_id: w.id,
          amount,
          status,
          repaid_amount: status === 'REPAID' ? amount : 0,
          worker_snapshot: JSON.stringify({ fullName: name, employerWorkerId: w.employer_worker_id, workerType: opts.vendorId ? 'CONTRACTOR' : 'EMPLOYEE' }),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ id, at, amount, status, name });
    }
    return rows;
  }

  async function insertTopups(employerId: string, count: number, vendorId: string | null = null) {
    const statuses = ['DISBURSED', 'VERIFICATION_PENDING', 'REJECTED', 'APPLICATION_APPROVED'];
    const rows: Topup[] = [];
    for (let k = 0; k < count; k++) {
      const name = NAMES[k % NAMES.length]!;
      const w = await insertWorker(paged, { employer_id: employerId, vendor_id: vendorId, full_name: name });
      const at = ist(lastMonthDay(2 + Math.floor(k / 3)), '11:00:00');
      const amount = (1 + (k % 4)) * 1_000_000;
      const status = statuses[k % statuses.length]!;
      // Every third has no approval date yet; the others share a few.
      const approvalDate = k % 3 === 1 ? null : lastMonthDay(20 + (k % 4));
      const { id } = await paged.deps.db
        .insertInto('salary_topup_applications')
        .values({ employer_id: employerId, vendor_id: vendorId, worker_id: w.id, amount, tenure_months: 3, emi_amount: Math.ceil(amount / 3), approval_date: approvalDate, status, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ id, at, amount, status, name, approvalDate });
    }
    return rows;
  }

  type Key = string | number | null;
  /** The order the server must give: by the key (nulls last either way), ties by id, both in the direction asked. */
  function expectedOrder<R extends { id: string }>(rows: R[], key: (r: R) => Key, order: 'asc' | 'desc'): string[] {
    const sign = order === 'asc' ? 1 : -1;
    const cmp = (a: Key, b: Key) => (a === b ? 0 : a === null ? Infinity : b === null ? -Infinity : (a < b ? -1 : 1) * sign);
    return [...rows].sort((a, b) => cmp(key(a), key(b)) || (a.id < b.id ? -1 : 1) * sign).map((r) => r.id);
  }

  /** Every page of a search in turn (as the screen's paginator would), until an empty one. */
  async function walk(path: string, token: string, query: Record<string, string>, field: 'transactions' | 'applications') {
    const pages: { page: number; ids: string[]; total: number; capped: boolean; pageSize: number; limit: number }[] = [];
    for (let page = 1; page <= 20; page++) {
      const res = await paged.call('GET', path, { token, query: { ...query, page: String(page) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ids = (res.body[field] as { _id: string }[]).map((r) => r._id);
      expect(res.body.page).toBe(page);
      pages.push({ page, ids, total: res.body.total, capped: res.body.capped, pageSize: res.body.pageSize, limit: res.body.limit });
      if (ids.length === 0) break;
    }
    return pages;
  }

  const txKeys: Record<string, (t: Tx) => Key> = {
    createdAt: (t) => t.at.getTime(),
    amount: (t) => t.amount,
    status: (t) => t.status,
    name: (t) => t.name.toLowerCase(),
  };

  it('walks every transaction exactly once across pages of 10, in each sort order, ties broken by id', async () => {
    const s = await pagedSetup();
    const own = await insertTransactions(s.employerId, 23);
    // Never on this employer's own list: not disbursed, a vendor's, another employer's.
    await insertTransactions(s.employerId, 2, { status: () => 'USER_REQUESTED' });
    await insertTransactions(s.employerId, 3, { vendorId: s.vendorA });
    const other = await pagedSetup();
    await insertTransactions(other.employerId, 4);

    for (const sortBy of Object.keys(txKeys)) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const pages = await walk(TX, s.token, { ...window(), sortBy, sortOrder }, 'transactions');
        const label = `${sortBy} ${sortOrder}`;
        expect(pages.map((p) => p.ids.length), label).toEqual([10, 10, 3, 0]);
        expect(pages.every((p) => p.total === 23 && !p.capped && p.pageSize === 10 && p.limit === PAGED_CAP), label).toBe(true);
        expect(pages.flatMap((p) => p.ids), label).toEqual(expectedOrder(own, txKeys[sortBy]!, sortOrder));
      }
    }
    // The default: newest first, 10 a page.
    const first = await paged.call('GET', TX, { token: s.token, query: window() });
    expect(first.body).toMatchObject({ page: 1, pageSize: 10, total: 23, limit: PAGED_CAP, capped: false });
    expect(first.body.transactions.map((t: { _id: string }) => t._id)).toEqual(expectedOrder(own, txKeys.createdAt!, 'desc').slice(0, 10));
    // Other page sizes.
    for (const pageSize of [25, 50, 100]) {
      const res = await paged.call('GET', TX, { token: s.token, query: { ...window(), pageSize: String(pageSize), sortBy: 'amount', sortOrder: 'asc' } });
      expect(res.body).toMatchObject({ page: 1, pageSize, total: 23 });
      expect(res.body.transactions.map((t: { _id: string }) => t._id)).toEqual(expectedOrder(own, txKeys.amount!, 'asc'));
    }
    // The filters count and page together.
    const repaid = own.filter((t) => t.status === 'REPAID');
    const byStatus = await walk(TX, s.token, { ...window(), status: 'REPAID', sortBy: 'name' }, 'transactions');
    expect(byStatus.flatMap((p) => p.ids)).toEqual(expectedOrder(repaid, txKeys.name!, 'desc'));
    expect(byStatus[0]!.total).toBe(repaid.length);
    const late = own.filter((t) => businessDate(t.at) >= lastMonthDay(5));
    const byDate = await walk(TX, s.token, { startDate: lastMonthDay(5), endDate: lastMonthDay(28) }, 'transactions');
    expect(byDate.flatMap((p) => p.ids)).toEqual(expectedOrder(late, txKeys.createdAt!, 'desc'));
    expect(byDate[0]!.total).toBe(late.length);
  });

  it('keeps each page to the employer and the vendor context', async () => {
    const s = await pagedSetup();
    const own = await insertTransactions(s.employerId, 12);
    const vendorRows = await insertTransactions(s.employerId, 14, { vendorId: s.vendorA });
    await insertTransactions(s.employerId, 5, { vendorId: s.vendorB });
    const other = await pagedSetup();
    const strangers = await insertTransactions(other.employerId, 15);

    const inVendor = await walk(TX, s.token, { ...window(), vendorId: s.vendorA }, 'transactions');
    expect(inVendor.map((p) => p.ids.length)).toEqual([10, 4, 0]);
    expect(inVendor.flatMap((p) => p.ids)).toEqual(expectedOrder(vendorRows, txKeys.createdAt!, 'desc'));
    expect(inVendor[0]!.total).toBe(14);
    const ownPages = await walk(TX, s.token, { ...window(), sortBy: 'amount' }, 'transactions');
    expect(ownPages.flatMap((p) => p.ids)).toEqual(expectedOrder(own, txKeys.amount!, 'desc'));
    // Another employer's worker id finds nothing, counted or listed; its vendor is refused.
    const strangerCode = (await paged.deps.db.selectFrom('transactions').select('worker_snapshot').where('id', '=', strangers[0]!.id).executeTakeFirstOrThrow()).worker_snapshot as { employerWorkerId: string };
    const byStranger = await paged.call('GET', TX, { token: s.token, query: { ...window(), employerWorkerId: strangerCode.employerWorkerId } });
    expect(byStranger.body).toMatchObject({ transactions: [], total: 0, capped: false });
    expect((await paged.call('GET', TX, { token: s.token, query: { ...window(), vendorId: other.vendorA, page: '2' } })).status).toBe(403);
    expect((await paged.call('GET', TOPUPS, { token: s.token, query: { ...window(), vendorId: other.vendorA, page: '2' } })).status).toBe(403);
    // The other employer still sees its own 15, and only them.
    const theirs = await walk(TX, other.token, window(), 'transactions');
    expect(theirs.flatMap((p) => p.ids)).toEqual(expectedOrder(strangers, txKeys.createdAt!, 'desc'));
  });

  it('counts no further than the cap: only the first rows of the sort order are reachable, a page beyond them is empty', async () => {
    const s = await pagedSetup();
    const own = await insertTransactions(s.employerId, PAGED_CAP + 5);
    for (const [sortBy, sortOrder] of [
      ['createdAt', 'desc'],
      ['amount', 'asc'],
      ['name', 'desc'],
    ] as const) {
      const pages = await walk(TX, s.token, { ...window(), sortBy, sortOrder }, 'transactions');
      expect(pages.map((p) => p.ids.length)).toEqual([10, 10, 5, 0]);
      expect(pages.every((p) => p.total === PAGED_CAP && p.capped && p.limit === PAGED_CAP)).toBe(true);
      expect(pages.flatMap((p) => p.ids)).toEqual(expectedOrder(own, txKeys[sortBy]!, sortOrder).slice(0, PAGED_CAP));
    }
    // A page far beyond: empty, with the same count.
    const far = await paged.call('GET', TX, { token: s.token, query: { ...window(), page: '1000000', pageSize: '100' } });
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ transactions: [], total: PAGED_CAP, capped: true, page: 1_000_000, pageSize: 100 });
    // Three a day from day 2: from day 3 on, 27 match (counted as the cap); from day 4 on, 24 (one fewer than the cap).
    const fromDay3 = await paged.call('GET', TX, { token: s.token, query: { startDate: lastMonthDay(3), endDate: lastMonthDay(28) } });
    expect(fromDay3.body).toMatchObject({ total: PAGED_CAP, capped: true });
    expect(own.filter((t) => businessDate(t.at) >= lastMonthDay(4))).toHaveLength(PAGED_CAP - 1);
    const fromDay4 = await walk(TX, s.token, { startDate: lastMonthDay(4), endDate: lastMonthDay(28) }, 'transactions');
    expect(fromDay4.map((p) => [p.ids.length, p.total, p.capped])).toEqual([
      [10, PAGED_CAP - 1, false],
      [10, PAGED_CAP - 1, false],
      [4, PAGED_CAP - 1, false],
      [0, PAGED_CAP - 1, false],
    ]);
  });

  it('refuses a page, page size, sortBy or sortOrder it cannot give, with a message saying which', async () => {
    const s = await pagedSetup();
    const cases: [string, Record<string, string>, string][] = [
      [TX, { page: '0' }, WORKER_TRANSACTIONS_MSG.invalidPage],
      [TX, { page: '-2' }, WORKER_TRANSACTIONS_MSG.invalidPage],
      [TX, { page: '1.5' }, WORKER_TRANSACTIONS_MSG.invalidPage],
      [TX, { page: 'two' }, WORKER_TRANSACTIONS_MSG.invalidPage],
      [TX, { page: '' }, WORKER_TRANSACTIONS_MSG.invalidPage],
      [TX, { pageSize: '20' }, WORKER_TRANSACTIONS_MSG.invalidPageSize],
      [TX, { pageSize: '1000' }, WORKER_TRANSACTIONS_MSG.invalidPageSize],
      [TX, { pageSize: 'ten' }, WORKER_TRANSACTIONS_MSG.invalidPageSize],
      [TX, { sortBy: 'approvalDate' }, WORKER_TRANSACTIONS_MSG.invalidSortBy(TRANSACTION_SORT_FIELDS)],
      [TX, { sortBy: 'created_at; drop table transactions' }, WORKER_TRANSACTIONS_MSG.invalidSortBy(TRANSACTION_SORT_FIELDS)],
      [TX, { sortOrder: 'up' }, WORKER_TRANSACTIONS_MSG.invalidSortOrder],
      [TOPUPS, { page: '0' }, WORKER_TRANSACTIONS_MSG.invalidPage],
      [TOPUPS, { pageSize: '15' }, WORKER_TRANSACTIONS_MSG.invalidPageSize],
      [TOPUPS, { sortBy: 'employerEmployeeId' }, WORKER_TRANSACTIONS_MSG.invalidSortBy(SALARY_TOPUP_SORT_FIELDS)],
      [TOPUPS, { sortOrder: 'DESC' }, WORKER_TRANSACTIONS_MSG.invalidSortOrder],
    ];
    for (const [path, extra, message] of cases) {
      const res = await paged.call('GET', path, { token: s.token, query: { ...window(), ...extra } });
      expect(res.status, `${path} ${JSON.stringify(extra)}`).toBe(400);
      expect(res.body.message.description, `${path} ${JSON.stringify(extra)}`).toBe(message);
    }
    expect(WORKER_TRANSACTIONS_MSG.invalidPageSize).toContain('10, 25, 50 or 100');
    // The date rules still come first with their own messages; other bad values keep the general 400.
    const badDates = await paged.call('GET', TX, { token: s.token, query: { startDate: 'soon', endDate: lastMonthDay(2), page: '2' } });
    expect(badDates.status).toBe(400);
    expect(badDates.body.message.description).toBe('Please select valid dates');
    expect((await paged.call('GET', TX, { token: s.token, query: { ...window(), status: 'NOPE', page: '2' } })).status).toBe(400);
    // The downloads take no paging: the same values are ignored there.
    expect((await paged.call('GET', TX_REPORT, { token: s.token, query: { ...window(), page: '0', sortBy: 'nope' } })).status).toBe(200);
  });

  it('pages the salary top-ups the same way, approval date sorting with the undecided last', async () => {
    const s = await pagedSetup();
    const own = await insertTopups(s.employerId, 22);
    const vendorRows = await insertTopups(s.employerId, 11, s.vendorA);
    const other = await pagedSetup();
    await insertTopups(other.employerId, 6);
    const keys: Record<string, (a: Topup) => Key> = {
      createdAt: (a) => a.at.getTime(),
      amount: (a) => a.amount,
      status: (a) => a.status,
      name: (a) => a.name.toLowerCase(),
      approvalDate: (a) => a.approvalDate,
    };
    for (const sortBy of Object.keys(keys)) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const pages = await walk(TOPUPS, s.token, { ...window(), sortBy, sortOrder }, 'applications');
        const label = `${sortBy} ${sortOrder}`;
        expect(pages.map((p) => p.ids.length), label).toEqual([10, 10, 2, 0]);
        expect(pages.every((p) => p.total === 22 && !p.capped && p.limit === PAGED_CAP), label).toBe(true);
        expect(pages.flatMap((p) => p.ids), label).toEqual(expectedOrder(own, keys[sortBy]!, sortOrder));
      }
    }
    const undecided = own.filter((a) => a.approvalDate === null).map((a) => a.id);
    const byApproval = await paged.call('GET', TOPUPS, { token: s.token, query: { ...window(), sortBy: 'approvalDate', sortOrder: 'asc', pageSize: '25' } });
    expect(byApproval.body.applications.slice(-undecided.length).map((a: { _id: string }) => a._id).sort()).toEqual([...undecided].sort());
    // Status filter and vendor context.
    const disbursed = own.filter((a) => a.status === 'DISBURSED');
    const filtered = await walk(TOPUPS, s.token, { ...window(), status: 'DISBURSED' }, 'applications');
    expect(filtered.flatMap((p) => p.ids)).toEqual(expectedOrder(disbursed, keys.createdAt!, 'desc'));
    expect(filtered[0]!.total).toBe(disbursed.length);
    const inVendor = await walk(TOPUPS, s.token, { ...window(), vendorId: s.vendorA, sortBy: 'amount', sortOrder: 'asc' }, 'applications');
    expect(inVendor.flatMap((p) => p.ids)).toEqual(expectedOrder(vendorRows, keys.amount!, 'asc'));
    // Up to the cap.
    const many = await pagedSetup();
    const lots = await insertTopups(many.employerId, PAGED_CAP + 2);
    const capped = await walk(TOPUPS, many.token, { ...window(), sortBy: 'name', sortOrder: 'asc' }, 'applications');
    expect(capped.map((p) => p.ids.length)).toEqual([10, 10, 5, 0]);
    expect(capped.every((p) => p.total === PAGED_CAP && p.capped)).toBe(true);
    expect(capped.flatMap((p) => p.ids)).toEqual(expectedOrder(lots, keys.name!, 'asc').slice(0, PAGED_CAP));
  });

  it('documents the paging in OpenAPI: the page calls take it, the downloads do not', async () => {
    const doc = await paged.call('GET', '/docs/json');
    expect(doc.status).toBe(200);
    const names = (path: string) => (doc.body.paths[`/api${path}`].get.parameters as { name: string; in: string }[]).filter((x) => x.in === 'query').map((x) => x.name).sort();
    const filters = ['employerWorkerId', 'endDate', 'startDate', 'status', 'vendorId'];
    expect(names(TX)).toEqual([...filters, 'page', 'pageSize', 'sortBy', 'sortOrder'].sort());
    expect(names(TX_REPORT)).toEqual(filters);
    expect(names(TOPUPS)).toEqual(['endDate', 'page', 'pageSize', 'sortBy', 'sortOrder', 'startDate', 'status', 'vendorId']);
    expect(names(TOPUPS_REPORT)).toEqual(['endDate', 'startDate', 'status', 'vendorId']);
    const sortBy = (doc.body.paths[`/api${TOPUPS}`].get.parameters as { name: string; schema: { enum?: string[] } }[]).find((x) => x.name === 'sortBy')!;
    expect(sortBy.schema.enum).toEqual([...SALARY_TOPUP_SORT_FIELDS]);
    const result = doc.body.paths[`/api${TX}`].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(result.properties).sort()).toEqual(['capped', 'limit', 'page', 'pageSize', 'total', 'transactions']);
    expect(doc.body.paths[`/api${TX}`].get.description).toContain('Paged on the server');
  });

  it('leaves the downloads as they were: every row up to the cap, newest first, whatever page or sort is sent', async () => {
    const s = await pagedSetup();
    const own = await insertTransactions(s.employerId, PAGED_CAP + 3);
    const newest = expectedOrder(own, txKeys.createdAt!, 'desc').slice(0, PAGED_CAP);
    const byId = new Map(own.map((t) => [t.id, t]));
    const query = { ...window(), page: '3', pageSize: '10', sortBy: 'amount', sortOrder: 'asc' };
    const report = await xlsxOf(paged, TX_REPORT, s.token, query);
    expect(report.status).toBe(200);
    expect(report.rows).toHaveLength(PAGED_CAP + 1);
    expect(report.rows.slice(1).map((r) => [r[0], r[3]])).toEqual(newest.map((id) => [byId.get(id)!.name, byId.get(id)!.amount / 100]));
    const topups = await insertTopups(s.employerId, 12);
    const topupReport = await xlsxOf(paged, TOPUPS_REPORT, s.token, { ...window(), page: '2', sortBy: 'name' });
    expect(topupReport.rows).toHaveLength(13);
    const topupById = new Map(topups.map((a) => [a.id, a]));
    expect(topupReport.rows.slice(1).map((r) => r[4])).toEqual(expectedOrder(topups, (a) => a.at.getTime(), 'desc').map((id) => topupById.get(id)!.amount / 100));
  });
});
