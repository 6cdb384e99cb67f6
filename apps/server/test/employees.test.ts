/**
 * Employees list calls (spec 2.5, 4.6, 5.3, 7, 8): search, the report download, add, update, the
 * availability check, bulk terminate / activate and the profile's terminate, in the employer and
 * vendor contexts, scoped to the caller's employer, with READ / WRITE.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_MSG, EMPLOYEE_SERVER_MSG, ROLE_IDS, signedUpLockMessage } from '@portal/domain';
import { createWorkerSide, type WorkerSide } from '../src/features/worker-side/index.js';
import { createAdmin, createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { activitiesOf, insertWorker, uniqueTag, workerRow } from './workers-fixtures.js';

let env: TestEnv;
let side: WorkerSide;
/** Employer A (metadata lists branches, grades, departments), its owner's and viewer's tokens, two vendors. */
let A: { id: string; token: string; viewer: string; v1: string; v2: string };
/** Employer B, another tenant. */
let B: { id: string; token: string; v1: string };

beforeAll(async () => {
  env = await createTestEnv();
  side = createWorkerSide(env.deps);
  const a = await createEmployer(env, { metadata: { branchIds: ['Pune', 'Mumbai'], gradeIds: ['G1', 'G2'], departmentIds: ['Ops', 'Finance'] } });
  const b = await createEmployer(env);
  const viewer = await createAdmin(env, a.employer.id, ROLE_IDS.viewer);
  A = { id: a.employer.id, token: await signIn(env, a.owner), viewer: await signIn(env, viewer), v1: a.vendors[0]!.id, v2: a.vendors[1]!.id };
  B = { id: b.employer.id, token: await signIn(env, b.owner), v1: b.vendors[0]!.id };
});
afterAll(() => env.close());

// ---- helpers ----

const search = (token: string, body: Record<string, unknown>, vendorId?: string) =>
  env.call('PUT', '/v2/employer-admin/employee-paginated-filter-search', { token, body, query: { vendorId } });
const create = (token: string, body: Record<string, unknown>, vendorId?: string) => env.call('POST', '/employer-admin/employee', { token, body, query: { vendorId } });
const update = (token: string, body: Record<string, unknown>, vendorId?: string) => env.call('PATCH', '/employer-admin/employee', { token, body, query: { vendorId } });
const fieldCheck = (token: string, body: Record<string, unknown>, vendorId?: string) => env.call('POST', '/employer-admin/employee-field-check', { token, body, query: { vendorId } });
const bulk = (token: string, action: 'terminate' | 'activate', ids: string[], vendorId?: string) =>
  env.call('PATCH', `/v2/employer-admin/${action}-employees`, { token, body: { employerEmployeeIds: ids }, query: { vendorId } });
const terminateOne = (token: string, employeeId: string, vendorId?: string) => env.call('PATCH', '/employer-admin/terminate-employee', { token, body: { employeeId }, query: { vendorId } });

/** A valid add form with unique id, e-mail and mobile. */
const form = (o: Record<string, unknown> = {}) => {
  const tag = uniqueTag();
  return { fullName: 'Asha Devi', email: `asha-${tag}@example.com`, mobile: uniqueMobile(), employerEmployeeId: `E-${tag}`, currentMonthlySalary: '25000', joiningDate: '2025-04-01', ...o };
};

