/**
 * Payroll up to the freeze (issue 5; spec 2.9-2.11, 4.4, 4.5, 7; docs/payroll-design.md) over HTTP:
 * every call with READ and WRITE in employer and vendor context, tenant scoping, the processing
 * job (real queue, real sheets: all-or-nothing with the highlighted sheet, entries with their
 * deductions naming the advances and EMIs they repay, flags, totals), the state machine, the
 * re-upload rules and the expiry.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_TIME_ZONE,
  MSG,
  PAYROLL_MSG,
  PAYROLL_ROW_MSG,
  ROLE_IDS,
  SHEET_MSG,
  SKIP_REASONS,
  UPLOAD_MSG,
  addMonths,
  firstDayOf,
  isoDateInZone,
  lastDayOf,
  monthKey,
  monthLabel,
  netSalary,
  orderDeductions,
  paidDaysExceedLeave,
  parseDocumentLocation,
  payrollFlags,
  payrollMonthOf,
  salaryForPaidDays,
  skipReasonOf,
  sumAmounts,
  unpaidLeaveDaysIn,
  type EmployeePayoutDetailsResult,
  type MonthYearValue,
  type PayrollDetails,
  type PayrollEntryRow,
} from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { processSheet } from '../src/sheets.js';
import { expirePayrolls } from '../src/features/payroll/index.js';
import { createWorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { activitiesOf, insertWorker, uniqueTag } from './workers-fixtures.js';

let env: TestEnv;
/** The payroll month of today (IST) and its label. */
let M: MonthYearValue;
let LABEL: string;
const dayOfM = (d: number) => `${monthKey(M)}-${String(d).padStart(2, '0')}`;

interface Tenant {
  id: string;
  owner: string;
  hr: string;
  viewer: string;
  payroll: string;
  vendorAdmin: string;
  v1: string;
  v2: string;
}
let A: Tenant;
let B: Tenant;

async function tenant(): Promise<Tenant> {
  const e = await createEmployer(env);
  return {
    id: e.employer.id,
    owner: await signIn(env, e.owner),
    hr: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.hrManager)),
    viewer: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.viewer)),
    payroll: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.payrollManager)),
    vendorAdmin: await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.vendorAdmin, e.vendors[0]!.id)),
    v1: e.vendors[0]!.id,
    v2: e.vendors[1]!.id,
  };
}

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  await workDocumentJobs(env.deps, processSheet);
  M = payrollMonthOf(isoDateInZone(new Date(), BUSINESS_TIME_ZONE));
  LABEL = monthLabel(M);
  A = await tenant();
  B = await tenant();
}, 60_000);
afterAll(() => env.close());

// ---- helpers ----

const HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];
type Row = [string, string, string, number | string, number | string, number | string, string, string];
const row = (id: string, o: Partial<{ name: string; salary: number | string; working: number | string; paid: number | string; account: string; ifsc: string; mobile: string }> = {}): Row => [
  id,
  o.name ?? 'Meena Kumari',
  o.mobile ?? '',
  o.salary ?? 30000,
  o.working ?? 30,
  o.paid ?? 30,
  o.account ?? `50100${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  o.ifsc ?? 'HDFC0001234',
];

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Payroll');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = async (token: string, file: Buffer, o: { vendorId?: string; payrollMonth?: string; fileName?: string } = {}) =>
  env.call('POST', '/employer-admin/payroll/upload-payroll-doc', {
    token,
    query: { vendorId: o.vendorId },
    body: { file: file.toString('base64'), fileName: o.fileName ?? 'payroll.xlsx', ...(o.payrollMonth ? { payrollMonth: o.payrollMonth } : {}) },
  });

/** Waits until the upload's job has ended; answers the month's details. */
async function settled(token: string, documentId: string, vendorId?: string): Promise<PayrollDetails> {
  for (let i = 0; i < 300; i++) {
    const r = await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${documentId}`, { token, query: { vendorId } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.status !== 'PROCESSING') {
      const d = await details(token, vendorId);
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      // A processed payroll's sheet (FINALIZED / SKIPPED per row) is stored just after it.
      if (d.body.status !== 'PROCESSED' || d.body.payrollFile.processedFileUrl) return d.body;
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('payroll still processing after 30 s');
}
async function uploadAndSettle(token: string, rows: unknown[][], vendorId?: string): Promise<PayrollDetails> {
  const r = await upload(token, await sheet([HEADER, ...rows]), { vendorId });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body).toMatchObject({ status: 'PROCESSING', month: { month: M.month, year: M.year, label: LABEL } });
  const d = await settled(token, r.body.documentId, vendorId);
  expect(d._id).toBe(r.body.payrollId);
  return d;
}

const details = (token: string, vendorId?: string, month: MonthYearValue = M) =>
  env.call<PayrollDetails>('GET', '/employer-admin/payroll/payroll-details', { token, query: { month: String(month.month), year: String(month.year), vendorId } });
const payouts = (token: string, body: Record<string, unknown> = {}, vendorId?: string) =>
  env.call<EmployeePayoutDetailsResult>('POST', '/employer-admin/payroll/employee-payout-details', { token, query: { vendorId }, body: { month: M.month, year: M.year, ...body } });
const setStatus = (token: string, payrollId: string, status: string, vendorId?: string) =>
  env.call('PUT', '/employer-admin/payroll/update-payroll-status', { token, query: { vendorId }, body: { payrollId, status } });
const hrFreeze = (token: string, payrollId: string, dates = { startDate: firstDayOf(M), endDate: lastDayOf(M) }, vendorId?: string) =>
  env.call('POST', '/hrAction', { token, query: { vendorId }, body: { type: 'FREEZE_PAYROLL', data: { payrollId, ...dates } } });

/** Every entry of a payroll through the payout table, page by page. */
async function allEntries(token: string, payrollId: string, vendorId?: string): Promise<PayrollEntryRow[]> {
  const out: PayrollEntryRow[] = [];
  for (let page = 0; ; page++) {
    const r = await payouts(token, { page, payrollId }, vendorId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    out.push(...r.body.data);
    if (r.body.data.length < r.body.perPageLimit) return out;
  }
}

async function download(token: string, location: string, vendorId?: string) {
  const loc = parseDocumentLocation(location)!;
  const r = await env.call('GET', '/employer-admin/doc', { token, query: { ...loc, vendorId } });
  return r;
}
async function sheetRows(token: string, location: string, vendorId?: string) {
  const r = await download(token, location, vendorId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(r.body.b64File, 'base64') as unknown as ArrayBuffer);
  const rows: { values: string[]; red: number[] }[] = [];
  wb.worksheets[0]!.eachRow((r) => {
    const values: string[] = [];
    const red: number[] = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      values[col - 1] = cell.text;
      const fill = cell.fill as { fgColor?: { argb?: string } } | undefined;
      if (fill?.fgColor?.argb) red.push(col - 1);
    });
    rows.push({ values, red });
  });
  // A blank cell at a row's end is not written: read it as '' up to the header's width.
  for (const r of rows) for (let i = 0; i < rows[0]!.values.length; i++) r.values[i] ??= '';
  return rows;
}

/** Cancels whatever current payroll the context has for M (freezing it first), so the next upload starts clean. */
async function clearMonth(tenantId: string, vendorId: string | null = null) {
  await env.deps.db
    .updateTable('payrolls')
    .set({ status: 'CANCELLED' })
    .where('employer_id', '=', tenantId)
    .where((eb) => (vendorId ? eb('vendor_id', '=', vendorId) : eb('vendor_id', 'is', null)))
    .where('month', '=', firstDayOf(M))
    .execute();
}

const worker = (employerId: string, o: Partial<Parameters<typeof insertWorker>[1]> = {}) =>
  insertWorker(env, { employer_id: employerId, employer_worker_id: `P-${uniqueTag()}`, current_monthly_salary: 6_000_000, joined_at: '2025-01-01', ...o });

// ---- access ----

