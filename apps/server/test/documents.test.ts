/**
 * Document uploads (issue 4; spec 2.7, 2.8, 4.3, 5.2, 7): every type in both contexts with READ
 * and WRITE, the processing job (real queue, real sheets), the histories, the attendance list,
 * raw files, downloads, the samples, and the bad input of the issue, each refused or reported row
 * by row with nothing outside the valid rows written.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE_DAY_STATUS_LABELS,
  EMPLOYEE_SHEET_COLUMNS,
  EMPLOYEE_MSG,
  EMPLOYEE_SERVER_MSG,
  ROLE_IDS,
  SAMPLE_FILE_NAMES,
  SHEET_MSG,
  UPLOAD_MSG,
  parseDocumentLocation,
  type UploadAuditRecord,
} from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { processSheet } from '../src/sheets.js';
import { createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { readEntry, verifyZip, writeZip } from '../src/platform/uploads/zip.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { activitiesOf, insertWorker, uniqueTag, workerRow } from './workers-fixtures.js';

let env: TestEnv;
let side: WorkerSide;
/** Employer A: owner (Super Admin), HR Manager, Viewer, Vendor Admin bound to v1; two vendors. */
let A: { id: string; owner: string; ownerId: string; hr: string; viewer: string; payroll: string; vendorAdmin: string; v1: string; v2: string };
let B: { id: string; owner: string };

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  await workDocumentJobs(env.deps, processSheet);
  side = createWorkerSide(env.deps);
  const a = await createEmployer(env, { metadata: { branchIds: ['Pune'], gradeIds: ['G1'], departmentIds: ['Ops'] } });
  const b = await createEmployer(env);
  A = {
    id: a.employer.id,
    owner: await signIn(env, a.owner),
    ownerId: a.owner.id,
    hr: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.hrManager)),
    viewer: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.viewer)),
    payroll: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.payrollManager)),
    vendorAdmin: await signIn(env, await createAdmin(env, a.employer.id, ROLE_IDS.vendorAdmin, a.vendors[0]!.id)),
    v1: a.vendors[0]!.id,
    v2: a.vendors[1]!.id,
  };
  B = { id: b.employer.id, owner: await signIn(env, b.owner) };
}, 60_000);
afterAll(() => env.close());

// ---- helpers ----

const UPLOAD_PATHS = {
  ADD_EMPLOYEES_BULK_UPLOAD: '/v2/employer-admin/upload-employee-doc',
  TERMINATED_EMPLOYEES_UPLOAD: '/employer-admin/upload-employee-termination-doc',
  ATTENDANCE_UPLOAD: '/employer-admin/upload-attendance-doc',
  RAW_FILE: '/employer-admin/file/upload',
} as const;
type UploadType = keyof typeof UPLOAD_PATHS;

