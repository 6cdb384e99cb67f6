/**
 * Bulk writes without a spreadsheet (issue 26, decision 0046): JSON rows through the same sheet
 * kinds as an upload, with the same outcomes and reasons row for row, an Idempotency-Key that
 * replays the first answer and refuses another body, the source in the history, and the scope of
 * the key that made them.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MSG, BUSINESS_TIME_ZONE, PAYROLL_MSG, PAYROLL_ROW_MSG, ROLE_IDS, SKIP_REASONS, addMonths, isoDateInZone, monthKey, monthLabel, payrollMonthOf } from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { processSheet } from '../src/sheets.js';
import { adminRow, createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { insertWorker, uniqueTag } from './workers-fixtures.js';

let env: TestEnv;
let owner: string;
let key: string;
let employer: Awaited<ReturnType<typeof createEmployer>>;

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  await workDocumentJobs(env.deps, processSheet);
  employer = await createEmployer(env);
  owner = await signIn(env, employer.owner);
  const made = await env.call('POST', '/employer-admin/api-keys', { token: owner, body: { name: 'HRMS', resources: { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'] } } });
  key = made.body.secret;
});
afterAll(() => env?.close());

const bulk = (kind: string, rows: unknown[], idempotencyKey: string | null, token = key) =>
  fetch(`${env.baseUrl}/api/employer-admin/bulk/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: JSON.stringify({ rows }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

async function settled(url: string, token = key) {
  for (let i = 0; i < 300; i++) {
    const r = await fetch(`${env.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await r.json()) as any;
    if (body.status !== 'PROCESSING') return body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('still processing after 30 s');
}

const employees = () => {
  const a = uniqueMobile();
  const b = uniqueMobile();
  return [
    { employerEmployeeId: `B-${a}`, fullName: 'Bulk One', mobile: a, currentMonthlySalary: 25000, joiningDate: '2025-04-01' },
    { employerEmployeeId: `B-${b}`, fullName: 'Bulk Two', mobile: b, currentMonthlySalary: '32,000', joiningDate: '15/05/2025', isTransactionAllowed: 'No' },
    { employerEmployeeId: `B-${a}-x`, fullName: '', mobile: '12345', currentMonthlySalary: 1.5, joiningDate: '31/02/2025' },
  ];
};

describe('bulk writes', () => {
  it('take JSON rows through the employee sheet: the same outcomes and reasons as the same rows uploaded as a sheet', async () => {
    const rows = employees();
    const res = await bulk('employees', rows, 'emp-1');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ status: 'PROCESSING', docType: 'ADD_EMPLOYEES_BULK_UPLOAD', statusUrl: `/api/employer-admin/bulk/${res.body.uploadId}` });
    const done = await settled(res.body.statusUrl);
    expect(done).toMatchObject({ status: 'PROCESSED', counts: { total: 3, created: 2, failed: 1 } });
    expect(done.rows.map((r: any) => [r.row, r.status])).toEqual([
      [1, 'CREATED'],
      [2, 'CREATED'],
      [3, 'FAILED'],
    ]);

    // The same rows as a sheet uploaded by another employer's admin.
    const other = await createEmployer(env);
    const otherToken = await signIn(env, other.owner);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Employee ID', 'Full Name', 'Mobile', 'Monthly Salary', 'Joining Date', 'Withdrawal Allowed']);
    for (const r of rows) ws.addRow([r.employerEmployeeId, r.fullName, r.mobile, r.currentMonthlySalary, r.joiningDate, (r as { isTransactionAllowed?: string }).isTransactionAllowed ?? null]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(await wb.xlsx.writeBuffer()))]), 'employees.xlsx');
    const up = (await (await fetch(`${env.baseUrl}/api/v2/employer-admin/upload-employee-doc`, { method: 'POST', headers: { authorization: `Bearer ${otherToken}` }, body: form })).json()) as any;
    const viaSheet = await settled(`/api/employer-admin/bulk/${up._id}`, otherToken);
    expect(viaSheet.rows).toEqual(done.rows);
    expect(done.rows[2].reason).toBeTruthy();

    // Written as the sheet writes them: the second worker's salary and withdrawal flag.
    const w = await env.deps.db.selectFrom('workers').selectAll().where('employer_worker_id', '=', rows[1]!.employerEmployeeId).executeTakeFirstOrThrow();
    expect(w.current_monthly_salary).toBe(3_200_000);
    expect(w.is_transaction_allowed).toBe(false);

    // The history names the key and its maker.
    const history = await env.call('GET', '/v2/employer-admin/doc-upload-audit-logs', { token: owner, query: { docType: 'ADD_EMPLOYEES_BULK_UPLOAD' } });
    expect(JSON.stringify(history.body)).toContain(`API key HRMS (${(await adminRow(env, employer.owner.id)).name})`);
  });

  it('replay the first answer for a repeated Idempotency-Key and body, and refuse another body with it', async () => {
    const rows = employees().slice(0, 1);
    const first = await bulk('employees', rows, 'emp-2');
    const again = await bulk('employees', rows, 'emp-2');
    expect(again.status).toBe(202);
    expect(again.body.uploadId).toBe(first.body.uploadId);
    const other = await bulk('employees', employees().slice(0, 1), 'emp-2');
    expect(other.status).toBe(409);
    expect(other.body.message.description).toBe(BULK_MSG.idempotencyKeyReused);
    const { rows: n } = await env.deps.pool.query('select count(*)::int as n from document_uploads where employer_id = $1 and api_key_id is not null', [employer.employer.id]);
    expect(n[0].n).toBe(2); // emp-1 and emp-2, nothing for the repeat or the refusal
  });

  it('refuse, writing nothing, a request without the key, with an unknown field, or outside the key’s scope', async () => {
    const before = await env.deps.pool.query('select count(*)::int as n from document_uploads');
    const noKey = await bulk('employees', employees(), null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message.description).toBe(BULK_MSG.idempotencyKeyMissing);
    const unknown = await bulk('employees', [{ employerEmployeeId: 'X', salary: 1 }], 'emp-3');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message.description).toMatch(/^Row 1: unknown field "salary"/);
    const nested = await bulk('employees', [{ employerEmployeeId: { a: 1 } }], 'emp-4');
    expect(nested.status).toBe(400);
    const attendance = await bulk('attendance', [{ employerEmployeeId: 'X', date: '2026-11-02', status: 'Present' }], 'att-1');
    expect(attendance.status).toBe(403);
    const after = await env.deps.pool.query('select count(*)::int as n from document_uploads');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    // Another employer's upload is not found through the status URL.
    const viewer = await signIn(env, (await createEmployer(env)).owner);
    const theirs = await fetch(`${env.baseUrl}/api/employer-admin/bulk/${(await env.deps.pool.query('select id from document_uploads where employer_id = $1 limit 1', [employer.employer.id])).rows[0].id}`, { headers: { authorization: `Bearer ${viewer}` } });
    expect(theirs.status).toBe(404);
  });
});

// ---- payroll entries for a month (POST /employer-admin/bulk/payroll) ----

const payrollBulk = (body: Record<string, unknown>, idempotencyKey: string, token: string, vendorId?: string) =>
  fetch(`${env.baseUrl}/api/employer-admin/bulk/payroll${vendorId ? `?vendorId=${vendorId}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

const PAYROLL_HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];
type PayrollRow = { employerEmployeeId: string; fullName: string; mobile?: string | null; salary: number | string; workingDays: number | string; paidDays: number | string; accountNumber: string; ifsc: string };

/** The same rows as the xlsx a person would upload on the payroll screen, sent to upload-payroll-doc; its upload id. */
async function payrollSheetUpload(token: string, rows: PayrollRow[], o: { vendorId?: string; payrollMonth?: string; docType?: string } = {}) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Payroll');
  ws.addRow(PAYROLL_HEADER);
  for (const r of rows) ws.addRow([r.employerEmployeeId, r.fullName, r.mobile ?? null, r.salary, r.workingDays, r.paidDays, r.accountNumber, r.ifsc]);
  const file = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
  return env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token, query: { vendorId: o.vendorId }, body: { file, fileName: 'payroll.xlsx', ...o, vendorId: undefined } });
}