describe('access (spec 6): READ reads, WRITE changes, in both contexts', () => {
  it('issue 22 item 3: the payroll sheets go with full account numbers only to roles that may upload payroll, masked to the others', async () => {
    const w1 = await worker(A.id);
    const w2 = await worker(A.id);
    const accounts = ['501004567899012', '31234567890'];
    const d = await uploadAndSettle(A.payroll, [row(w1.employer_worker_id, { account: accounts[0] }), row(w2.employer_worker_id, { account: accounts[1] })]);
    const vendorViewer = await signIn(env, await createAdmin(env, A.id, ROLE_IDS.vendorViewer, A.v1));
    const vendorSheet = await uploadAndSettle(A.vendorAdmin, [row((await worker(A.id, { vendor_id: A.v1 })).employer_worker_id, { account: '77700011112222' })], A.v1);
    const accountColumn = HEADER.indexOf('Account Number');
    const accountsIn = async (token: string, location: string, vendorId?: string) => (await sheetRows(token, location, vendorId)).slice(1).map((r) => r.values[accountColumn]);
    for (const location of [d.payrollFile.uploadedFileUrl, d.payrollFile.processedFileUrl!]) {
      // Super Admin and Payroll Manager: WRITE on payroll, the sheet as uploaded.
      for (const token of [A.owner, A.payroll]) expect(await accountsIn(token, location)).toEqual(accounts);
      // Viewer and HR Manager: READ only, masked as the screens mask (maskLast4); the other columns as they were.
      for (const token of [A.viewer, A.hr]) {
        expect(await accountsIn(token, location)).toEqual(['***********9012', '*******7890']);
        const rows = await sheetRows(token, location);
        expect(rows[0]!.values.slice(0, HEADER.length)).toEqual(HEADER);
        expect(rows[1]!.values[0]).toBe(w1.employer_worker_id);
        expect(rows[1]!.values[HEADER.indexOf('IFSC')]).toBe('HDFC0001234');
        const raw = await download(token, location);
        for (const a of accounts) expect(Buffer.from(raw.body.b64File, 'base64').includes(a)).toBe(false);
      }
    }
    // In a vendor context: the Vendor Admin uploads (full), the Vendor Viewer reads (masked).
    expect(await accountsIn(A.vendorAdmin, vendorSheet.payrollFile.uploadedFileUrl, A.v1)).toEqual(['77700011112222']);
    expect(await accountsIn(vendorViewer, vendorSheet.payrollFile.uploadedFileUrl, A.v1)).toEqual(['**********2222']);
    expect(await accountsIn(vendorViewer, vendorSheet.payrollFile.processedFileUrl!, A.v1)).toEqual(['**********2222']);
    await clearMonth(A.id);
    await clearMonth(A.id, A.v1);
  });

  it('the Viewer and the HR Manager read every payroll call but may not upload, finalize or freeze', async () => {
    const w = await worker(A.id);
    const d = await uploadAndSettle(A.payroll, [row(w.employer_worker_id)]);
    for (const token of [A.viewer, A.hr]) {
      expect((await env.call('GET', '/employer-admin/payroll', { token })).status).toBe(200);
      expect((await env.call('GET', '/employer-admin/payroll/payroll-info', { token })).status).toBe(200);
      expect((await env.call('GET', '/employer-admin/payroll-monthly-summary', { token })).status).toBe(200);
      expect((await details(token)).status).toBe(200);
      expect((await payouts(token)).status).toBe(200);
      const refused = [
        await upload(token, await sheet([HEADER, row(w.employer_worker_id)])),
        await setStatus(token, d._id, 'PAYROLL_FROZEN'),
        await hrFreeze(token, d._id),
      ];
      for (const r of refused) {
        expect(r.status).toBe(403);
        expect(r.body.message.description).toBe(MSG.unauthorized);
      }
    }
    // The Payroll Manager writes.
    expect((await setStatus(A.payroll, d._id, 'PAYROLL_FROZEN')).status).toBe(200);
    expect((await setStatus(A.payroll, d._id, 'CANCELLED')).status).toBe(200);
  });

  it('vendor context: the vendor admin and the Payroll Manager work on the vendor payroll; the Viewer reads it; a bound admin cannot leave its vendor', async () => {
    const w = await worker(A.id, { vendor_id: A.v1 });
    const d = await uploadAndSettle(A.vendorAdmin, [row(w.employer_worker_id)], A.v1);
    expect(d.status).toBe('PROCESSED');
    expect(d.finalizedEntries).toBe(1);
    expect((await details(A.viewer, A.v1)).body._id).toBe(d._id);
    expect((await payouts(A.viewer, {}, A.v1)).body.totalCount).toBe(1);
    expect((await setStatus(A.viewer, d._id, 'PAYROLL_FROZEN', A.v1)).status).toBe(403);
    // The vendor payroll is not the employer's own.
    const own = await details(A.owner);
    if (own.status === 200) expect(own.body._id).not.toBe(d._id);
    expect((await setStatus(A.owner, d._id, 'PAYROLL_FROZEN')).status).toBe(404);
    // The vendor admin: its own vendor only.
    expect((await details(A.vendorAdmin, A.v2)).status).toBe(403);
    expect((await env.call('GET', '/employer-admin/payroll', { token: A.vendorAdmin })).status).toBe(403);
    expect((await hrFreeze(A.payroll, d._id, undefined, A.v1)).status).toBe(200);
    const list = await env.call('GET', '/employer-admin/payroll', { token: A.vendorAdmin, query: { vendorId: A.v1 } });
    expect(list.body.payrolls[0]).toMatchObject({ _id: d._id, status: 'PAYROLL_FROZEN' });
    expect(list.body.payrolls[0].freezedDate).not.toBeNull();
    // An employer-context sheet does not know the vendor's worker.
    const r = await upload(A.owner, await sheet([HEADER, row(w.employer_worker_id)]));
    expect(r.status).toBe(201);
    const failed = await settled(A.owner, r.body.documentId);
    expect(failed.status).toBe('PAYROLL_PROCESSING_FAILED');
    await clearMonth(A.id);
  });

  it("another employer's payroll is not found, and neither are its sheets", async () => {
    const w = await worker(A.id);
    const d = await uploadAndSettle(A.owner, [row(w.employer_worker_id)]);
    expect((await setStatus(B.owner, d._id, 'PAYROLL_FROZEN')).status).toBe(404);
    expect((await setStatus(B.owner, d._id, 'PAYROLL_FROZEN')).body.message.description).toBe(PAYROLL_MSG.notFound);
    expect((await hrFreeze(B.owner, d._id)).status).toBe(404);
    expect((await payouts(B.owner, { payrollId: d._id })).status).toBe(404);
    const none = await details(B.owner);
    expect(none.status).toBe(404);
    expect((none.body as unknown as { message: { description: string } }).message.description).toBe(PAYROLL_MSG.noData);
    expect((await env.call('GET', '/employer-admin/payroll', { token: B.owner })).body.payrolls).toEqual([]);
    expect((await download(B.owner, d.payrollFile.uploadedFileUrl)).status).toBe(404);
    expect((await download(B.owner, d.payrollFile.processedFileUrl!)).status).toBe(404);
    // Unchanged for its owner.
    expect((await details(A.owner)).body.status).toBe('PROCESSED');
    await clearMonth(A.id);
  });
});

// ---- processing ----

