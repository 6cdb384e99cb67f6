/**
 * The payout report (FINAL_REPORT; issue 12; docs/payroll-design.md "Payout report"): served by
 * GET /employer-admin/doc at the location payroll-details (`payrollFile.finalReport`) and the
 * history rows (`finalReport`) give once a payroll is executed; built at the call from the entries
 * as they are then. Real PostgreSQL, the real simulated bank and payout worker (as payouts.test.ts):
 * the workbook, read back with exceljs, carries every entry in sheet order with its amounts, status,
 * transaction id, UTR and date as the database holds them after the payouts settle, a failed payout
 * FAILED with the bank's reason, skipped rows with theirs, text cells that are never formulas, and
 * it is refused before execution and outside the caller's employer and vendor.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYROLL_REPORT_HEADERS,
  PAYROLL_REPORT_MSG,
  ROLE_IDS,
  UPLOAD_MSG,
  businessDate,
  documentLocation,
  formatDdMmYyyy,
  maskLast4,
  monthKey,
  monthOfDate,
  parseDocumentLocation,
  payrollMonthOf,
  payrollReportColumn,
  type PayrollDetails,
  type PayrollListResult,
} from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { processSheet } from '../src/sheets.js';
import { workPayoutJobs, type PayoutWorker } from '../src/features/payouts/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { insertWorker } from './workers-fixtures.js';
import { WEBHOOK_SECRET, insertFrozenPayroll, payoutCalls, startTestBank, until, type TestBank } from './payouts-fixtures.js';

let env: TestEnv;
let bank: TestBank;
let worker: PayoutWorker;
/** Employer A: owner, viewer, HR manager (PAYROLL READ, no VENDORS_PAYROLL), vendor admin of v1; employer B: owner. */
let A: { id: string; ownerId: string; owner: string; viewer: string; hr: string; vendorAdmin: string; vendorAdminId: string; v1: string; v2: string };
let B: { id: string; owner: string };

beforeAll(async () => {
  env = await createTestEnv({
    queue: true,
    env: { BANK_API_KEY: 'unused', BANK_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYOUT_SWEEP_MS: '300', PAYOUT_STALE_MS: '1500', PAYOUT_CONCURRENCY: '16' },
  });
  bank = await startTestBank(env.deps, env.deps.config.databaseUrl!, env.baseUrl);
  worker = (await workPayoutJobs(env.deps))!;
  await workDocumentJobs(env.deps, processSheet);
  const a = await createEmployer(env);
  const b = await createEmployer(env);
  const vendorAdmin = await createAdmin(env, a.employer.id, ROLE_IDS.vendorAdmin, a.vendors[0]!.id);
  A = {
    id: a.employer.id,
    ownerId: a.owner.id,
    owner: await signIn(env, a.owner),
    viewer: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.viewer)),
    hr: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.hrManager)),
    vendorAdmin: await signIn(env, vendorAdmin),
    vendorAdminId: vendorAdmin.id,
    v1: a.vendors[0]!.id,
    v2: a.vendors[1]!.id,
  };
  B = { id: b.employer.id, owner: await signIn(env, b.owner) };
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await bank?.sim.close();
  await env?.close();
});

// ---- helpers ----

const { execute, rerun, recharge, settled } = payoutCalls(() => env, () => bank);


/** The entries in sheet order with their current payout (the request id's). */
async function entriesWithPayouts(payrollId: string) {
  return env.deps.db
    .selectFrom('payroll_entries as e')
    .leftJoin('payouts as po', (j) => j.onRef('po.entry_id', '=', 'e.id'))
    .selectAll('e')
    .select(['po.id as payout_id', 'po.failure_reason', 'po.attempt'])
    .where('e.payroll_id', '=', payrollId)
    .where((eb) => eb.or([eb('po.id', 'is', null), eb(eb.cast('po.id', 'text'), '=', eb.ref('e.request_id'))]))
    .orderBy('e.position')
    .execute();
}

