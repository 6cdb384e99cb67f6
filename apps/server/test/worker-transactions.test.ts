/**
 * Transactions (spec 2.13) and Salary Topups (2.12) over HTTP: figures against what the worker
 * side created, the date rules of 5.1 with their messages, the cap (lowered to CAP for this file
 * through WORKER_TRANSACTIONS_CAP; the route's default is the spec's 20,000), employer and vendor
 * scoping, READ on TRANSACTIONS, and both xlsx downloads opened with exceljs.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLE_IDS, WORKER_TRANSACTIONS_RESULT_CAP, businessDate } from '@portal/domain';
import { loadConfig } from '../src/config.js';
import { createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { uniqueTag } from './workers-fixtures.js';

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

async function xlsx(path: string, token: string, query: Record<string, string>) {
  const res = await fetch(`${env.baseUrl}/api${path}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${token}` } });
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