describe('processing a sheet (design doc: all or nothing)', () => {
  it('any invalid row fails the whole payroll: no entries, and the sheet comes back with Status, Reason and the cells highlighted', async () => {
    const w1 = await worker(A.id);
    const w2 = await worker(A.id);
    const rows = [
      row(w1.employer_worker_id),
      row('NOBODY-1'),
      row(w2.employer_worker_id, { ifsc: 'HDFC1001234', paid: 31 }),
      row(w2.employer_worker_id),
      row(w1.employer_worker_id.toLowerCase() + 'x', { account: '1234', salary: 0 }),
    ];
    const r = await upload(A.payroll, await sheet([HEADER, ...rows]));
    expect(r.status).toBe(201);
    const d = await settled(A.payroll, r.body.documentId);
    expect(d.status).toBe('PAYROLL_PROCESSING_FAILED');
    expect(d.failureReason).toBe(PAYROLL_MSG.rowsFailed(4));
    expect(d.totalNumberOfEmployeeEntries).toBe(0);
    expect(await env.deps.db.selectFrom('payroll_entries').select('id').where('payroll_id', '=', d._id).execute()).toEqual([]);
    const upl = await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${r.body.documentId}`, { token: A.payroll });
    expect(upl.body).toMatchObject({ status: 'FAILED', counts: { totalRows: 5, appliedRows: 0, failedRows: 4 } });

    const got = await sheetRows(A.payroll, d.payrollFile.processedFileUrl!);
    expect(got[0]!.values).toEqual([...HEADER, 'Status', 'Reason']);
    const [ok, unknown, bad, dup, many] = got.slice(1);
    expect(ok!.values.slice(8)).toEqual(['VALID', '']);
    expect(ok!.red).toEqual([]);
    expect(unknown!.values.slice(8)).toEqual(['FAILED', PAYROLL_ROW_MSG.unknownEmployeeId]);
    expect(unknown!.red).toEqual([0]);
    expect(bad!.values[8]).toBe('FAILED');
    expect(bad!.values[9]).toContain(PAYROLL_ROW_MSG.ifsc);
    expect(bad!.values[9]).toContain(PAYROLL_ROW_MSG.paidDays);
    expect(bad!.values[9]).toContain(SHEET_MSG.duplicateInSheet('Employee ID', '4, 5'));
    expect(bad!.red.sort()).toEqual([0, 5, 7]);
    expect(dup!.red).toEqual([0]);
    expect(many!.values[9]).toContain(PAYROLL_ROW_MSG.accountNumber);
    expect(many!.values[9]).toContain(PAYROLL_ROW_MSG.salaryPositive);
    expect(many!.red.sort()).toEqual([0, 3, 6]);

    // The history shows it with both files downloadable.
    const list = await env.call('GET', '/employer-admin/payroll', { token: A.viewer });
    const h = list.body.payrolls.find((p: { _id: string }) => p._id === d._id);
    expect(h).toMatchObject({ status: 'PAYROLL_PROCESSING_FAILED', failureReason: PAYROLL_MSG.rowsFailed(4), startDate: firstDayOf(M), endDate: lastDayOf(M), fileName: 'payroll.xlsx' });
    expect((await download(A.viewer, h.originalDocumentURL)).status).toBe(200);
    // A failed payroll may be replaced by a new upload.
    const again = await uploadAndSettle(A.payroll, [row(w1.employer_worker_id), row(w2.employer_worker_id)]);
    expect(again.status).toBe('PROCESSED');
    await clearMonth(A.id);
  });

  it('issue 20: a negative or zero Monthly Salary gets the positive-number message, as the employee form does (decision 0020)', async () => {
    const w1 = await worker(A.id);
    const w2 = await worker(A.id);
    const w3 = await worker(A.id);
    const r = await upload(A.payroll, await sheet([HEADER, row(w1.employer_worker_id, { salary: -5000 }), row(w2.employer_worker_id, { salary: '-5000' }), row(w3.employer_worker_id, { salary: 0 })]));
    expect(r.status).toBe(201);
    const d = await settled(A.payroll, r.body.documentId);
    expect(d.status).toBe('PAYROLL_PROCESSING_FAILED');
    const got = await sheetRows(A.payroll, d.payrollFile.processedFileUrl!);
    for (const line of got.slice(1)) {
      expect(line.values.slice(8)).toEqual(['FAILED', PAYROLL_ROW_MSG.salaryPositive]);
      expect(line.red).toEqual([3]);
    }
    expect(got.slice(1)).toHaveLength(3);
    await clearMonth(A.id);
  });

  it('a sheet that is not a payroll sheet fails with the reason and no processed file', async () => {
    const r = await upload(A.payroll, await sheet([['Name', 'Date'], ['x', 'y']]));
    const d = await settled(A.payroll, r.body.documentId);
    expect(d.status).toBe('PAYROLL_PROCESSING_FAILED');
    expect(d.failureReason).toContain('Missing column(s)');
    expect(d.payrollFile.processedFileUrl).toBeNull();
    const empty = await upload(A.payroll, await sheet([HEADER]));
    expect((await settled(A.payroll, empty.body.documentId)).failureReason).toBe(SHEET_MSG.noRows);
    await clearMonth(A.id);
  });

  it('a good sheet: FINALIZED and SKIPPED entries with reasons, deductions naming the advances and EMIs, flags and totals', async () => {
    const side = createWorkerSide(env.deps);
    const at = (day: string, time = '10:00:00') => createWorkerSide({ ...env.deps, now: () => new Date(`${day}T${time}+05:30`) });
    const present = async (id: string, to: number) => {
      for (let d = 1; d <= to; d++) await side.markAttendance(id, dayOfM(d), 'PRESENT');
    };
    // Asha: two advances in M (one partly repaid), one created after M (not deducted), an EMI due in M.
    const asha = await worker(A.id, { full_name: 'Asha Devi' });
    await present(asha.id, 20);
    const a1 = await at(dayOfM(5)).requestAdvance(asha.id, 300_000);
    await at(dayOfM(5)).disburse(a1);
    const a2 = await at(dayOfM(12)).requestAdvance(asha.id, 200_000);
    await at(dayOfM(12)).disburse(a2);
    await side.repay(a2, 50_000, dayOfM(15));
    const nextMonthDay = `${monthKey(addMonths(M, 1))}-01`;
    const a3 = await at(dayOfM(20)).requestAdvance(asha.id, 100_000);
    await at(dayOfM(20)).disburse(a3);
    await env.deps.db.updateTable('transactions').set({ created_at: new Date(`${nextMonthDay}T00:30:00+05:30`) }).where('id', '=', a3).execute();
    // A top-up taken the month before M: its first EMI is due on the 5th of M, the second after M.
    const topup = await at(`${monthKey(addMonths(M, -1))}-10`).applyTopup(asha.id, 900_000, 3);
    const emis = await env.deps.db.selectFrom('topup_emis').selectAll().where('application_id', '=', topup).orderBy('due_date').execute();
    expect(emis[0]!.due_date).toBe(dayOfM(5));
    // Ravi: an advance larger than his salary for 1 paid day -> skipped, net negative.
    const ravi = await worker(A.id, { full_name: 'Ravi Kumar' });
    await present(ravi.id, 20);
    const r1 = await at(dayOfM(20)).requestAdvance(ravi.id, 500_000);
    await at(dayOfM(20)).disburse(r1);
    // Inactive before M, and 0 paid days.
    const gone = await worker(A.id, { employment_status: 'INACTIVE', terminated_at: `${monthKey(addMonths(M, -1))}-15` });
    const idle = await worker(A.id);
    // Two rows on one bank account.
    const s1 = await worker(A.id);
    const s2 = await worker(A.id);
    const shared = '998877665544';

    const d = await uploadAndSettle(A.payroll, [
      row(asha.employer_worker_id, { name: 'Asha Devi', salary: '60,000', working: 30, paid: 29.5, mobile: '9876501234' }),
      row(ravi.employer_worker_id, { name: 'Ravi Kumar', salary: 60000, working: 30, paid: 1 }),
      row(gone.employer_worker_id, { name: 'Gone Person' }),
      row(idle.employer_worker_id, { name: 'Idle Person', paid: 0 }),
      row(s1.employer_worker_id, { name: 'Shared One', account: shared }),
      row(s2.employer_worker_id, { name: 'Shared Two', account: shared, ifsc: 'sbin0070123' }),
    ]);
    expect(d).toMatchObject({ status: 'PROCESSED', totalNumberOfEmployeeEntries: 6, finalizedEntries: 3, skippedEntries: 3, workingDays: 30, failureReason: null });
    expect(d.paginationInfo.perPageLimit).toBe(10);
    expect(d.isReexecutionAllowed).toBe(false);

    const entries = await allEntries(A.viewer, d._id);
    const by = (code: string) => entries.find((e) => e.employerEmployeeCode === code)!;
    const e1 = by(asha.employer_worker_id);
    expect(e1.salary).toBe(salaryForPaidDays(6_000_000, 2950, 30));
    expect(e1.salary).toBe(5_900_000);
    // 3,000 + (2,000 - 500) + the EMI due in M; not the advance of the next month, not the later EMI.
    expect(e1.deductionItems).toEqual([
      { kind: 'ADVANCE', id: a1, amount: 300_000, date: dayOfM(5) },
      { kind: 'TOPUP_EMI', id: emis[0]!.id, amount: emis[0]!.amount, date: dayOfM(5) },
      { kind: 'ADVANCE', id: a2, amount: 150_000, date: dayOfM(12) },
    ]);
    expect(e1.deductions).toBe(300_000 + 150_000 + emis[0]!.amount);
    expect(e1.amountPayable).toBe(e1.salary - e1.deductions);
    expect(e1).toMatchObject({ status: 'FINALIZED', skipReason: null, paidDays: 29.5, workingDays: 30, monthlySalary: 6_000_000, mobile: '9876501234', name: 'Asha Devi', requestId: null, utr: null });
    expect(e1.accountNumber).toMatch(/^\*+\d{4}$/);
    // The sheet's mobile is not the record's (the record's name is the same).
    expect(e1.flags).toEqual(['NEW_BANK_ACCOUNT', 'MOBILE_DIFFERS']);

    const e2 = by(ravi.employer_worker_id);
    expect(e2.salary).toBe(200_000);
    expect(e2.deductions).toBe(500_000);
    expect(e2.amountPayable).toBe(-300_000);
    expect(e2).toMatchObject({ status: 'SKIPPED', skipReason: SKIP_REASONS.nonPositiveNet });
    expect(e2.flags).toContain('NON_POSITIVE_NET');
    expect(by(gone.employer_worker_id)).toMatchObject({ status: 'SKIPPED', skipReason: SKIP_REASONS.inactive });
    expect(by(idle.employer_worker_id)).toMatchObject({ status: 'SKIPPED', skipReason: SKIP_REASONS.noPaidDays });
    // "Shared One" is not the record's "Test Worker".
    expect(by(s1.employer_worker_id).flags).toEqual(['NEW_BANK_ACCOUNT', 'SHARED_BANK_ACCOUNT', 'NAME_DIFFERS']);
    expect(by(s2.employer_worker_id).ifsc).toBe('SBIN0070123');

    // Stored deduction rows: each names what it repays, and an entry's deductions are their sum.
    const stored = await env.deps.db.selectFrom('payroll_deductions').selectAll().where('payroll_id', '=', d._id).orderBy('entry_id').orderBy('position').execute();
    for (const e of entries) expect(stored.filter((s) => s.entry_id === e._id).reduce((a, s) => a + s.amount, 0)).toBe(e.deductions);
    expect(stored.filter((s) => s.transaction_id === a3)).toEqual([]);

    // Totals: sums over the finalized entries.
    const fin = entries.filter((e) => e.status === 'FINALIZED');
    expect(d.completePayrollPayoutBreakup).toEqual({
      totalBalanceRequired: fin.reduce((a, e) => a + e.salary, 0),
      totalEmployeePayoutAmount: fin.reduce((a, e) => a + e.amountPayable, 0),
      providerAmount: fin.reduce((a, e) => a + e.deductions, 0),
    });
    expect(d.flags).toEqual({ NON_POSITIVE_NET: 2, NET_CHANGED_OVER_30_PERCENT: 0, NEW_BANK_ACCOUNT: 6, SHARED_BANK_ACCOUNT: 2, NAME_DIFFERS: 4, MOBILE_DIFFERS: 1, PAID_DAYS_OVER_UNPAID_LEAVE: 0 });
    expect(d.pending).toEqual({ count: 0, amount: 0 });

    // The processed sheet says what happened to each row.
    const got = await sheetRows(A.owner, d.payrollFile.processedFileUrl!);
    expect(got.slice(1).map((r) => r.values.slice(8))).toEqual([
      ['FINALIZED', ''],
      ['SKIPPED', SKIP_REASONS.nonPositiveNet],
      ['SKIPPED', SKIP_REASONS.inactive],
      ['SKIPPED', SKIP_REASONS.noPaidDays],
      ['FINALIZED', ''],
      ['FINALIZED', ''],
    ]);

    // The payout table: tabs, counts, search by name or Employee ID.
    const all = await payouts(A.viewer);
    expect(all.body.counts).toMatchObject({ TOTAL: 6, FINALIZED: 3, SKIPPED: 3, PENDING: 0, TRANSFERRED: 0, FAILED: 0 });
    expect(all.body.totalCount).toBe(6);
    expect(all.body.data.map((e) => e.rowNumber)).toEqual([2, 3, 4, 5, 6, 7]);
    const skipped = await payouts(A.viewer, { status: 'SKIPPED' });
    expect(skipped.body.data.map((e) => e.status)).toEqual(['SKIPPED', 'SKIPPED', 'SKIPPED']);
    expect(skipped.body.totalCount).toBe(3);
    const byName = await payouts(A.viewer, { searchId: 'shared' });
    expect(byName.body.data.map((e) => e.name)).toEqual(['Shared One', 'Shared Two']);
    expect(byName.body.counts.TOTAL).toBe(2);
    const byCode = await payouts(A.viewer, { searchId: ravi.employer_worker_id.slice(2).toUpperCase(), status: 'FINALIZED' });
    expect(byCode.body.counts).toMatchObject({ TOTAL: 1, SKIPPED: 1, FINALIZED: 0 });
    expect(byCode.body.data).toEqual([]);
    expect((await payouts(A.viewer, { searchId: '%' })).body.totalCount).toBe(0);
    await clearMonth(A.id);
  }, 60_000);

  it('pages of 10 in sheet order; counts per tab', async () => {
    const ws = await Promise.all(Array.from({ length: 23 }, () => worker(A.id)));
    const d = await uploadAndSettle(
      A.owner,
      ws.map((w, i) => row(w.employer_worker_id, { paid: i % 5 === 0 ? 0 : 30 })),
    );
    expect(d).toMatchObject({ totalNumberOfEmployeeEntries: 23, skippedEntries: 5, finalizedEntries: 18 });
    const p2 = await payouts(A.viewer, { page: 2 });
    expect(p2.body.data.map((e) => e.rowNumber)).toEqual([22, 23, 24]);
    const fin1 = await payouts(A.viewer, { page: 1, status: 'FINALIZED' });
    expect(fin1.body.data).toHaveLength(8);
    expect(fin1.body.totalCount).toBe(18);
    expect((await payouts(A.viewer, { page: 99 })).body.data).toEqual([]);
    // The summary's figures come with the tabs' counts, from the same read: the same numbers without a search.
    const all = (await payouts(A.viewer, {})).body;
    for (const f of ['TOTAL', 'FINALIZED', 'SKIPPED', 'TRANSFERRED', 'PENDING', 'FAILED'] as const) expect(all.figures[f].count, f).toBe(all.counts[f]);
    expect(all.figures.FINALIZED.amount).toBe(d.completePayrollPayoutBreakup.totalEmployeePayoutAmount);
    // With a search the tabs count the matches; the figures stay the whole payroll's.
    const searched = (await payouts(A.viewer, { searchId: ws[1]!.employer_worker_id })).body;
    expect(searched.counts.TOTAL).toBe(1);
    expect(searched.figures).toEqual(all.figures);
    await clearMonth(A.id);
  });
});

describe('processing in slices (5,000 rows a statement)', () => {
  it('an invalid row after the first slice rolls back what was written; a valid sheet keeps the tab counts in step with the entries', async () => {
    const e = await tenant();
    const n = 5_200;
    const tag = uniqueTag();
    await sql`insert into workers (employer_id, employer_worker_id, full_name, mobile, current_monthly_salary, joined_at)
      select ${e.id}::uuid, ${`S${tag}-`} || g, 'Slice Worker ' || g, null, 3000000, '2025-01-01' from generate_series(1, ${n}) g`.execute(env.deps.db);
    const rows = Array.from({ length: n }, (_, i) => row(`S${tag}-${i + 1}`, { name: `Slice Worker ${i + 1}`, paid: i % 4 === 0 ? 0 : 30, account: `7000${String(i).padStart(8, '0')}` }));
    const bad = await uploadAndSettle(e.payroll, [...rows, row('NOBODY-AT-THE-END')]);
    expect(bad).toMatchObject({ status: 'PAYROLL_PROCESSING_FAILED', failureReason: PAYROLL_MSG.rowsFailed(1), totalNumberOfEmployeeEntries: 0 });
    const leftovers = await env.deps.db.selectFrom('payroll_entries').select(sql<number>`count(*)::int`.as('n')).where('payroll_id', '=', bad._id).executeTakeFirstOrThrow();
    expect(leftovers.n).toBe(0);
    expect(await env.deps.db.selectFrom('payroll_entry_counts').selectAll().where('payroll_id', '=', bad._id).execute()).toEqual([]);

    const good = await uploadAndSettle(e.payroll, rows);
    expect(good).toMatchObject({ status: 'PROCESSED', totalNumberOfEmployeeEntries: n, finalizedEntries: n - n / 4, skippedEntries: n / 4 });
    const truth = async () =>
      Object.fromEntries(
        (await env.deps.db.selectFrom('payroll_entries').select(['status', sql<number>`count(*)::int`.as('n')]).where('payroll_id', '=', good._id).groupBy('status').execute()).map((r) => [r.status, r.n]),
      );
    const kept = async () =>
      Object.fromEntries((await env.deps.db.selectFrom('payroll_entry_counts').select(['status', 'n']).where('payroll_id', '=', good._id).where('n', '>', 0).execute()).map((r) => [r.status, r.n]));
    expect(await kept()).toEqual(await truth());
    // Status moves as features/payouts makes them: the counts follow.
    await sql`update payroll_entries set status = 'INITIATED' where payroll_id = ${good._id}::uuid and status = 'FINALIZED'`.execute(env.deps.db);
    await sql`update payroll_entries set status = 'TRANSFERRED' where payroll_id = ${good._id}::uuid and status = 'INITIATED' and row_number % 3 = 0`.execute(env.deps.db);
    await sql`update payroll_entries set status = 'FAILED' where payroll_id = ${good._id}::uuid and status = 'INITIATED' and row_number % 3 = 1`.execute(env.deps.db);
    expect(await kept()).toEqual(await truth());
    const tabs = await payouts(e.viewer, { status: 'PENDING' });
    expect(tabs.body.counts).toMatchObject({ TOTAL: n, SKIPPED: n / 4, FINALIZED: 0 });
    expect(tabs.body.counts.PENDING + tabs.body.counts.TRANSFERRED + tabs.body.counts.FAILED).toBe(n - n / 4);
    const d = await details(e.viewer);
    expect(d.body.paid.count).toBe(tabs.body.counts.TRANSFERRED);
    expect(d.body.paid.amount).toBe(tabs.body.counts.TRANSFERRED * 3_000_000);
    // The search counts the same way.
    const searched = await payouts(e.viewer, { searchId: 'slice worker 52', status: 'SKIPPED' });
    expect(searched.body.counts.TOTAL).toBe(await env.deps.db.selectFrom('payroll_entries').select(sql<number>`count(*)::int`.as('n')).where('payroll_id', '=', good._id).where('name', 'ilike', '%slice worker 52%').executeTakeFirstOrThrow().then((r) => r.n));
    expect(searched.body.data.every((x) => x.status === 'SKIPPED' && x.name.startsWith('Slice Worker 52'))).toBe(true);
  }, 120_000);
});

describe('every outcome of the apply over two pages (2,500 rows a page)', () => {
  it('entries, deductions, skips, flags and the processed sheet of rows on both pages; a sheet failing on the second page says why per row', async () => {
    const e = await tenant();
    const side = createWorkerSide(env.deps);
    const at = (day: string, time = '10:00:00') => createWorkerSide({ ...env.deps, now: () => new Date(`${day}T${time}+05:30`) });
    const present = async (id: string, to: number) => {
      for (let d = 1; d <= to; d++) await side.markAttendance(id, dayOfM(d), 'PRESENT');
    };
    const asha = await worker(e.id, { full_name: 'Asha Devi' });
    await present(asha.id, 20);
    const a1 = await at(dayOfM(5)).requestAdvance(asha.id, 300_000);
    await at(dayOfM(5)).disburse(a1);
    const a2 = await at(dayOfM(12)).requestAdvance(asha.id, 200_000);
    await at(dayOfM(12)).disburse(a2);
    await side.repay(a2, 50_000, dayOfM(15));
    const ravi = await worker(e.id, { full_name: 'Ravi Kumar' });
    await present(ravi.id, 20);
    const r1 = await at(dayOfM(20)).requestAdvance(ravi.id, 500_000);
    await at(dayOfM(20)).disburse(r1);
    const gone = await worker(e.id, { full_name: 'Gone Person', employment_status: 'INACTIVE', terminated_at: `${monthKey(addMonths(M, -1))}-15` });
    const leftInM = await worker(e.id, { full_name: 'Left Person', employment_status: 'INACTIVE', terminated_at: dayOfM(10) });
    const idle = await worker(e.id, { full_name: 'Idle Person' });
    const s1 = await worker(e.id, { full_name: 'Shared One' });
    const s2 = await worker(e.id, { full_name: 'Shared Two' });
    const onLeave = await worker(e.id, { full_name: 'Leave Person', mobile: '9876500011' });
    const vendors = await worker(e.id, { full_name: 'Vendor Person', vendor_id: e.v1 });
    // Three days of unpaid leave and two of paid leave in M for onLeave, recorded by a leave sheet.
    const dm = (d: number) => dayOfM(d).split('-').reverse().join('/');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sheet([['Employee ID', 'From Date', 'To Date', 'Leave Type'], [onLeave.employer_worker_id, dm(3), dm(5), 'Loss of Pay'], [onLeave.employer_worker_id, dm(8), dm(9), 'Sick Leave']]))]), 'leave.xlsx');
    const leave = await fetch(`${env.baseUrl}/api/employer-admin/upload-leave-doc`, { method: 'POST', headers: { authorization: `Bearer ${e.owner}` }, body: form });
    expect(leave.status).toBe(201);
    const leaveId = ((await leave.json()) as { _id: string })._id;
    for (let i = 0; i < 300; i++) {
      const r = await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${leaveId}`, { token: e.owner });
      if (r.body.status !== 'PROCESSING') {
        expect(r.body.counts).toMatchObject({ createdRows: 2 });
        break;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
    // 2,550 workers whose rows come between, so the rows that matter fall on the second page.
    const n = 2_550;
    const tag = uniqueTag();
    await sql`insert into workers (employer_id, employer_worker_id, full_name, mobile, current_monthly_salary, joined_at)
      select ${e.id}::uuid, ${`F${tag}-`} || g, 'Filler Worker ' || g, null, 3000000, '2025-01-01' from generate_series(1, ${n}) g`.execute(env.deps.db);
    const filler = Array.from({ length: n }, (_, i) => row(`F${tag}-${i + 1}`, { name: `Filler Worker ${i + 1}`, account: `7100${String(i).padStart(8, '0')}` }));
    const shared = '998877665543';
    const head = [row(s1.employer_worker_id, { name: 'Shared One', account: shared })];
    const tail = [
      row(asha.employer_worker_id.toLowerCase(), { name: 'Asha Devi', salary: '60,000', working: 30, paid: 29.5, mobile: '9876501234' }),
      row(ravi.employer_worker_id, { name: 'Ravi Kumar', salary: 60000, working: 30, paid: 1 }),
      row(gone.employer_worker_id, { name: 'Gone Person' }),
      row(leftInM.employer_worker_id, { name: 'Left Person', paid: 10 }),
      row(idle.employer_worker_id, { name: 'Idle Person', paid: 0 }),
      row(s2.employer_worker_id, { name: 'Shared 2', account: shared, ifsc: 'sbin0070123' }),
      row(onLeave.employer_worker_id, { name: 'Leave Person', working: 26, paid: 24, mobile: '9876500011', salary: 26000 }),
    ];
    const good = await uploadAndSettle(e.payroll, [...head, ...filler, ...tail]);
    const total = head.length + n + tail.length;
    expect(good).toMatchObject({ status: 'PROCESSED', totalNumberOfEmployeeEntries: total, finalizedEntries: total - 3, skippedEntries: 3, workingDays: 30, failureReason: null });
    const entries = await env.deps.db
      .selectFrom('payroll_entries')
      .select(['id', 'worker_id', 'row_number', 'position', 'name', 'employer_employee_code', 'mobile', 'monthly_salary', 'working_days', 'paid_days', 'salary', 'deductions', 'amount_payable', 'account_number_masked', 'ifsc', 'status', 'skip_reason', 'flags', 'employer_id', 'vendor_id'])
      .where('payroll_id', '=', good._id)
      .orderBy('position')
      .execute();
    expect(entries.map((x) => [x.position, x.row_number])).toEqual(Array.from({ length: total }, (_, i) => [i + 1, i + 2]));
    expect(entries.every((x) => x.employer_id === e.id && x.vendor_id === null)).toBe(true);
    const by = (w: { id: string }) => {
      const x = entries.find((y) => y.worker_id === w.id)!;
      return { ...x, id: undefined, worker_id: undefined, employer_id: undefined, vendor_id: undefined, position: undefined };
    };
    const last4 = (acc: string) => `${'*'.repeat(acc.length - 4)}${acc.slice(-4)}`;
    const page2 = head.length + n + 2;
    const ashaEntry = by(asha);
    expect(ashaEntry).toMatchObject({
      row_number: page2, name: 'Asha Devi', employer_employee_code: asha.employer_worker_id, mobile: '9876501234', monthly_salary: 6_000_000, working_days: 30, paid_days: 29.5,
      salary: 5_900_000, deductions: 450_000, amount_payable: 5_450_000, ifsc: 'HDFC0001234', status: 'FINALIZED', skip_reason: null, flags: ['NEW_BANK_ACCOUNT', 'MOBILE_DIFFERS'],
    });
    expect(ashaEntry.account_number_masked).toBe(last4(tail[0]![6]));
    const deds = await env.deps.db.selectFrom('payroll_deductions').select(['entry_id', 'position', 'transaction_id', 'topup_emi_id', 'item_date', 'amount']).where('payroll_id', '=', good._id).orderBy('entry_id').orderBy('position').execute();
    const ashaId = entries.find((y) => y.worker_id === asha.id)!.id;
    const raviId = entries.find((y) => y.worker_id === ravi.id)!.id;
    expect(deds).toEqual(
      [
        { entry_id: ashaId, position: 1, transaction_id: a1, topup_emi_id: null, item_date: dayOfM(5), amount: 300_000 },
        { entry_id: ashaId, position: 2, transaction_id: a2, topup_emi_id: null, item_date: dayOfM(12), amount: 150_000 },
        { entry_id: raviId, position: 1, transaction_id: r1, topup_emi_id: null, item_date: dayOfM(20), amount: 500_000 },
      ].sort((x, y) => (x.entry_id < y.entry_id ? -1 : x.entry_id > y.entry_id ? 1 : x.position - y.position)),
    );
    expect(by(ravi)).toMatchObject({ row_number: page2 + 1, salary: 200_000, deductions: 500_000, amount_payable: -300_000, status: 'SKIPPED', skip_reason: SKIP_REASONS.nonPositiveNet, flags: ['NON_POSITIVE_NET', 'NEW_BANK_ACCOUNT'] });
    expect(by(gone)).toMatchObject({ row_number: page2 + 2, salary: 3_000_000, deductions: 0, amount_payable: 3_000_000, status: 'SKIPPED', skip_reason: SKIP_REASONS.inactive, flags: ['NEW_BANK_ACCOUNT'] });
    expect(by(leftInM)).toMatchObject({ row_number: page2 + 3, salary: 1_000_000, status: 'FINALIZED', skip_reason: null, flags: ['NEW_BANK_ACCOUNT'] });
    expect(by(idle)).toMatchObject({ row_number: page2 + 4, salary: 0, amount_payable: 0, status: 'SKIPPED', skip_reason: SKIP_REASONS.noPaidDays, flags: ['NON_POSITIVE_NET', 'NEW_BANK_ACCOUNT'] });
    expect(by(s1)).toMatchObject({ row_number: 2, status: 'FINALIZED', flags: ['NEW_BANK_ACCOUNT', 'SHARED_BANK_ACCOUNT'] });
    expect(by(s2)).toMatchObject({ row_number: page2 + 5, status: 'FINALIZED', ifsc: 'SBIN0070123', flags: ['NEW_BANK_ACCOUNT', 'SHARED_BANK_ACCOUNT', 'NAME_DIFFERS'] });
    expect(by(s2).account_number_masked).toBe(last4(shared));
    expect(by(onLeave)).toMatchObject({ row_number: page2 + 6, monthly_salary: 2_600_000, working_days: 26, paid_days: 24, salary: 2_400_000, status: 'FINALIZED', flags: ['NEW_BANK_ACCOUNT', 'PAID_DAYS_OVER_UNPAID_LEAVE'] });
    // Every entry as the domain's rules make it (the apply computes them in SQL): salary, deductions in order, net, skip reason, the row's flags.
    const month = { from: firstDayOf(M), to: lastDayOf(M) };
    const people = new Map((await env.deps.db.selectFrom('workers').select(['id', 'employment_status', 'terminated_at']).where('employer_id', '=', e.id).execute()).map((w) => [w.id, w]));
    const recorded = await env.deps.db.selectFrom('leaves').select(['worker_id', 'from_date as fromDate', 'to_date as toDate', 'leave_type as leaveType']).where('employer_id', '=', e.id).execute();
    const ROW_FLAGS = ['NON_POSITIVE_NET', 'NET_CHANGED_OVER_30_PERCENT', 'NEW_BANK_ACCOUNT', 'PAID_DAYS_OVER_UNPAID_LEAVE'];
    for (const x of entries) {
      const items = orderDeductions(
        deds.filter((d) => d.entry_id === x.id).map((d) => ({ kind: d.transaction_id ? ('ADVANCE' as const) : ('TOPUP_EMI' as const), id: (d.transaction_id ?? d.topup_emi_id)!, amount: d.amount, date: d.item_date, position: d.position })),
      );
      expect(items.map((i) => i.position), x.name).toEqual(items.map((_, k) => k + 1));
      const paidHundredths = Math.round(Number(x.paid_days) * 100);
      const salary = salaryForPaidDays(x.monthly_salary, paidHundredths, x.working_days);
      const net = netSalary(salary, sumAmounts(items));
      const w = people.get(x.worker_id)!;
      const skip = skipReasonOf({ inactiveBeforeMonth: w.employment_status === 'INACTIVE' && (w.terminated_at === null || w.terminated_at < firstDayOf(M)), paidHundredths, net });
      const flags: string[] = payrollFlags({ net, previous: null, accountShared: false });
      if (paidDaysExceedLeave({ workingDays: x.working_days, paidHundredths }, unpaidLeaveDaysIn(recorded.filter((l) => l.worker_id === x.worker_id), month))) flags.push('PAID_DAYS_OVER_UNPAID_LEAVE');
      expect([x.salary, x.deductions, x.amount_payable, x.status, x.skip_reason, x.flags.filter((f) => ROW_FLAGS.includes(f))], x.name).toEqual([salary, sumAmounts(items), net, skip ? 'SKIPPED' : 'FINALIZED', skip, flags]);
    }
    const fillers = entries.filter((x) => x.name.startsWith('Filler Worker'));
    expect(fillers).toHaveLength(n);
    expect(fillers.every((x) => x.status === 'FINALIZED' && x.salary === 3_000_000 && x.deductions === 0 && x.flags.join() === 'NEW_BANK_ACCOUNT' && x.mobile === null)).toBe(true);
    const fin = entries.filter((x) => x.status === 'FINALIZED');
    expect(good.completePayrollPayoutBreakup).toEqual({
      totalBalanceRequired: fin.reduce((a, x) => a + x.salary, 0),
      totalEmployeePayoutAmount: fin.reduce((a, x) => a + x.amount_payable, 0),
      providerAmount: fin.reduce((a, x) => a + x.deductions, 0),
    });
    expect(good.flags).toEqual({ NON_POSITIVE_NET: 2, NET_CHANGED_OVER_30_PERCENT: 0, NEW_BANK_ACCOUNT: total, SHARED_BANK_ACCOUNT: 2, NAME_DIFFERS: 1, MOBILE_DIFFERS: 1, PAID_DAYS_OVER_UNPAID_LEAVE: 1 });
    const got = await sheetRows(e.owner, good.payrollFile.processedFileUrl!);
    expect(got).toHaveLength(total + 1);
    expect(got.slice(1).map((r) => r.values.slice(8).join('|'))).toEqual([
      'FINALIZED|',
      ...filler.map(() => 'FINALIZED|'),
      'FINALIZED|',
      `SKIPPED|${SKIP_REASONS.nonPositiveNet}`,
      `SKIPPED|${SKIP_REASONS.inactive}`,
      'FINALIZED|',
      `SKIPPED|${SKIP_REASONS.noPaidDays}`,
      'FINALIZED|',
      'FINALIZED|',
    ]);
    await clearMonth(e.id);

    // The same sheet with failures on both pages: nothing written, each row FAILED with its reasons or VALID.
    const bad = await uploadAndSettle(e.payroll, [
      row('NOBODY-FIRST'),
      ...filler,
      row(vendors.employer_worker_id, { name: 'Vendor Person' }),
      row('nobody-second', { ifsc: 'HDFC1001234' }),
      row(idle.employer_worker_id, { paid: 31 }),
    ]);
    expect(bad).toMatchObject({ status: 'PAYROLL_PROCESSING_FAILED', failureReason: PAYROLL_MSG.rowsFailed(4), totalNumberOfEmployeeEntries: 0 });
    expect(await env.deps.db.selectFrom('payroll_entries').select('id').where('payroll_id', '=', bad._id).execute()).toEqual([]);
    const lines = await sheetRows(e.owner, bad.payrollFile.processedFileUrl!);
    expect(lines).toHaveLength(n + 5);
    expect(lines[1]!.values.slice(8)).toEqual(['FAILED', PAYROLL_ROW_MSG.unknownEmployeeId]);
    expect(lines[1]!.red).toEqual([0]);
    expect(lines.slice(2, n + 2).every((l) => l.values[8] === 'VALID' && (l.values[9] ?? '') === '' && l.red.length === 0)).toBe(true);
    expect(lines[n + 2]!.values.slice(8)).toEqual(['FAILED', PAYROLL_ROW_MSG.unknownEmployeeId]);
    expect(lines[n + 3]!.values.slice(8)).toEqual(['FAILED', `${PAYROLL_ROW_MSG.ifsc}; ${PAYROLL_ROW_MSG.unknownEmployeeId}`]);
    expect(lines[n + 3]!.red.sort()).toEqual([0, 7]);
    expect(lines[n + 4]!.values[8]).toBe('FAILED');
    expect(lines[n + 4]!.values[9]).toContain(PAYROLL_ROW_MSG.paidDays);
    expect(lines[n + 4]!.values[9]).not.toContain(PAYROLL_ROW_MSG.unknownEmployeeId);
    await clearMonth(e.id);
  }, 180_000);
});