async function upload(token: string, type: UploadType, file: Buffer, fileName: string, vendorId?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const res = await fetch(`${env.baseUrl}/api${UPLOAD_PATHS[type]}${vendorId ? `?vendorId=${vendorId}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Polls the upload until its job has ended (the user's view without pressing Refresh). */
async function settled(token: string, id: string, vendorId?: string): Promise<UploadAuditRecord> {
  for (let i = 0; i < 300; i++) {
    const r = await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${id}`, { token, query: { vendorId } });
    expect(r.status).toBe(200);
    if (r.body.status !== 'PROCESSING') return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('upload still processing after 30 s');
}

async function uploadAndSettle(token: string, type: UploadType, file: Buffer, vendorId?: string) {
  const r = await upload(token, type, file, 'sheet.xlsx', vendorId);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.status).toBe('PROCESSING');
  return settled(token, r.body._id, vendorId);
}

/** A real xlsx from rows (first row the header), written by exceljs. */
async function sheet(rows: unknown[][], name = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Downloads a stored document through GET /employer-admin/doc and reads its first sheet as text rows. */
async function download(token: string, location: string, vendorId?: string) {
  const loc = parseDocumentLocation(location)!;
  const r = await env.call('GET', '/employer-admin/doc', { token, query: { ...loc, vendorId } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Buffer.from(r.body.b64File as string, 'base64');
}
async function processedRows(token: string, rec: UploadAuditRecord, vendorId?: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await download(token, rec.processedDocumentURL!, vendorId)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: { values: string[]; red: number[]; number: number }[] = [];
  ws.eachRow((row) => {
    const values: string[] = [];
    const red: number[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      values[col - 1] = cell.text;
      const fill = cell.fill as { fgColor?: { argb?: string } } | undefined;
      if (fill?.fgColor?.argb) red.push(col - 1);
    });
    rows.push({ values, red, number: row.number });
  });
  // A blank cell at a row's end is not written: read it as '' up to the header's width.
  for (const r of rows) for (let i = 0; i < rows[0]!.values.length; i++) r.values[i] ??= '';
  return rows;
}

const EMP_HEADER = ['Employee ID', 'Full Name', 'Email', 'Mobile', 'Monthly Salary', 'Joining Date'];
const empRow = (o: Partial<Record<'id' | 'name' | 'email' | 'mobile' | 'salary' | 'joining', unknown>> = {}) => {
  const tag = uniqueTag();
  return [o.id ?? `S-${tag}`, o.name ?? 'Meena Kumari', o.email ?? `m-${tag}@example.com`, o.mobile ?? uniqueMobile(), o.salary ?? 30000, o.joining ?? new Date(Date.UTC(2025, 3, 1))];
};
const workersOf = (employerId: string, vendorId: string | null = null) =>
  env.deps.db
    .selectFrom('workers')
    .selectAll()
    .where('employer_id', '=', employerId)
    .where((eb) => (vendorId ? eb('vendor_id', '=', vendorId) : eb('vendor_id', 'is', null)))
    .execute();
/** The stored worker, its salary account number opened (sealed at rest, decision 0037: the stored text is checked to be sealed). */
async function byEmployeeId(employerId: string, id: string) {
  const w = await env.deps.db.selectFrom('workers').selectAll().where('employer_id', '=', employerId).where('employer_worker_id', '=', id).executeTakeFirst();
  if (!w || w.salary_account_number === null) return w;
  expect(w.salary_account_number).toMatch(/^pe1\.\d+\./);
  return { ...w, salary_account_number: env.deps.protector.openText(w.salary_account_number) };
}

// ---- access ----

describe('uploads and histories by permission (spec 6)', () => {
  const tiny = () => sheet([EMP_HEADER, empRow()]);

  it('WRITE uploads every type in the employer context; READ sees the history but may not upload', async () => {
    expect((await upload(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await tiny(), 'a.xlsx')).status).toBe(201);
    expect((await upload(A.hr, 'TERMINATED_EMPLOYEES_UPLOAD', await sheet([['Employee ID', 'Termination Date'], ['X-1', '01/11/2026']]), 't.xlsx')).status).toBe(201);
    expect((await upload(A.hr, 'ATTENDANCE_UPLOAD', await sheet([['Employee ID', 'Date', 'Status'], ['X-1', '01/11/2026', 'Present']]), 'at.xlsx')).status).toBe(201);
    expect((await upload(A.owner, 'RAW_FILE', Buffer.from('%PDF-1.4\n%%EOF\n'), 'notes.pdf')).status).toBe(201);
    // Viewer: READ everywhere, WRITE nowhere.
    for (const type of Object.keys(UPLOAD_PATHS) as UploadType[]) {
      const r = await upload(A.viewer, type, await tiny(), 'a.xlsx');
      expect(r.status, type).toBe(403);
      expect(r.body.message.description).toBe("You aren't authorized to access this page");
    }
    for (const docType of ['ADD_EMPLOYEES_BULK_UPLOAD', 'TERMINATED_EMPLOYEES_UPLOAD', 'ATTENDANCE_UPLOAD', 'RAW_FILE']) {
      expect((await env.call('GET', '/v2/employer-admin/doc-upload-audit-logs', { token: A.viewer, query: { docType } })).status, docType).toBe(200);
    }
    expect((await env.call('GET', '/employer-admin/attendance', { token: A.viewer })).status).toBe(200);
    expect((await env.call('GET', '/employer-admin/file/list', { token: A.viewer })).status).toBe(200);
  });

  it('the Payroll Manager reads employee histories but may not upload employee sheets; HR may not upload raw files? (HR has RAW_FILES WRITE)', async () => {
    expect((await upload(A.payroll, 'ADD_EMPLOYEES_BULK_UPLOAD', await tiny(), 'a.xlsx')).status).toBe(403);
    expect((await env.call('GET', '/v2/employer-admin/doc-upload-audit-logs', { token: A.payroll, query: { docType: 'ADD_EMPLOYEES_BULK_UPLOAD' } })).status).toBe(200);
    expect((await upload(A.hr, 'RAW_FILE', Buffer.from('a,b\n1,2\n'), 'data.csv')).status).toBe(201);
  });

  it('vendor context: the vendor admin uploads every type for its vendor, sees only that vendor, and cannot enter another', async () => {
    const r = await upload(A.vendorAdmin, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, empRow({ id: 'VEND-1' })]), 'v.xlsx', A.v1);
    expect(r.status).toBe(201);
    const done = await settled(A.vendorAdmin, r.body._id, A.v1);
    expect(done.status).toBe('PROCESSED');
    expect((await byEmployeeId(A.id, 'VEND-1'))!.vendor_id).toBe(A.v1);
    expect((await upload(A.vendorAdmin, 'TERMINATED_EMPLOYEES_UPLOAD', await sheet([['Employee ID', 'Termination Date'], ['VEND-1', '01/11/2026']]), 't.xlsx', A.v1)).status).toBe(201);
    expect((await upload(A.vendorAdmin, 'ATTENDANCE_UPLOAD', await sheet([['Employee ID', 'Date', 'Status'], ['VEND-1', '02/11/2026', 'P']]), 'a.xlsx', A.v1)).status).toBe(201);
    expect((await upload(A.vendorAdmin, 'RAW_FILE', Buffer.from('%PDF-1.7\n'), 'vendor.pdf', A.v1)).status).toBe(201);
    // Bound to v1: v2 and the employer context are refused.
    expect((await upload(A.vendorAdmin, 'ATTENDANCE_UPLOAD', await tiny(), 'a.xlsx', A.v2)).status).toBe(403);
    expect((await upload(A.vendorAdmin, 'ATTENDANCE_UPLOAD', await tiny(), 'a.xlsx')).status).toBe(403);
    // The vendor's history holds its upload; the employer's own history does not.
    const vendorHistory = await env.call('GET', '/v2/employer-admin/doc-upload-audit-logs', { token: A.vendorAdmin, query: { docType: 'ADD_EMPLOYEES_BULK_UPLOAD', vendorId: A.v1 } });
    expect(vendorHistory.body.auditLogs.map((l: UploadAuditRecord) => l._id)).toContain(r.body._id);
    const own = await env.call('GET', '/v2/employer-admin/doc-upload-audit-logs', { token: A.owner, query: { docType: 'ADD_EMPLOYEES_BULK_UPLOAD', limit: '100' } });
    expect(own.body.auditLogs.map((l: UploadAuditRecord) => l._id)).not.toContain(r.body._id);
    // The Viewer reads the vendor's history (Viewer has READ on the vendor resources) but may not upload there.
    expect((await env.call('GET', '/employer-admin/file/list', { token: A.viewer, query: { vendorId: A.v1 } })).body.files.length).toBe(1);
    expect((await upload(A.viewer, 'RAW_FILE', Buffer.from('%PDF-1.7\n'), 'x.pdf', A.v1)).status).toBe(403);
  });

  it('another employer sees none of it: histories are empty and documents answer 404', async () => {
    const r = await upload(A.owner, 'RAW_FILE', Buffer.from('%PDF-1.4\nsecret\n'), 'secret.pdf');
    const other = await env.call('GET', '/employer-admin/file/list', { token: B.owner });
    expect(other.body.files).toEqual([]);
    const loc = parseDocumentLocation(r.body.originalDocumentURL)!;
    const doc = await env.call('GET', '/employer-admin/doc', { token: B.owner, query: loc });
    expect(doc.status).toBe(404);
    expect((await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${r.body._id}`, { token: B.owner })).status).toBe(404);
    // The owner gets the bytes back as they were sent.
    expect((await download(A.owner, r.body.originalDocumentURL)).toString()).toBe('%PDF-1.4\nsecret\n');
  });
});

// ---- processing ----