const details = (token: string, month: string, vendorId?: string) => {
  const m = monthOfDate(month);
  return env.call<PayrollDetails>('GET', '/employer-admin/payroll/payroll-details', { token, query: { month: String(m.month), year: String(m.year), vendorId } });
};
async function historyRow(token: string, payrollId: string, vendorId?: string) {
  const r = await env.call<PayrollListResult>('GET', '/employer-admin/payroll', { token, query: { vendorId, limit: '100' } });
  expect(r.status).toBe(200);
  return r.body.payrolls.find((p) => p._id === payrollId)!;
}

const reportAt = (payrollId: string, adminId = A.ownerId, employerId = A.id) => documentLocation(employerId, adminId, 'FINAL_REPORT', payrollId);
const fetchReport = (token: string, location: string, vendorId?: string) => env.call('GET', '/employer-admin/doc', { token, query: { ...parseDocumentLocation(location)!, vendorId } });

type Cell = string | number | null;
interface Report {
  fileName: string;
  mimeType: string;
  header: string[];
  /** entry rows (a row number in the first cell), in sheet order */
  entries: Cell[][];
  /** the totals lines */
  totals: Cell[][];
  /** every cell's kind as exceljs read it (a formula would be ExcelJS.ValueType.Formula) */
  types: number[];
}

/** The report of a location as the admin downloads it, read back with exceljs. */
async function readReport(token: string, location: string, vendorId?: string): Promise<Report> {
  const r = await fetchReport(token, location, vendorId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(r.body.b64File, 'base64') as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: Cell[][] = [];
  const types: number[] = [];
  ws.eachRow((row) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= PAYROLL_REPORT_HEADERS.length; c++) {
      const cell = row.getCell(c);
      types.push(cell.type);
      const v = cell.value as unknown;
      cells.push(v === null || v === undefined ? null : typeof v === 'object' && v && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('') : (v as string | number));
    }
    rows.push(cells);
  });
  return {
    fileName: r.body.fileName,
    mimeType: r.body.mimeType,
    header: rows[0] as string[],
    entries: rows.slice(1).filter((c) => typeof c[0] === 'number'),
    totals: rows.slice(1).filter((c) => typeof c[0] !== 'number'),
    types,
  };
}

const col = payrollReportColumn;
const text = (v: Cell | undefined) => (v === null || v === undefined ? '' : String(v));
const istDate = (at: Date) => formatDdMmYyyy(businessDate(at));

/** Every entry row of the report is the database's entry at the same place. */
async function expectReportMatchesDb(report: Report, payrollId: string) {
  const db = await entriesWithPayouts(payrollId);
  expect(report.entries).toHaveLength(db.length);
  db.forEach((e, i) => {
    const row = report.entries[i]!;
    expect(row[col('rowNumber')]).toBe(e.row_number);
    expect(row[col('employeeId')]).toBe(e.employer_employee_code);
    const account = env.deps.protector.openText(e.account_number);
    expect(text(row[col('accountNumber')])).toBe(maskLast4(account));
    expect(text(row[col('accountNumber')])).not.toContain(account.slice(0, -4));
    expect(row[col('ifsc')]).toBe(e.ifsc);
    expect(row[col('salary')]).toBe(e.salary / 100);
    expect(row[col('deductions')]).toBe(e.deductions / 100);
    expect(row[col('amount')]).toBe(e.amount_payable / 100);
    expect(row[col('status')]).toBe(e.status);
    expect(text(row[col('transactionId')])).toBe(e.request_id ?? '');
    expect(text(row[col('utr')])).toBe(e.utr ?? '');
    if (e.status === 'TRANSFERRED') expect(row[col('date')]).toBe(istDate(e.paid_at!));
    else if (e.status === 'SKIPPED') expect(row[col('date')]).toBeNull();
    else expect(row[col('date')]).toBe(istDate(e.updated_at));
    if (e.status === 'SKIPPED') expect(row[col('reason')]).toBe(e.skip_reason);
    else if (e.status === 'FAILED') expect(row[col('reason')]).toBe(e.failure_reason);
    else expect(row[col('reason')]).toBeNull();
  });
  return db;
}

