/**
 * Leave (issue 13, decision 0025): the leave sheet (LEAVE_UPLOAD) on the one pipeline, in both
 * contexts with READ and WRITE, tenant scoping, the processed sheet's Status and Reason at the
 * file's own row numbers, refused files writing nothing, re-uploads (UNCHANGED / UPDATED), the
 * leave list with leaves_data, and a sheet written by openpyxl.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_TIME_ZONE,
  EMPLOYEE_SERVER_MSG,
  LEAVE_MSG,
  ROLE_IDS,
  SHEET_MSG,
  isoDateInZone,
  monthKey,
  parseDocumentLocation,
  payrollMonthOf,
  type UploadAuditRecord,
} from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { overlapsInSheet } from '../src/features/documents/leave-sheet.js';
import { processSheet } from '../src/sheets.js';
import { createWorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, type TestEnv } from './harness.js';
import { insertWorker } from './workers-fixtures.js';

let env: TestEnv;
let A: { id: string; owner: string; hr: string; viewer: string; payroll: string; vendorAdmin: string; v1: string; v2: string };
let B: { id: string; owner: string };

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  await workDocumentJobs(env.deps, processSheet);
  const a = await createEmployer(env);
  const b = await createEmployer(env);
  A = {
    id: a.employer.id,
    owner: await signIn(env, a.owner),
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

const HEADER = ['Employee ID', 'From Date', 'To Date', 'Leave Type'];

async function upload(token: string, file: Buffer, vendorId?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'leave.xlsx');
  const res = await fetch(`${env.baseUrl}/api/employer-admin/upload-leave-doc${vendorId ? `?vendorId=${vendorId}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}
async function settled(token: string, id: string, vendorId?: string): Promise<UploadAuditRecord> {
  for (let i = 0; i < 300; i++) {
    const r = await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${id}`, { token, query: { vendorId } });
    expect(r.status).toBe(200);
    if (r.body.status !== 'PROCESSING') return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('upload still processing after 30 s');
}
async function uploadAndSettle(token: string, file: Buffer, vendorId?: string) {
  const r = await upload(token, file, vendorId);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.docType).toBe('LEAVE_UPLOAD');
  return settled(token, r.body._id, vendorId);
}
async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
/** The processed sheet's rows by their row number in the file, as text. */
async function processedRows(token: string, rec: UploadAuditRecord, vendorId?: string) {
  const loc = parseDocumentLocation(rec.processedDocumentURL!)!;
  expect(loc.documentType).toBe('PROCESSED_LEAVES_SHEET');
  const r = await env.call('GET', '/employer-admin/doc', { token, query: { ...loc, vendorId } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(r.body.b64File as string, 'base64') as unknown as ArrayBuffer);
  const rows = new Map<number, string[]>();
  wb.worksheets[0]!.eachRow((row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => (values[col - 1] = cell.text));
    rows.set(row.number, values);
  });
  // A blank cell at a row's end is not written: read it as '' up to the header's width.
  const width = rows.get(1)?.length ?? 0;
  for (const r of rows.values()) for (let i = 0; i < width; i++) r[i] ??= '';
  return rows;
}
const leavesOf = (workerId: string) =>
  env.deps.db.selectFrom('leaves').select(['from_date', 'to_date', 'leave_type', 'vendor_id']).where('worker_id', '=', workerId).orderBy('from_date').execute();

describe('LEAVE_UPLOAD access (spec 6: the attendance resource)', () => {
  it('WRITE uploads in the employer context; READ (Viewer) lists but may not upload; the history lists it too', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const rec = await uploadAndSettle(A.hr, await sheet([HEADER, [w.employer_worker_id, '05/10/2026', '07/10/2026', 'Casual Leave']]));
    expect(rec.status).toBe('PROCESSED');
    expect(rec.counts).toMatchObject({ totalRows: 1, createdRows: 1, failedRows: 0 });

    const refused = await upload(A.viewer, await sheet([HEADER, [w.employer_worker_id, '10/10/2026', '10/10/2026', 'Sick Leave']]));
    expect(refused.status).toBe(403);
    expect(refused.body.message.description).toBe("You aren't authorized to access this page");
    const list = await env.call('GET', '/employer-admin/leave', { token: A.viewer });
    expect(list.status).toBe(200);
    expect(list.body.leaves_data[0]._id).toBe(rec._id);
    const history = await env.call('GET', '/v2/employer-admin/doc-upload-audit-logs', { token: A.viewer, query: { docType: 'LEAVE_UPLOAD' } });
    expect(history.status).toBe(200);
    expect(history.body.auditLogs[0]._id).toBe(rec._id);
    expect(await leavesOf(w.id)).toEqual([{ from_date: '2026-10-05', to_date: '2026-10-07', leave_type: 'CASUAL_LEAVE', vendor_id: null }]);
  });

  it('vendor context: the vendor admin records leave of its vendor only; the other vendor and the employer context are refused', async () => {
    const vw = await insertWorker(env, { employer_id: A.id, vendor_id: A.v1, joined_at: '2026-01-01' });
    const own = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const rec = await uploadAndSettle(
      A.vendorAdmin,
      await sheet([HEADER, [vw.employer_worker_id, '01/10/2026', '02/10/2026', 'Sick Leave'], [own.employer_worker_id, '01/10/2026', '02/10/2026', 'Sick Leave']]),
      A.v1,
    );
    expect(rec.counts).toMatchObject({ createdRows: 1, failedRows: 1 });
    expect(await leavesOf(vw.id)).toEqual([{ from_date: '2026-10-01', to_date: '2026-10-02', leave_type: 'SICK_LEAVE', vendor_id: A.v1 }]);
    expect(await leavesOf(own.id)).toEqual([]);
    const rows = await processedRows(A.vendorAdmin, rec, A.v1);
    expect(rows.get(3)!.at(-1)).toBe(EMPLOYEE_SERVER_MSG.unknownEmployeeId);
    expect((await upload(A.vendorAdmin, await sheet([HEADER, [vw.employer_worker_id, '05/10/2026', '05/10/2026', 'Sick Leave']]), A.v2)).status).toBe(403);
    expect((await upload(A.vendorAdmin, await sheet([HEADER, [vw.employer_worker_id, '05/10/2026', '05/10/2026', 'Sick Leave']]))).status).toBe(403);
    expect((await env.call('GET', '/employer-admin/leave', { token: A.vendorAdmin })).status).toBe(403);
    // The vendor's list holds its upload; the employer's own list does not.
    const vendorList = await env.call('GET', '/employer-admin/leave', { token: A.vendorAdmin, query: { vendorId: A.v1 } });
    expect(vendorList.body.leaves_data.map((l: { _id: string }) => l._id)).toContain(rec._id);
    const ownList = await env.call('GET', '/employer-admin/leave', { token: A.owner, query: { limit: '100' } });
    expect(ownList.body.leaves_data.map((l: { _id: string }) => l._id)).not.toContain(rec._id);
    // The Viewer reads the vendor's list but may not upload there.
    expect((await env.call('GET', '/employer-admin/leave', { token: A.viewer, query: { vendorId: A.v1 } })).status).toBe(200);
    expect((await upload(A.viewer, await sheet([HEADER, [vw.employer_worker_id, '05/10/2026', '05/10/2026', 'Sick Leave']]), A.v1)).status).toBe(403);
  });

  it('another employer sees none of it and cannot touch its workers', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const rec = await uploadAndSettle(A.owner, await sheet([HEADER, [w.employer_worker_id, '12/10/2026', '13/10/2026', 'Earned Leave']]));
    expect(rec.counts).toMatchObject({ createdRows: 1 });
    const other = await env.call('GET', '/employer-admin/leave', { token: B.owner });
    expect(other.body.leaves_data).toEqual([]);
    expect((await env.call('GET', `/v2/employer-admin/doc-upload-audit-logs/${rec._id}`, { token: B.owner })).status).toBe(404);
    const loc = parseDocumentLocation(rec.processedDocumentURL!)!;
    expect((await env.call('GET', '/employer-admin/doc', { token: B.owner, query: loc })).status).toBe(404);
    // B's sheet naming A's worker: unknown there, nothing written.
    const theirs = await uploadAndSettle(B.owner, await sheet([HEADER, [w.employer_worker_id, '20/10/2026', '20/10/2026', 'Sick Leave']]));
    expect(theirs.status).toBe('FAILED');
    expect(theirs.counts).toMatchObject({ failedRows: 1, appliedRows: 0 });
    expect((await leavesOf(w.id)).map((l) => l.from_date)).toEqual(['2026-10-12']);
  });
});