/** What a payroll wrote, per row: the entries' amounts in paise, statuses, reasons and flags. */
const entriesOf = async (payrollId: string) =>
  (
    await env.deps.db
      .selectFrom('payroll_entries')
      .select(['row_number', 'employer_employee_code', 'name', 'monthly_salary', 'working_days', 'paid_days', 'salary', 'deductions', 'amount_payable', 'status', 'skip_reason', 'account_number_masked', 'ifsc', 'flags'])
      .where('payroll_id', '=', payrollId)
      .orderBy('row_number')
      .execute()
  ).map((e) => ({ ...e, flags: [...(e.flags ?? [])].sort() }));

describe('bulk payroll entries for a month', () => {
  let A: { id: string; owner: string; viewer: string; v1: string; key: string; readKey: string; vendorKey: string; ownerName: string };
  let B: { id: string; owner: string };
  const codes = [`PB-${uniqueTag()}`, `PB-${uniqueTag()}`, `PB-${uniqueTag()}`];
  const vendorCode = `PV-${uniqueTag()}`;
  const month = () => payrollMonthOf(isoDateInZone(new Date(), BUSINESS_TIME_ZONE));

  beforeAll(async () => {
    const a = await createEmployer(env);
    const b = await createEmployer(env);
    const owner = await signIn(env, a.owner);
    const newKey = async (name: string, resources: Record<string, string[]>, vendorId: string | null = null) =>
      (await env.call('POST', '/employer-admin/api-keys', { token: owner, body: { name, resources, vendorId } })).body.secret as string;
    A = {
      id: a.employer.id,
      owner,
      viewer: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.viewer)),
      v1: a.vendors[0]!.id,
      key: await newKey('Payroll sync', { EMPLOYER_PORTAL_PAYROLL: ['WRITE'] }),
      readKey: await newKey('Payroll reader', { EMPLOYER_PORTAL_PAYROLL: ['READ'] }),
      vendorKey: await newKey('Vendor payroll', { EMPLOYER_PORTAL_VENDORS_PAYROLL: ['WRITE'] }, a.vendors[0]!.id),
      ownerName: (await adminRow(env, a.owner.id)).name,
    };
    B = { id: b.employer.id, owner: await signIn(env, b.owner) };
    // The same workers in both employers: one active, one active, one inactive since before the month.
    for (const e of [A.id, B.id]) {
      await insertWorker(env, { employer_id: e, employer_worker_id: codes[0]!, full_name: 'Meena Kumari', joined_at: '2025-01-01' });
      await insertWorker(env, { employer_id: e, employer_worker_id: codes[1]!, full_name: 'Ravi Das', joined_at: '2025-01-01' });
      await insertWorker(env, { employer_id: e, employer_worker_id: codes[2]!, full_name: 'Old Hand', joined_at: '2024-01-01', employment_status: 'INACTIVE', terminated_at: '2025-01-31' });
    }
    await insertWorker(env, { employer_id: A.id, vendor_id: A.v1, employer_worker_id: vendorCode, full_name: 'Vendor Worker', joined_at: '2025-01-01' });
  });

  const validRows = (): PayrollRow[] => [
    { employerEmployeeId: codes[0]!, fullName: 'Meena Kumari', salary: 30000, workingDays: 30, paidDays: 30, accountNumber: '50100123456789', ifsc: 'HDFC0001234' },
    { employerEmployeeId: codes[1]!, fullName: 'Ravi Das', mobile: null, salary: '24,000.50', workingDays: 26, paidDays: 13.5, accountNumber: '123456789012', ifsc: 'sbin0070123' },
    { employerEmployeeId: codes[2]!, fullName: 'Old Hand', salary: 18000, workingDays: 26, paidDays: 26, accountNumber: '31234567890', ifsc: 'ICIC0000456' },
  ];
  const asJson = (rows: PayrollRow[]) =>
    rows.map(({ salary, workingDays, paidDays, ...r }) => ({ ...r, salary, workingDays, paidDays }));

  it('refuse an invalid row as the sheet does: the whole payroll fails, every row with the same status and reason', async () => {
    const rows: PayrollRow[] = [
      validRows()[0]!,
      { employerEmployeeId: 'NOBODY-1', fullName: 'Nobody', salary: 1000, workingDays: 30, paidDays: 30, accountNumber: '50100123456780', ifsc: 'HDFC0001234' },
      { ...validRows()[1]!, ifsc: 'BAD' },
    ];
    const res = await payrollBulk({ rows: asJson(rows) }, 'pay-fail-1', A.key);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ status: 'PROCESSING', docType: 'PAYROLL_UPLOAD', statusUrl: `/api/employer-admin/bulk/${res.body.uploadId}` });
    const done = await settled(res.body.statusUrl, A.key);
    expect(done).toMatchObject({ status: 'FAILED', failureReason: PAYROLL_MSG.rowsFailed(2), counts: { total: 3, failed: 2 } });
    expect(done.rows.map((r: any) => [r.row, r.status])).toEqual([
      [1, 'VALID'],
      [2, 'FAILED'],
      [3, 'FAILED'],
    ]);
    expect(done.rows[1].reason).toBe(PAYROLL_ROW_MSG.unknownEmployeeId);
    expect(done.rows[2].reason).toContain(PAYROLL_ROW_MSG.ifsc);

    const up = await payrollSheetUpload(B.owner, rows);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const viaSheet = await settled(`/api/employer-admin/bulk/${up.body.documentId}`, B.owner);
    expect(viaSheet.rows).toEqual(done.rows);
    expect(viaSheet.failureReason).toBe(done.failureReason);
    const payroll = await env.deps.db.selectFrom('payrolls').select(['status', 'failure_reason']).where('id', '=', res.body.payrollId).executeTakeFirstOrThrow();
    expect(payroll).toEqual({ status: 'PAYROLL_PROCESSING_FAILED', failure_reason: PAYROLL_MSG.rowsFailed(2) });
    expect(await entriesOf(res.body.payrollId)).toEqual([]);
  });

  it('write the same entries (amounts in paise) with the same outcomes as the same rows uploaded as the payroll sheet, named in the payroll history', async () => {
    const rows = validRows();
    const res = await payrollBulk({ rows: asJson(rows), payrollMonth: monthKey(month()) }, 'pay-ok-1', A.key);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await settled(res.body.statusUrl, A.key);
    expect(done).toMatchObject({ status: 'PROCESSED', failureReason: null, counts: { total: 3, created: 3, failed: 0 } });
    expect(done.rows).toEqual([
      { row: 1, status: 'FINALIZED', reason: null },
      { row: 2, status: 'FINALIZED', reason: null },
      { row: 3, status: 'SKIPPED', reason: SKIP_REASONS.inactive },
    ]);

    const up = await payrollSheetUpload(B.owner, rows, { payrollMonth: monthKey(month()) });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const viaSheet = await settled(`/api/employer-admin/bulk/${up.body.documentId}`, B.owner);
    expect(viaSheet.rows).toEqual(done.rows);

    const viaJson = await entriesOf(res.body.payrollId);
    expect(viaJson).toEqual(await entriesOf(up.body.payrollId));
    expect(viaJson.map((e) => [e.monthly_salary, e.salary, e.amount_payable])).toEqual([
      [3_000_000, 3_000_000, 3_000_000],
      [2_400_050, 1_246_180, 1_246_180], // 24,000.50 for 13.5 of 26 days
      [1_800_000, 1_800_000, 1_800_000],
    ]);
    expect(viaJson[1]!.ifsc).toBe('SBIN0070123');

    // The payroll history shows it with its source, as the sheet histories do; the answer's payroll is that one.
    const history = await env.call('GET', '/employer-admin/payroll', { token: A.owner });
    const listed = history.body.payrolls.find((p: any) => p._id === res.body.payrollId);
    expect(listed).toMatchObject({ documentId: res.body.uploadId, status: 'PROCESSED', uploadedBy: `API key Payroll sync (${A.ownerName})` });
    const details = await env.call('GET', '/employer-admin/payroll/payroll-details', { token: A.owner, query: { month: String(month().month), year: String(month().year) } });
    expect(details.body._id).toBe(res.body.payrollId);
  });

  it('replay the first answer for a repeated Idempotency-Key and body, and refuse another body with it', async () => {
    const body = { rows: asJson(validRows().slice(0, 2)) };
    const first = await payrollBulk(body, 'pay-idem-1', A.key);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    await settled(first.body.statusUrl, A.key);
    const again = await payrollBulk(body, 'pay-idem-1', A.key);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ uploadId: first.body.uploadId, payrollId: first.body.payrollId, status: 'PROCESSED' });
    for (const other of [{ rows: asJson(validRows().slice(0, 1)) }, { ...body, docType: 'PAYROLL_STREAMING_ACCOUNT' }, { ...body, payrollMonth: monthKey(month()) }]) {
      const r = await payrollBulk(other, 'pay-idem-1', A.key);
      expect(r.status).toBe(409);
      expect(r.body.message.description).toBe(BULK_MSG.idempotencyKeyReused);
    }
    // Keys are per employer: emp-1 is the first suite's employer's, so here it is a new request.
    const fresh = await payrollBulk(body, 'emp-1', A.key);
    expect(fresh.status).toBe(202);
    expect(fresh.body.uploadId).not.toBe(first.body.uploadId);
    await settled(fresh.body.statusUrl, A.key);
    const { rows: n } = await env.deps.pool.query('select count(*)::int as n from payrolls where employer_id = $1', [A.id]);
    expect(n[0].n).toBe(4); // failed, ok, idem-1 and emp-1: nothing for the repeat or the refusals
  });

  it('refuse, writing nothing, a caller without PAYROLL WRITE, another month and a streaming payroll without the opt-in, as the sheet upload does', async () => {
    const body = { rows: asJson(validRows().slice(0, 1)) };
    const before = await env.deps.pool.query('select count(*)::int as n from document_uploads where employer_id = $1', [A.id]);
    expect((await payrollBulk(body, 'pay-read', A.readKey)).status).toBe(403);
    expect((await payrollBulk(body, 'pay-viewer', A.viewer)).status).toBe(403);
    expect((await payrollBulk(body, 'pay-employees', key)).status).toBe(403); // the first suite's key: EMPLOYEES WRITE only

    const next = monthKey(addMonths(month(), 1));
    const wrong = await payrollBulk({ ...body, payrollMonth: next }, 'pay-month', A.key);
    const wrongSheet = await payrollSheetUpload(A.owner, validRows().slice(0, 1), { payrollMonth: next });
    expect([wrong.status, wrong.body.message]).toEqual([400, wrongSheet.body.message]);
    expect(wrong.body.message.description).toBe(PAYROLL_MSG.wrongMonth(monthLabel(month())));

    const streaming = await payrollBulk({ ...body, docType: 'PAYROLL_STREAMING_ACCOUNT' }, 'pay-streaming', A.key);
    const streamingSheet = await payrollSheetUpload(A.owner, validRows().slice(0, 1), { docType: 'PAYROLL_STREAMING_ACCOUNT' });
    expect([streaming.status, streaming.body.message]).toEqual([409, streamingSheet.body.message]);
    expect(streaming.body.message.description).toBe(PAYROLL_MSG.streamingNotOptedIn);

    const unknown = await payrollBulk({ rows: [{ ...body.rows[0], currentMonthlySalary: 1 }] }, 'pay-field', A.key);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message.description).toMatch(/^Row 1: unknown field "currentMonthlySalary"\. Fields: employerEmployeeId, fullName, mobile, salary, workingDays, paidDays, accountNumber, ifsc$/);

    const after = await env.deps.pool.query('select count(*)::int as n from document_uploads where employer_id = $1', [A.id]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    // A refused request kept no key: the same key may be used once the request can be taken.
    expect((await env.deps.pool.query("select count(*)::int as n from idempotency_keys where employer_id = $1 and key like 'pay-%' and key not in ('pay-fail-1', 'pay-ok-1', 'pay-idem-1')", [A.id])).rows[0].n).toBe(0);
  });

  it('keep a payroll upload’s status to its employer, and to callers that may read payroll', async () => {
    const mine = (await env.deps.pool.query("select id from document_uploads where employer_id = $1 and doc_type = 'PAYROLL_UPLOAD' limit 1", [A.id])).rows[0].id;
    const get = (token: string) => fetch(`${env.baseUrl}/api/employer-admin/bulk/${mine}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await get(A.readKey)).status).toBe(200);
    const otherKey = (await env.call('POST', '/employer-admin/api-keys', { token: B.owner, body: { name: 'Theirs', resources: { EMPLOYER_PORTAL_PAYROLL: ['WRITE'] } } })).body.secret;
    expect((await get(otherKey)).status).toBe(404);
    expect((await get(key)).status).toBe(404); // the first suite's key: another employer, and no payroll
  });

  it('are described in the API description: the body beside the rows and the payroll in the answer', async () => {
    const doc = (await (await fetch(`${env.baseUrl}/api/docs/json`)).json()) as any;
    const post = doc.paths['/api/employer-admin/bulk/payroll'].post;
    expect(post.tags).toEqual(['bulk']);
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties).sort()).toEqual(['docType', 'payrollMonth', 'rows']);
    expect(post.responses['202'].content['application/json'].schema.properties).toHaveProperty('payrollId');
    expect(post.parameters.map((p: any) => p.name).sort()).toEqual(['idempotency-key', 'vendorId']);
  });

  it('take a vendor’s payroll in the vendor context, with that vendor’s workers only', async () => {
    const row = { employerEmployeeId: vendorCode, fullName: 'Vendor Worker', salary: 20000, workingDays: 30, paidDays: 15, accountNumber: '50100999888777', ifsc: 'HDFC0001234' };
    const res = await payrollBulk({ rows: [row] }, 'pay-vendor-1', A.vendorKey, A.v1);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await settled(`${res.body.statusUrl}?vendorId=${A.v1}`, A.vendorKey);
    expect(done).toMatchObject({ status: 'PROCESSED', rows: [{ row: 1, status: 'FINALIZED', reason: null }] });
    const p = await env.deps.db.selectFrom('payrolls').select(['vendor_id', 'total_payable']).where('id', '=', res.body.payrollId).executeTakeFirstOrThrow();
    expect(p).toEqual({ vendor_id: A.v1, total_payable: 1_000_000 });
    // Outside its vendor the key is refused; the employer's own context does not know the vendor's worker.
    expect((await payrollBulk({ rows: [row] }, 'pay-vendor-2', A.vendorKey)).status).toBe(403);
    const own = await payrollBulk({ rows: [row] }, 'pay-vendor-3', A.key);
    expect(own.status, JSON.stringify(own.body)).toBe(202);
    const ownDone = await settled(own.body.statusUrl, A.key);
    expect(ownDone).toMatchObject({ status: 'FAILED', rows: [{ row: 1, status: 'FAILED', reason: PAYROLL_ROW_MSG.unknownEmployeeId }] });
  });

  it('refuse a month whose payroll is finalized, as the sheet upload does', async () => {
    const processed = await payrollBulk({ rows: asJson(validRows().slice(0, 1)) }, 'pay-frozen-1', A.key);
    expect((await settled(processed.body.statusUrl, A.key)).status).toBe('PROCESSED');
    // Frozen as hrAction would leave it (the test sets the state; the lifecycle's moves have their own tests).
    await env.deps.db.updateTable('payrolls').set({ status: 'PAYROLL_FROZEN' }).where('id', '=', processed.body.payrollId).execute();
    const again = await payrollBulk({ rows: asJson(validRows().slice(0, 2)) }, 'pay-frozen-2', A.key);
    const sheet = await payrollSheetUpload(A.owner, validRows().slice(0, 2));
    expect([again.status, again.body.message]).toEqual([409, sheet.body.message]);
    expect(again.body.message.description).toBe(PAYROLL_MSG.alreadyFinalized(monthLabel(month())));
  });
});
