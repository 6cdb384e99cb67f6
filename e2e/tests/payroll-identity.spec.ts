/**
 * Payroll rows that name someone else, and workers missing from the sheet (pre-freeze, shown and
 * never applied). In Metro Security Agency's context (the vendor's workers, so the own-context and
 * Swift Staffing journeys of payroll.spec.ts are left alone): a sheet whose first row carries one
 * worker's Employee ID with another person's name and mobile, and that leaves two of the vendor's active workers out. The
 * Payroll Summary shows the row's flags naming the employee record, counts them under "Rows to
 * review", and says how many active employees the sheet leaves out, with their list.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, expectAccessible, settle, signInViaApi, writeXlsx } from '../fixtures.js';

const HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];
/** Metro Security Agency's demo workers; the last two are left out of the sheet. */
const IN_SHEET = Array.from({ length: 6 }, (_, i) => `MSA-${1001 + i}`);
const LEFT_OUT = ['MSA-1007', 'MSA-1008'];
const IMPOSTOR = { name: 'Suresh Patel', mobile: '6000012345' };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

interface Employee {
  employerEmployeeId: string;
  fullName: string;
  mobile: string | null;
  employmentStatus: string;
}

test('the summary flags a row naming someone else and lists the active workers missing from the sheet', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  const vendors = await apiGet<{ vendor: { _id: string; name: string } }[]>(page.request, token, '/employer-admin/vendors');
  const vendorId = vendors.find((v) => v.vendor.name.startsWith('Metro Security'))!.vendor._id;
  const info = await apiGet<{ monthForWhichPayrollWillBeExecuted: { month: number; year: number; label: string } }>(
    page.request,
    token,
    `/employer-admin/payroll/payroll-info?vendorId=${vendorId}`,
  );
  const { month, year, label } = info.monthForWhichPayrollWillBeExecuted;
  const monthKey = `${year}-${String(month).padStart(2, '0')}`;

  const search = await page.request.put(`/api/v2/employer-admin/employee-paginated-filter-search?vendorId=${vendorId}`, {
    headers: bearer(token),
    data: { filters: [], limit: 100, pageNumber: 1, searchText: 'MSA-10', searchOn: 'employerEmployeeId' },
  });
  expect(search.status(), await search.text()).toBe(200);
  const found = ((await search.json()) as { employees: Employee[] }).employees;
  const worker = (id: string) => found.find((e) => e.employerEmployeeId === id)!;
  for (const id of [...IN_SHEET, ...LEFT_OUT]) expect(worker(id), id).toBeTruthy();
  const victim = worker(IN_SHEET[0]!);

  // The first row: the victim's Employee ID, someone else's name and mobile. The rest as recorded.
  const rows = IN_SHEET.map((id, i) =>
    i === 0 ? [id, IMPOSTOR.name, IMPOSTOR.mobile, 25000, 26, 26, '501009876500', 'HDFC0001234'] : [id, worker(id).fullName, '', 25000, 26, 26, `5010098766${String(i).padStart(2, '0')}`, 'HDFC0001234'],
  );
  const file = test.info().outputPath('payroll-identity.xlsx');
  writeXlsx(file, [HEADER, ...rows]);
  const upload = await page.request.post(`/api/employer-admin/payroll/upload-payroll-doc?vendorId=${vendorId}`, {
    headers: bearer(token),
    data: { file: readFileSync(file).toString('base64'), fileName: 'payroll-identity.xlsx' },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { payrollId } = (await upload.json()) as { payrollId: string };
  await expect
    .poll(async () => (await apiGet<{ _id: string; status: string }>(page.request, token, `/employer-admin/payroll/payroll-details?vendorId=${vendorId}&month=${month}&year=${year}`)).status, {
      timeout: 45_000,
    })
    .toBe('PROCESSED');
  // Every other active worker of the vendor (other journeys may add some) is missing too.
  const missingApi = await apiGet<{ total: number }>(page.request, token, `/employer-admin/payroll/missing-workers?vendorId=${vendorId}&payrollId=${payrollId}`);
  expect(missingApi.total).toBeGreaterThanOrEqual(LEFT_OUT.length);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/payroll/uploadSummary?vendorId=${vendorId}&month=${monthKey}`);
  await expect(page.getByRole('heading', { name: `Payroll Summary for ${label}` })).toBeVisible();
  await expect(page.getByTestId('payroll-status-text')).toHaveText('Please verify the details and finalize the payroll.');
  // Flags never block: every row is confirmed.
  await expect(page.getByTestId('info-confirmed')).toContainText(String(IN_SHEET.length));

  // The row naming someone else: flagged, with what the employee record holds.
  const entries = page.getByRole('table', { name: 'Payroll entries' });
  const flagged = entries.locator('tbody tr').filter({ hasText: IN_SHEET[0]! });
  await expect(flagged).toContainText(IMPOSTOR.name);
  await expect(flagged.getByTestId('flag-markers')).toContainText('Name differs');
  await expect(flagged.getByTestId('flag-markers')).toContainText('Mobile differs');
  await expect(flagged.getByTestId('flag-record')).toHaveText(`Record: ${victim.fullName}, ${victim.mobile}`);
  await expect(flagged.getByTestId('flag-markers')).toContainText(`Name differs from the employee record (${victim.fullName})`); // screen-reader text
  // A row as recorded carries neither.
  const plain = entries.locator('tbody tr').filter({ hasText: IN_SHEET[1]! });
  await expect(plain.getByTestId('flag-markers')).not.toContainText('Name differs');
  await expect(plain.getByTestId('flag-markers')).not.toContainText('Mobile differs');

  const review = page.getByRole('region', { name: 'Rows to review' });
  await expect(review).toContainText('Name differs from the employee record: 1 row(s)');
  await expect(review).toContainText('Mobile number differs from the employee record: 1 row(s)');

  // The active workers the sheet leaves out: the count, and the list.
  const missing = page.getByRole('region', { name: 'Employees not in this sheet' });
  await expect(missing.getByTestId('missing-workers-count')).toHaveText(`${missingApi.total} active employees are not in this payroll sheet.`);
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('summary-1366x768.png') });
  await flagged.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('flagged-row-1366x768.png') });
  await expectAccessible(page);

  await missing.getByRole('button', { name: 'View list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Employees not in this sheet' });
  await expect(dialog).toBeVisible();
  const list = dialog.getByRole('table', { name: 'Employees not in this sheet' });
  await expect(list.getByRole('columnheader')).toHaveText(['Name', 'Employee ID', 'Mobile Number']);
  for (const id of LEFT_OUT) {
    const w = worker(id);
    await expect(list.locator('tbody tr').filter({ hasText: id })).toContainText(w.fullName);
    await expect(list.locator('tbody tr').filter({ hasText: id })).toContainText(w.mobile ?? '-');
  }
  // Workers in the sheet are not listed.
  await expect(list.locator('tbody tr').filter({ hasText: IN_SHEET[0]! })).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: test.info().outputPath('missing-list-1366x768.png') });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