describe('LEAVE_UPLOAD rows', () => {
  it('Status and Reason at the file\'s own row numbers: formats, spans, types, overlaps in the sheet, replacing recorded leave, joining', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-03-01' });
    const x = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const id = w.employer_worker_id;
    await uploadAndSettle(A.owner, await sheet([HEADER, [x.employer_worker_id, '10/11/2026', '14/11/2026', 'Casual Leave']]));
    const rec = await uploadAndSettle(
      A.owner,
      await sheet([
        HEADER,
        [id, '02/11/2026', '03/11/2026', 'Casual Leave'], // 2 created
        [id, '13/31/2026', '06/11/2026', 'Sick Leave'], // 3 date format (month 31)
        [id, '08/11/2026', '07/11/2026', 'Sick Leave'], // 4 To before From
        [id, '01/12/2026', '15/01/2027', 'Sick Leave'], // 5 too long
        [id, '20/11/2026', '20/11/2026', 'Vacation'], // 6 unknown type
        [],
        [id, '10/11/2026', '12/11/2026', 'Sick Leave'], // 8 overlaps 9
        [id, '12/11/2026', '13/11/2026', 'Loss of Pay'], // 9 overlaps 8
        ['NOBODY', '10/11/2026', '10/11/2026', 'Sick Leave'], // 10 unknown
        [id, '20/02/2026', '21/02/2026', 'Sick Leave'], // 11 before joining
        [x.employer_worker_id, '12/11/2026', '16/11/2026', 'Sick Leave'], // 12 replaces recorded 10-14/11
        [id, '25/11/2026', '25/11/2026', 'lop'], // 13 created (unpaid)
      ]),
    );
    expect(rec.status).toBe('PROCESSED');
    const rows = await processedRows(A.owner, rec);
    expect(rec.counts, JSON.stringify([...rows])).toEqual({ totalRows: 11, appliedRows: 3, createdRows: 2, updatedRows: 1, unchangedRows: 0, failedRows: 8 });
    expect(rows.get(1)!.slice(-2)).toEqual(['Status', 'Reason']);
    expect(rows.get(2)!.slice(-2)).toEqual(['CREATED', '']);
    expect(rows.get(3)!.at(-1)).toBe(SHEET_MSG.dateFormat('From Date', '13/31/2026'));
    expect(rows.get(4)!.at(-1)).toBe(LEAVE_MSG.toBeforeFrom);
    expect(rows.get(5)!.at(-1)).toBe(LEAVE_MSG.tooLong);
    expect(rows.get(6)!.at(-1)).toBe(LEAVE_MSG.leaveType);
    expect(rows.get(8)!.slice(-2)).toEqual(['FAILED', LEAVE_MSG.overlapsInSheet('9')]);
    expect(rows.get(9)!.at(-1)).toBe(LEAVE_MSG.overlapsInSheet('8'));
    expect(rows.get(10)!.at(-1)).toBe(EMPLOYEE_SERVER_MSG.unknownEmployeeId);
    expect(rows.get(11)!.at(-1)).toBe(`${LEAVE_MSG.beforeJoining} (01/03/2026)`);
    expect(rows.get(12)!.slice(-2)).toEqual(['UPDATED', 'Replaces Casual Leave 10/11/2026 to 14/11/2026']);
    expect(await leavesOf(x.id)).toEqual([{ from_date: '2026-11-12', to_date: '2026-11-16', leave_type: 'SICK_LEAVE', vendor_id: null }]);
    expect(rows.get(13)!.at(-2)).toBe('CREATED');
    expect(await leavesOf(w.id)).toEqual([
      { from_date: '2026-11-02', to_date: '2026-11-03', leave_type: 'CASUAL_LEAVE', vendor_id: null },
      { from_date: '2026-11-25', to_date: '2026-11-25', leave_type: 'UNPAID_LEAVE', vendor_id: null },
    ]);
  });

  it('re-uploading the same leave is UNCHANGED, a changed type UPDATED; an exact repeat in one sheet is refused', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const id = w.employer_worker_id;
    const first = await uploadAndSettle(A.hr, await sheet([HEADER, [id, '02/09/2026', '04/09/2026', 'Sick Leave'], [id, '10/09/2026', '10/09/2026', 'Casual Leave']]));
    expect(first.counts).toMatchObject({ createdRows: 2 });
    const again = await uploadAndSettle(A.hr, await sheet([HEADER, [id, '02/09/2026', '04/09/2026', 'Sick Leave'], [id, '10/09/2026', '10/09/2026', 'Unpaid Leave']]));
    expect(again.counts).toEqual({ totalRows: 2, appliedRows: 1, createdRows: 0, updatedRows: 1, unchangedRows: 1, failedRows: 0 });
    const rows = await processedRows(A.hr, again);
    expect(rows.get(2)!.slice(-2)).toEqual(['UNCHANGED', '']);
    expect(rows.get(3)!.slice(-2)).toEqual(['UPDATED', 'Leave Type: Casual Leave -> Unpaid Leave']);
    expect((await leavesOf(w.id)).map((l) => l.leave_type)).toEqual(['SICK_LEAVE', 'UNPAID_LEAVE']);
    const repeated = await uploadAndSettle(A.hr, await sheet([HEADER, [id, '20/09/2026', '20/09/2026', 'Sick Leave'], [id, '20/09/2026', '20/09/2026', 'Sick Leave']]));
    expect(repeated.status).toBe('FAILED');
    const r = await processedRows(A.hr, repeated);
    expect(r.get(2)!.at(-1)).toBe(SHEET_MSG.duplicateInSheet('Employee ID, From Date and To Date', '2, 3'));
    expect((await leavesOf(w.id)).length).toBe(2);
  });

  it('correcting recorded leave: a row replaces every recorded leave it overlaps; Cancel removes the leave of exactly its dates', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const other = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const id = w.employer_worker_id;
    await uploadAndSettle(
      A.hr,
      await sheet([HEADER, [id, '03/08/2026', '05/08/2026', 'Casual Leave'], [id, '07/08/2026', '07/08/2026', 'Sick Leave'], [id, '20/08/2026', '21/08/2026', 'Earned Leave'], [other.employer_worker_id, '03/08/2026', '05/08/2026', 'Casual Leave']]),
    );
    const fix = await uploadAndSettle(
      A.hr,
      await sheet([
        HEADER,
        [id, '04/08/2026', '08/08/2026', 'Unpaid Leave'], // 2 replaces both 03-05/08 and 07/08
        [id, '20/08/2026', '21/08/2026', 'Cancelled'], // 3 removes 20-21/08
        [id, '25/08/2026', '25/08/2026', 'cancel'], // 4 nothing recorded then
      ]),
    );
    const rows = await processedRows(A.hr, fix);
    expect(fix.counts, JSON.stringify([...rows])).toEqual({ totalRows: 3, appliedRows: 2, createdRows: 0, updatedRows: 2, unchangedRows: 0, failedRows: 1 });
    expect(rows.get(2)!.slice(-2)).toEqual(['UPDATED', 'Replaces Casual Leave 03/08/2026 to 05/08/2026, Sick Leave 07/08/2026 to 07/08/2026']);
    expect(rows.get(3)!.slice(-2)).toEqual(['UPDATED', 'Cancelled Earned Leave 20/08/2026 to 21/08/2026']);
    expect(rows.get(4)!.slice(-2)).toEqual(['FAILED', LEAVE_MSG.cancelUnknown('25/08/2026', '25/08/2026')]);
    expect(await leavesOf(w.id)).toEqual([{ from_date: '2026-08-04', to_date: '2026-08-08', leave_type: 'UNPAID_LEAVE', vendor_id: null }]);
    // Another worker's leave of the same dates is untouched.
    expect(await leavesOf(other.id)).toEqual([{ from_date: '2026-08-03', to_date: '2026-08-05', leave_type: 'CASUAL_LEAVE', vendor_id: null }]);
    // Cancel needs the exact dates: a day inside the leave is not enough.
    const inside = await uploadAndSettle(A.hr, await sheet([HEADER, [id, '05/08/2026', '05/08/2026', 'Cancel']]));
    expect(inside.status).toBe('FAILED');
    expect((await processedRows(A.hr, inside)).get(2)!.at(-1)).toBe(LEAVE_MSG.cancelUnknown('05/08/2026', '05/08/2026'));
    expect(await leavesOf(w.id)).toHaveLength(1);
  });

  it('a sheet whose only row is a Cancel of unrecorded dates is FAILED and changes nothing', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const id = w.employer_worker_id;
    await uploadAndSettle(A.hr, await sheet([HEADER, [id, '03/07/2026', '05/07/2026', 'Casual Leave']]));
    const before = await leavesOf(w.id);
    const refused = await uploadAndSettle(A.hr, await sheet([HEADER, [id, '03/07/2026', '04/07/2026', 'Cancelled']]));
    expect(refused.status).toBe('FAILED');
    expect(refused.counts).toMatchObject({ totalRows: 1, appliedRows: 0, failedRows: 1 });
    expect((await processedRows(A.hr, refused)).get(2)!.slice(-2)).toEqual(['FAILED', LEAVE_MSG.cancelUnknown('03/07/2026', '04/07/2026')]);
    expect(await leavesOf(w.id)).toEqual(before);
  });

  it('a refused file writes nothing: wrong header, not a spreadsheet', async () => {
    const before = await env.deps.db.selectFrom('leaves').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const wrong = await uploadAndSettle(A.owner, await sheet([['Employee ID', 'Date', 'Status'], ['X', '01/10/2026', 'Present']]));
    expect(wrong.status).toBe('FAILED');
    expect(wrong.failureReason).toContain('From Date');
    const notXlsx = await upload(A.owner, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(notXlsx.status).toBe(400);
    const after = await env.deps.db.selectFrom('leaves').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the list: newest first, 5 a page by default, each upload with the leave it recorded (leaves_data)', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01', full_name: 'Leela Menon' });
    const rec = await uploadAndSettle(A.owner, await sheet([HEADER, [w.employer_worker_id, '03/08/2026', '05/08/2026', 'Earned Leave'], [w.employer_worker_id, '10/08/2026', '10/08/2026', 'Unpaid Leave']]));
    const list = await env.call('GET', '/employer-admin/leave', { token: A.owner });
    expect(list.status).toBe(200);
    expect(list.body.leaves_data.length).toBeLessThanOrEqual(5);
    expect(list.body.total).toBeGreaterThanOrEqual(list.body.leaves_data.length);
    const top = list.body.leaves_data[0];
    expect(top._id).toBe(rec._id);
    expect(top.leavesTotal).toBe(2);
    expect(top.leaves).toEqual([
      expect.objectContaining({ employeeId: w.employer_worker_id, employeeName: 'Leela Menon', fromDate: '20260803', toDate: '20260805', leaveType: 'EARNED_LEAVE', paid: true, days: 3 }),
      expect.objectContaining({ fromDate: '20260810', toDate: '20260810', leaveType: 'UNPAID_LEAVE', paid: false, days: 1 }),
    ]);
    expect(top.processedDocumentURL).toContain('/PROCESSED_LEAVES_SHEET/');
    const page2 = await env.call('GET', '/employer-admin/leave', { token: A.owner, query: { pageNumber: '2', limit: '1' } });
    expect(page2.body.leaves_data[0]._id).not.toBe(rec._id);
  });

  it('a sheet over several pages of the apply: every row at its own number with its outcome, failures at reading and at applying mixed in (the processed sheet is written while the rows are applied)', async () => {
    const workers = [];
    for (let i = 0; i < 60; i++) workers.push(await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' }));
    const rows: unknown[][] = [HEADER];
    const expected = new Map<number, string>();
    for (let i = 0; i < 6_000; i++) {
      const rowNumber = i + 2;
      const w = workers[i % 60]!;
      const day = Math.floor(i / 60); // 100 single days a worker, none overlapping
      const date = new Date(Date.UTC(2026, 2, 1 + day)).toISOString().slice(0, 10).split('-').reverse().join('/');
      if (i % 97 === 5) {
        rows.push(['NOBODY', date, date, 'Sick Leave']); // refused by the apply
        expected.set(rowNumber, 'FAILED');
      } else if (i % 89 === 7) {
        rows.push([w.employer_worker_id, '31/31/2026', date, 'Sick Leave']); // refused when read
        expected.set(rowNumber, 'FAILED');
      } else {
        rows.push([w.employer_worker_id, date, date, i % 2 ? 'Sick Leave' : 'Casual Leave']);
        expected.set(rowNumber, 'CREATED');
      }
    }
    const rec = await uploadAndSettle(A.hr, await sheet(rows));
    expect(rec.status).toBe('PROCESSED');
    const out = await processedRows(A.hr, rec);
    const failed = [...expected.values()].filter((s) => s === 'FAILED').length;
    expect(rec.counts).toEqual({ totalRows: 6_000, appliedRows: 6_000 - failed, createdRows: 6_000 - failed, updatedRows: 0, unchangedRows: 0, failedRows: failed });
    expect(out.size).toBe(6_001);
    for (const [rowNumber, status] of expected) {
      const row = out.get(rowNumber)!;
      expect(row.slice(0, 4), `row ${rowNumber}`).toEqual((rows[rowNumber - 1] as string[]).map(String));
      expect(row.at(-2), `row ${rowNumber}`).toBe(status);
      if (status === 'FAILED') expect(row.at(-1)).toBe(row[0] === 'NOBODY' ? EMPLOYEE_SERVER_MSG.unknownEmployeeId : SHEET_MSG.dateFormat('From Date', '31/31/2026'));
    }
  }, 120_000);
});