describe('ADD_EMPLOYEES_BULK_UPLOAD', () => {
  it('creates the valid rows, reports the invalid ones with the spec messages and highlights their cells, and writes nothing of them', async () => {
    const good1 = empRow({ name: 'Ravi Kumar' });
    const good2 = empRow({ salary: '42000 ' }); // a number stored as text, with a trailing space
    const badSalary = empRow({ salary: 'twelve' });
    const badMobile = empRow({ mobile: '12345' });
    const noName = empRow({ name: '' });
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, good1, good2, badSalary, badMobile, noName]));
    expect(rec.status).toBe('PROCESSED');
    expect(rec.counts).toEqual({ totalRows: 5, appliedRows: 2, createdRows: 2, updatedRows: 0, unchangedRows: 0, failedRows: 3 });
    expect((await byEmployeeId(A.id, good1[0] as string))!.full_name).toBe('Ravi Kumar');
    expect((await byEmployeeId(A.id, good2[0] as string))!.current_monthly_salary).toBe(4_200_000);
    for (const bad of [badSalary, badMobile, noName]) expect(await byEmployeeId(A.id, bad[0] as string)).toBeUndefined();

    const rows = await processedRows(A.owner, rec);
    expect(rows[0]!.values).toEqual([...EMP_HEADER, 'Status', 'Reason']);
    expect(rows[1]!.values.slice(6)).toEqual(['CREATED', '']);
    expect(rows[1]!.values[5]).toBe('01/04/2025');
    expect(rows[3]!.values.slice(6)).toEqual(['FAILED', EMPLOYEE_MSG.salaryNumeric]);
    expect(rows[3]!.red).toEqual([4]);
    expect(rows[4]!.values.slice(6)).toEqual(['FAILED', EMPLOYEE_MSG.mobile]);
    expect(rows[4]!.red).toEqual([3]);
    expect(rows[5]!.values[7]).toBe(EMPLOYEE_MSG.name);
    expect((await activitiesOf(env, A.id, 'DOCUMENT_UPLOADED')).length).toBeGreaterThan(0);
  });

  it('re-uploading a corrected sheet applies only what is new or changed, and duplicates nothing', async () => {
    const r1 = empRow();
    const r2 = empRow();
    const first = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, r1, r2]));
    expect(first.counts).toMatchObject({ appliedRows: 2, failedRows: 0 });
    const before = (await workersOf(A.id)).length;
    const changed = [...r2];
    changed[4] = 31000;
    const fresh = empRow();
    const again = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, r1, changed, fresh]));
    expect(again.counts).toEqual({ totalRows: 3, appliedRows: 2, createdRows: 1, updatedRows: 1, unchangedRows: 1, failedRows: 0 });
    expect((await workersOf(A.id)).length).toBe(before + 1);
    expect((await byEmployeeId(A.id, r2[0] as string))!.current_monthly_salary).toBe(3_100_000);
  });

  it('takes reordered and extra columns, dates as text, Excel serials and real dates, and blank optional cells keep stored values', async () => {
    const id1 = `D-${uniqueTag()}`;
    const id2 = `D-${uniqueTag()}`;
    const id3 = `D-${uniqueTag()}`;
    const header = ['Joining Date', 'Monthly Salary', 'Notes', 'Full Name', 'Employee ID', 'Mobile', 'Branch'];
    const rec = await uploadAndSettle(
      A.owner,
      'ADD_EMPLOYEES_BULK_UPLOAD',
      await sheet([header, ['15/01/2026', 20000, 'x', 'Anil Rao', id1, uniqueMobile(), 'Pune'], [46023, '20,000', '', 'Bina Rao', id2, uniqueMobile(), ''], [new Date(Date.UTC(2026, 0, 15)), 20000, '', 'Chetan Rao', ` ${id3}  `, uniqueMobile(), 'Delhi']]),
    );
    expect(rec.counts).toMatchObject({ appliedRows: 2, failedRows: 1 });
    expect((await byEmployeeId(A.id, id1))!.joined_at).toBe('2026-01-15');
    expect((await byEmployeeId(A.id, id1))!.branch_id).toBe('Pune');
    expect((await byEmployeeId(A.id, id2))!.joined_at).toBe('2026-01-01');
    expect((await byEmployeeId(A.id, id2))!.current_monthly_salary).toBe(2_000_000);
    const rows = await processedRows(A.owner, rec);
    expect(rows[3]!.values.at(-1)).toBe(EMPLOYEE_SERVER_MSG.branch);
    // A later sheet without the Branch value keeps it.
    const keep = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, [id1, 'Anil Rao', '', '', 20000, '15/01/2026']]));
    expect(keep.counts).toMatchObject({ unchangedRows: 1 });
    expect((await byEmployeeId(A.id, id1))!.branch_id).toBe('Pune');
    // A new employee still needs an e-mail or a mobile.
    const id4 = `D-${uniqueTag()}`;
    const none = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, [id4, 'Dev Rao', '', '', 20000, '15/01/2026']]));
    expect(none.counts).toMatchObject({ failedRows: 1 });
    const noneRows = await processedRows(A.owner, none);
    expect(noneRows[1]!.values.at(-1)).toBe(EMPLOYEE_MSG.emailOrMobile);
    expect(noneRows[1]!.red).toEqual([2, 3]);
    expect(await byEmployeeId(A.id, id4)).toBeUndefined();
  });

  it('stores every column of a new employee as the add form stores it, and refuses a Grade or Department not among the employer\'s (issue 21: new rows are checked and inserted in SQL)', async () => {
    const header = EMPLOYEE_SHEET_COLUMNS.map((c) => c.header);
    const tag = uniqueTag();
    const mobile = uniqueMobile();
    const full = [`F-${tag}`, 'Kiran Desai', `Kiran.${tag}@Example.COM`, `+91 ${mobile.slice(0, 5)}-${mobile.slice(5)}`, '₹45,000', '15/01/2026', '5010-0123 4567', '37.5%', '1234.5', 999.99, 'Site Lead', 'Pune', 'G1', 'Ops', 'Nashik', 'No', 'Contractor'];
    const sparse = [`P-${tag}`, 'Lata Joshi', '', uniqueMobile(), 18000, '01/02/2026', '', '', '', '', '', '', '', '', '', '', ''];
    const badGrade = [`G-${tag}`, 'Mohan Lal', '', uniqueMobile(), 18000, '01/02/2026', '', '', '', '', '', 'Pune', 'G9', 'Nowhere', '', '', ''];
    const badDepartment = [`H-${tag}`, 'Mohan Lal', '', uniqueMobile(), 18000, '01/02/2026', '', '', '', '', '', '', 'G1', 'Nowhere', '', '', ''];
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([header, full, sparse, badGrade, badDepartment]));
    expect(rec.counts).toEqual({ totalRows: 4, appliedRows: 2, createdRows: 2, updatedRows: 0, unchangedRows: 0, failedRows: 2 });
    expect(await byEmployeeId(A.id, `F-${tag}`)).toMatchObject({
      vendor_id: null,
      full_name: 'Kiran Desai',
      email: `kiran.${tag}@example.com`.toLowerCase(),
      mobile,
      current_monthly_salary: 4_500_000,
      joined_at: '2026-01-15',
      salary_account_number: '501001234567',
      max_withdrawal_salary_percent: 37.5,
      max_withdrawal_per_day: 123_450,
      max_withdrawal_per_transaction: 99_999,
      designation: 'Site Lead',
      branch_id: 'Pune',
      grade_id: 'G1',
      department_id: 'Ops',
      branch_location: 'Nashik',
      is_transaction_allowed: false,
      worker_type: 'CONTRACTOR',
    });
    expect(await byEmployeeId(A.id, `P-${tag}`)).toMatchObject({
      email: null,
      current_monthly_salary: 1_800_000,
      salary_account_number: null,
      max_withdrawal_salary_percent: null,
      max_withdrawal_per_day: null,
      max_withdrawal_per_transaction: null,
      designation: null,
      branch_id: null,
      grade_id: null,
      department_id: null,
      branch_location: null,
      is_transaction_allowed: true,
      worker_type: 'EMPLOYEE',
    });
    const rows = await processedRows(A.owner, rec);
    expect(rows[1]!.values.slice(-2)).toEqual(['CREATED', '']);
    expect(rows[3]!.values.slice(-2)).toEqual(['FAILED', EMPLOYEE_SERVER_MSG.grade]);
    expect(rows[3]!.red).toEqual([12]);
    expect(rows[4]!.values.slice(-2)).toEqual(['FAILED', EMPLOYEE_SERVER_MSG.department]);
    expect(rows[4]!.red).toEqual([13]);
    for (const id of [`G-${tag}`, `H-${tag}`]) expect(await byEmployeeId(A.id, id)).toBeUndefined();
  });

  it('refuses every occurrence of an Employee ID repeated in the sheet, and e-mails or mobiles of other employees', async () => {
    const dup = `DUP-${uniqueTag()}`;
    const taken = await insertWorker(env, { employer_id: A.id });
    const rec = await uploadAndSettle(
      A.owner,
      'ADD_EMPLOYEES_BULK_UPLOAD',
      await sheet([EMP_HEADER, empRow({ id: dup }), empRow({ id: dup.toLowerCase() }), empRow({ email: taken.email }), empRow({ mobile: taken.mobile }), empRow()]),
    );
    expect(rec.counts).toEqual({ totalRows: 5, appliedRows: 1, createdRows: 1, updatedRows: 0, unchangedRows: 0, failedRows: 4 });
    const rows = await processedRows(A.owner, rec);
    expect(rows[1]!.values.at(-1)).toBe(SHEET_MSG.duplicateInSheet('Employee ID', '2, 3'));
    expect(rows[2]!.values.at(-1)).toBe(SHEET_MSG.duplicateInSheet('Employee ID', '2, 3'));
    expect(rows[3]!.values.at(-1)).toBe(EMPLOYEE_SERVER_MSG.duplicateEmail);
    expect(rows[4]!.values.at(-1)).toBe(EMPLOYEE_SERVER_MSG.duplicateMobile);
    expect(await byEmployeeId(A.id, dup)).toBeUndefined();
  });

  it('an Employee ID of a vendor worker cannot be taken over from the employer context', async () => {
    const vendorWorker = await insertWorker(env, { employer_id: A.id, vendor_id: A.v2 });
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, empRow({ id: vendorWorker.employer_worker_id, name: 'Someone Else' })]));
    expect(rec.status).toBe('FAILED');
    expect(rec.failureReason).toBe('No row could be applied: see the Reason column of the processed file.');
    expect((await workerRow(env, vendorWorker.id)).full_name).toBe(vendorWorker.full_name);
  });

  it('a re-upload is UNCHANGED only where it changes nothing and every rule still holds (the set-based comparison, issue 21)', async () => {
    const header = [...EMP_HEADER, 'Branch', 'Max Withdrawal Per Day'];
    const stored = { full_name: 'Lata Desai', current_monthly_salary: 2_500_000, joined_at: '2026-01-15', max_withdrawal_per_day: 150_050 };
    const same = await insertWorker(env, { employer_id: A.id, ...stored, branch_id: 'Pune' });
    const oldBranch = await insertWorker(env, { employer_id: A.id, ...stored, branch_id: 'Delhi' }); // no longer among the employer's branches
    const vendors = await insertWorker(env, { employer_id: A.id, ...stored, vendor_id: A.v2 });
    const changed = await insertWorker(env, { employer_id: A.id, ...stored });
    const row = (w: typeof same, o: { id?: string; name?: string; email?: string; branch?: string; perDay?: unknown } = {}) => [
      o.id ?? w.employer_worker_id,
      o.name ?? w.full_name,
      o.email ?? w.email,
      w.mobile,
      25000,
      '15/01/2026',
      o.branch ?? '',
      o.perDay ?? 1500.5,
    ];
    const rec = await uploadAndSettle(
      A.owner,
      'ADD_EMPLOYEES_BULK_UPLOAD',
      await sheet([
        header,
        // The Employee ID in other case, spaces round the name, the e-mail in capitals, 1500.5 for 1500.50: nothing changes.
        row(same, { id: ` ${same.employer_worker_id.toLowerCase()} `, name: '  Lata Desai ', email: same.email!.toUpperCase(), branch: 'Pune' }),
        row(oldBranch),
        row(vendors),
        row(changed, { perDay: 1600 }),
      ]),
    );
    expect(rec.counts).toEqual({ totalRows: 4, appliedRows: 1, createdRows: 0, updatedRows: 1, unchangedRows: 1, failedRows: 2 });
    const out = await processedRows(A.owner, rec);
    expect(out.slice(1).map((r) => r.values.slice(-2))).toEqual([
      ['UNCHANGED', ''],
      ['FAILED', EMPLOYEE_SERVER_MSG.branch],
      ['FAILED', EMPLOYEE_SERVER_MSG.duplicateEmployeeId],
      ['UPDATED', 'Max Withdrawal Per Day: 1500.50 -> 1600'],
    ]);
    expect((await workerRow(env, oldBranch.id)).branch_id).toBe('Delhi');
    expect((await workerRow(env, changed.id)).max_withdrawal_per_day).toBe(160_000);
  });

  // Across the pipeline's pages of 2,500 rows: what the whole sheet says holds for every page
  // (issue 21; decision 0035 tells of an apply that took pages while the file was still read).
  it('a repeat on a later page refuses both rows, whatever page the first one is on', async () => {
    const before = (await workersOf(A.id)).length;
    const tag = uniqueTag();
    const rows = Array.from({ length: 6_000 }, (_, i) => [`W-${tag}-${i}`, 'Page Test', `w-${tag}-${i}@example.com`, '', 30000, '01/01/2026']);
    rows[5_500]![2] = rows[1]![2]!; // row 3's e-mail again on row 5,502 (pages of 2,500 rows)
    rows[5_900]![0] = rows[2]![0]!; // row 4's Employee ID again on row 5,902
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, ...rows]));
    expect(rec.status).toBe('PROCESSED');
    expect(rec.counts).toEqual({ totalRows: 6_000, appliedRows: 5_996, createdRows: 5_996, updatedRows: 0, unchangedRows: 0, failedRows: 4 });
    const stored = await workersOf(A.id);
    expect(stored.length).toBe(before + 5_996);
    const ids = new Set(stored.map((w) => w.employer_worker_id));
    for (const i of [1, 2, 5_500, 5_900]) expect(ids.has(rows[i]![0] as string)).toBe(false);
    const out = await processedRows(A.owner, rec);
    expect(out[2]!.values.slice(-2)).toEqual(['FAILED', SHEET_MSG.duplicateInSheet('Email', '3, 5502')]);
    expect(out[5_501]!.values.slice(-2)).toEqual(['FAILED', SHEET_MSG.duplicateInSheet('Email', '3, 5502')]);
    expect(out[3]!.values.slice(-2)).toEqual(['FAILED', SHEET_MSG.duplicateInSheet('Employee ID', '4, 5902')]);
    expect(out[5_901]!.values.slice(-2)).toEqual(['FAILED', SHEET_MSG.duplicateInSheet('Employee ID', '4, 5902')]);
    expect(out[5_999]!.values.slice(-2)).toEqual(['CREATED', '']);
  }, 90_000);

  it('a data row wider than the header puts Status and Reason after its last cell, on every row', async () => {
    const tag = uniqueTag();
    const rows: unknown[][] = Array.from({ length: 3_000 }, (_, i) => [`V-${tag}-${i}`, 'Wide Test', `v-${tag}-${i}@example.com`, '', 30000, '01/01/2026']);
    rows[2_800] = [...rows[2_800]!, 'note', 'past the header'];
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, ...rows]));
    expect(rec.status).toBe('PROCESSED');
    const out = await processedRows(A.owner, rec);
    expect(out[0]!.values.slice(6)).toEqual(['', '', 'Status', 'Reason']);
    expect(out[1]!.values.slice(6)).toEqual(['', '', 'CREATED', '']);
    expect(out[2_801]!.values.slice(6)).toEqual(['note', 'past the header', 'CREATED', '']);
  }, 60_000);

  it('a sheet whose file breaks after its first pages writes nothing', async () => {
    const before = (await workersOf(A.id)).length;
    const tag = uniqueTag();
    const good = await sheet([EMP_HEADER, ...Array.from({ length: 6_000 }, (_, i) => [`X-${tag}-${i}`, 'Broken Test', `x-${tag}-${i}@example.com`, '', 30000, '01/01/2026'])]);
    // The worksheet's XML cut off inside row 5,500 (a well-formed zip whose sheet ends mid-element).
    const entries = await verifyZip(good);
    const parts = await Promise.all([...entries.values()].filter((e) => !e.name.endsWith('/')).map(async (e) => ({ name: e.name, data: await readEntry(good, e, 50 * 1_048_576) })));
    const sheetPart = parts.find((p) => /worksheets\/sheet1\.xml$/.test(p.name))!;
    const xml = sheetPart.data.toString('utf8');
    sheetPart.data = Buffer.from(xml.slice(0, xml.indexOf('<row r="5500"') + 20), 'utf8');
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await writeZip(parts));
    expect(rec.status).toBe('FAILED');
    expect(rec.failureReason).toBe(UPLOAD_MSG.corrupt);
    expect((await workersOf(A.id)).length).toBe(before);
  }, 90_000);

  it('reports 10,000 invalid rows row by row and writes none of them', async () => {
    const before = (await workersOf(A.id)).length;
    const rows = [EMP_HEADER, ...Array.from({ length: 10_000 }, (_, i) => [`BAD-${i}`, 'Valid Name', `bad-${i}@example.com`, '', 'abc', '01/01/2026'])];
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet(rows));
    expect(rec.status).toBe('FAILED');
    expect(rec.counts).toEqual({ totalRows: 10_000, appliedRows: 0, createdRows: 0, updatedRows: 0, unchangedRows: 0, failedRows: 10_000 });
    expect((await workersOf(A.id)).length).toBe(before);
    const out = await processedRows(A.owner, rec);
    expect(out.length).toBe(10_001);
    expect(out[10_000]!.values.at(-1)).toBe(EMPLOYEE_MSG.salaryNumeric);
  }, 60_000);
});

