/**
 * Spec 2.6, 2.7, 4.3, 6: the Attendance screen and an attendance upload. The sheet marks a demo
 * employee Present for every day of this month so far (Asia/Kolkata); the upload is followed to
 * its end on the Attendance screen, its processed sheet downloaded, and the employee's available
 * salary on the profile goes up.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signInViaApi, writeXlsx, readXlsx } from '../fixtures.js';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Used by other journeys (profile, bulk termination): left alone here.
const TAKEN = new Set(['SUN-1004', 'SUN-1047']);


/** The days of this month up to today (Asia/Kolkata), as dd/mm/yyyy. */
function monthSoFar(): string[] {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-');
  return Array.from({ length: Number(d) }, (_, i) => `${String(i + 1).padStart(2, '0')}/${m}/${y}`);
}
const sheet = (employeeId: string, status: string) => [['Employee ID', 'Date', 'Status'], ...monthSoFar().map((day) => [employeeId, day, status])];

interface Figures {
  currentAvailableSalary: number;
  withdrawnAmount: number;
  isWithdrawalAllowed: boolean;
}

/** A signed-up, active demo employee with withdrawals allowed and nothing withdrawn this month, so earned salary shows in full. */
async function pickEmployee(request: APIRequestContext, token: string): Promise<{ id: string; employeeId: string }> {
  const res = await request.put('/api/v2/employer-admin/employee-paginated-filter-search', {
    headers: bearer(token),
    data: { filters: [], limit: 100, pageNumber: 1, searchText: 'SUN-', sortby: 'createdAt' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { employees } = (await res.json()) as { employees: { _id: string; employerEmployeeId: string; userId: string | null; employmentStatus: string }[] };
  for (const e of employees) {
    if (TAKEN.has(e.employerEmployeeId) || !e.userId || e.employmentStatus === 'INACTIVE') continue;
    const f = await request.get(`/api/employer-admin/employee/${e._id}/withdrawal-accessibility`, { headers: bearer(token) });
    const figures = (await f.json()) as Figures;
    if (f.status() === 200 && figures.isWithdrawalAllowed && figures.withdrawnAmount === 0) return { id: e._id, employeeId: e.employerEmployeeId };
  }
  throw new Error('no demo employee without withdrawals this month');
}

/** Uploads an attendance sheet over the API and waits for its processing to end. */
async function uploadViaApi(request: APIRequestContext, token: string, rows: (string | number)[][], file: string): Promise<void> {
  writeXlsx(file, rows);
  const res = await request.post('/api/employer-admin/upload-attendance-doc', {
    headers: bearer(token),
    multipart: { file: { name: 'setup.xlsx', mimeType: XLSX_MIME, buffer: fs.readFileSync(file) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  await expect
    .poll(
      async () => {
        const r = await request.get(`/api/v2/employer-admin/doc-upload-audit-logs/${_id}`, { headers: bearer(token) });
        return ((await r.json()) as { status: string }).status;
      },
      { timeout: 45_000 },
    )
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

test('an attendance upload marks a demo employee Present all month so far: the list follows it and the available salary goes up', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  const employee = await pickEmployee(page.request, token);
  // Start from a month of absences, so that the Present sheet is sure to change something.
  await uploadViaApi(page.request, token, sheet(employee.employeeId, 'Absent'), test.info().outputPath('absent.xlsx'));
  const before = await availableSalary(page, employee.employeeId);

  // --- Attendance screen: Bulk Upload comes back here after the upload ---
  await page.goto('/attendance');
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Attendance uploads' });
  await expect(table.getByRole('columnheader')).toHaveText(['Upload date', 'Uploaded by', 'Upload history', 'Status', 'Download']);
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveURL(/\/documentUpload\?document=ATTENDANCE_UPLOAD&returnTo=%2Fattendance$/);
  await expect(page.getByRole('heading', { name: 'Attendance Upload', level: 2 })).toBeVisible();
  const file = test.info().outputPath(`present-${Date.now()}.xlsx`);
  writeXlsx(file, sheet(employee.employeeId, 'Present'));
  await page.getByLabel('Choose file').setInputFiles(file);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'File Uploaded' })).toBeVisible();
  await expect(page).toHaveURL(/\/attendance$/);

  // The newest upload heads the list and reaches PROCESSED without Refresh.
  const days = monthSoFar();
  const first = table.locator('tbody tr').first();
  await expect(first).toContainText(DEMO.superAdmin.name);
  await expect(first).toContainText('PROCESSED', { timeout: 45_000 });
  // Every day was Absent before: each row changes a day's status.
  await expect(first).toContainText(`0 created, ${days.length} updated, 0 unchanged, 0 failed`);
  await expect(first.getByRole('cell').nth(2)).toHaveText(days[days.length - 1]!);

  // --- The processed sheet, saved as attendance_{documentId}.xlsx ---
  const list = await page.request.get('/api/employer-admin/attendance?pageNumber=1&limit=5', { headers: bearer(token) });
  const newest = ((await list.json()) as { attendances: { processedDocumentId: string | null }[] }).attendances[0]!;
  expect(newest.processedDocumentId).toBeTruthy();
  const waiting = page.waitForEvent('download');
  await first.getByRole('button', { name: 'Download processed sheet' }).click();
  const download = await waiting;
  expect(download.suggestedFilename()).toBe(`attendance_${newest.processedDocumentId}.xlsx`);
  const rows = readXlsx(await download.path());
  expect(rows[0]).toEqual(expect.arrayContaining(['Employee ID', 'Date', 'Status', 'Reason']));
  expect(rows).toHaveLength(days.length + 1);
  await expectAccessible(page);

  // --- The profile's Salary Details: more salary earned, so more available ---
  const after = await availableSalary(page, employee.employeeId);
  expect(paise(after)).toBeGreaterThan(paise(before));
  const figures = (await (await page.request.get(`/api/employer-admin/employee/${employee.id}/withdrawal-accessibility`, { headers: bearer(token) })).json()) as Figures;
  expect(paise(after)).toBe(figures.currentAvailableSalary);
});

test('the Viewer reads the attendance list without Bulk Upload', async ({ page }) => {
  await signInViaApi(page, DEMO.viewer);
  await page.goto('/attendance');
  await expect(page.getByRole('table', { name: 'Attendance uploads' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Upload' })).toHaveCount(0);
  await expect(page.getByText("You aren't authorized to access this page")).toHaveCount(0);
});

test('vendor context: Bulk Upload carries the vendor and comes back to the vendor attendance', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.vendorAdmin);
  const me = (await (await page.request.get('/api/employer-admin', { headers: bearer(token) })).json()) as { departmentId: string };
  const vendorId = me.departmentId;
  await page.goto(`/vendors/attendance?vendorId=${vendorId}`);
  await expect(page.getByRole('heading', { name: 'Vendor attendance', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Attendance uploads' })).toBeVisible();
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  await page.waitForURL((u) => u.pathname === '/documentUpload');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/documentUpload');
  expect(url.searchParams.get('document')).toBe('ATTENDANCE_UPLOAD');
  expect(url.searchParams.get('vendorId')).toBe(vendorId);
  expect(url.searchParams.get('returnTo')).toBe(`/vendors/attendance?vendorId=${vendorId}`);
  await expect(page.getByRole('heading', { name: 'Attendance Upload', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendors/attendance\\?vendorId=${vendorId}$`));
});