describe('LEAVE_UPLOAD outcomes over two pages of the apply (2,500 rows a page)', () => {
  it('gives every row its status, reason and highlighted cells, on the first page and the second, and writes exactly the leave they say', async () => {
    const e = await createEmployer(env);
    const token = await signIn(env, e.owner);
    const employer = e.employer.id;
    const joined = await insertWorker(env, { employer_id: employer, joined_at: '2026-10-01' });
    const left = await insertWorker(env, { employer_id: employer, joined_at: '2024-01-01', terminated_at: '2026-10-15', employment_status: 'INACTIVE' });
    const vendors = await insertWorker(env, { employer_id: employer, joined_at: '2024-01-01', vendor_id: e.vendors[0]!.id });
    const stored = await insertWorker(env, { employer_id: employer, joined_at: '2024-01-01' });
    const shared = await insertWorker(env, { employer_id: employer, joined_at: '2024-01-01' });
    const pair = await insertWorker(env, { employer_id: employer, joined_at: '2024-01-01' });
    const first = await insertWorker(env, { employer_id: employer, joined_at: '2024-01-01' });
    // The leave recorded before, by an earlier sheet.
    const before = await uploadAndSettle(
      token,
      await sheet([
        HEADER,
        [stored.employer_worker_id, '05/10/2026', '06/10/2026', 'Casual Leave'],
        [stored.employer_worker_id, '08/10/2026', '08/10/2026', 'Sick Leave'],
        [stored.employer_worker_id, '12/10/2026', '13/10/2026', 'Casual Leave'],
        [stored.employer_worker_id, '15/10/2026', '15/10/2026', 'Sick Leave'],
        [stored.employer_worker_id, '20/10/2026', '21/10/2026', 'Earned Leave'],
        [shared.employer_worker_id, '01/10/2026', '10/10/2026', 'Casual Leave'],
        [first.employer_worker_id, '01/09/2026', '02/09/2026', 'Sick Leave'],
      ]),
    );
    expect(before.counts).toMatchObject({ createdRows: 7 });
    // 2,600 single days of 13 workers between the first rows and the rows that matter, so these fall on the second page.
    const bulk = await Promise.all(Array.from({ length: 13 }, () => insertWorker(env, { employer_id: employer, joined_at: '2024-01-01' })));
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const filler = bulk.flatMap((w) => Array.from({ length: 200 }, (_, i) => [w.employer_worker_id, day(i), day(i), 'Casual Leave']));
    const head = [
      [first.employer_worker_id, '01/09/2026', '02/09/2026', 'Sick Leave'], // 2 UNCHANGED (page 1)
      [pair.employer_worker_id, '10/11/2026', '12/11/2026', 'Sick Leave'], // 3 overlaps its pair on page 2
      [first.employer_worker_id, '05/09/2026', '05/09/2026', 'Casual Leave'], // 4 CREATED (page 1)
    ];
    const tail = [
      [joined.employer_worker_id, '30/09/2026', '01/10/2026', 'Sick Leave'], // before joining
      [left.employer_worker_id, '14/10/2026', '16/10/2026', 'Sick Leave'], // after termination
      [left.employer_worker_id, '01/10/2026', '02/10/2026', 'Sick Leave'], // CREATED
      [vendors.employer_worker_id, '05/10/2026', '05/10/2026', 'Sick Leave'], // a vendor's worker: unknown here
      ['NOBODY-AT-ALL', '05/10/2026', '05/10/2026', 'Sick Leave'], // unknown
      [stored.employer_worker_id.toLowerCase(), '05/10/2026', '06/10/2026', 'casual'], // UNCHANGED
      [stored.employer_worker_id, '08/10/2026', '08/10/2026', 'Earned Leave'], // UPDATED type
      [stored.employer_worker_id, '12/10/2026', '16/10/2026', 'Loss of Pay'], // replaces two
      [stored.employer_worker_id, '20/10/2026', '21/10/2026', 'Cancelled'], // cancels
      [stored.employer_worker_id, '25/10/2026', '25/10/2026', 'Cancel'], // nothing to cancel
      [joined.employer_worker_id, '01/09/2026', '01/09/2026', 'Cancel'], // nothing to cancel (before joining too)
      [shared.employer_worker_id, '02/10/2026', '03/10/2026', 'Sick Leave'], // replaces 01-10/10
      [shared.employer_worker_id, '05/10/2026', '06/10/2026', 'Sick Leave'], // replaces the same, in the same page
      [pair.employer_worker_id, '12/11/2026', '13/11/2026', 'Earned Leave'], // overlaps row 3
      ['NOBODY-TWICE', '01/11/2026', '03/11/2026', 'Sick Leave'], // overlaps the next (before being unknown)
      ['nobody-twice', '03/11/2026', '04/11/2026', 'Sick Leave'],
      [joined.employer_worker_id, '15/10/2026', '31/12/2026', 'Sick Leave'], // too long: failed when read
    ];
    const rows = [HEADER, ...head, ...filler, ...tail];
    const rec = await uploadAndSettle(token, await sheet(rows));
    expect(rec.status).toBe('PROCESSED');
    // The processed sheet: each row's Status, Reason and the columns marked in red.
    const loc = parseDocumentLocation(rec.processedDocumentURL!)!;
    const doc = await env.call('GET', '/employer-admin/doc', { token, query: loc });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(doc.body.b64File as string, 'base64') as unknown as ArrayBuffer);
    const out = new Map<number, { values: string[]; red: number[] }>();
    wb.worksheets[0]!.eachRow((row) => {
      const values: string[] = [];
      const red: number[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        values[col - 1] = cell.text;
        if ((cell.fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb) red.push(col - 1);
      });
      out.set(row.number, { values, red });
    });
    expect(out.size).toBe(rows.length);
    const at = (n: number) => {
      const r = out.get(n)!;
      return [r.values[4] ?? '', r.values[5] ?? '', r.red.filter((c) => c < 4)];
    };
    const page2 = head.length + filler.length + 2; // the file's row number of the first row after the filler
    expect(at(2)).toEqual(['UNCHANGED', '', []]);
    expect(at(3)).toEqual(['FAILED', LEAVE_MSG.overlapsInSheet(String(page2 + 13)), [1, 2]]);
    expect(at(4)).toEqual(['CREATED', '', []]);
    expect(at(5)).toEqual(['CREATED', '', []]);
    expect(at(page2 - 1)).toEqual(['CREATED', '', []]);
    expect(at(page2)).toEqual(['FAILED', `${LEAVE_MSG.beforeJoining} (01/10/2026)`, [1]]);
    expect(at(page2 + 1)).toEqual(['FAILED', `${LEAVE_MSG.afterTermination} (15/10/2026)`, [2]]);
    expect(at(page2 + 2)).toEqual(['CREATED', '', []]);
    expect(at(page2 + 3)).toEqual(['FAILED', EMPLOYEE_SERVER_MSG.unknownEmployeeId, [0]]);
    expect(at(page2 + 4)).toEqual(['FAILED', EMPLOYEE_SERVER_MSG.unknownEmployeeId, [0]]);
    expect(at(page2 + 5)).toEqual(['UNCHANGED', '', []]);
    expect(at(page2 + 6)).toEqual(['UPDATED', 'Leave Type: Sick Leave -> Earned Leave', []]);
    expect(at(page2 + 7)).toEqual(['UPDATED', 'Replaces Casual Leave 12/10/2026 to 13/10/2026, Sick Leave 15/10/2026 to 15/10/2026', []]);
    expect(at(page2 + 8)).toEqual(['UPDATED', 'Cancelled Earned Leave 20/10/2026 to 21/10/2026', []]);
    expect(at(page2 + 9)).toEqual(['FAILED', LEAVE_MSG.cancelUnknown('25/10/2026', '25/10/2026'), [1, 2]]);
    expect(at(page2 + 10)).toEqual(['FAILED', LEAVE_MSG.cancelUnknown('01/09/2026', '01/09/2026'), [1, 2]]);
    expect(at(page2 + 11)).toEqual(['UPDATED', 'Replaces Casual Leave 01/10/2026 to 10/10/2026', []]);
    expect(at(page2 + 12)).toEqual(['UPDATED', 'Replaces Casual Leave 01/10/2026 to 10/10/2026', []]);
    expect(at(page2 + 13)).toEqual(['FAILED', LEAVE_MSG.overlapsInSheet('3'), [1, 2]]);
    expect(at(page2 + 14)).toEqual(['FAILED', LEAVE_MSG.overlapsInSheet(String(page2 + 15)), [1, 2]]);
    expect(at(page2 + 15)).toEqual(['FAILED', LEAVE_MSG.overlapsInSheet(String(page2 + 14)), [1, 2]]);
    expect(at(page2 + 16)).toEqual(['FAILED', LEAVE_MSG.tooLong, [2]]);
    const created = filler.length + 2;
    expect(rec.counts).toEqual({ totalRows: rows.length - 1, appliedRows: created + 5, createdRows: created, updatedRows: 5, unchangedRows: 2, failedRows: 11 });

    const leaves = async (w: { id: string }) =>
      (await env.deps.db.selectFrom('leaves').select(['from_date', 'to_date', 'leave_type', 'upload_id', 'vendor_id', 'employer_id']).where('worker_id', '=', w.id).orderBy('from_date').execute()).map(
        (l) => [l.from_date, l.to_date, l.leave_type, l.upload_id === rec._id, l.vendor_id, l.employer_id === employer],
      );
    expect(await leaves(first)).toEqual([
      ['2026-09-01', '2026-09-02', 'SICK_LEAVE', false, null, true],
      ['2026-09-05', '2026-09-05', 'CASUAL_LEAVE', true, null, true],
    ]);
    expect(await leaves(joined)).toEqual([]);
    expect(await leaves(left)).toEqual([['2026-10-01', '2026-10-02', 'SICK_LEAVE', true, null, true]]);
    expect(await leaves(vendors)).toEqual([]);
    expect(await leaves(pair)).toEqual([]);
    expect(await leaves(stored)).toEqual([
      ['2026-10-05', '2026-10-06', 'CASUAL_LEAVE', false, null, true],
      ['2026-10-08', '2026-10-08', 'EARNED_LEAVE', true, null, true],
      ['2026-10-12', '2026-10-16', 'UNPAID_LEAVE', true, null, true],
    ]);
    expect(await leaves(shared)).toEqual([
      ['2026-10-02', '2026-10-03', 'SICK_LEAVE', true, null, true],
      ['2026-10-05', '2026-10-06', 'SICK_LEAVE', true, null, true],
    ]);
    expect(await env.deps.db.selectFrom('leaves').select(sql<number>`count(*)::int`.as('n')).where('worker_id', 'in', bulk.map((w) => w.id)).where('upload_id', '=', rec._id).executeTakeFirstOrThrow()).toEqual({ n: 2_600 });
    // What the upload did, kept on its row of the list (decision 0025).
    const list = await env.call('GET', '/employer-admin/leave', { token, query: { limit: '100' } });
    expect(list.body.leaves_data.find((r: { _id: string }) => r._id === rec._id).effects).toEqual({ recorded: created + 3, changed: 1, replaced: 4, cancelled: 1 });
  }, 120_000);
});