describe('sheet structure refusals (FAILED with the reason, within 2 s, nothing written)', () => {
  const cases: [string, () => Promise<Buffer>, string][] = [
    ['no header row', () => sheet([['E-1', 'Asha Devi', 'a@example.com', '9876543210', 30000, '01/01/2026']]), SHEET_MSG.noHeader('')],
    ['missing columns', () => sheet([['Employee ID', 'Full Name', 'Email'], ['E-1', 'Asha', 'a@example.com']]), SHEET_MSG.missingColumns('Monthly Salary, Joining Date')],
    ['no data rows', () => sheet([EMP_HEADER]), SHEET_MSG.noRows],
    ['an empty sheet', () => sheet([]), SHEET_MSG.noHeader('')],
  ];
  for (const [name, make, reason] of cases) {
    it(name, async () => {
      const before = (await workersOf(A.id)).length;
      const started = Date.now();
      const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await make());
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(rec.status).toBe('FAILED');
      if (reason.endsWith(': ')) expect(rec.failureReason).toContain(reason.slice(0, 20));
      else expect(rec.failureReason).toContain(reason.split(':')[0]);
      expect((await workersOf(A.id)).length).toBe(before);
    });
  }

  it('a sheet named __proto__ with cells that try prototype pollution is processed as plain text', async () => {
    const id = `P-${uniqueTag()}`;
    const rec = await uploadAndSettle(
      A.owner,
      'ADD_EMPLOYEES_BULK_UPLOAD',
      await sheet([[...EMP_HEADER, '__proto__', 'constructor'], [id, 'Proto Test', '', uniqueMobile(), 30000, '01/01/2026', '{"polluted":1}', 'prototype']], '__proto__'),
    );
    expect(rec.status).toBe('PROCESSED');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect((await byEmployeeId(A.id, id))!.full_name).toBe('Proto Test');
  });

  it('keeps backslashes, tabs, line breaks, quotes and COPY markers in cells exactly as typed (staged in COPY text format, issue 21)', async () => {
    const id = `Q-${uniqueTag()}`;
    const notes = ['C:\\payroll\\"x"', 'tab\there', 'line 1\nline 2', '\\N', '\\.', 'say "hi", twice', '\\\\t'];
    const rows = notes.map((note, i) => [`${id}-${i}`, 'Copy Test', '', uniqueMobile(), 30000, '01/01/2026', note, note]);
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([[...EMP_HEADER, 'Designation', 'Notes'], ...rows]));
    expect(rec.status).toBe('PROCESSED');
    expect(rec.counts).toMatchObject({ createdRows: notes.length, failedRows: 0 });
    const out = await processedRows(A.owner, rec);
    for (const [i, note] of notes.entries()) {
      expect(out[i + 1]!.values.slice(6, 8)).toEqual([note, note]);
      expect((await byEmployeeId(A.id, `${id}-${i}`))!.designation).toBe(note);
    }
  });

  it('drops a NUL character (Excel\'s _x0000_) from a cell instead of failing the whole sheet', async () => {
    const id = `N-${uniqueTag()}`;
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([[...EMP_HEADER, 'Designation'], [id, 'Nul_x0000_ Test', '', uniqueMobile(), 30000, '01/01/2026', 'Lead_x0000_ Weaver']]));
    expect(rec.status).toBe('PROCESSED');
    expect(rec.counts).toMatchObject({ createdRows: 1, failedRows: 0 });
    const w = (await byEmployeeId(A.id, id))!;
    expect([w.full_name, w.designation]).toEqual(['Nul Test', 'Lead Weaver']);
    expect((await processedRows(A.owner, rec))[1]!.values.slice(1, 2)).toEqual(['Nul Test']);
  });
});