/** Downloads the report and opens it with exceljs: the header row and the data rows as text. */
async function report(token: string, body: Record<string, unknown>, vendorId?: string) {
  const res = await fetch(`${env.baseUrl}/api/employer-admin/search${vendorId ? `?vendorId=${vendorId}` : ''}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="employee-report.xlsx"');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: (string | number)[][] = [];
  sheet.eachRow((row) => rows.push((row.values as (string | number)[]).slice(1)));
  return { header: rows[0] ?? [], rows: rows.slice(1) };
}

const DEFAULT_HEADERS = ['Full Name', 'Employee ID', 'Email ID', 'Mobile No.', 'Sign Up Status', 'Employment Status', 'Joining Date', 'Termination Date', 'Withdrawal Allowed', 'Monthly Salary'];

// ---- search ----

describe('PUT /v2/employer-admin/employee-paginated-filter-search', () => {
  let tag: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    tag = uniqueTag();
    const own = async (name: string, o: Record<string, unknown> = {}) =>
      (await insertWorker(env, { employer_id: A.id, full_name: name, employer_worker_id: `S${tag}-${name.split(' ')[0]}`, ...o })).id;
    ids = {
      ravi: await own('Ravi Kumar', { branch_id: 'Pune', employment_status: 'ACTIVE' }),
      meera: await own('Meera Nair', { branch_id: 'Mumbai', employment_status: 'IN_PROBATION', email: `meera-${tag}@example.com` }),
      sunil: await own('Sunil Das', { branch_id: 'Pune', employment_status: 'INACTIVE', mobile: `98${tag.replace(/\D/g, '').padEnd(8, '7').slice(0, 8)}` }),
      vendorWorker: (await insertWorker(env, { employer_id: A.id, vendor_id: A.v1, full_name: 'Vendor Person', employer_worker_id: `S${tag}-V1` })).id,
      otherTenant: (await insertWorker(env, { employer_id: B.id, full_name: 'Ravi Kumar', employer_worker_id: `S${tag}-B` })).id,
    };
    // Signed up through the worker side.
    await side.register({ employerId: A.id, mobile: uniqueMobile(), fullName: 'Kiran Rao', employerWorkerId: `S${tag}-Kiran`, monthlySalary: 3_000_000, joinedAt: '2025-01-01' });
  });
  const namesOf = (r: { body: { employees: { fullName: string }[] } }) => r.body.employees.map((e) => e.fullName).sort();

  it('lists the employer\'s own workers only, with the total, and masks the account number', async () => {
    const r = await search(A.token, { searchText: `S${tag}` });
    expect(r.status).toBe(200);
    expect(namesOf(r)).toEqual(['Kiran Rao', 'Meera Nair', 'Ravi Kumar', 'Sunil Das']);
    expect(r.body.total).toBe(4);
    const sealed = env.deps.protector.protectText('123456789012');
    await env.deps.db.updateTable('workers').set({ salary_account_number: sealed.sealed, salary_account_number_masked: sealed.masked, salary_account_number_hash: sealed.hash }).where('id', '=', ids.ravi!).execute();
    const again = await search(A.token, { searchText: `S${tag}-Ravi` });
    expect(again.body.employees[0].salaryAccountNumber).toBe('********9012');
  });

  it('the total without search or filters counts the whole context, and follows adds', async () => {
    const count = async (vendorId?: string) =>
      Number((await env.deps.db.selectFrom('workers').select((eb) => eb.fn.countAll().as('n')).where('employer_id', '=', A.id).where('vendor_id', vendorId ? '=' : 'is', vendorId ?? null).executeTakeFirstOrThrow()).n);
    const before = await search(A.token, {});
    expect(before.body.total).toBe(await count());
    expect((await search(A.token, {}, A.v1)).body.total).toBe(await count(A.v1));
    expect((await create(A.token, form())).status).toBe(200);
    expect((await search(A.token, {})).body.total).toBe(before.body.total + 1);
  });

  it('searches on employee id, mobile, full name and e-mail (contains, any case), or on one field', async () => {
    expect(namesOf(await search(A.token, { searchText: `s${tag}-MEERA` }))).toEqual(['Meera Nair']);
    expect(namesOf(await search(A.token, { searchText: `meera-${tag}@` }))).toEqual(['Meera Nair']);
    const sunil = await workerRow(env, ids.sunil!);
    expect(namesOf(await search(A.token, { searchText: sunil.mobile! }))).toEqual(['Sunil Das']);
    const byName = await search(A.token, { searchText: 'ravi kum', limit: 100 });
    expect(byName.body.employees.every((e: { fullName: string }) => e.fullName === 'Ravi Kumar')).toBe(true);
    expect(byName.body.employees.some((e: { _id: string }) => e._id === ids.ravi)).toBe(true);
    expect(byName.body.employees.some((e: { _id: string }) => e._id === ids.otherTenant)).toBe(false);
    // searchOn narrows to one column: the name does not contain the id text.
    expect((await search(A.token, { searchText: `S${tag}-Meera`, searchOn: 'fullName' })).body.total).toBe(0);
    // LIKE characters are searched literally.
    expect((await search(A.token, { searchText: '%' })).body.total).toBe(0);
  });

  it('filters by sign-up status, employment status and branch, with AND / OR and Is / Is not', async () => {
    const f = (field: string, value: string, operator = 'IS', conjunction = 'WHERE') => ({ conjunction, field, operator, value });
    const run = async (filters: unknown[]) => namesOf(await search(A.token, { searchText: `S${tag}`, filters }));
    expect(await run([f('signUpStatus', 'SIGNED_UP')])).toEqual(['Kiran Rao']);
    expect(await run([f('signUpStatus', 'SIGNED_UP', 'IS_NOT')])).toEqual(['Meera Nair', 'Ravi Kumar', 'Sunil Das']);
    expect(await run([f('employmentStatus', 'INACTIVE')])).toEqual(['Sunil Das']);
    expect(await run([f('branchId', 'Pune'), f('employmentStatus', 'ACTIVE', 'IS', 'AND')])).toEqual(['Ravi Kumar']);
    expect(await run([f('branchId', 'Mumbai'), f('employmentStatus', 'INACTIVE', 'IS', 'OR')])).toEqual(['Meera Nair', 'Sunil Das']);
    // Is not keeps the workers without a branch.
    expect(await run([f('branchId', 'Pune', 'IS_NOT')])).toEqual(['Kiran Rao', 'Meera Nair']);
    const bad = await search(A.token, { filters: [f('employmentStatus', 'RETIRED')] });
    expect(bad.status).toBe(400);
    expect(bad.body.message.description).toBe(EMPLOYEE_SERVER_MSG.invalidFilter);
  });

  it('pages with limit and pageNumber (default 10), the total unchanged', async () => {
    const p1 = await search(A.token, { searchText: `S${tag}`, limit: 3, pageNumber: 1, sortby: 'fullName' });
    const p2 = await search(A.token, { searchText: `S${tag}`, limit: 3, pageNumber: 2, sortby: 'fullName' });
    expect(p1.body.employees.map((e: { fullName: string }) => e.fullName)).toEqual(['Kiran Rao', 'Meera Nair', 'Ravi Kumar']);
    expect(p2.body.employees.map((e: { fullName: string }) => e.fullName)).toEqual(['Sunil Das']);
    expect([p1.body.total, p2.body.total]).toEqual([4, 4]);
    for (let i = 0; i < 11; i++) await insertWorker(env, { employer_id: A.id, full_name: 'Page Filler', employer_worker_id: `P${tag}-${i}` });
    const dflt = await search(A.token, { searchText: `P${tag}` });
    expect(dflt.body.employees).toHaveLength(10);
    expect(dflt.body.total).toBe(11);
    expect((await search(A.token, { limit: 0 })).status).toBe(400);
  });

  it('sorts by a column in either direction (sortOrder), the column\'s own order when absent; page 2 follows page 1', async () => {
    const tag2 = uniqueTag();
    const rows: [string, number, string | null][] = [
      ['Chitra', 2_000_000, '2024-03-01'],
      ['Anil', 3_500_000, null],
      ['Bela', 1_000_000, '2025-07-15'],
      ['Dev', 3_500_000, '2023-01-10'],
    ];
    for (const [name, salary, joined] of rows) {
      await insertWorker(env, { employer_id: A.id, full_name: `${name} ${tag2}`, employer_worker_id: `O${tag2}-${name}`, current_monthly_salary: salary, joined_at: joined });
    }
    const order = async (body: Record<string, unknown>) => {
      const r = await search(A.token, { searchText: `O${tag2}`, ...body });
      expect(r.status).toBe(200);
      return r.body.employees.map((e: { fullName: string }) => e.fullName.split(' ')[0]);
    };
    expect(await order({ sortby: 'fullName' })).toEqual(['Anil', 'Bela', 'Chitra', 'Dev']);
    expect(await order({ sortby: 'fullName', sortOrder: 'desc' })).toEqual(['Dev', 'Chitra', 'Bela', 'Anil']);
    expect(await order({ sortby: 'employerEmployeeId', sortOrder: 'desc' })).toEqual(['Dev', 'Chitra', 'Bela', 'Anil']);
    // Joining date: newest first by default; oldest first asked; no date last either way.
    expect(await order({ sortby: 'joinedAt' })).toEqual(['Bela', 'Chitra', 'Dev', 'Anil']);
    expect(await order({ sortby: 'joinedAt', sortOrder: 'asc' })).toEqual(['Dev', 'Chitra', 'Bela', 'Anil']);
    // Salary: highest first by default (a tie keeps one order), lowest first asked.
    const high = await order({ sortby: 'currentMonthlySalary' });
    expect(high.slice(2)).toEqual(['Chitra', 'Bela']);
    expect(new Set(high.slice(0, 2))).toEqual(new Set(['Anil', 'Dev']));
    const low = await order({ sortby: 'currentMonthlySalary', sortOrder: 'asc' });
    expect(low).toEqual([...high].reverse());
    // Creation: newest first by default, oldest first asked.
    expect(await order({ sortby: 'createdAt', sortOrder: 'asc' })).toEqual([...(await order({}))].reverse());
    // Pages in a reversed order neither repeat nor skip a row.
    const p1 = await order({ sortby: 'fullName', sortOrder: 'desc', limit: 3, pageNumber: 1 });
    const p2 = await order({ sortby: 'fullName', sortOrder: 'desc', limit: 3, pageNumber: 2 });
    expect([...p1, ...p2]).toEqual(['Dev', 'Chitra', 'Bela', 'Anil']);
    expect((await search(A.token, { sortby: 'fullName', sortOrder: 'up' })).status).toBe(400);
    expect((await search(A.token, { sortby: 'mobile' })).status).toBe(400);
  });

  it('in vendor context lists only that vendor\'s workers; another tenant\'s vendor is refused', async () => {
    expect(namesOf(await search(A.token, { searchText: `S${tag}` }, A.v1))).toEqual(['Vendor Person']);
    expect((await search(A.token, { searchText: `S${tag}` }, A.v2)).body.total).toBe(0);
    expect((await search(A.token, { searchText: `S${tag}` }, B.v1)).status).toBe(403);
  });

  it('is open to READ', async () => {
    expect((await search(A.viewer, { searchText: `S${tag}` })).body.total).toBe(4);
  });
});

// ---- report ----

describe('PUT /employer-admin/search (employee-report.xlsx)', () => {
  let tag: string;
  beforeAll(async () => {
    tag = uniqueTag();
    await insertWorker(env, { employer_id: A.id, full_name: 'Report One', employer_worker_id: `R${tag}-1`, branch_id: 'Pune', current_monthly_salary: 2_550_050, joined_at: '2025-04-01' });
    await insertWorker(env, { employer_id: A.id, full_name: 'Report Two', employer_worker_id: `R${tag}-2`, employment_status: 'INACTIVE', terminated_at: '2026-02-03' });
    await insertWorker(env, { employer_id: A.id, full_name: '=HYPERLINK("http://evil")', employer_worker_id: `R${tag}-3`, email: `+cmd-${tag}@example.com` });
    await insertWorker(env, { employer_id: A.id, vendor_id: A.v1, full_name: 'Report Vendor', employer_worker_id: `R${tag}-V` });
  });

  it('by default has every column but Branch, Grade and Department, and the filtered rows', async () => {
    const { header, rows } = await report(A.token, { searchText: `R${tag}`, sortby: 'employerEmployeeId' });
    expect(header).toEqual(DEFAULT_HEADERS);
    expect(rows.map((r) => r[1])).toEqual([`R${tag}-1`, `R${tag}-2`, `R${tag}-3`]);
    expect(rows[0]!.slice(4)).toEqual(['Not Signed Up', 'Active', '01/04/2025', undefined, 'Allowed', 25500.5]);
    expect(rows[1]![5]).toBe('Inactive');
    expect(rows[1]![7]).toBe('03/02/2026');
  });

  it('has only the visible columns asked for, Full Name and Employee ID always, metadata columns when listed', async () => {
    const { header, rows } = await report(A.token, { searchText: `R${tag}-1`, columns: ['mobile', 'branchId', 'currentMonthlySalary'] });
    expect(header).toEqual(['Full Name', 'Employee ID', 'Mobile No.', 'Monthly Salary', 'Branch']);
    expect(rows).toHaveLength(1);
    expect(rows[0]![4]).toBe('Pune');
    // Employer B lists no branches: the column is left out even when asked for.
    const b = await report(B.token, { columns: ['branchId'] });
    expect(b.header).toEqual(['Full Name', 'Employee ID']);
  });

  it('applies the filters', async () => {
    const { rows } = await report(A.token, { searchText: `R${tag}`, filters: [{ conjunction: 'WHERE', field: 'employmentStatus', operator: 'IS', value: 'INACTIVE' }] });
    expect(rows.map((r) => r[0])).toEqual(['Report Two']);
  });

  it('writes formula-looking text as text', async () => {
    const { rows } = await report(A.token, { searchText: `R${tag}-3` });
    expect(rows[0]![0]).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows[0]![2]).toBe(`'+cmd-${tag}@example.com`);
  });

  it('in vendor context has only the vendor\'s workers; READ may download; a bad filter is a 400', async () => {
    expect((await report(A.token, { searchText: `R${tag}` }, A.v1)).rows.map((r) => r[0])).toEqual(['Report Vendor']);
    expect((await report(A.viewer, { searchText: `R${tag}` })).rows).toHaveLength(3);
    const bad = await env.call('PUT', '/employer-admin/search', { token: A.token, body: { filters: [{ conjunction: 'WHERE', field: 'signUpStatus', operator: 'IS', value: 'x' }] } });
    expect(bad.status).toBe(400);
  });
});