// ---- before execution ----

describe('before execution', () => {
  it('has no finalReport in payroll-details and the history, and the report is refused (409) for every status before execution', async () => {
    const p = await insertFrozenPayroll(env.deps, env.clock.now(), { employerId: A.id, adminId: A.ownerId, entries: 2 });
    const d = await details(A.owner, p.month);
    expect(d.status).toBe(200);
    expect(d.body._id).toBe(p.payrollId);
    expect(d.body.payrollFile.finalReport).toBeNull();
    expect((await historyRow(A.owner, p.payrollId)).finalReport).toBeNull();
    for (const status of ['PROCESSED', 'PAYROLL_FROZEN', 'EXPIRED', 'CANCELLED'] as const) {
      await env.deps.db.updateTable('payrolls').set({ status }).where('id', '=', p.payrollId).execute();
      const r = await fetchReport(A.owner, reportAt(p.payrollId));
      expect(r.status, status).toBe(409);
      expect(r.body.message).toEqual({ description: PAYROLL_REPORT_MSG.notReady, code: 'PAYROLL_NOT_EXECUTED' });
      expect((await historyRow(A.owner, p.payrollId)).finalReport, status).toBeNull();
    }
  });
});

// ---- after execution ----

describe('after execution', () => {
  it('lists every entry in sheet order with amount, status, transaction id, UTR and date as the database holds them; a failed payout FAILED, skipped rows with their reason; a re-run shows in the next download', async () => {
    const stamp = String(Date.now() % 1e6).padStart(6, '0');
    const p = await insertFrozenPayroll(env.deps, env.clock.now(), {
      employerId: A.id,
      adminId: A.ownerId,
      entries: 6,
      skipped: 2,
      advances: 2,
      emis: 1,
      salary: (i) => 2_000_000 + i * 12_345,
      account: (i) => `66${stamp}${String(i).padStart(4, '0')}`,
    });
    const before = await entriesWithPayouts(p.payrollId);
    const failing = before[2]!;
    await bank.setRules({ failAccounts: [env.deps.protector.openText(failing.account_number)] });
    try {
      await recharge(A.owner, p.totalSalary);
      const ok = await execute(A.owner, p.payrollId);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      // From the execution on, the location is given (the report of a payroll still paying out is what it is now).
      const location = reportAt(p.payrollId);
      expect((await details(A.owner, p.month)).body.payrollFile.finalReport).toBe(location);
      expect((await historyRow(A.owner, p.payrollId)).finalReport).toBe(location);
      expect((await settled(p.payrollId)).status).toBe('DISBURSAL_FAILED');

      const report = await readReport(A.owner, location);
      expect(report.fileName).toBe(`payroll-report-${monthKey(monthOfDate(p.month))}.xlsx`);
      expect(report.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(report.header).toEqual([...PAYROLL_REPORT_HEADERS]);
      const db = await expectReportMatchesDb(report, p.payrollId);
      expect(report.entries.map((r) => r[col('status')])).toEqual(['TRANSFERRED', 'TRANSFERRED', 'FAILED', 'TRANSFERRED', 'TRANSFERRED', 'TRANSFERRED', 'SKIPPED', 'SKIPPED']);
      const failed = report.entries[2]!;
      expect(failed[col('employeeId')]).toBe(failing.employer_employee_code);
      expect(text(failed[col('reason')])).not.toBe('');
      expect(text(failed[col('transactionId')])).toBe(db[2]!.request_id);
      for (const r of report.entries.filter((x) => x[col('status')] === 'TRANSFERRED')) expect(text(r[col('utr')])).toMatch(/^\d{12}$/);
      for (const r of report.entries.filter((x) => x[col('status')] === 'SKIPPED')) {
        expect(r[col('reason')]).toBe('No paid days in the month');
        expect(r[col('transactionId')]).toBeNull();
      }
      // Money as numbers in rupees (2 decimals), the deductions included.
      expect(report.entries[0]![col('salary')]).toBe(20_000);
      expect(report.entries[1]![col('salary')]).toBe(20_123.45);
      expect(report.entries[0]![col('deductions')]).toBe(2_000);
      expect(report.entries[1]![col('amount')]).toBe(18_623.45);
      // Totals: the payroll's breakup over the entries sent to the bank, and what was paid.
      const [total, paid] = report.totals;
      expect(total![col('employeeId')]).toBe(PAYROLL_REPORT_MSG.totalLabel);
      expect(total![col('salary')]).toBe(p.totalSalary / 100);
      expect(total![col('deductions')]).toBe(p.totalDeductions / 100);
      expect(total![col('amount')]).toBe(p.totalPayable / 100);
      expect(paid![col('employeeId')]).toBe(PAYROLL_REPORT_MSG.paidLabel);
      const paidSum = db.filter((e) => e.status === 'TRANSFERRED').reduce((s, e) => s + e.amount_payable, 0);
      expect(paid![col('amount')]).toBe(paidSum / 100);
      expect(paid![col('status')]).toBe('5 paid');

      // The re-run: the next download is built from the entries as they are then.
      await bank.setRules({ failAccounts: [] });
      expect((await rerun(A.owner, p.payrollId)).status).toBe(200);
      expect((await settled(p.payrollId)).status).toBe('DISBURSAL_COMPLETED');
      const again = await readReport(A.owner, location);
      const after = await expectReportMatchesDb(again, p.payrollId);
      expect(again.entries[2]![col('status')]).toBe('TRANSFERRED');
      expect(text(again.entries[2]![col('utr')])).toMatch(/^\d{12}$/);
      expect(after[2]!.attempt).toBe(2);
      expect(text(again.entries[2]![col('transactionId')])).toBe(after[2]!.payout_id);
      expect(again.entries[2]![col('transactionId')]).not.toBe(failed[col('transactionId')]);
      expect(again.totals[1]![col('amount')]).toBe(p.totalPayable / 100);
      // READ is enough.
      expect((await fetchReport(A.viewer, location)).status).toBe(200);
      expect((await fetchReport(A.hr, location)).status).toBe(200);
    } finally {
      await bank.setRules({ failAccounts: [] });
    }
  }, 90_000);
});

// ---- formula safety ----

describe('formula safety', () => {
  it('writes a hostile name from the uploaded sheet, and any other text starting = + - @ or a tab, as text, never a formula', async () => {
    const e = await createEmployer(env);
    const owner = await signIn(env, e.owner);
    const M = payrollMonthOf(businessDate(env.clock.now()));
    const workers = await Promise.all([0, 1, 2].map(() => insertWorker(env, { employer_id: e.employer.id })));
    const hostile = ['=HYPERLINK("http://x","y")', '+SUM(1,2)', '@cmd', 'Asha Rao'];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Payroll');
    ws.addRow(['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC']);
    workers.forEach((w, i) => ws.addRow([w.employer_worker_id, hostile[i], '', 30000, 30, 30, `9200000000${i}`, 'HDFC0001234']));
    const up = await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token: owner, body: { file: Buffer.from(await wb.xlsx.writeBuffer()).toString('base64'), fileName: 'payroll.xlsx' } });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const payrollId = up.body.payrollId as string;
    const month = `${monthKey(M)}-01`;
    const processed = await until('processing', async () => {
      const d = await details(owner, month);
      return d.status === 200 && d.body.status === 'PROCESSED' ? d.body : null;
    });
    expect(processed.finalizedEntries).toBe(3);
    expect((await env.call('PUT', '/employer-admin/payroll/update-payroll-status', { token: owner, body: { payrollId, status: 'PAYROLL_FROZEN' } })).status).toBe(200);
    // Other text columns with what a spreadsheet would run: a mobile and an Employee ID as the entries hold them.
    await env.deps.db.updateTable('payroll_entries').set({ mobile: '-2+3', employer_employee_code: '\tcmd|calc' }).where('payroll_id', '=', payrollId).where('row_number', '=', 4).execute();
    await recharge(owner, processed.completePayrollPayoutBreakup.totalBalanceRequired);
    expect((await execute(owner, payrollId)).status).toBe(200);
    const done = await until('the payroll to be paid', async () => {
      const d = await details(owner, month);
      return d.body.status === 'DISBURSAL_COMPLETED' ? d.body : null;
    });
    expect(done.payrollFile.finalReport).toBe(documentLocation(e.employer.id, e.owner.id, 'FINAL_REPORT', payrollId));

    const report = await readReport(owner, done.payrollFile.finalReport!);
    expect(report.types).not.toContain(ExcelJS.ValueType.Formula);
    const names = report.entries.map((r) => r[col('name')]);
    expect(names).toEqual([`'${hostile[0]}`, `'${hostile[1]}`, `'${hostile[2]}`]);
    expect(report.entries[2]![col('mobile')]).toBe("'-2+3");
    expect(report.entries[2]![col('employeeId')]).toBe("'\tcmd|calc");
    await expectReportMatchesDb(
      { ...report, entries: report.entries.map((r, i) => (i === 2 ? r.map((c, k) => (k === col('employeeId') ? '\tcmd|calc' : c)) : r)) },
      payrollId,
    );
  }, 60_000);
});