describe('refused at upload (400 with the message, nothing stored)', () => {
  const storedCount = async () => Number((await env.deps.db.selectFrom('stored_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const xlsxParts = (extra: { name: string; data: Buffer | string }[] = [], sharedStrings?: string) => [
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>' },
    { name: 'xl/workbook.xml', data: '<?xml version="1.0"?><workbook/>' },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: sharedStrings }] : []),
    ...extra,
  ];
  const cases: [string, () => Promise<{ file: Buffer; name: string; type?: UploadType }>, string][] = [
    ['an executable renamed .xlsx', async () => ({ file: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2048, 7)]), name: 'payroll.xlsx' }), UPLOAD_MSG.contentMismatch('xlsx')],
    ['a file of 5 MB + 1 byte', async () => ({ file: Buffer.alloc(5 * 1_048_576 + 1, 1), name: 'big.xlsx' }), UPLOAD_MSG.sizeError(5)],
    ['a raw file of 10 MB + 1 byte', async () => ({ file: Buffer.alloc(10 * 1_048_576 + 1, 1), name: 'big.pdf', type: 'RAW_FILE' }), UPLOAD_MSG.sizeError(10)],
    ['an empty file', async () => ({ file: Buffer.alloc(0), name: 'empty.xlsx' }), UPLOAD_MSG.emptyFile],
    ['a corrupt zip', async () => ({ file: (await sheet([EMP_HEADER, empRow()])).subarray(0, 900), name: 'cut.xlsx' }), UPLOAD_MSG.corrupt],
    ['a wrong extension', async () => ({ file: Buffer.from('hello'), name: 'notes.txt' }), UPLOAD_MSG.formatError('xlsx')],
    ['a zip bomb', async () => ({ file: await writeZip(xlsxParts([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(150 * 1_048_576) }])), name: 'bomb.xlsx' }), UPLOAD_MSG.tooLargeUnpacked],
    ['a zip with 10,000 entries', async () => ({ file: await writeZip(xlsxParts(Array.from({ length: 10_000 }, (_, i) => ({ name: `xl/media/e${i}.txt`, data: 'x' })))), name: 'many.xlsx' }), UPLOAD_MSG.tooManyEntries],
    [
      'XXE in sharedStrings.xml',
      async () => ({
        file: await writeZip(xlsxParts([], '<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><sst><si><t>&xxe;</t></si></sst>')),
        name: 'xxe.xlsx',
      }),
      UPLOAD_MSG.forbiddenContent,
    ],
    ['a pdf that is not a pdf', async () => ({ file: Buffer.from('just text'), name: 'x.pdf', type: 'RAW_FILE' }), UPLOAD_MSG.contentMismatch('pdf')],
  ];
  for (const [name, make, message] of cases) {
    it(name, async () => {
      const { file, name: fileName, type } = await make();
      const before = await storedCount();
      const started = Date.now();
      const r = await upload(A.owner, type ?? 'ADD_EMPLOYEES_BULK_UPLOAD', file, fileName);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(r.status).toBe(400);
      expect(r.body.message.description).toBe(message);
      expect(await storedCount()).toBe(before);
    }, 90_000); // making the 10,000-entry zip takes 5-35 s with the machine's load; the upload is what is timed
  }

  it('exactly 5 MB passes the size check (and is then judged on its content)', async () => {
    const r = await upload(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', Buffer.alloc(5 * 1_048_576, 1), 'exact.xlsx');
    expect(r.status).toBe(400);
    expect(r.body.message.description).toBe(UPLOAD_MSG.contentMismatch('xlsx'));
  });
});