// ---- create ----

describe('POST /employer-admin/employee', () => {
  it('adds an employee: money in paise, the context\'s vendor, an activity row', async () => {
    const body = form({ currentMonthlySalary: '25000', maxWithdrawalSalaryPercent: '40', maxWithdrawalPerDay: '1000.50', maxWithdrawalPerTransaction: '500', salaryAccountNumber: '123456789', branchId: 'Pune' });
    const r = await create(A.token, body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fullName: 'Asha Devi', employerEmployeeId: body.employerEmployeeId, currentMonthlySalary: 2_500_000, maxWithdrawalPerDay: 100_050, maxWithdrawalPerTransaction: 50_000, employmentStatus: 'ACTIVE', userId: null, vendorId: null, branchId: 'Pune' });
    const row = await workerRow(env, r.body._id);
    expect(row.joined_at).toBe('2025-04-01');
    expect((await activitiesOf(env, A.id, 'EMPLOYEE_ADDED')).some((a) => a.target_id === r.body._id)).toBe(true);
    const v = await create(A.token, form(), A.v1);
    expect(v.body.vendorId).toBe(A.v1);
  });

  it.each([
    ['fullName', { fullName: 'A' }, EMPLOYEE_MSG.name],
    ['fullName', { fullName: 'Asha 123' }, EMPLOYEE_MSG.name],
    ['email', { email: 'not-an-email' }, EMPLOYEE_MSG.email],
    ['mobile', { mobile: '12345' }, EMPLOYEE_MSG.mobile],
    ['mobile', { mobile: '4876543210' }, EMPLOYEE_MSG.mobile],
    ['email', { email: '', mobile: '' }, EMPLOYEE_MSG.emailOrMobile],
    ['employerEmployeeId', { employerEmployeeId: '  ' }, EMPLOYEE_MSG.employeeId],
    ['currentMonthlySalary', { currentMonthlySalary: '' }, EMPLOYEE_MSG.salaryRequired],
    ['currentMonthlySalary', { currentMonthlySalary: '25k' }, EMPLOYEE_MSG.salaryNumeric],
    ['currentMonthlySalary', { currentMonthlySalary: '0' }, EMPLOYEE_MSG.salaryPositive],
    // Issue 14: whole rupees only (as the approval edit), and a negative is "not positive".
    ['currentMonthlySalary', { currentMonthlySalary: '1.5' }, 'Monthly Salary should be number(s) only'],
    ['currentMonthlySalary', { currentMonthlySalary: '-1' }, 'Monthly Salary should be a positive number'],
    ['joiningDate', { joiningDate: '2025-02-30' }, EMPLOYEE_MSG.joiningDate],
    // Issue 14: from 70 years back to 6 months ahead (the employee sheet's limit).
    ['joiningDate', { joiningDate: '2031-01-01' }, 'Please enter a valid Joining Date'],
    ['joiningDate', { joiningDate: '1899-12-31' }, 'Please enter a valid Joining Date'],
    ['salaryAccountNumber', { salaryAccountNumber: '12345678' }, EMPLOYEE_MSG.accountNumber],
    ['salaryAccountNumber', { salaryAccountNumber: '1234567890123456789' }, EMPLOYEE_MSG.accountNumber],
    ['salaryAccountNumber', { salaryAccountNumber: '12345678A' }, EMPLOYEE_MSG.accountNumber],
    ['maxWithdrawalSalaryPercent', { maxWithdrawalSalaryPercent: '101' }, EMPLOYEE_MSG.percent],
    ['maxWithdrawalPerDay', { maxWithdrawalPerDay: '-1' }, EMPLOYEE_MSG.positive],
    ['maxWithdrawalPerTransaction', { maxWithdrawalPerTransaction: 'abc' }, EMPLOYEE_MSG.positive],
    ['branchId', { branchId: 'Nowhere' }, EMPLOYEE_SERVER_MSG.branch],
    ['gradeId', { gradeId: 'G9' }, EMPLOYEE_SERVER_MSG.grade],
    ['departmentId', { departmentId: 'Legal' }, EMPLOYEE_SERVER_MSG.department],
  ])('refuses a bad %s with the spec message and stores nothing (%j)', async (field, bad, message) => {
    const body = form(bad);
    const r = await create(A.token, body);
    expect(r.status).toBe(400);
    expect(r.body.errors[field]).toBe(message);
    expect(r.body.message.description).toBe(Object.values(r.body.errors)[0]);
    expect(await env.deps.db.selectFrom('workers').select('id').where('employer_worker_id', '=', String(body.employerEmployeeId)).execute()).toHaveLength(0);
  });

  it('accepts either e-mail or mobile alone', async () => {
    expect((await create(A.token, form({ email: '' }))).status).toBe(200);
    expect((await create(A.token, form({ mobile: '' }))).status).toBe(200);
  });

  it('refuses a duplicate employee id (any case), e-mail or mobile within the employer, in any context', async () => {
    const first = form();
    expect((await create(A.token, first)).status).toBe(200);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ employerEmployeeId: String(first.employerEmployeeId).toLowerCase() }, 'employerEmployeeId', EMPLOYEE_SERVER_MSG.duplicateEmployeeId],
      [{ email: String(first.email).toUpperCase() }, 'email', EMPLOYEE_SERVER_MSG.duplicateEmail],
      [{ mobile: first.mobile }, 'mobile', EMPLOYEE_SERVER_MSG.duplicateMobile],
    ];
    for (const [dup, field, message] of cases) {
      for (const vendorId of [undefined, A.v1]) {
        const r = await create(A.token, form(dup), vendorId);
        expect(r.status).toBe(400);
        expect(r.body.errors[field]).toBe(message);
        expect(r.body.message.description).toBe(message);
      }
    }
    // Another employer may use the same id, e-mail and mobile.
    expect((await create(B.token, { ...first })).status).toBe(200);
  });

  it('is refused to READ (403) and needs a session (401)', async () => {
    const body = form();
    expect((await create(A.viewer, body)).status).toBe(403);
    expect((await env.call('POST', '/employer-admin/employee', { body })).status).toBe(401);
    expect(await env.deps.db.selectFrom('workers').select('id').where('employer_worker_id', '=', String(body.employerEmployeeId)).execute()).toHaveLength(0);
  });
});

