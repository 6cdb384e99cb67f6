/**
 * Dashboard calls (spec 2.4, 3, 7; decision 0016) over HTTP: the figures against sums computed
 * here from the rows the worker side created (not by the service's SQL), agreement with the
 * Transactions and Salary Topups endpoints for the same windows, the attendance cycle (calendar
 * month, or the configured start day), the to-do rules, and access: READ on any resource of the
 * context, vendor scoping, another employer's id or vendor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS, businessDate } from '@portal/domain';
import { CLOSED_CYCLES_TTL_MS } from '../src/features/dashboard/service.js';
import { createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { insertWorker, uniqueTag } from './workers-fixtures.js';

let env: TestEnv;
let side: WorkerSide;
beforeAll(async () => {
  env = await createTestEnv();
  side = createWorkerSide(env.deps);
});
afterAll(() => env.close());

const STATS = (kind: string) => `/employer-admin/stats/${kind}`;
const CYCLE = '/employer-admin/stats/attendance-cycle';
const TOPUP_STATS = '/employer-admin/salary-topup-stats';
const CURRENT_TOPUPS = '/employer-admin/current-attendance-cycle-salarytopup-stats';
const VENDOR_STATS = '/employer-admin/vendor-stats';
const TODO = '/employer-admin/to-do';
const TX = '/employer-admin/transactions-of-workers';
const TOPUPS = '/employer-admin/salary-topup/applications';

// ---- dates, computed here on their own ----
const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);
const istDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const today = () => istDay(new Date());
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** yyyy-mm of k calendar months before today's (IST). */
function monthBack(k: number): string {
  const [y, m] = today().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - k, 1)).toISOString().slice(0, 7);
}
const lastDayOfMonth = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
/** The six calendar-month periods of the chart, oldest first, the current one cut at today. */
const calendarPeriods = () =>
  [5, 4, 3, 2, 1, 0].map((k) => ({ startDate: `${monthBack(k)}-01`, endDate: k === 0 ? today() : lastDayOfMonth(monthBack(k)) }));

// ---- data through the worker side ----
const sideAt = (at: Date) => createWorkerSide({ ...env.deps, now: () => at });

async function setup() {
  const e = await createEmployer(env);
  const token = await signIn(env, e.owner);
  return { employerId: e.employer.id, vendorA: e.vendors[0]!.id, vendorB: e.vendors[1]!.id, owner: e.owner, token };
}

async function worker(employerId: string, vendorId: string | null = null) {
  return side.register({ employerId, vendorId, mobile: uniqueMobile(), fullName: 'Asha Devi', employerWorkerId: `W-${uniqueTag()}`, monthlySalary: 6_000_000, joinedAt: '2024-01-01' });
}

interface Made {
  at: Date;
  amount: number;
  status: string;
  vendorId: string | null;
}

/** An advance asked for at `at` (present every day of its month so far), moved to its fate. */
async function advance(made: Made[], w: { id: string; vendor_id: string | null }, amount: number, at: Date, fate: 'TRANSFERRED' | 'REPAID' | 'DEDUCTED' | 'REQUESTED' | 'FAILED') {
  const day = istDay(at);
  for (let d = `${day.slice(0, 7)}-01`; d <= day; d = addDays(d, 1)) await side.markAttendance(w.id, d, 'PRESENT');
  const s = sideAt(at);
  const id = await s.requestAdvance(w.id, amount);
  let status = 'USER_REQUESTED';
  if (fate === 'FAILED') {
    await s.disburse(id, 'TRANSFER_FAILED');
    status = 'TRANSFER_FAILED';
  } else if (fate !== 'REQUESTED') {
    await s.disburse(id);
    status = 'TRANSFERRED';
    if (fate === 'DEDUCTED') {
      await s.move(id, 'DEDUCTED_FROM_SALARY');
      status = 'DEDUCTED_FROM_SALARY';
    }
    if (fate === 'REPAID') {
      await s.repay(id, amount, day);
      status = 'REPAID';
    }
  }
  made.push({ at, amount, status, vendorId: w.vendor_id });
  return id;
}