describe('TERMINATED_EMPLOYEES_UPLOAD', () => {
  it('terminates by Employee ID on the date, refuses unknown ids, dates before joining or in the future; a re-upload is unchanged', async () => {
    const w1 = await insertWorker(env, { employer_id: A.id, joined_at: '2025-01-01' });
    const w2 = await insertWorker(env, { employer_id: A.id, joined_at: '2026-06-01' });
    const other = await insertWorker(env, { employer_id: B.id });
    const rows = [
      ['Employee ID', 'Termination Date'],
      [w1.employer_worker_id, '31/10/2026'],
      [w2.employer_worker_id, '01/05/2026'],
      [other.employer_worker_id, '01/10/2026'],
      [`NOPE-${uniqueTag()}`, '01/10/2026'],
      [w1.employer_worker_id.toUpperCase() === w1.employer_worker_id ? `${w1.employer_worker_id}X` : 'X', '01/01/2099'],
    ];
    const rec = await uploadAndSettle(A.owner, 'TERMINATED_EMPLOYEES_UPLOAD', await sheet(rows));
    expect(rec.counts).toEqual({ totalRows: 5, appliedRows: 1, createdRows: 0, updatedRows: 1, unchangedRows: 0, failedRows: 4 });
    const t1 = await workerRow(env, w1.id);
    expect([t1.employment_status, t1.terminated_at]).toEqual(['INACTIVE', '2026-10-31']);
    expect((await workerRow(env, w2.id)).employment_status).toBe('ACTIVE');
    expect((await workerRow(env, other.id)).employment_status).toBe('ACTIVE');
    const out = await processedRows(A.owner, rec);
    expect(out[2]!.values.at(-1)).toContain(SHEET_MSG.beforeJoining);
    expect(out[3]!.values.at(-1)).toBe(EMPLOYEE_SERVER_MSG.unknownEmployeeId);
    expect(out[5]!.values.at(-1)).toBe(SHEET_MSG.futureDate);
    const again = await uploadAndSettle(A.owner, 'TERMINATED_EMPLOYEES_UPLOAD', await sheet([rows[0]!, rows[1]!]));
    expect(again.counts).toMatchObject({ unchangedRows: 1, appliedRows: 0 });
  });
});

describe('ATTENDANCE_UPLOAD', () => {
  it('records days per worker and date, which raises the available earned salary; the list shows the latest date', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(env.clock.now());
    const [y, m] = today.split('-');
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2024-01-01', current_monthly_salary: 3_000_000 });
    const before = await side.availability(w.id);
    const days = Array.from({ length: Number(today.slice(8)) }, (_, i) => `${String(i + 1).padStart(2, '0')}/${m}/${y}`);
    const rec = await uploadAndSettle(A.hr, 'ATTENDANCE_UPLOAD', await sheet([['Employee ID', 'Date', 'Status'], ...days.map((d) => [w.employer_worker_id, d, 'Present'])]));
    expect(rec.counts).toMatchObject({ appliedRows: days.length, failedRows: 0 });
    const after = await side.availability(w.id);
    expect(after.available).toBeGreaterThan(before.available);
    const list = await env.call('GET', '/employer-admin/attendance', { token: A.hr });
    expect(list.body.attendances[0]._id).toBe(rec._id);
    expect(list.body.attendances[0].latestAttendanceDate).toBe(today.replace(/-/g, ''));
    // Re-uploading the same sheet changes nothing; a changed status is applied.
    const again = await uploadAndSettle(A.hr, 'ATTENDANCE_UPLOAD', await sheet([['Employee ID', 'Date', 'Status'], [w.employer_worker_id, days[0], 'Present'], [w.employer_worker_id, days[0 + 1] ?? days[0], 'Absent']]));
    expect(again.counts!.unchangedRows + again.counts!.appliedRows).toBe(2);
  });

  it('refuses unknown workers, future dates, unknown statuses and days before joining', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-10-01' });
    const rec = await uploadAndSettle(
      A.owner,
      'ATTENDANCE_UPLOAD',
      await sheet([
        ['Employee ID', 'Date', 'Status'],
        [w.employer_worker_id, '02/10/2026', 'present'],
        [w.employer_worker_id, '30/09/2026', 'Present'],
        [w.employer_worker_id, '01/01/2099', 'Present'],
        [w.employer_worker_id, '03/10/2026', 'Sick'],
        ['NOBODY', '03/10/2026', 'Present'],
      ]),
    );
    expect(rec.counts).toEqual({ totalRows: 5, appliedRows: 1, createdRows: 1, updatedRows: 0, unchangedRows: 0, failedRows: 4 });
    const days = await env.deps.db.selectFrom('attendance_days').selectAll().where('worker_id', '=', w.id).execute();
    expect(days.map((d) => [d.day, d.status])).toEqual([['2026-10-02', 'PRESENT']]);
  });
});