describe('issue 20: an upload keeps what it did, whatever later sheets do', () => {
  it('the list gives each upload the counts of its processing; a later Cancel and replace do not rewrite them, and the correcting upload says what it cancelled and replaced', async () => {
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2026-01-01' });
    const id = w.employer_worker_id;
    const first = await uploadAndSettle(A.hr, await sheet([HEADER, [id, '02/09/2026', '03/09/2026', 'Casual Leave'], [id, '10/09/2026', '10/09/2026', 'Sick Leave']]));
    const fix = await uploadAndSettle(
      A.hr,
      await sheet([HEADER, [id, '02/09/2026', '03/09/2026', 'Cancel'], [id, '09/09/2026', '11/09/2026', 'Unpaid Leave'], [id, '20/09/2026', '20/09/2026', 'Earned Leave']]),
    );
    expect(fix.status).toBe('PROCESSED');
    const retype = await uploadAndSettle(A.hr, await sheet([HEADER, [id, '20/09/2026', '20/09/2026', 'Sick Leave']]));
    const list = await env.call('GET', '/employer-admin/leave', { token: A.hr, query: { limit: '100' } });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.leaves_data.map((r: { _id: string }) => [r._id, r]));
    const a = byId.get(first._id) as any;
    // Both of its leaves are gone from today's leave rows, yet its row says what it recorded then.
    expect(a.leavesTotal).toBe(0);
    expect(a.effects).toEqual({ recorded: 2, changed: 0, replaced: 0, cancelled: 0 });
    expect(a.fileName).toBe('leave.xlsx');
    const b = byId.get(fix._id) as any;
    expect(b.effects).toEqual({ recorded: 2, changed: 0, replaced: 1, cancelled: 1 });
    // 20/09 was re-typed by the third upload: it now lists under that one, the second keeps its count.
    expect(b.leavesTotal).toBe(1);
    expect((byId.get(retype._id) as any).effects).toEqual({ recorded: 0, changed: 1, replaced: 0, cancelled: 0 });
  });

  it('a refused sheet has no effects', async () => {
    const wrong = await uploadAndSettle(A.owner, await sheet([['Employee ID', 'Date', 'Status'], ['X', '01/10/2026', 'Present']]));
    const list = await env.call('GET', '/employer-admin/leave', { token: A.owner, query: { limit: '100' } });
    expect(list.body.leaves_data.find((r: { _id: string }) => r._id === wrong._id).effects).toBeNull();
  });
});