// ---- lifecycle ----

describe('the lifecycle up to the freeze (design doc)', () => {
  it('finalize, freeze as an HR action, cancel only from frozen; every other move answers 409', async () => {
    const w = await worker(A.id);
    const d = await uploadAndSettle(A.payroll, [row(w.employer_worker_id)]);
    expect((await setStatus(A.payroll, d._id, 'CANCELLED')).status).toBe(409);
    expect((await setStatus(A.payroll, d._id, 'CANCELLED')).body.message.description).toBe(PAYROLL_MSG.notAllowed('PROCESSED'));
    expect((await hrFreeze(A.payroll, d._id, { startDate: dayOfM(2), endDate: lastDayOf(M) })).status).toBe(400);
    const frozen = await hrFreeze(A.payroll, d._id);
    expect(frozen.status).toBe(200);
    expect(frozen.body).toEqual({ payrollId: d._id, status: 'PAYROLL_FROZEN', message: PAYROLL_MSG.finalizedFor(LABEL) });
    expect((await details(A.viewer)).body.status).toBe('PAYROLL_FROZEN');
    const again = await setStatus(A.payroll, d._id, 'PAYROLL_FROZEN');
    expect(again.status).toBe(409);
    expect(again.body.message.description).toBe(PAYROLL_MSG.notAllowed('PAYROLL FROZEN'));
    // A new sheet while frozen is refused.
    const refused = await upload(A.payroll, await sheet([HEADER, row(w.employer_worker_id)]));
    expect(refused.status).toBe(409);
    expect(refused.body.message.description).toBe(PAYROLL_MSG.alreadyFinalized(LABEL));
    const cancelled = await setStatus(A.payroll, d._id, 'CANCELLED');
    expect(cancelled.body).toEqual({ payrollId: d._id, status: 'CANCELLED', message: PAYROLL_MSG.cancelled(LABEL) });
    expect((await setStatus(A.payroll, d._id, 'PAYROLL_FROZEN')).status).toBe(409);
    // Cancelled: the month's current payroll is the cancelled one (the screen says so); a new upload is taken.
    expect((await details(A.viewer)).body).toMatchObject({ _id: d._id, status: 'CANCELLED', cancelledAt: expect.any(String) });
    const next = await uploadAndSettle(A.payroll, [row(w.employer_worker_id)]);
    expect(next._id).not.toBe(d._id);
    // Activities.
    expect((await activitiesOf(env, A.id, 'PAYROLL_FROZEN')).some((a) => a.target_id === d._id)).toBe(true);
    expect((await activitiesOf(env, A.id, 'PAYROLL_CANCELLED')).some((a) => a.target_id === d._id)).toBe(true);
    expect((await activitiesOf(env, A.id, 'DOCUMENT_UPLOADED')).some((a) => (a.details as { docType?: string }).docType === 'PAYROLL_UPLOAD')).toBe(true);
    await clearMonth(A.id);
  });

  it('spec 4.5: the freeze as an HR action after the status call is recorded and answered, not refused', async () => {
    const w = await worker(A.id);
    const d = await uploadAndSettle(A.payroll, [row(w.employer_worker_id)]);
    expect((await setStatus(A.payroll, d._id, 'PAYROLL_FROZEN')).status).toBe(200);
    const also = await hrFreeze(A.payroll, d._id);
    expect(also.status, JSON.stringify(also.body)).toBe(200);
    expect(also.body).toEqual({ payrollId: d._id, status: 'PAYROLL_FROZEN', message: PAYROLL_MSG.finalizedFor(LABEL) });
    const frozen = (await activitiesOf(env, A.id, 'PAYROLL_FROZEN')).filter((a) => a.target_id === d._id).map((a) => (a.details as { via?: string }).via);
    expect(frozen.sort()).toEqual(['HR_ACTION', 'STATUS']);
    // Still refused: wrong dates, a Viewer, another tenant.
    expect((await hrFreeze(A.payroll, d._id, { startDate: dayOfM(2), endDate: lastDayOf(M) })).status).toBe(400);
    expect((await hrFreeze(A.viewer, d._id)).status).toBe(403);
    expect((await hrFreeze(B.owner, d._id)).status).toBe(404);
    await clearMonth(A.id);
  });

  it('a cancel leaves the month cancelled: an older failed or replaced upload never comes back as current, and the history says which is which', async () => {
    const w = await worker(B.id, { vendor_id: B.v2 });
    const failed = await uploadAndSettle(B.owner, [row(w.employer_worker_id, { salary: 'lots' })], B.v2);
    expect(failed.status).toBe('PAYROLL_PROCESSING_FAILED');
    const replaced = await uploadAndSettle(B.owner, [row(w.employer_worker_id)], B.v2);
    const good = await uploadAndSettle(B.owner, [row(w.employer_worker_id, { paid: 25 })], B.v2);
    expect((await setStatus(B.owner, good._id, 'PAYROLL_FROZEN', B.v2)).status).toBe(200);
    expect((await setStatus(B.owner, good._id, 'CANCELLED', B.v2)).status).toBe(200);
    // One current state: the cancelled payroll, with no figures in the summary.
    const now = await details(B.viewer, B.v2);
    expect(now.body).toMatchObject({ _id: good._id, status: 'CANCELLED', failureReason: null });
    const summary = await env.call('GET', '/employer-admin/payroll-monthly-summary', { token: B.viewer, query: { vendorId: B.v2, month: String(M.month), year: String(M.year) } });
    expect(summary.body.summary).toMatchObject({ payrollId: good._id, status: 'CANCELLED', total: { count: 0, amount: 0 }, pending: { count: 0, amount: 0 } });
    // The history: the cancelled one CANCELLED with its date; the two it replaced SUPERSEDED (with when), not PROCESSED or FAILED.
    const history = await env.call('GET', '/employer-admin/payroll', { token: B.viewer, query: { vendorId: B.v2, pageNumber: '1', limit: '5' } });
    const byId = new Map((history.body.payrolls as { _id: string; status: string; supersededAt: string | null; cancelledAt: string | null; uploadedAt: string }[]).map((p) => [p._id, p]));
    expect(byId.get(good._id)).toMatchObject({ status: 'CANCELLED', supersededAt: null, cancelledAt: expect.any(String) });
    expect(byId.get(replaced._id)).toMatchObject({ status: 'PROCESSED', supersededAt: byId.get(good._id)!.uploadedAt, cancelledAt: null });
    expect(byId.get(failed._id)).toMatchObject({ status: 'PAYROLL_PROCESSING_FAILED', supersededAt: byId.get(replaced._id)!.uploadedAt });
    // The older payroll cannot be acted on, and a new upload becomes current.
    expect((await setStatus(B.owner, replaced._id, 'PAYROLL_FROZEN', B.v2)).body.message.description).toBe(PAYROLL_MSG.notCurrent(LABEL));
    const next = await uploadAndSettle(B.owner, [row(w.employer_worker_id)], B.v2);
    expect((await details(B.viewer, B.v2)).body._id).toBe(next._id);
    const after = await env.call('GET', '/employer-admin/payroll', { token: B.viewer, query: { vendorId: B.v2, pageNumber: '1', limit: '5' } });
    expect(after.body.payrolls.find((p: { _id: string }) => p._id === good._id).supersededAt).toBeNull();
    expect(after.body.payrolls.find((p: { _id: string }) => p._id === next._id).supersededAt).toBeNull();
    await clearMonth(B.id, B.v2);
  });

  it('re-upload rules: a newer sheet replaces a processed one (the older may no longer be finalized); executed or processing months refuse', async () => {
    const w = await worker(A.id);
    const first = await uploadAndSettle(A.payroll, [row(w.employer_worker_id)]);
    const second = await uploadAndSettle(A.payroll, [row(w.employer_worker_id, { paid: 20 })]);
    expect((await details(A.viewer)).body._id).toBe(second._id);
    const stale = await setStatus(A.payroll, first._id, 'PAYROLL_FROZEN');
    expect(stale.status).toBe(409);
    expect(stale.body.message.description).toBe(PAYROLL_MSG.notCurrent(LABEL));
    // Executed (what features/payouts does) or still processing: refused.
    await env.deps.db.updateTable('payrolls').set({ status: 'DISBURSAL_COMPLETED' }).where('id', '=', second._id).execute();
    const executed = await upload(A.payroll, await sheet([HEADER, row(w.employer_worker_id)]));
    expect(executed.status).toBe(409);
    expect(executed.body.message.description).toBe(PAYROLL_MSG.alreadyExecuted(LABEL));
    await env.deps.db.updateTable('payrolls').set({ status: 'PROCESSING' }).where('id', '=', second._id).execute();
    expect((await upload(A.payroll, await sheet([HEADER, row(w.employer_worker_id)]))).body.message.description).toBe(PAYROLL_MSG.stillProcessing(LABEL));
    await clearMonth(A.id);
  });

  it('refuses another month, a closed window, and files that fail the checks at the door', async () => {
    const w = await worker(B.id);
    const file = await sheet([HEADER, row(w.employer_worker_id)]);
    const other = await upload(B.owner, file, { payrollMonth: monthKey(addMonths(M, -1)) });
    expect(other.status).toBe(400);
    expect(other.body.message.description).toBe(PAYROLL_MSG.wrongMonth(LABEL));
    const taken = await upload(B.owner, file, { payrollMonth: monthKey(M) });
    expect(taken.status).toBe(201);
    expect((await settled(B.owner, taken.body.documentId)).status).toBe('PROCESSED');
    await clearMonth(B.id);
    expect((await upload(B.owner, Buffer.from('not a workbook'))).body.message.description).toBe(UPLOAD_MSG.contentMismatch('xlsx'));
    expect((await upload(B.owner, file, { fileName: 'payroll.csv' })).body.message.description).toBe(UPLOAD_MSG.formatError('xlsx'));
    const big = await upload(B.owner, Buffer.alloc(5 * 1_048_576 + 1, 1));
    expect(big.status).toBe(400);
    expect(big.body.message.description).toBe(UPLOAD_MSG.sizeError(5));
    const huge = await upload(B.owner, Buffer.alloc(6 * 1_048_576, 1));
    expect(huge.status).toBe(400);
    expect(huge.body.message.description).toBe(UPLOAD_MSG.sizeError(5));
    const bad = await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token: B.owner, body: { file: '@@@@', fileName: 'p.xlsx' } });
    expect(bad.status).toBe(400);
    expect((await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token: B.owner, body: { fileName: 'p.xlsx' } })).body.message.code).toBe('validation');
    // A window that does not include today.
    const today = isoDateInZone(new Date(), BUSINESS_TIME_ZONE);
    const day = Number(today.slice(8)) === 1 ? 2 : 1;
    const e = await env.deps.db.selectFrom('employers').select('config').where('id', '=', B.id).executeTakeFirstOrThrow();
    await env.deps.db.updateTable('employers').set({ config: JSON.stringify({ ...e.config, payrollWindowStartDay: day, payrollWindowEndDay: day }) }).where('id', '=', B.id).execute();
    const closed = await upload(B.owner, file);
    expect(closed.status).toBe(409);
    expect(closed.body.message.description).toMatch(/^The payroll window is closed\. The next payroll window opens on \d{2}\/\d{2}\/\d{4}\.$/);
    const info = await env.call('GET', '/employer-admin/payroll/payroll-info', { token: B.viewer });
    expect(info.body).toMatchObject({ isCurrentPayrollActive: false, isPayrollExecutionAllowed: false, monthForWhichPayrollWillBeExecuted: { month: M.month, year: M.year, label: LABEL } });
    await env.deps.db.updateTable('employers').set({ config: JSON.stringify(e.config) }).where('id', '=', B.id).execute();
  });
});