const COMPLETED = new Set(['TRANSFERRED', 'DEDUCTED_FROM_SALARY', 'REPAID']);
/** Completed withdrawals of a context within business dates from..to, from what was made. */
function expected(made: Made[], vendorId: string | null, from: string, to: string) {
  const rows = made.filter((m) => m.vendorId === vendorId && COMPLETED.has(m.status) && istDay(m.at) >= from && istDay(m.at) <= to);
  return { n: rows.length, value: rows.reduce((s, m) => s + m.amount, 0) };
}

/** A moment of the current month that has already passed (a few seconds ago, or early today). */
const justNow = () => new Date(Date.now() - 5_000);

describe('GET /employer-admin/stats/{kind}', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  const made: Made[] = [];
  const topups: { at: Date; amount: number; status: string; vendorId: string | null }[] = [];

  beforeAll(async () => {
    s = await setup();
    const own1 = await worker(s.employerId);
    const own2 = await worker(s.employerId);
    const contractor = await worker(s.employerId, s.vendorA);
    const now = justNow();
    // Earlier cycles of the chart, and one before them; oldest first (the worker side's limits count what follows a day).
    await advance(made, own1, 90_000, ist(`${monthBack(6)}-28`, '12:00:00'), 'TRANSFERRED');
    await advance(made, own1, 95_000, ist(`${monthBack(5)}-01`, '00:01:00'), 'TRANSFERRED');
    await advance(made, own1, 110_000, ist(`${monthBack(3)}-15`, '09:00:00'), 'REPAID');
    await advance(made, contractor, 80_000, ist(`${monthBack(2)}-10`, '12:00:00'), 'TRANSFERRED');
    await advance(made, own1, 150_000, ist(`${monthBack(1)}-12`, '10:00:00'), 'TRANSFERRED');
    await advance(made, own2, 120_000, ist(`${monthBack(1)}-20`, '23:59:00'), 'DEDUCTED');
    // This cycle: completed in three ways, and some that do not count.
    await advance(made, own1, 30_000, now, 'TRANSFERRED');
    await advance(made, own2, 20_000, now, 'REPAID');
    await advance(made, own1, 10_000, now, 'DEDUCTED');
    await advance(made, own2, 5_000, now, 'REQUESTED');
    await advance(made, own2, 4_000, now, 'FAILED');
    await advance(made, contractor, 7_000, now, 'TRANSFERRED');
    // Top-ups: this cycle and last month; a vendor's one.
    const apply = async (w: { id: string; vendor_id: string | null }, amount: number, at: Date, outcome: 'DISBURSED' | 'REJECTED' | 'VERIFICATION_PENDING') => {
      await sideAt(at).applyTopup(w.id, amount, 3, outcome);
      topups.push({ at, amount, status: outcome, vendorId: w.vendor_id });
    };
    await apply(own1, 3_000_000, now, 'DISBURSED');
    await apply(own2, 1_000_000, now, 'VERIFICATION_PENDING');
    await apply(own2, 2_000_000, ist(`${monthBack(1)}-05`, '10:00:00'), 'DISBURSED');
    await apply(own1, 500_000, ist(`${monthBack(2)}-05`, '10:00:00'), 'REJECTED');
    await apply(contractor, 900_000, now, 'DISBURSED');
    // Another employer's rows must not show.
    const other = await setup();
    await advance([], await worker(other.employerId), 25_000, now, 'TRANSFERRED');
  });

  it('EWA: employees, the current cycle and six cycles per period, from the rows made', async () => {
    const res = await env.call('GET', STATS('EWA'), { token: s.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const periods = calendarPeriods();
    const current = expected(made, null, periods[5]!.startDate, today());
    expect(res.body).toMatchObject({
      kind: 'EWA',
      totalEmployees: 2,
      salaryWithdrawalCompleted: current.n,
      withdrawalValue: current.value,
      attendanceCycleDates: { startDate: `${monthBack(0)}-01`, endDate: lastDayOfMonth(monthBack(0)) },
    });
    expect(current.n).toBe(3);
    expect(current.value).toBe(60_000);
    expect(res.body.completeCycleTransactionDetails).toEqual(
      periods.map((p) => {
        const e = expected(made, null, p.startDate, p.endDate);
        return { numberOfTransactions: e.n, startDate: p.startDate, endDate: p.endDate, value: e.value };
      }),
    );
    const all = expected(made, null, periods[0]!.startDate, today());
    expect(res.body.totalNumberOfTransactions).toBe(all.n);
    expect(res.body.totalTransactionalValue).toBe(all.value);
    // 90,000 of six months ago is outside the window.
    expect(all.value).toBe(60_000 + 150_000 + 120_000 + 110_000 + 95_000);
  });

  it('EWA agrees with the Transactions screen for every period', async () => {
    const stats = (await env.call('GET', STATS('EWA'), { token: s.token })).body;
    for (const p of stats.completeCycleTransactionDetails) {
      const tx = await env.call('GET', TX, { token: s.token, query: { startDate: p.startDate, endDate: p.endDate } });
      expect(tx.status).toBe(200);
      expect(tx.body.total, `${p.startDate}..${p.endDate}`).toBe(p.numberOfTransactions);
      expect(tx.body.transactions.reduce((sum: number, t: { amount: number }) => sum + t.amount, 0)).toBe(p.value);
    }
  });

  it('EWA in vendor context counts only that vendor', async () => {
    const res = await env.call('GET', STATS('EWA'), { token: s.token, query: { vendorId: s.vendorA } });
    expect(res.status).toBe(200);
    const periods = calendarPeriods();
    const current = expected(made, s.vendorA, periods[5]!.startDate, today());
    expect(res.body).toMatchObject({ totalEmployees: 1, salaryWithdrawalCompleted: current.n, withdrawalValue: current.value });
    expect(res.body.totalTransactionalValue).toBe(expected(made, s.vendorA, periods[0]!.startDate, today()).value);
    const tx = await env.call('GET', TX, { token: s.token, query: { startDate: periods[5]!.startDate, endDate: today(), vendorId: s.vendorA } });
    expect(tx.body.total).toBe(current.n);
    const empty = await env.call('GET', STATS('EWA'), { token: s.token, query: { vendorId: s.vendorB } });
    expect(empty.body).toMatchObject({ totalEmployees: 0, salaryWithdrawalCompleted: 0, withdrawalValue: 0, totalNumberOfTransactions: 0 });
  });

  it('STU: applications of the cycle (all statuses) and the disbursed paise, agreeing with the Salary Topups screen', async () => {
    const res = await env.call('GET', STATS('STU'), { token: s.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const periods = calendarPeriods();
    const within = (from: string, to: string, vendorId: string | null) => topups.filter((t) => t.vendorId === vendorId && istDay(t.at) >= from && istDay(t.at) <= to);
    const cur = within(periods[5]!.startDate, today(), null);
    const all = within(periods[0]!.startDate, today(), null);
    const disbursed = (xs: typeof topups) => xs.filter((t) => t.status === 'DISBURSED').reduce((sum, t) => sum + t.amount, 0);
    expect(res.body).toEqual({
      kind: 'STU',
      totalEmployees: 2,
      salaryTopupApplications: cur.length,
      salaryTopupDisbursedValue: disbursed(cur),
      totalSalaryTopupApplications: all.length,
      totalSalaryTopupDisbursedValue: disbursed(all),
      attendanceCycleDates: { startDate: periods[5]!.startDate, endDate: lastDayOfMonth(monthBack(0)) },
      totalsFrom: periods[0]!.startDate,
      totalsTo: today(),
    });
    expect([cur.length, disbursed(cur), all.length, disbursed(all)]).toEqual([2, 3_000_000, 4, 5_000_000]);
    const screen = await env.call('GET', TOPUPS, { token: s.token, query: { startDate: periods[5]!.startDate, endDate: today() } });
    expect(screen.body.total).toBe(res.body.salaryTopupApplications);
    const screenDisbursed = screen.body.applications
      .filter((a: { status: string }) => a.status === 'DISBURSED' || a.status === 'REPAID')
      .reduce((sum: number, a: { currentApplicationTerm: { amount: number } }) => sum + a.currentApplicationTerm.amount, 0);
    expect(screenDisbursed).toBe(res.body.salaryTopupDisbursedValue);
    const window = await env.call('GET', TOPUPS, { token: s.token, query: { startDate: res.body.totalsFrom, endDate: res.body.totalsTo } });
    expect(window.body.total).toBe(res.body.totalSalaryTopupApplications);

    const vendor = await env.call('GET', STATS('STU'), { token: s.token, query: { vendorId: s.vendorA } });
    expect(vendor.body).toMatchObject({ totalEmployees: 1, salaryTopupApplications: 1, salaryTopupDisbursedValue: 900_000 });
  });

  it('refuses an unknown kind', async () => {
    expect((await env.call('GET', STATS('XYZ'), { token: s.token })).status).toBe(400);
  });

  it('GET /employer-admin/salary-topup-stats: own employer only (another id is 404), totals of the window', async () => {
    const stu = (await env.call('GET', STATS('STU'), { token: s.token })).body;
    const res = await env.call('GET', TOPUP_STATS, { token: s.token, query: { employerId: s.employerId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalSalaryTopupApplications: stu.totalSalaryTopupApplications,
      totalSalaryTopupDisbursedValue: stu.totalSalaryTopupDisbursedValue,
      startDate: stu.totalsFrom,
      endDate: stu.totalsTo,
    });
    const other = await setup();
    expect((await env.call('GET', TOPUP_STATS, { token: s.token, query: { employerId: other.employerId } })).status).toBe(404);
    expect((await env.call('GET', TOPUP_STATS, { token: other.token, query: { employerId: s.employerId } })).status).toBe(404);
    expect((await env.call('GET', TOPUP_STATS, { token: s.token, query: { employerId: 'nope' } })).status).toBe(400);
    const vendor = await env.call('GET', TOPUP_STATS, { token: s.token, query: { employerId: s.employerId, vendorId: s.vendorA } });
    expect(vendor.body).toMatchObject({ totalSalaryTopupApplications: 1, totalSalaryTopupDisbursedValue: 900_000 });
  });

  it('GET /employer-admin/current-attendance-cycle-salarytopup-stats', async () => {
    const res = await env.call('GET', CURRENT_TOPUPS, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      attendanceCycleDates: { startDate: `${monthBack(0)}-01`, endDate: lastDayOfMonth(monthBack(0)) },
      salaryTopupApplications: 2,
      salaryTopupDisbursedValue: 3_000_000,
    });
    expect((await env.call('GET', CURRENT_TOPUPS, { token: s.token, query: { vendorId: s.vendorA } })).body).toMatchObject({ salaryTopupApplications: 1 });
  });

  it('GET /employer-admin/vendor-stats: the vendor of the query only; needs a vendor; another employer is 404', async () => {
    const res = await env.call('GET', VENDOR_STATS, { token: s.token, query: { vendorId: s.vendorA } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = made.filter((m) => m.vendorId === s.vendorA && istDay(m.at) >= `${monthBack(0)}-01`);
    expect(res.body).toEqual({
      totalEmployees: 1,
      salaryWithdrawalCompleted: mine.filter((m) => COMPLETED.has(m.status)).length,
      withdrawalValue: mine.filter((m) => COMPLETED.has(m.status)).reduce((sum, m) => sum + m.amount, 0),
      salaryWithdrawalRequests: mine.length,
      salaryWithdrawalPending: 0,
      attendanceCycleDates: { startDate: `${monthBack(0)}-01`, endDate: lastDayOfMonth(monthBack(0)) },
    });
    // Requests and pending: a request still on its way, and a failed one.
    const c2 = await worker(s.employerId, s.vendorB);
    await advance(made, c2, 3_000, justNow(), 'REQUESTED');
    await advance(made, c2, 2_000, justNow(), 'FAILED');
    await advance(made, c2, 1_000, justNow(), 'TRANSFERRED');
    const b = await env.call('GET', VENDOR_STATS, { token: s.token, query: { vendorId: s.vendorB, employerId: s.employerId } });
    expect(b.body).toMatchObject({ totalEmployees: 1, salaryWithdrawalCompleted: 1, withdrawalValue: 1_000, salaryWithdrawalRequests: 3, salaryWithdrawalPending: 1 });
    expect((await env.call('GET', VENDOR_STATS, { token: s.token })).status).toBe(400);
    const other = await setup();
    expect((await env.call('GET', VENDOR_STATS, { token: s.token, query: { vendorId: s.vendorA, employerId: other.employerId } })).status).toBe(404);
    expect((await env.call('GET', VENDOR_STATS, { token: s.token, query: { vendorId: other.vendorA } })).status).toBe(403);
    expect((await env.call('GET', VENDOR_STATS, { token: other.token, query: { vendorId: s.vendorA } })).status).toBe(403);
  });
});

describe('GET /employer-admin/stats/attendance-cycle', () => {
  it('is the calendar month (IST), or runs from the configured start day', async () => {
    const s = await setup();
    const res = await env.call('GET', CYCLE, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ attendanceCycleDates: { startDate: `${monthBack(0)}-01`, endDate: lastDayOfMonth(monthBack(0)) }, attendanceCycleStartDay: 1 });
    await env.deps.db
      .updateTable('employers')
      .set({ config: JSON.stringify({ isEmployeeApprovalEnabled: false, fileUploadLinkEnabled: false, attendanceCycleStartDay: 15 }) })
      .where('id', '=', s.employerId)
      .execute();
    const t = today();
    const startMonth = Number(t.slice(8, 10)) >= 15 ? monthBack(0) : monthBack(1);
    const [y, m] = startMonth.split('-').map(Number) as [number, number];
    const end = new Date(Date.UTC(y, m, 14)).toISOString().slice(0, 10);
    const shifted = await env.call('GET', CYCLE, { token: s.token, query: { vendorId: s.vendorA } });
    expect(shifted.body).toEqual({ attendanceCycleDates: { startDate: `${startMonth}-15`, endDate: end }, attendanceCycleStartDay: 15 });
    const stats = await env.call('GET', STATS('EWA'), { token: s.token });
    expect(stats.body.completeCycleTransactionDetails.at(-1)).toMatchObject({ startDate: `${startMonth}-15`, endDate: t });
    expect(stats.body.completeCycleTransactionDetails[0].startDate.slice(8)).toBe('15');
  });
});

describe('GET /employer-admin/to-do', () => {
  async function upload(employerId: string, adminId: string, vendorId: string | null, status: 'PROCESSED' | 'FAILED', docType: 'ATTENDANCE_UPLOAD' | 'PAYROLL_UPLOAD' = 'ATTENDANCE_UPLOAD', createdAt = new Date()) {
    const db = env.deps.db;
    const file = await db
      .insertInto('stored_files')
      .values({ employer_id: employerId, vendor_id: vendorId, admin_id: adminId, document_type: 'ATTENDANCE_SHEET', file_name: 'a.xlsx', mime_type: 'application/octet-stream', size_bytes: 1, content: env.deps.protector.sealBytes(Buffer.from('x')) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const up = await db
      .insertInto('document_uploads')
      .values({ employer_id: employerId, vendor_id: vendorId, admin_id: adminId, doc_type: docType, status, file_name: 'a.xlsx', original_file_id: file.id, created_at: createdAt, processed_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { uploadId: up.id, fileId: file.id };
  }
  async function payroll(employerId: string, adminId: string, month: string, status: 'CANCELLED' | 'PROCESSED') {
    const u = await upload(employerId, adminId, null, 'PROCESSED', 'PAYROLL_UPLOAD');
    await env.deps.db
      .insertInto('payrolls')
      .values({ employer_id: employerId, vendor_id: null, month, kind: 'PAYROLL_UPLOAD', status, upload_id: u.uploadId, original_file_id: u.fileId, admin_id: adminId, flag_counts: '{}' })
      .execute();
  }
  const kinds = (body: { items: { kind: string }[] }) => body.items.map((i) => i.kind);
  const payrollMonth = () => `${monthBack(1)}-01`;

  it('lists every item for a new employer, each linking to its screen', async () => {
    const s = await setup();
    const res = await env.call('GET', TODO, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { kind: 'ATTENDANCE_UPLOAD', title: 'Upload attendance', link: '/documentUpload?document=ATTENDANCE_UPLOAD' },
      { kind: 'ADD_EMPLOYEES_BULK_UPLOAD', title: 'Bulk employee upload', link: '/documentUpload?document=ADD_EMPLOYEES_BULK_UPLOAD' },
      { kind: 'PAYROLL_UPLOAD', title: 'Upload payroll', link: '/payroll' },
    ]);
  });

  it('drops each item once its work of the cycle is done', async () => {
    const s = await setup();
    // Employees added before this cycle only: still due; one added now: done.
    await insertWorker(env, { employer_id: s.employerId, created_at: new Date(Date.parse(`${monthBack(1)}-10T10:00:00+05:30`)) });
    expect(kinds((await env.call('GET', TODO, { token: s.token })).body)).toContain('ADD_EMPLOYEES_BULK_UPLOAD');
    await insertWorker(env, { employer_id: s.employerId, vendor_id: s.vendorA });
    expect(kinds((await env.call('GET', TODO, { token: s.token })).body)).toContain('ADD_EMPLOYEES_BULK_UPLOAD');
    await insertWorker(env, { employer_id: s.employerId });
    expect(kinds((await env.call('GET', TODO, { token: s.token })).body)).not.toContain('ADD_EMPLOYEES_BULK_UPLOAD');

    // A failed attendance upload, a processed one of last cycle, or one of a vendor: still due.
    await upload(s.employerId, s.owner.id, null, 'FAILED');
    await upload(s.employerId, s.owner.id, null, 'PROCESSED', 'ATTENDANCE_UPLOAD', new Date(Date.parse(`${lastDayOfMonth(monthBack(1))}T23:00:00+05:30`)));
    await upload(s.employerId, s.owner.id, s.vendorA, 'PROCESSED');
    expect(kinds((await env.call('GET', TODO, { token: s.token })).body)).toContain('ATTENDANCE_UPLOAD');
    await upload(s.employerId, s.owner.id, null, 'PROCESSED');
    expect(kinds((await env.call('GET', TODO, { token: s.token })).body)).not.toContain('ATTENDANCE_UPLOAD');

    // A cancelled payroll of the payroll month: still due; a live one: done.
    await payroll(s.employerId, s.owner.id, payrollMonth(), 'CANCELLED');
    await payroll(s.employerId, s.owner.id, `${monthBack(2)}-01`, 'PROCESSED');
    expect(kinds((await env.call('GET', TODO, { token: s.token })).body)).toEqual(['PAYROLL_UPLOAD']);
    await payroll(s.employerId, s.owner.id, payrollMonth(), 'PROCESSED');
    const done = await env.call('GET', TODO, { token: s.token });
    expect(done.body.items).toEqual([]);
    expect(done.body.attendanceCycleDates).toEqual({ startDate: `${monthBack(0)}-01`, endDate: lastDayOfMonth(monthBack(0)) });

    // Vendor A's own list: its processed attendance and its worker added this cycle count; vendor B has neither.
    const vendor = await env.call('GET', TODO, { token: s.token, query: { vendorId: s.vendorA } });
    expect(vendor.body.items).toEqual([]);
    const vendorB = await env.call('GET', TODO, { token: s.token, query: { vendorId: s.vendorB } });
    expect(vendorB.body.items.map((i: { link: string }) => i.link)).toEqual([
      `/documentUpload?document=ATTENDANCE_UPLOAD&vendorId=${s.vendorB}`,
      `/documentUpload?document=ADD_EMPLOYEES_BULK_UPLOAD&vendorId=${s.vendorB}`,
    ]);
  });

  it('offers a reader (Viewer) nothing to do, and a Payroll Manager only the payroll', async () => {
    const s = await setup();
    const viewer = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.viewer));
    const payrollManager = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.payrollManager));
    expect((await env.call('GET', TODO, { token: viewer })).body.items).toEqual([]);
    expect(kinds((await env.call('GET', TODO, { token: payrollManager })).body)).toEqual(['PAYROLL_UPLOAD']);
  });
});

describe('access (READ on any resource of the context)', () => {
  const calls = (employerId: string) => [STATS('EWA'), STATS('STU'), CYCLE, CURRENT_TOPUPS, TODO, `${TOPUP_STATS}?employerId=${employerId}`];
  const get = (path: string, token: string, vendorId?: string) => {
    const [p, q] = path.split('?');
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(q ?? ''));
    if (vendorId) query.vendorId = vendorId;
    return env.call('GET', p!, { token, query });
  };

  it('a Viewer (READ) reads every call in both contexts; 401 without a token', async () => {
    const s = await setup();
    const viewer = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.viewer));
    for (const path of calls(s.employerId)) {
      expect((await get(path, viewer)).status, path).toBe(200);
      expect((await env.call('GET', path.split('?')[0]!, {})).status, path).toBe(401);
    }
  });

  it('a Vendor Viewer (vendor resources only): 403 in employer context, 200 inside a vendor', async () => {
    const s = await setup();
    const vendorViewer = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.vendorViewer));
    for (const path of calls(s.employerId)) {
      expect((await get(path, vendorViewer)).status, path).toBe(403);
      expect((await get(path, vendorViewer, s.vendorB)).status, path).toBe(200);
    }
    expect((await get(VENDOR_STATS, vendorViewer, s.vendorB)).status).toBe(200);
  });

  it("a vendor-bound admin: its vendor only; another employer's vendor is 403", async () => {
    const s = await setup();
    const bound = await signIn(env, await createAdmin(env, s.employerId, ROLE_IDS.vendorAdmin, s.vendorA));
    const other = await setup();
    for (const path of [...calls(s.employerId), VENDOR_STATS]) {
      expect((await get(path, bound, s.vendorA)).status, path).toBe(200);
      expect((await get(path, bound)).status, path).toBe(403);
      expect((await get(path, bound, s.vendorB)).status, path).toBe(403);
      expect((await get(path, s.token, other.vendorA)).status, path).toBe(403);
    }
  });

  it('recent activities answer with the admins of the rows in both contexts', async () => {
    const s = await setup();
    for (const vendorId of [undefined, s.vendorA]) {
      const res = await env.call('GET', '/employer-admin/activity', { token: s.token, query: { isRecentActivity: 'true', vendorId } });
      expect(res.status).toBe(200);
      expect(res.body).toHaveProperty('employerAdminsDetails');
    }
  });
});