// ---- update ----

describe('PATCH /employer-admin/employee', () => {
  it('updates the sent fields, keeps the others, and writes an activity row', async () => {
    const added = (await create(A.token, form({ salaryAccountNumber: '123456789012' }))).body;
    const r = await update(A.token, { id: added._id, fullName: 'Asha Kumari', currentMonthlySalary: '30000', gradeId: 'G2' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fullName: 'Asha Kumari', currentMonthlySalary: 3_000_000, gradeId: 'G2', email: added.email, mobile: added.mobile });
    const stored = (await workerRow(env, added._id)).salary_account_number!;
    expect(stored).toMatch(/^pe1\.\d+\./); // sealed at rest (decision 0037)
    expect(env.deps.protector.openText(stored)).toBe('123456789012');
    expect((await activitiesOf(env, A.id, 'EMPLOYEE_UPDATED')).some((a) => a.target_id === added._id)).toBe(true);
  });

  it('answers "Can\'t able to update, Employee Id missing" without an id', async () => {
    const r = await update(A.token, { fullName: 'Nobody Here' });
    expect(r.status).toBe(400);
    expect(r.body.message.description).toBe(EMPLOYEE_MSG.updateWithoutId);
  });

  it('enforces the form rules on the merged form', async () => {
    const added = (await create(A.token, form())).body;
    const r = await update(A.token, { id: added._id, currentMonthlySalary: '-5', email: '', mobile: '' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatchObject({ currentMonthlySalary: EMPLOYEE_MSG.salaryPositive, email: EMPLOYEE_MSG.emailOrMobile });
    expect((await workerRow(env, added._id)).current_monthly_salary).toBe(2_500_000);
  });

  it('refuses a decimal salary and a joining date outside the window on edit too, with the form messages', async () => {
    const added = (await create(A.token, form())).body;
    const r = await update(A.token, { id: added._id, currentMonthlySalary: '1.5', joiningDate: '2031-01-01' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ currentMonthlySalary: 'Monthly Salary should be number(s) only', joiningDate: 'Please enter a valid Joining Date' });
    expect(r.body.message.description).toBe('Monthly Salary should be number(s) only');
    const old = await update(A.token, { id: added._id, currentMonthlySalary: '-1', joiningDate: '1899-12-31' });
    expect(old.body.errors).toEqual({ currentMonthlySalary: 'Monthly Salary should be a positive number', joiningDate: 'Please enter a valid Joining Date' });
    const row = await workerRow(env, added._id);
    expect([row.current_monthly_salary, row.joined_at]).toEqual([2_500_000, '2025-04-01']);
  });

  it('locks the Employee ID, name, mobile and e-mail once the employee has signed up (the sheet\'s rule too), other fields stay editable', async () => {
    const mobile = uniqueMobile();
    const w = await side.register({ employerId: A.id, mobile, fullName: 'Signed Person', employerWorkerId: `SU-${uniqueTag()}`, monthlySalary: 2_000_000, joinedAt: '2025-01-01' });
    const locked = await update(A.token, { id: w.id, employerEmployeeId: `NEW-${uniqueTag()}` });
    expect(locked.status).toBe(400);
    expect(locked.body.errors.employerEmployeeId).toBe(signedUpLockMessage(['employerEmployeeId']));
    expect(locked.body.errors.employerEmployeeId).toBe('Employee ID cannot be changed after the employee has signed up');
    const identity = await update(A.token, { id: w.id, fullName: 'Someone Else', mobile: uniqueMobile(), email: `${uniqueTag()}@example.com` });
    expect(identity.status).toBe(400);
    expect(identity.body.errors).toEqual({
      fullName: 'Full Name cannot be changed after the employee has signed up',
      mobile: 'Mobile cannot be changed after the employee has signed up',
      email: 'Email cannot be changed after the employee has signed up',
    });
    const row = await workerRow(env, w.id);
    expect([row.employer_worker_id, row.full_name, row.mobile, row.email]).toEqual([w.employer_worker_id, 'Signed Person', mobile, null]);
    // The same identity in other case and spacing is no change (the stored spelling is kept); the rest may change.
    const ok = await update(A.token, { id: w.id, employerEmployeeId: w.employer_worker_id.toLowerCase(), fullName: '  signed   PERSON ', currentMonthlySalary: '25000', designation: 'Supervisor', joiningDate: '2025-01-01' });
    expect(ok.status).toBe(200);
    expect([ok.body.fullName, ok.body.employerEmployeeId, ok.body.currentMonthlySalary, ok.body.designation]).toEqual(['Signed Person', w.employer_worker_id, 2_500_000, 'Supervisor']);
    // Not signed up: every field may change.
    const open = (await create(A.token, form())).body;
    const newId = `NEW-${uniqueTag()}`;
    const changed = await update(A.token, { id: open._id, employerEmployeeId: newId, fullName: 'Renamed Person' });
    expect([changed.body.employerEmployeeId, changed.body.fullName]).toEqual([newId, 'Renamed Person']);
  });

  it('refuses another worker\'s e-mail or mobile, and keeps its own', async () => {
    const one = (await create(A.token, form())).body;
    const two = (await create(A.token, form())).body;
    const r = await update(A.token, { id: two._id, mobile: one.mobile });
    expect(r.status).toBe(400);
    expect(r.body.errors.mobile).toBe(EMPLOYEE_SERVER_MSG.duplicateMobile);
    expect((await update(A.token, { id: two._id, mobile: two.mobile, email: two.email })).status).toBe(200);
  });

  it('answers 404 for a worker of another employer, of another context, or a malformed id', async () => {
    const other = (await create(B.token, form())).body;
    const vendorWorker = (await create(A.token, form(), A.v1)).body;
    for (const [token, id, vendorId] of [
      [A.token, other._id, undefined],
      [A.token, vendorWorker._id, undefined],
      [A.token, vendorWorker._id, A.v2],
      [A.token, 'not-a-uuid', undefined],
    ] as const) {
      const r = await update(token, { id, fullName: 'Hijacked Name' }, vendorId);
      expect(r.status).toBe(404);
    }
    expect((await workerRow(env, other._id)).full_name).toBe('Asha Devi');
    expect((await update(A.token, { id: vendorWorker._id, fullName: 'Vendor Edit' }, A.v1)).status).toBe(200);
  });

  it('is refused to READ', async () => {
    const added = (await create(A.token, form())).body;
    expect((await update(A.viewer, { id: added._id, fullName: 'Viewer Edit' })).status).toBe(403);
    expect((await workerRow(env, added._id)).full_name).toBe('Asha Devi');
  });
});

// ---- availability ----

describe('POST /employer-admin/employee-field-check', () => {
  it('answers whether an e-mail or mobile is free within the employer', async () => {
    const w = (await create(A.token, form())).body;
    expect((await fieldCheck(A.token, { field: 'mobile', value: w.mobile })).body).toEqual({ available: false });
    expect((await fieldCheck(A.token, { field: 'email', value: String(w.email).toUpperCase() })).body).toEqual({ available: false });
    expect((await fieldCheck(A.token, { field: 'mobile', value: uniqueMobile() })).body).toEqual({ available: true });
    // The worker being edited keeps its own value.
    expect((await fieldCheck(A.token, { field: 'mobile', value: w.mobile, employeeId: w._id })).body).toEqual({ available: true });
    // Another employer's values are free here; a vendor's worker counts in the employer context.
    expect((await fieldCheck(B.token, { field: 'mobile', value: w.mobile })).body).toEqual({ available: true });
    expect((await fieldCheck(A.token, { field: 'mobile', value: w.mobile }, A.v1)).body).toEqual({ available: false });
  });

  it('is refused to READ and refuses an unknown field', async () => {
    expect((await fieldCheck(A.viewer, { field: 'mobile', value: uniqueMobile() })).status).toBe(403);
    expect((await fieldCheck(A.token, { field: 'pan', value: 'x' })).status).toBe(400);
  });
});

// ---- bulk ----

describe('PATCH /v2/employer-admin/terminate-employees and activate-employees', () => {
  it('terminates each id on its own: success, already inactive, unknown, another tenant\'s (partial outcome)', async () => {
    const tag = uniqueTag();
    const active = await insertWorker(env, { employer_id: A.id, full_name: 'Bulk Active', employer_worker_id: `B${tag}-1` });
    const inactive = await insertWorker(env, { employer_id: A.id, full_name: 'Bulk Inactive', employer_worker_id: `B${tag}-2`, employment_status: 'INACTIVE' });
    const foreign = await insertWorker(env, { employer_id: B.id, full_name: 'Bulk Foreign', employer_worker_id: `B${tag}-3` });
    const r = await bulk(A.token, 'terminate', [active.employer_worker_id, inactive.employer_worker_id, `B${tag}-none`, foreign.employer_worker_id]);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { employeeId: active.employer_worker_id, status: 'SUCCESS', fullName: 'Bulk Active' },
      { employeeId: inactive.employer_worker_id, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.alreadyInactive, fullName: 'Bulk Inactive' },
      { employeeId: `B${tag}-none`, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.unknownEmployeeId },
      { employeeId: foreign.employer_worker_id, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.unknownEmployeeId },
    ]);
    const done = await workerRow(env, active.id);
    expect(done.employment_status).toBe('INACTIVE');
    expect(done.terminated_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await workerRow(env, foreign.id)).employment_status).toBe('ACTIVE');
    const acts = await activitiesOf(env, A.id, 'EMPLOYEES_TERMINATED');
    expect(acts.some((a) => JSON.stringify(a.details).includes(active.employer_worker_id))).toBe(true);
  });

  it('activates inactive ones and clears the termination date; an active one fails', async () => {
    const tag = uniqueTag();
    const gone = await insertWorker(env, { employer_id: A.id, employer_worker_id: `C${tag}-1`, employment_status: 'INACTIVE', terminated_at: '2026-01-01' });
    const here = await insertWorker(env, { employer_id: A.id, employer_worker_id: `C${tag}-2` });
    const r = await bulk(A.token, 'activate', [gone.employer_worker_id, here.employer_worker_id]);
    expect(r.body.data.map((d: { status: string }) => d.status)).toEqual(['SUCCESS', 'FAILED']);
    expect(r.body.data[1].reason).toBe(EMPLOYEE_SERVER_MSG.alreadyActive);
    const row = await workerRow(env, gone.id);
    expect([row.employment_status, row.terminated_at]).toEqual(['ACTIVE', null]);
  });

  it('works within the vendor context only', async () => {
    const tag = uniqueTag();
    const vw = await insertWorker(env, { employer_id: A.id, vendor_id: A.v1, employer_worker_id: `D${tag}-1` });
    expect((await bulk(A.token, 'terminate', [vw.employer_worker_id])).body.data[0].status).toBe('FAILED');
    expect((await bulk(A.token, 'terminate', [vw.employer_worker_id], A.v2)).body.data[0].status).toBe('FAILED');
    expect((await bulk(A.token, 'terminate', [vw.employer_worker_id], A.v1)).body.data[0].status).toBe('SUCCESS');
  });

  it('is refused to READ, and needs at least one id', async () => {
    const w = await insertWorker(env, { employer_id: A.id });
    expect((await bulk(A.viewer, 'terminate', [w.employer_worker_id])).status).toBe(403);
    expect((await bulk(A.viewer, 'activate', [w.employer_worker_id])).status).toBe(403);
    expect((await workerRow(env, w.id)).employment_status).toBe('ACTIVE');
    expect((await bulk(A.token, 'terminate', [])).status).toBe(400);
  });
});

