/**
 * Issue 13: the Leave screen and a leave upload. A demo employee is marked Absent for the month so
 * far (so the paid leave is sure to change what they earned); the Leave screen is reached from
 * Attendance, a leave sheet (paid leave for the month so far, and a row for an unknown Employee ID)
 * is uploaded through Bulk Upload, the list follows it to its end with the leave it recorded, its
 * processed sheet is downloaded, and the employee's available salary on the profile goes up.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectAccessible, readXlsx, signInViaApi, writeXlsx } from '../fixtures.js';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Used by other journeys: left alone here.
const TAKEN = new Set(['SUN-1004', 'SUN-1047', 'SUN-1020', 'SUN-1033', 'SUN-1041']);

/** The days of this month up to today (Asia/Kolkata), as dd/mm/yyyy. */
function monthSoFar(): string[] {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-');
  return Array.from({ length: Number(d) }, (_, i) => `${String(i + 1).padStart(2, '0')}/${m}/${y}`);
}

interface Figures {
  currentAvailableSalary: number;
  withdrawnAmount: number;
  isWithdrawalAllowed: boolean;
}

/** A signed-up, active demo employee with withdrawals allowed and nothing withdrawn this month; the last such, to stay clear of the attendance journey's. */
async function pickEmployee(request: APIRequestContext, token: string): Promise<{ id: string; employeeId: string }> {
  const res = await request.put('/api/v2/employer-admin/employee-paginated-filter-search', {
    headers: bearer(token),
    data: { filters: [], limit: 100, pageNumber: 1, searchText: 'SUN-', sortby: 'createdAt' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { employees } = (await res.json()) as { employees: { _id: string; employerEmployeeId: string; userId: string | null; employmentStatus: string }[] };
  for (const e of [...employees].reverse()) {
    if (TAKEN.has(e.employerEmployeeId) || !e.userId || e.employmentStatus === 'INACTIVE') continue;
    const f = await request.get(`/api/employer-admin/employee/${e._id}/withdrawal-accessibility`, { headers: bearer(token) });
    const figures = (await f.json()) as Figures;
    if (f.status() === 200 && figures.isWithdrawalAllowed && figures.withdrawnAmount === 0) return { id: e._id, employeeId: e.employerEmployeeId };
  }
  throw new Error('no demo employee without withdrawals this month');
}

/** Uploads an attendance sheet over the API and waits for its processing to end. */
async function attendanceViaApi(request: APIRequestContext, token: string, rows: (string | number)[][], file: string): Promise<void> {
  writeXlsx(file, rows);
  const res = await request.post('/api/employer-admin/upload-attendance-doc', {
    headers: bearer(token),
    multipart: { file: { name: 'setup.xlsx', mimeType: XLSX_MIME, buffer: fs.readFileSync(file) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/v2/employer-admin/doc-upload-audit-logs/${_id}`, { headers: bearer(token) })).json()) as { status: string }).status, {
      timeout: 45_000,
    })
    .toBe('PROCESSED');
}

/** Opens the profile from the list and fetches Salary Details; returns the Current Available Salary text. */
async function availableSalary(page: Page, employeeId: string): Promise<string> {
  await page.goto('/employees');
  await page.getByRole('searchbox', { name: 'Search by Employee ID, Mobile, Full Name or Email' }).fill(employeeId);
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link').click();
  const salary = page.getByRole('region', { name: 'Salary Details' });
  await salary.getByRole('button', { name: 'Fetch' }).click();
  const figure = salary.getByRole('definition').nth(1);
  await expect(figure).toHaveText(/₹/);
  return (await figure.textContent())!.trim();
}
const paise = (rupees: string) => Math.round(Number(rupees.replace(/[^\d.]/g, '')) * 100);

test('a leave upload from the Leave screen: the list shows the leave recorded, the processed sheet downloads, and paid leave raises the available salary', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  const employee = await pickEmployee(page.request, token);
  const days = monthSoFar();
  await attendanceViaApi(page.request, token, [['Employee ID', 'Date', 'Status'], ...days.map((d) => [employee.employeeId, d, 'Absent'])], test.info().outputPath('absent.xlsx'));
  const before = await availableSalary(page, employee.employeeId);

  // --- From Attendance to Leave ---
  await page.goto('/attendance');
  await page.getByRole('link', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/leave$/);
  await expect(page.getByRole('heading', { name: 'Leave', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Leave uploads' });
  await expect(table.getByRole('columnheader')).toHaveText(['Upload date', 'File Name', 'Uploaded by', 'Leave recorded', 'Status', 'Download']);

  // --- Bulk Upload: the upload screen for leave, with its sample and history, back here after ---
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveURL(/\/documentUpload\?document=LEAVE_UPLOAD&returnTo=%2Fleave$/);
  await expect(page.getByRole('heading', { name: 'Leave Upload', level: 2, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /sample/i }).first()).toHaveAttribute('href', /sample-leave-upload\.xlsx$/);
  await expect(page.getByRole('heading', { name: 'Leave Upload History', level: 2 })).toBeVisible();
  const file = test.info().outputPath(`leave-${Date.now()}.xlsx`);
  writeXlsx(file, [
    ['Employee ID', 'From Date', 'To Date', 'Leave Type'],
    [employee.employeeId, days[0]!, days[days.length - 1]!, 'Earned Leave'],
    ['NOBODY-1', days[0]!, days[0]!, 'Sick Leave'],
  ]);
  await page.getByLabel('Choose file').setInputFiles(file);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'File Uploaded' })).toBeVisible();
  await expect(page).toHaveURL(/\/leave$/);

  const first = table.locator('tbody tr').first();
  await expect(first).toContainText(DEMO.superAdmin.name);
  await expect(first).toContainText('PROCESSED', { timeout: 45_000 });
  await expect(first).toContainText('1 created, 0 updated, 0 unchanged, 1 failed');
  await expect(first).toContainText(employee.employeeId);
  await expect(first).toContainText(`Earned Leave, ${days.length} ${days.length === 1 ? 'day' : 'days'} (paid)`);

  // --- The processed sheet, saved as leave_{documentId}.xlsx, Status and Reason at the file's rows ---
  const list = await page.request.get('/api/employer-admin/leave?pageNumber=1&limit=5', { headers: bearer(token) });
  const newest = ((await list.json()) as { leaves_data: { processedDocumentId: string | null }[] }).leaves_data[0]!;
  expect(newest.processedDocumentId).toBeTruthy();
  const waiting = page.waitForEvent('download');
  await first.getByRole('button', { name: 'Download processed sheet' }).click();
  const download = await waiting;
  expect(download.suggestedFilename()).toBe(`leave_${newest.processedDocumentId}.xlsx`);
  const rows = readXlsx(await download.path());
  expect(rows[0]).toEqual(['Employee ID', 'From Date', 'To Date', 'Leave Type', 'Status', 'Reason']);
  expect(rows[1]![4]).toBe('CREATED');
  expect(rows[2]!.slice(4)).toEqual(['FAILED', 'No employee with this Employee ID']);
  await expectAccessible(page);

  // --- Paid leave counts as worked days: more earned, so more available ---
  const after = await availableSalary(page, employee.employeeId);
  expect(paise(after)).toBeGreaterThan(paise(before));
  const figures = (await (await page.request.get(`/api/employer-admin/employee/${employee.id}/withdrawal-accessibility`, { headers: bearer(token) })).json()) as Figures;
  expect(paise(after)).toBe(figures.currentAvailableSalary);
});

test('the Viewer reads the leave list without Bulk Upload', async ({ page }) => {
  await signInViaApi(page, DEMO.viewer);
  await page.goto('/leave');
  await expect(page.getByRole('table', { name: 'Leave uploads' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Upload' })).toHaveCount(0);
});

test('vendor context: the vendor admin reads its vendor leave, and never the employer\'s', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.vendorAdmin);
  const me = (await (await page.request.get('/api/employer-admin', { headers: bearer(token) })).json()) as { departmentId: string };
  // A vendor-bound admin has no employer context: the shell sends them to their vendors.
  await page.goto('/leave');
  await expect(page).toHaveURL(/\/vendors/);
  await expect(page.getByRole('table', { name: 'Leave uploads' })).toHaveCount(0);
  await page.goto(`/leave?vendorId=${me.departmentId}`);
  await expect(page.getByRole('heading', { name: 'Vendor leave', level: 2 })).toBeVisible();
  // Issue 24, item 5: named and tabbed like every other vendor screen, under the Attendance tab.
  await expect(page.getByTestId('vendor-context')).toHaveText('Vendor: Swift Staffing Services');
  const tabs = page.getByRole('navigation', { name: 'Vendor sections' });
  await expect(tabs.getByRole('link', { name: 'Attendance' })).toHaveAttribute('aria-current', 'page');
  // Attendance and Leave lead to each other in the vendor's context.
  await page.getByRole('main').getByRole('link', { name: 'Attendance' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendors/attendance\\?vendorId=${me.departmentId}$`));
  await page.getByRole('main').getByRole('link', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/leave\\?vendorId=${me.departmentId}$`));
  await expect(page.getByRole('heading', { name: 'Vendor leave', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  await page.waitForURL((u) => u.pathname !== '/leave');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/documentUpload');
  expect(url.searchParams.get('document')).toBe('LEAVE_UPLOAD');
  expect(url.searchParams.get('vendorId')).toBe(me.departmentId);
  expect(url.searchParams.get('returnTo')).toBe(`/leave?vendorId=${me.departmentId}`);
});

/** Uploads a leave sheet over the API under `name` and waits for its processing to end. */
async function leaveViaApi(request: APIRequestContext, token: string, rows: (string | number)[][], file: string, name: string): Promise<void> {
  writeXlsx(file, rows);
  const res = await request.post('/api/employer-admin/upload-leave-doc', {
    headers: bearer(token),
    multipart: { file: { name, mimeType: XLSX_MIME, buffer: fs.readFileSync(file) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/v2/employer-admin/doc-upload-audit-logs/${_id}`, { headers: bearer(token) })).json()) as { status: string }).status, {
      timeout: 45_000,
    })
    .toBe('PROCESSED');
}

test('issue 20: each leave upload keeps what it did and shows its file name; the correcting upload says what it cancelled and replaced', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const token = await signInViaApi(page, DEMO.superAdmin);
  const employee = await pickEmployee(page.request, token);
  // Planned leave next year: it changes no one's earnings today.
  const y = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date())) + 1;
  const header = ['Employee ID', 'From Date', 'To Date', 'Leave Type'];
  const stamp = Date.now();
  const firstName = `leave-planned-${stamp}.xlsx`;
  const fixName = `leave-correction-${stamp}.xlsx`;
  await leaveViaApi(
    page.request,
    token,
    [header, [employee.employeeId, `02/03/${y}`, `03/03/${y}`, 'Casual Leave'], [employee.employeeId, `10/03/${y}`, `10/03/${y}`, 'Sick Leave']],
    test.info().outputPath('planned.xlsx'),
    firstName,
  );
  await leaveViaApi(
    page.request,
    token,
    [header, [employee.employeeId, `02/03/${y}`, `03/03/${y}`, 'Cancel'], [employee.employeeId, `09/03/${y}`, `11/03/${y}`, 'Unpaid Leave']],
    test.info().outputPath('correction.xlsx'),
    fixName,
  );

  await page.goto('/leave');
  const table = page.getByRole('table', { name: 'Leave uploads' });
  const fix = table.locator('tbody tr').filter({ hasText: fixName });
  await expect(fix).toContainText('1 recorded, 1 replaced, 1 cancelled');
  await expect(fix).toContainText('Unpaid Leave, 3 days (unpaid)');
  // The first upload's leave is all gone from today's records, but its row still says what it recorded.
  const first = table.locator('tbody tr').filter({ hasText: firstName });
  await expect(first).toContainText('2 recorded');
  await expect(first).toContainText('All since changed or cancelled by later uploads');
  await expect(first).not.toContainText('No leave recorded');
  await page.screenshot({ path: '/tmp/leave-effects-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(fix).toContainText('1 recorded, 1 replaced, 1 cancelled');
  await fix.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/leave-effects-390.png' });
});