describe('closed cycles are remembered for a minute', () => {
  it('reads the current cycle live, and a closed cycle again after CLOSED_CYCLES_TTL_MS', async () => {
    const s = await setup();
    const w = await worker(s.employerId);
    const made: Made[] = [];
    const first = (await env.call('GET', STATS('EWA'), { token: s.token })).body;
    expect(first.totalNumberOfTransactions).toBe(0);
    await advance(made, w, 40_000, ist(`${monthBack(2)}-10`, '10:00:00'), 'TRANSFERRED');
    await advance(made, w, 20_000, justNow(), 'TRANSFERRED');
    const cached = (await env.call('GET', STATS('EWA'), { token: s.token })).body;
    expect(cached.salaryWithdrawalCompleted).toBe(1);
    expect(cached.totalTransactionalValue).toBe(20_000);
    env.clock.advance(CLOSED_CYCLES_TTL_MS + 1_000);
    const fresh = (await env.call('GET', STATS('EWA'), { token: s.token })).body;
    expect(fresh.totalTransactionalValue).toBe(60_000);
    expect(fresh.completeCycleTransactionDetails[3]).toMatchObject({ numberOfTransactions: 1, value: 40_000 });
  });
});

// `businessDate` is the product's own IST date; the test's `istDay` must agree with it.
it('computes IST dates the same way as the product', () => {
  for (const at of [new Date('2026-03-31T18:29:59Z'), new Date('2026-03-31T18:30:00Z'), new Date()]) expect(istDay(at)).toBe(businessDate(at));
});