// ---- reads ----

describe('history, info and the monthly summary', () => {
  it('the history is 5 a page newest first; info and summary follow the config and the executed payrolls', async () => {
    const w = await worker(B.id);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const d = await uploadAndSettle(B.payroll, [row(w.employer_worker_id)]);
      ids.push(d._id);
    }
    const p1 = await env.call('GET', '/employer-admin/payroll', { token: B.viewer });
    expect(p1.body.payrolls).toHaveLength(5);
    expect(p1.body.payrolls[0]._id).toBe(ids[5]);
    expect(p1.body.total).toBeGreaterThanOrEqual(6);
    expect(p1.body.hasEmployerOptedForStreamingAccount).toBe(false);
    const row0 = p1.body.payrolls[0];
    expect(row0).toMatchObject({ status: 'PROCESSED', uploadedBy: 'Test Admin', kind: 'PAYROLL_UPLOAD', month: { month: M.month, year: M.year }, totalEntries: 1, freezedDate: null });
    expect((await download(B.viewer, row0.processedDocumentURL)).status).toBe(200);
    const p2 = await env.call('GET', '/employer-admin/payroll', { token: B.viewer, query: { pageNumber: '2' } });
    expect(p2.body.payrolls.map((p: { _id: string }) => p._id)).toContain(ids[0]);

    const info = await env.call('GET', '/employer-admin/payroll/payroll-info', { token: B.hr });
    expect(info.body).toMatchObject({ isCurrentPayrollActive: true, isPayrollExecutionAllowed: true, monthForWhichPayrollWillBeExecuted: { month: M.month, year: M.year, label: LABEL } });
    expect(info.body.nextPayroll).toBe(firstDayOf(addMonths(M, 2)));

    const before = await env.call('GET', '/employer-admin/payroll-monthly-summary', { token: B.viewer });
    expect(before.body).toMatchObject({ hasExecutedAnyPayrollBefore: false, firstExecutedPayrollMonthYear: null, latestExecutedPayrollMonthYear: null, month: { month: M.month, year: M.year } });
    expect(before.body.summary).toMatchObject({ payrollId: ids[5], status: 'PROCESSED', total: { count: 1 }, pending: { count: 0 }, finalized: { count: 1 } });
    // As if features/payouts had executed it and paid the entry.
    await env.deps.db.updateTable('payrolls').set({ status: 'DISBURSAL_COMPLETED' }).where('id', '=', ids[5]!).execute();
    await env.deps.db.updateTable('payroll_entries').set({ status: 'TRANSFERRED' }).where('payroll_id', '=', ids[5]!).execute();
    const after = await env.call('GET', '/employer-admin/payroll-monthly-summary', { token: B.viewer, query: { month: String(M.month), year: String(M.year) } });
    expect(after.body).toMatchObject({ hasExecutedAnyPayrollBefore: true, firstExecutedPayrollMonthYear: { month: M.month, year: M.year, label: LABEL } });
    expect(after.body.summary.paid.count).toBe(1);
    expect(after.body.summary.paid.amount).toBe(3_000_000);
    const d = await details(B.viewer);
    expect(d.body.paid).toEqual({ count: 1, amount: 3_000_000 });
    const empty = await env.call('GET', '/employer-admin/payroll-monthly-summary', { token: B.viewer, query: { month: '1', year: '2020' } });
    expect(empty.body.summary).toMatchObject({ payrollId: null, total: { count: 0, amount: 0 } });
    await clearMonth(B.id);
  });
});