describe('ATTENDANCE_UPLOAD outcomes (set-based apply, over several pages)', () => {
  it('gives each row its status and reason, in its own row of the processed sheet, across pages of rows', async () => {
    const c = await createEmployer(env);
    const token = await signIn(env, c.owner);
    const joined = await insertWorker(env, { employer_id: c.employer.id, joined_at: '2026-10-01' });
    const left = await insertWorker(env, { employer_id: c.employer.id, joined_at: '2024-01-01', terminated_at: '2026-10-15', employment_status: 'INACTIVE' });
    const vendors = await insertWorker(env, { employer_id: c.employer.id, joined_at: '2024-01-01', vendor_id: c.vendors[0]!.id });
    const stored = await insertWorker(env, { employer_id: c.employer.id, joined_at: '2024-01-01' });
    await env.deps.db
      .insertInto('attendance_days')
      .values([
        { worker_id: stored.id, day: '2026-10-05', status: 'ABSENT' },
        { worker_id: stored.id, day: '2026-10-06', status: 'PRESENT' },
      ])
      .execute();
    // 2,600 days of 13 workers before the rows that matter, so they fall on the second page and later.
    const bulk = await Promise.all(Array.from({ length: 13 }, () => insertWorker(env, { employer_id: c.employer.id, joined_at: '2024-01-01' })));
    const day = (i: number) => {
      const d = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000);
      return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    };
    const filler = bulk.flatMap((w) => Array.from({ length: 200 }, (_, i) => [w.employer_worker_id, day(i), 'Present']));
    const rows = [
      ['Employee ID', 'Date', 'Status'],
      ...filler,
      [joined.employer_worker_id, '30/09/2026', 'Present'],
      [joined.employer_worker_id, '01/10/2026', 'Present'],
      [left.employer_worker_id, '16/10/2026', 'Present'],
      [left.employer_worker_id, '15/10/2026', 'Half Day'],
      [vendors.employer_worker_id, '05/10/2026', 'Present'],
      ['NOBODY-AT-ALL', '05/10/2026', 'Present'],
      [stored.employer_worker_id.toLowerCase(), '05/10/2026', 'Present'],
      [stored.employer_worker_id, '06/10/2026', 'Present'],
    ];
    const rec = await uploadAndSettle(token, 'ATTENDANCE_UPLOAD', await sheet(rows));
    expect(rec.counts).toEqual({ totalRows: 2_608, appliedRows: 2_603, createdRows: 2_602, updatedRows: 1, unchangedRows: 1, failedRows: 4 });
    const out = await processedRows(token, rec);
    const at = (file: number) => out.find((r) => r.number === file)!.values.slice(-2);
    const first = filler.length + 2; // the file's row number of the first row after the filler
    expect(at(2)).toEqual(['CREATED', '']);
    expect(at(first)).toEqual(['FAILED', `${SHEET_MSG.beforeJoining} (01/10/2026)`]);
    expect(at(first + 1)).toEqual(['CREATED', '']);
    expect(at(first + 2)).toEqual(['FAILED', `${SHEET_MSG.afterTermination} (15/10/2026)`]);
    expect(at(first + 3)).toEqual(['CREATED', '']);
    // A vendor's worker is not the employer's in the employer's own context.
    expect(at(first + 4)).toEqual(['FAILED', EMPLOYEE_SERVER_MSG.unknownEmployeeId]);
    expect(at(first + 5)).toEqual(['FAILED', EMPLOYEE_SERVER_MSG.unknownEmployeeId]);
    expect(at(first + 6)).toEqual(['UPDATED', `Status: ${ATTENDANCE_DAY_STATUS_LABELS.ABSENT} -> ${ATTENDANCE_DAY_STATUS_LABELS.PRESENT}`]);
    expect(at(first + 7)).toEqual(['UNCHANGED', '']);
    const days = await env.deps.db.selectFrom('attendance_days').select(['worker_id', 'day', 'status', 'source_document_id']).where('worker_id', 'in', [joined.id, left.id, vendors.id, stored.id]).orderBy('day').execute();
    expect(days.map((d) => [d.worker_id, d.day, d.status, d.source_document_id === rec._id])).toEqual([
      [joined.id, '2026-10-01', 'PRESENT', true],
      [stored.id, '2026-10-05', 'PRESENT', true],
      [stored.id, '2026-10-06', 'PRESENT', false],
      [left.id, '2026-10-15', 'HALF_DAY', true],
    ]);
    expect(await env.deps.db.selectFrom('attendance_days').select(sql<number>`count(*)::int`.as('n')).where('worker_id', 'in', bulk.map((w) => w.id)).executeTakeFirstOrThrow()).toEqual({ n: 2_600 });
  });
});

describe('samples (2.8)', () => {
  it('every sample is a real xlsx served without sign-in, and the employee, attendance and termination samples pass their own processing', async () => {
    for (const name of Object.values(SAMPLE_FILE_NAMES)) {
      const res = await fetch(`${env.baseUrl}/api/samples/${name}`);
      expect(res.status, name).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      expect(wb.worksheets[0]!.rowCount, name).toBeGreaterThan(1);
    }
    const fetchSample = async (name: string) => Buffer.from(await (await fetch(`${env.baseUrl}/api/samples/${name}`)).arrayBuffer());
    // A fresh employer, so the sample's Employee IDs are new there.
    const c = await createEmployer(env);
    const token = await signIn(env, c.owner);
    const emp = await uploadAndSettle(token, 'ADD_EMPLOYEES_BULK_UPLOAD', await fetchSample(SAMPLE_FILE_NAMES.ADD_EMPLOYEES_BULK_UPLOAD));
    expect(emp.counts, JSON.stringify(emp)).toMatchObject({ failedRows: 0 });
    const att = await uploadAndSettle(token, 'ATTENDANCE_UPLOAD', await fetchSample(SAMPLE_FILE_NAMES.ATTENDANCE_UPLOAD));
    expect(att.counts, JSON.stringify(att)).toMatchObject({ failedRows: 0 });
    const term = await uploadAndSettle(token, 'TERMINATED_EMPLOYEES_UPLOAD', await fetchSample(SAMPLE_FILE_NAMES.TERMINATED_EMPLOYEES_UPLOAD));
    expect(term.counts, JSON.stringify(term)).toMatchObject({ failedRows: 0 });
    expect((await fetch(`${env.baseUrl}/api/samples/nothing.xlsx`)).status).toBe(404);
  });
});

describe('histories (2.8)', () => {
  it('are newest first, 5 a page, with the uploader and both downloads', async () => {
    const c = await createEmployer(env);
    const token = await signIn(env, c.owner);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await upload(token, 'RAW_FILE', Buffer.from(`%PDF-1.4 ${i}`), `file-${i}.pdf`)).body._id);
    const p1 = await env.call('GET', '/employer-admin/file/list', { token, query: { limit: '5' } });
    expect(p1.body.total).toBe(6);
    expect(p1.body.files.map((f: { fileName: string }) => f.fileName)).toEqual(['file-5.pdf', 'file-4.pdf', 'file-3.pdf', 'file-2.pdf', 'file-1.pdf']);
    expect(p1.body.files[0]).toMatchObject({ uploadedBy: 'Owner Admin', employerAdminEmail: c.owner.email, status: 'PROCESSED' });
    const p2 = await env.call('GET', '/employer-admin/file/list', { token, query: { limit: '5', pageNumber: '2' } });
    expect(p2.body.files.map((f: { fileName: string }) => f.fileName)).toEqual(['file-0.pdf']);
    const h = await env.call('GET', '/v2/employer-admin/doc-upload-audit-logs', { token, query: { docType: 'RAW_FILE' } });
    expect(h.body.auditLogs.length).toBe(5);
    expect(parseDocumentLocation(h.body.auditLogs[0].originalDocumentURL)).toEqual({ employerAdminId: c.owner.id, documentType: 'RAW_FILE', documentId: h.body.auditLogs[0].originalDocumentId });
  });
});


