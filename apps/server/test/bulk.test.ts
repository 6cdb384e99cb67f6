/**
 * Bulk writes without a spreadsheet (issue 26, decision 0046): JSON rows through the same sheet
 * kinds as an upload, with the same outcomes and reasons row for row, an Idempotency-Key that
 * replays the first answer and refuses another body, the source in the history, and the scope of
 * the key that made them.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MSG } from '@portal/domain';
import { workDocumentJobs } from '../src/features/documents/index.js';
import { processSheet } from '../src/sheets.js';
import { adminRow, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';

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