// ---- scoping ----

describe('scoping', () => {
  it("answers 404 for another employer's payroll, a location with another admin, and a vendor's payroll outside its vendor; 403 without VENDORS_PAYROLL", async () => {
    // A vendor payroll of v1, run in v1's context by its vendor admin.
    const v = await insertFrozenPayroll(env.deps, env.clock.now(), { employerId: A.id, vendorId: A.v1, adminId: A.vendorAdminId, entries: 2 });
    await recharge(A.owner, v.totalSalary); // the employer recharges: a vendor sees no virtual account (decision 0034)
    expect((await execute(A.vendorAdmin, v.payrollId, A.v1)).status).toBe(200);
    expect((await settled(v.payrollId)).status).toBe('DISBURSAL_COMPLETED');
    const location = (await details(A.vendorAdmin, v.month, A.v1)).body.payrollFile.finalReport!;
    expect(location).toBe(reportAt(v.payrollId, A.vendorAdminId));
    expect((await historyRow(A.vendorAdmin, v.payrollId, A.v1)).finalReport).toBe(location);

    const inV1 = await readReport(A.vendorAdmin, location, A.v1);
    expect(inV1.entries).toHaveLength(2);
    expect((await fetchReport(A.owner, location, A.v1)).status).toBe(200);
    const notFound = { description: UPLOAD_MSG.notFound, code: expect.any(String) };
    // The other vendor's context, and the employer's own context, do not hold it.
    for (const r of [await fetchReport(A.owner, location, A.v2), await fetchReport(A.owner, location)]) {
      expect(r.status).toBe(404);
      expect(r.body.message).toEqual(notFound);
    }
    // A vendor admin may not enter another vendor; an HR manager has PAYROLL but not VENDORS_PAYROLL.
    expect((await fetchReport(A.vendorAdmin, location, A.v2)).status).toBe(403);
    expect((await fetchReport(A.hr, location, A.v1)).status).toBe(403);
    // Another employer: not found, whatever the location says.
    expect((await fetchReport(B.owner, location)).status).toBe(404);
    expect((await fetchReport(B.owner, reportAt(v.payrollId, A.vendorAdminId, B.id))).status).toBe(404);
    // The location names the payroll's admin: another admin id is no location of it.
    expect((await fetchReport(A.vendorAdmin, reportAt(v.payrollId, A.ownerId), A.v1)).status).toBe(404);
    // An unknown payroll.
    expect((await fetchReport(A.owner, reportAt('00000000-0000-4000-8000-0000000000ff'))).status).toBe(404);
  }, 60_000);
});