describe('what leave counts for (decision 0025)', () => {
  it('paid leave this month raises the available earned salary; the same dates made unpaid take it back off', async () => {
    const side = createWorkerSide(env.deps);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(env.clock.now());
    const [y, m, d] = today.split('-');
    const w = await insertWorker(env, { employer_id: A.id, joined_at: '2024-01-01', current_monthly_salary: 3_000_000 });
    const before = await side.availability(w.id);
    const row = (type: string) => [w.employer_worker_id, `01/${m}/${y}`, `${d}/${m}/${y}`, type];
    const paid = await uploadAndSettle(A.hr, await sheet([HEADER, row('Earned Leave')]));
    expect(paid.counts).toMatchObject({ createdRows: 1 });
    const during = await side.availability(w.id);
    expect(during.available).toBeGreaterThan(before.available);
    const unpaid = await uploadAndSettle(A.hr, await sheet([HEADER, row('Loss of Pay')]));
    expect(unpaid.counts).toMatchObject({ updatedRows: 1 });
    expect((await side.availability(w.id)).available).toBe(before.available);
    // Replaced by paid leave of other dates (the first day only): available rises again; cancelled: back to before.
    const replaced = await uploadAndSettle(A.hr, await sheet([HEADER, [w.employer_worker_id, `01/${m}/${y}`, `01/${m}/${y}`, 'Sick Leave']]));
    expect(replaced.counts).toMatchObject({ updatedRows: 1 });
    if (d !== '01') expect((await side.availability(w.id)).available).toBeGreaterThan(before.available);
    const cancelled = await uploadAndSettle(A.hr, await sheet([HEADER, [w.employer_worker_id, `01/${m}/${y}`, `01/${m}/${y}`, 'Cancel']]));
    expect(cancelled.counts).toMatchObject({ updatedRows: 1 });
    expect(await leavesOf(w.id)).toEqual([]);
    expect((await side.availability(w.id)).available).toBe(before.available);
  });
});

