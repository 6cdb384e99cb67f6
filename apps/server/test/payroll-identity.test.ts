/**
 * Payroll rows that name someone else, and workers missing from the sheet (pre-freeze, shown and
 * never applied): NAME_DIFFERS and MOBILE_DIFFERS on the entries whose sheet name or mobile is not
 * the employee record's of their Employee ID, counted on the payroll; and the active workers of
 * the payroll's context that the sheet leaves out (GET /employer-admin/payroll/missing-workers).
 * Real queue, real sheets, over HTTP.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_TIME_ZONE,
  ROLE_IDS,
  addMonths,
  firstDayOf,
  isoDateInZone,
  monthKey,
  payrollMonthOf,
  type EmployeePayoutDetailsResult,
  type MissingWorkersResult,
  type MonthYearValue,
  type PayrollDetails,
  type PayrollEntryRow,
} from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { processSheet } from '../src/sheets.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { insertWorker, uniqueTag } from './workers-fixtures.js';

let env: TestEnv;
let M: MonthYearValue;

interface Tenant {
  id: string;
  payroll: string;
  viewer: string;
  v1: string;
  v2: string;
}
let A: Tenant;
let B: Tenant;

async function tenant(): Promise<Tenant> {
  const e = await createEmployer(env);
  return {
    id: e.employer.id,
    payroll: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.payrollManager)),
    viewer: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.viewer)),
    v1: e.vendors[0]!.id,
    v2: e.vendors[1]!.id,
  };
}

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  await workDocumentJobs(env.deps, processSheet);
  M = payrollMonthOf(isoDateInZone(new Date(), BUSINESS_TIME_ZONE));
  A = await tenant();
  B = await tenant();
}, 60_000);
afterAll(() => env.close());

const HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];
let accountSeq = 0;
const row = (id: string, name: string, mobile = '') => [id, name, mobile, 30000, 30, 30, `50100${String(++accountSeq).padStart(4, '0')}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`, 'HDFC0001234'];

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Payroll');
  for (const r of [HEADER, ...rows]) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const details = (token: string, vendorId?: string) =>
  env.call<PayrollDetails>('GET', '/employer-admin/payroll/payroll-details', { token, query: { month: String(M.month), year: String(M.year), vendorId } });

/** Uploads the rows in the context and waits for the job; answers the month's details. */
async function uploadAndSettle(token: string, rows: unknown[][], vendorId?: string): Promise<PayrollDetails> {
  const r = await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', {
    token,
    query: { vendorId },
    body: { file: (await sheet(rows)).toString('base64'), fileName: 'payroll.xlsx' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  for (let i = 0; i < 300; i++) {
    const d = await details(token, vendorId);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    if (d.body._id === r.body.payrollId && d.body.status !== 'PROCESSING' && d.body.status !== 'UPLOADED') return d.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('payroll still processing after 30 s');
}

async function allEntries(token: string, payrollId: string, vendorId?: string): Promise<PayrollEntryRow[]> {
  const out: PayrollEntryRow[] = [];
  for (let page = 0; ; page++) {
    const r = await env.call<EmployeePayoutDetailsResult>('POST', '/employer-admin/payroll/employee-payout-details', {
      token,
      query: { vendorId },
      body: { month: M.month, year: M.year, page, payrollId },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    out.push(...r.body.data);
    if (r.body.data.length < r.body.perPageLimit) return out;
  }
}

const missing = (token: string, payrollId: string, o: { vendorId?: string; pageNumber?: number; limit?: number } = {}) =>
  env.call<MissingWorkersResult>('GET', '/employer-admin/payroll/missing-workers', {
    token,
    query: { payrollId, vendorId: o.vendorId, pageNumber: o.pageNumber ? String(o.pageNumber) : undefined, limit: o.limit ? String(o.limit) : undefined },
  });

/** Cancels the context's payrolls of M, so the next upload starts clean. */
async function clearMonth(employerId: string, vendorId: string | null = null) {
  await env.deps.db
    .updateTable('payrolls')
    .set({ status: 'CANCELLED' })
    .where('employer_id', '=', employerId)
    .where((eb) => (vendorId ? eb('vendor_id', '=', vendorId) : eb('vendor_id', 'is', null)))
    .where('month', '=', firstDayOf(M))
    .execute();
}

describe('NAME_DIFFERS and MOBILE_DIFFERS (shown, never applied)', () => {
  it("a row with Ananya Rao's Employee ID but another person's name and mobile is flagged, counted, and the payroll is still PROCESSED", async () => {
    const tag = uniqueTag();
    const ananyaMobile = uniqueMobile();
    const ananya = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-ANANYA`, full_name: 'Ananya Rao', mobile: ananyaMobile, joined_at: '2025-01-01' });
    // Same person, written differently: case, extra spaces, dots, commas, apostrophes and brackets, words in another order.
    const dotted = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-DOT`, full_name: 'K. Lakshmi Narayanan', joined_at: '2025-01-01' });
    const ordered = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-ORD`, full_name: 'Meena Kumari', joined_at: '2025-01-01' });
    const spaced = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-SP`, full_name: 'Ravi Kumar', joined_at: '2025-01-01' });
    // A blank sheet mobile is not a difference; a name that is not the record's is, whatever the mobile.
    const blank = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-BLANK`, full_name: 'Imran Khan', joined_at: '2025-01-01' });
    const initial = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-INIT`, full_name: 'Sunita Gill', joined_at: '2025-01-01' });
    const quoted = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-QUO`, full_name: "Joseph D'Souza (HR)", joined_at: '2025-01-01' });
    const bracketed = await insertWorker(env, { employer_id: A.id, employer_worker_id: `${tag}-BRK`, full_name: 'Pari_Menon [Ops]', joined_at: '2025-01-01' });
    const otherMobile = uniqueMobile();

    const d = await uploadAndSettle(A.payroll, [
      row(ananya.employer_worker_id, 'Suresh Patel', otherMobile),
      row(dotted.employer_worker_id, 'k lakshmi   NARAYANAN', dotted.mobile!),
      row(ordered.employer_worker_id, 'KUMARI, Meena', ordered.mobile!),
      row(spaced.employer_worker_id, '  ravi  kumar ', ''),
      row(blank.employer_worker_id, 'Imran Khan', ''),
      row(initial.employer_worker_id, 'S. Gill', initial.mobile!),
      row(quoted.employer_worker_id, 'JOSEPH DSOUZA HR'),
      row(bracketed.employer_worker_id, 'ops - pari menon'),
    ]);
    // Flags never block: processed, every row finalized.
    expect(d.failureReason).toBeNull();
    expect(d).toMatchObject({ status: 'PROCESSED', totalNumberOfEmployeeEntries: 8, finalizedEntries: 8, skippedEntries: 0 });
    expect(d.flags.NAME_DIFFERS).toBe(2);
    expect(d.flags.MOBILE_DIFFERS).toBe(1);

    const entries = await allEntries(A.viewer, d._id);
    const by = (code: string) => entries.find((e) => e.employerEmployeeCode === code)!;
    const a = by(ananya.employer_worker_id);
    expect(a).toMatchObject({ name: 'Suresh Patel', mobile: otherMobile, status: 'FINALIZED' });
    expect(a.flags).toEqual(['NEW_BANK_ACCOUNT', 'NAME_DIFFERS', 'MOBILE_DIFFERS']);
    // The screens name what the record holds beside the flag.
    expect(a.employeeRecord).toEqual({ name: 'Ananya Rao', mobile: ananyaMobile });
    for (const w of [dotted, ordered, spaced, blank, quoted, bracketed]) {
      expect(by(w.employer_worker_id).flags, w.full_name).toEqual(['NEW_BANK_ACCOUNT']);
      expect(by(w.employer_worker_id).employeeRecord ?? null).toBeNull();
    }
    // An initial is not the full name.
    expect(by(initial.employer_worker_id).flags).toEqual(['NEW_BANK_ACCOUNT', 'NAME_DIFFERS']);
    expect(by(initial.employer_worker_id).employeeRecord).toEqual({ name: 'Sunita Gill', mobile: initial.mobile });

    // Stored: the entries' flags and the payroll's counts.
    const stored = await env.deps.db.selectFrom('payroll_entries').select(['worker_id', 'flags']).where('payroll_id', '=', d._id).execute();
    expect(stored.find((s) => s.worker_id === ananya.id)!.flags).toEqual(['NEW_BANK_ACCOUNT', 'NAME_DIFFERS', 'MOBILE_DIFFERS']);
    const p = await env.deps.db.selectFrom('payrolls').select('flag_counts').where('id', '=', d._id).executeTakeFirstOrThrow();
    expect(p.flag_counts).toMatchObject({ NAME_DIFFERS: 2, MOBILE_DIFFERS: 1 });

    // Still finalizable.
    const frozen = await env.call('PUT', '/employer-admin/payroll/update-payroll-status', { token: A.payroll, body: { payrollId: d._id, status: 'PAYROLL_FROZEN' } });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    await clearMonth(A.id);
  });

  it('a payroll processed before these flags existed reads their counts as 0', async () => {
    const w = await insertWorker(env, { employer_id: A.id, employer_worker_id: `OLD-${uniqueTag()}`, full_name: 'Old Sheet', joined_at: '2025-01-01' });
    const d = await uploadAndSettle(A.payroll, [row(w.employer_worker_id, 'Old Sheet')]);
    await env.deps.db
      .updateTable('payrolls')
      .set({ flag_counts: JSON.stringify({ NON_POSITIVE_NET: 0, NET_CHANGED_OVER_30_PERCENT: 0, NEW_BANK_ACCOUNT: 1, SHARED_BANK_ACCOUNT: 0 }) })
      .where('id', '=', d._id)
      .execute();
    const again = await details(A.viewer);
    expect(again.status).toBe(200);
    expect(again.body.flags).toEqual({ NON_POSITIVE_NET: 0, NET_CHANGED_OVER_30_PERCENT: 0, NEW_BANK_ACCOUNT: 1, SHARED_BANK_ACCOUNT: 0, NAME_DIFFERS: 0, MOBILE_DIFFERS: 0, PAID_DAYS_OVER_UNPAID_LEAVE: 0 });
    await clearMonth(A.id);
  });
});

describe('active workers missing from the sheet', () => {
  it("lists the context's active workers without an entry, by Employee ID, paged; not the inactive, pending, not-yet-joined, a vendor's or another employer's", async () => {
    // A fresh employer: its only workers are these.
    const T = await tenant();
    const add = (code: string, o: Partial<Parameters<typeof insertWorker>[1]> = {}) =>
      insertWorker(env, { employer_id: T.id, employer_worker_id: code, full_name: `Worker ${code}`, joined_at: '2025-01-01', ...o });
    const inSheet = await add('E-001');
    const m1 = await add('E-002', { full_name: 'Ananya Rao' });
    const m2 = await add('E-003', { employment_status: 'IN_PROBATION' });
    const m3 = await add('e-004', { mobile: null });
    await add('E-005', { employment_status: 'INACTIVE', terminated_at: firstDayOf(addMonths(M, -1)) });
    await add('E-006', { approval_status: 'PENDING' });
    await add('E-007', { approval_status: 'REJECTED' });
    await add('E-008', { joined_at: `${monthKey(addMonths(M, 1))}-02` });
    const approved = await add('E-009', { approval_status: 'APPROVED' });
    await add('V-001', { vendor_id: T.v1 });
    await insertWorker(env, { employer_id: B.id, employer_worker_id: 'E-010', full_name: 'Other Employer', joined_at: '2025-01-01' });

    const d = await uploadAndSettle(T.payroll, [row(inSheet.employer_worker_id, inSheet.full_name)]);
    expect(d.status).toBe('PROCESSED');

    const all = await missing(T.viewer, d._id, { limit: 100 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.workers).toEqual([
      { _id: m1.id, name: 'Ananya Rao', employerEmployeeId: 'E-002', mobile: m1.mobile },
      { _id: m2.id, name: 'Worker E-003', employerEmployeeId: 'E-003', mobile: m2.mobile },
      { _id: m3.id, name: 'Worker e-004', employerEmployeeId: 'e-004', mobile: null },
      { _id: approved.id, name: 'Worker E-009', employerEmployeeId: 'E-009', mobile: approved.mobile },
    ]);

    // Paged: the default page is 10; with limit 3, page 2 holds the last one, and the total stays.
    const page2 = await missing(T.viewer, d._id, { limit: 3, pageNumber: 2 });
    expect(page2.body).toMatchObject({ total: 4, pageNumber: 2, perPageLimit: 3 });
    expect(page2.body.workers.map((w) => w.employerEmployeeId)).toEqual(['E-009']);
    expect((await missing(T.viewer, d._id)).body.perPageLimit).toBe(10);

    // Vendor context: its own active workers only, against its own payroll.
    const v = await uploadAndSettle(T.payroll, [row('V-001', 'Worker V-001')], T.v1);
    const vm = await add('V-002', { vendor_id: T.v1 });
    const vendorList = await missing(T.payroll, v._id, { vendorId: T.v1 });
    expect(vendorList.status, JSON.stringify(vendorList.body)).toBe(200);
    expect(vendorList.body.workers.map((w) => w._id)).toEqual([vm.id]);
    expect(vendorList.body.total).toBe(1);

    // Scoped: the employer's payroll is not found in vendor context, nor by another employer.
    expect((await missing(T.payroll, d._id, { vendorId: T.v1 })).status).toBe(404);
    expect((await missing(B.viewer, d._id)).status).toBe(404);
    expect((await missing(T.payroll, v._id, { vendorId: T.v2 })).status).toBe(404);
  });

  it('answers 409 for a payroll whose entries do not stand for the sheet (failed processing)', async () => {
    const T = await tenant();
    const d = await uploadAndSettle(T.payroll, [row('NOBODY-1', 'No One')]);
    expect(d.status).toBe('PAYROLL_PROCESSING_FAILED');
    const r = await missing(T.viewer, d._id);
    expect(r.status).toBe(409);
  });
});