describe('PATCH /employer-admin/terminate-employee', () => {
  it('terminates one worker by its id, once', async () => {
    const w = await insertWorker(env, { employer_id: A.id });
    const r = await terminateOne(A.token, w.id);
    expect(r.status).toBe(200);
    expect(r.body.employmentStatus).toBe('INACTIVE');
    expect(r.body.terminatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await terminateOne(A.token, w.id);
    expect(again.status).toBe(400);
    expect(again.body.message.description).toBe(EMPLOYEE_SERVER_MSG.alreadyInactive);
    expect((await activitiesOf(env, A.id, 'EMPLOYEE_TERMINATED')).some((a) => a.target_id === w.id)).toBe(true);
  });

  it('answers 404 for another employer\'s or another context\'s worker, 403 to READ', async () => {
    const foreign = await insertWorker(env, { employer_id: B.id });
    const vendorWorker = await insertWorker(env, { employer_id: A.id, vendor_id: A.v1 });
    expect((await terminateOne(A.token, foreign.id)).status).toBe(404);
    expect((await terminateOne(A.token, vendorWorker.id)).status).toBe(404);
    expect((await terminateOne(A.token, 'nope')).status).toBe(404);
    expect((await terminateOne(A.viewer, vendorWorker.id, A.v1)).status).toBe(403);
    expect((await workerRow(env, foreign.id)).employment_status).toBe('ACTIVE');
    expect((await terminateOne(A.token, vendorWorker.id, A.v1)).status).toBe(200);
  });
});