// ---- expiry ----

describe('expiry', () => {
  it('moves PROCESSED, PAYROLL_FROZEN and PAYROLL_PROCESSING_FAILED payrolls of a closed window to EXPIRED, and nothing else', async () => {
    const e = await tenant();
    const w = await worker(e.id);
    const processed = await uploadAndSettle(e.payroll, [row(w.employer_worker_id)]);
    await clearMonth(e.id);
    await env.deps.db.updateTable('payrolls').set({ status: 'PROCESSED' }).where('id', '=', processed._id).execute();
    const failed = await uploadAndSettle(e.payroll, [row('NOBODY')]);
    const frozen = await uploadAndSettle(e.payroll, [row(w.employer_worker_id)]);
    expect((await setStatus(e.payroll, frozen._id, 'PAYROLL_FROZEN')).status).toBe(200);
    expect((await upload(e.payroll, await sheet([HEADER, row(w.employer_worker_id)]))).status).toBe(409);
    // Window still open: nothing moves.
    expect(await expirePayrolls(env.deps, new Date())).toBe(0);
    // After the window of M has closed (the run month M+1 has ended).
    const later = new Date(`${firstDayOf(addMonths(M, 2))}T00:10:00+05:30`);
    const moved = await expirePayrolls(env.deps, later);
    expect(moved).toBeGreaterThanOrEqual(3);
    const statuses = await env.deps.db.selectFrom('payrolls').select(['id', 'status', 'expired_at']).where('employer_id', '=', e.id).execute();
    for (const id of [processed._id, failed._id, frozen._id]) expect(statuses.find((s) => s.id === id)!.status).toBe('EXPIRED');
    expect((await details(e.viewer)).body.status).toBe('EXPIRED');
    expect((await setStatus(e.payroll, frozen._id, 'CANCELLED')).status).toBe(409);
    // Executed and cancelled payrolls are not touched.
    expect(statuses.filter((s) => !['EXPIRED', 'CANCELLED'].includes(s.status))).toEqual([]);
  });
});