describe('one sheet pipeline (issue 11)', () => {
  const STATUS = EMP_HEADER.length;
  const REASON = EMP_HEADER.length + 1;

  it('never changes the name, mobile or e-mail of a signed-up worker: the row fails naming the worker on record, nothing changes', async () => {
    const userId = (await env.deps.db.selectNoFrom(sql<string>`gen_random_uuid()`.as('id')).executeTakeFirstOrThrow()).id;
    const w = await insertWorker(env, { employer_id: A.id, full_name: 'Ananya Rao', user_id: userId, current_monthly_salary: 3_000_000, joined_at: '2025-04-01' });
    const row = [w.employer_worker_id, 'Someone Else', w.email, uniqueMobile(), 45000, '01/05/2025'];
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, row]));
    expect(rec.status).toBe('FAILED');
    expect(rec.counts).toMatchObject({ createdRows: 0, updatedRows: 0, unchangedRows: 0, failedRows: 1 });
    const out = await processedRows(A.owner, rec);
    expect(out[1]!.values[STATUS]).toBe('FAILED');
    expect(out[1]!.values[REASON]).toBe(`This Employee ID belongs to Ananya Rao (${w.mobile}). Full Name, Mobile cannot be changed after the employee has signed up. Please check the row.`);
    const after = await workerRow(env, w.id);
    expect([after.full_name, after.mobile, after.current_monthly_salary, after.joined_at]).toEqual(['Ananya Rao', w.mobile, 3_000_000, '2025-04-01']);

    // The same worker's other fields may change (the name in other case and spacing is no change): UPDATED, with what changed.
    const ok = [w.employer_worker_id, '  ananya   RAO ', w.email, w.mobile, 45000, '01/05/2025'];
    const rec2 = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, ok]));
    expect(rec2.counts).toMatchObject({ createdRows: 0, updatedRows: 1, unchangedRows: 0, failedRows: 0 });
    const out2 = await processedRows(A.owner, rec2);
    expect(out2[1]!.values[STATUS]).toBe('UPDATED');
    expect(out2[1]!.values[REASON]).toBe('Monthly Salary: 30000 -> 45000; Joining Date: 01/04/2025 -> 01/05/2025');
    const after2 = await workerRow(env, w.id);
    expect([after2.full_name, after2.current_monthly_salary, after2.joined_at]).toEqual(['Ananya Rao', 4_500_000, '2025-05-01']);
  });

  it('reports a change to a worker who has not signed up as UPDATED with every change, never as a plain success', async () => {
    const w = await insertWorker(env, { employer_id: A.id, full_name: 'Ravi Kumar', current_monthly_salary: 2_000_000, joined_at: '2025-06-01' });
    const mobile = uniqueMobile();
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet([EMP_HEADER, [w.employer_worker_id, 'Ravi K Kumar', w.email, mobile, 20000, '01/06/2025'], empRow()]));
    expect(rec.counts).toMatchObject({ totalRows: 2, createdRows: 1, updatedRows: 1, unchangedRows: 0, failedRows: 0 });
    const out = await processedRows(A.owner, rec);
    expect(out[1]!.values[STATUS]).toBe('UPDATED');
    expect(out[1]!.values[REASON]).toBe(`Full Name: Ravi Kumar -> Ravi K Kumar; Mobile: ${w.mobile} -> ${mobile}`);
    expect(out[2]!.values[STATUS]).toBe('CREATED');
  });

  it('cites and keeps every row at its number in the uploaded file, blank rows and all', async () => {
    const dup = empRow();
    const other = empRow();
    const rows = [EMP_HEADER, empRow(), [], [], dup, empRow(), [dup[0], 'Other Person', `x-${uniqueTag()}@example.com`, uniqueMobile(), 20000, '01/04/2025'], other];
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', await sheet(rows));
    expect(rec.counts).toMatchObject({ totalRows: 5, createdRows: 3, failedRows: 2 });
    const out = await processedRows(A.owner, rec);
    const at = (n: number) => out.find((r) => r.number === n)!;
    expect(out.map((r) => r.number)).toEqual([1, 2, 5, 6, 7, 8]);
    expect(at(2).values[STATUS]).toBe('CREATED');
    expect(at(5).values[STATUS]).toBe('FAILED');
    expect(at(5).values[REASON]).toBe('Employee ID appears more than once in this sheet (rows 5, 7)');
    expect(at(7).values[REASON]).toBe('Employee ID appears more than once in this sheet (rows 5, 7)');
    expect(at(7).values[1]).toBe('Other Person');
    expect(at(6).values[STATUS]).toBe('CREATED');
  });

  it('reads the first sheet whose header matches (a cover sheet first), and names the sheet read when none does', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Cover').addRow(['Sunrise Textiles: employees for November']);
    const data = wb.addWorksheet('Employees');
    data.addRow(EMP_HEADER);
    data.addRow(empRow());
    const rec = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rec.status).toBe('PROCESSED');
    expect(rec.sheetName).toBe('Employees');
    expect(rec.counts).toMatchObject({ createdRows: 1 });

    const bad = new ExcelJS.Workbook();
    bad.addWorksheet('Cover').addRow(['Read me first']);
    bad.addWorksheet('Notes').addRow(['Name', 'Salary']);
    const refused = await uploadAndSettle(A.owner, 'ADD_EMPLOYEES_BULK_UPLOAD', Buffer.from(await bad.xlsx.writeBuffer()));
    expect(refused.status).toBe('FAILED');
    expect(refused.failureReason).toMatch(/\(read from the sheet "Cover"\)$/);
  });

  it('says the expected date format, that a negative salary must be positive, and refuses a joining date far ahead', async () => {
    const rec = await uploadAndSettle(
      A.owner,
      'ADD_EMPLOYEES_BULK_UPLOAD',
      await sheet([EMP_HEADER, empRow({ joining: '11/25/2026' }), empRow({ salary: -5000 }), empRow({ joining: '01/01/2030' }), empRow({ joining: '01/12/2026' })]),
    );
    const out = await processedRows(A.owner, rec);
    expect(out[1]!.values[REASON]).toBe('Please enter a valid Joining Date as dd/mm/yyyy (day first): "11/25/2026" is not a date in that format');
    expect(out[2]!.values[REASON]).toBe(EMPLOYEE_MSG.salaryPositive);
    expect(out[3]!.values[REASON]).toMatch(/^Joining Date cannot be more than 6 months after today \(the latest is \d\d\/\d\d\/\d{4}\)$/);
    expect(out[4]!.values[STATUS]).toBe('CREATED');
  });
});