describe('payroll: the unpaid leave flag (decision 0025)', () => {
  it('flags a row whose Paid Days exceed Working Days less the unpaid leave recorded for the month, and pays it as the sheet says', async () => {
    const e = await createEmployer(env);
    const owner = await signIn(env, e.owner);
    const M = payrollMonthOf(isoDateInZone(new Date(), BUSINESS_TIME_ZONE));
    const mm = monthKey(M).slice(5);
    const yyyy = monthKey(M).slice(0, 4);
    const onLeave = await insertWorker(env, { employer_id: e.employer.id, joined_at: '2024-01-01', full_name: 'Meena Kumari' });
    const fair = await insertWorker(env, { employer_id: e.employer.id, joined_at: '2024-01-01', full_name: 'Meena Kumari' });
    const clear = await insertWorker(env, { employer_id: e.employer.id, joined_at: '2024-01-01', full_name: 'Meena Kumari' });
    const leave = await uploadAndSettle(
      owner,
      await sheet([HEADER, [onLeave.employer_worker_id, `03/${mm}/${yyyy}`, `05/${mm}/${yyyy}`, 'Loss of Pay'], [fair.employer_worker_id, `03/${mm}/${yyyy}`, `05/${mm}/${yyyy}`, 'Unpaid Leave'], [clear.employer_worker_id, `03/${mm}/${yyyy}`, `05/${mm}/${yyyy}`, 'Sick Leave']]),
    );
    expect(leave.counts).toMatchObject({ createdRows: 3 });
    const payrollRow = (id: string, paid: number) => [id, 'Meena Kumari', '', 30000, 26, paid, `50100${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, 'HDFC0001234'];
    const file = await sheet([
      ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'],
      payrollRow(onLeave.employer_worker_id, 26),
      payrollRow(fair.employer_worker_id, 23),
      payrollRow(clear.employer_worker_id, 26),
    ]);
    const r = await env.call('POST', '/employer-admin/payroll/upload-payroll-doc', { token: owner, body: { file: file.toString('base64'), fileName: 'payroll.xlsx' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const done = await settled(owner, r.body.documentId);
    expect(done.status).toBe('PROCESSED');
    const entries = await env.deps.db.selectFrom('payroll_entries').select(['worker_id', 'flags', 'status']).where('payroll_id', '=', r.body.payrollId).execute();
    const flagsOf = (id: string) => entries.find((x) => x.worker_id === id)!.flags;
    expect(flagsOf(onLeave.id)).toContain('PAID_DAYS_OVER_UNPAID_LEAVE');
    expect(flagsOf(fair.id)).not.toContain('PAID_DAYS_OVER_UNPAID_LEAVE');
    expect(flagsOf(clear.id)).not.toContain('PAID_DAYS_OVER_UNPAID_LEAVE');
    // Shown, never applied: the flagged row is paid as the sheet says.
    expect(entries.find((x) => x.worker_id === onLeave.id)!.status).toBe('FINALIZED');
    const d = await env.call('GET', '/employer-admin/payroll/payroll-details', { token: owner, query: { month: String(M.month), year: String(M.year) } });
    expect(d.body.flags.PAID_DAYS_OVER_UNPAID_LEAVE).toBe(1);
  });
});

describe('the To Do list asks for a leave upload where the employer wants one', () => {
  it('off by default; with leaveUploadTodo on, WRITE admins see it until a leave sheet is processed this cycle, in each context', async () => {
    const e = await createEmployer(env);
    const owner = await signIn(env, e.owner);
    const viewer = await signIn(env, await createAdmin(env, e.employer.id, ROLE_IDS.viewer));
    const kinds = async (token: string, vendorId?: string) =>
      ((await env.call('GET', '/employer-admin/to-do', { token, query: { vendorId } })).body as { items: { kind: string; link: string }[] }).items;
    expect((await kinds(owner)).map((i) => i.kind)).not.toContain('LEAVE_UPLOAD');
    await sql`update employers set config = coalesce(config, '{}'::jsonb) || '{"leaveUploadTodo": true}'::jsonb where id = ${e.employer.id}::uuid`.execute(env.deps.db);
    expect(await kinds(owner)).toContainEqual({ kind: 'LEAVE_UPLOAD', title: 'Upload leave', link: '/documentUpload?document=LEAVE_UPLOAD' });
    expect((await kinds(viewer)).map((i) => i.kind)).not.toContain('LEAVE_UPLOAD');
    const v = e.vendors[0]!.id;
    expect(await kinds(owner, v)).toContainEqual({ kind: 'LEAVE_UPLOAD', title: 'Upload leave', link: `/documentUpload?document=LEAVE_UPLOAD&vendorId=${v}` });
    const w = await insertWorker(env, { employer_id: e.employer.id, joined_at: '2024-01-01' });
    const rec = await uploadAndSettle(owner, await sheet([HEADER, [w.employer_worker_id, '01/10/2026', '01/10/2026', 'Sick Leave']]));
    expect(rec.status).toBe('PROCESSED');
    expect((await kinds(owner)).map((i) => i.kind)).not.toContain('LEAVE_UPLOAD');
    // The vendor's context has had no leave upload yet.
    expect((await kinds(owner, v)).map((i) => i.kind)).toContain('LEAVE_UPLOAD');
  });
});

describe('the sample', () => {
  it('sample-leave-upload.xlsx passes its own processing for workers with its Employee IDs', async () => {
    const e = await createEmployer(env);
    const owner = await signIn(env, e.owner);
    for (const id of ['EMP001', 'EMP002', 'CON003']) await insertWorker(env, { employer_id: e.employer.id, employer_worker_id: id, joined_at: '2024-01-01' });
    const file = Buffer.from(await (await fetch(`${env.baseUrl}/api/samples/sample-leave-upload.xlsx`)).arrayBuffer());
    const rec = await uploadAndSettle(owner, file);
    expect(rec.counts, JSON.stringify(rec)).toMatchObject({ totalRows: 3, createdRows: 3, failedRows: 0 });
  });
});

describe('sheets written by other software', () => {
  it('reads an openpyxl leave sheet: the cover sheet first, real dates and text dates, an empty row, lower-case and alias types', async () => {
    const b = await createEmployer(env);
    const owner = await signIn(env, b.owner);
    const one = await insertWorker(env, { employer_id: b.employer.id, employer_worker_id: 'LV-OPX-1', joined_at: '2026-01-01' });
    const two = await insertWorker(env, { employer_id: b.employer.id, employer_worker_id: 'LV-OPX-2', joined_at: '2026-01-01' });
    const file = await readFile(path.join(import.meta.dirname, 'fixtures/sheets/leave-openpyxl.xlsx'));
    const rec = await uploadAndSettle(owner, file);
    expect(rec.sheetName).toBe('Leave');
    expect(rec.counts).toMatchObject({ totalRows: 3, createdRows: 1, failedRows: 2 });
    const rows = await processedRows(owner, rec);
    expect(rows.get(2)!.at(-1)).toBe(LEAVE_MSG.overlapsInSheet('5'));
    expect(rows.get(4)!.slice(1, 3)).toEqual(['12/10/2026', '12/10/2026']);
    expect(rows.get(4)!.at(-2)).toBe('CREATED');
    expect(rows.get(5)!.at(-1)).toBe(LEAVE_MSG.overlapsInSheet('2'));
    expect(await leavesOf(one.id)).toEqual([]);
    expect(await leavesOf(two.id)).toEqual([{ from_date: '2026-10-12', to_date: '2026-10-12', leave_type: 'UNPAID_LEAVE', vendor_id: null }]);
  });
});

describe("LEAVE_UPLOAD's overlap check within the sheet, whatever the plan", () => {
  /** Every row a plan node of an EXPLAIN (ANALYZE, FORMAT JSON) read and then dropped: the pairs it compared and refused. */
  const removed = (node: Record<string, unknown>): number =>
    Number(node['Rows Removed by Join Filter'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0) + ((node.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((n, p) => n + removed(p), 0);

  it("compares each Employee ID's rows only with each other, even when the planner is held to nested loops", async () => {
    // A staged sheet of 3,000 workers with one row each, and three rows of one Employee ID (in two
    // spellings), two of which overlap: what the pipeline has staged when the leave sheet applies.
    const uploadId = randomUUID();
    const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}`;
    const rows = [
      ...Array.from({ length: 3_000 }, (_, i) => ({ id: `W-${i}`, from: day(1 + (i % 28)), to: day(1 + (i % 28)) })),
      { id: 'TWICE', from: day(3), to: day(6) },
      { id: 'twice ', from: day(6), to: day(7) },
      { id: 'TWICE', from: day(9), to: day(9) },
    ];
    await sql`
      insert into sheet_rows (upload_id, row_number, cells, value, key, status)
      select ${uploadId}::uuid, r.n + 1, '[]'::json, jsonb_build_object('employerEmployeeId', r.id, 'fromDate', r.f, 'toDate', r.t), lower(btrim(r.id)) || '|' || r.f || '|' || r.t, null
      from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.from)}::text[], ${rows.map((r) => r.to)}::text[]) with ordinality as r(id, f, t, n)
    `.execute(env.deps.db);
    try {
      const expected = [
        { row_number: 3_002, others: [3_003] },
        { row_number: 3_003, others: [3_002] },
      ];
      expect((await overlapsInSheet(uploadId).execute(env.deps.db)).rows).toEqual(expected);
      // The planner held to the worst it can do with a self-join (nested loops, no hashing, no
      // merging): a join of the rows on the Employee ID compares all 3,003 x 3,003 pairs (9 million
      // dropped by its join filter). The check drops each Employee ID of one row once (3,000) and
      // compares the three rows of TWICE with each other: work in proportion to the rows.
      await env.deps.db.transaction().execute(async (trx) => {
        await sql`set local enable_hashjoin = off`.execute(trx);
        await sql`set local enable_mergejoin = off`.execute(trx);
        await sql`set local enable_hashagg = off`.execute(trx);
        expect((await overlapsInSheet(uploadId).execute(trx)).rows).toEqual(expected);
        const { rows: plan } = await sql<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>`explain (analyze, format json) ${overlapsInSheet(uploadId)}`.execute(trx);
        expect(removed(plan[0]!['QUERY PLAN'][0].Plan)).toBeLessThan(2 * rows.length);
      });
    } finally {
      await sql`delete from sheet_rows where upload_id = ${uploadId}::uuid`.execute(env.deps.db);
    }
  });
});
