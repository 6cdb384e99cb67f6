/**
 * Spec 2.13, 5.1, 9: the Transactions screen on the demo data: search across a date range, see
 * the rows, filter by status and by worker id, the 2-year window message, and Quick Download of
 * transactions-report.xlsx (opened and its columns checked).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, closeUploadOutcomes, expectAccessible, signInViaApi } from '../fixtures.js';

// exceljs is CommonJS; Playwright's ESM loader cannot link its dependencies, so it is required.
const ExcelJS = createRequire(import.meta.url)('exceljs') as typeof import('exceljs');

const HEADERS = ['Name', 'Worker Id', 'Date & time', 'Amount Disbursed', 'Repaid Amount', 'Last Repayment Date', 'Deduction Confirmed', 'Pending Amount', 'Status'];
/** On screen the time column says which time it shows (issue 20 item 6): the request's, as the date filter. */
const SCREEN_HEADERS = HEADERS.map((h) => (h === 'Date & time' ? 'Date & time Requested (IST)' : h));
const istToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
/** Waits for the next answer of a search call (the table keeps the previous rows until it arrives). */
const searched = (page: Page, path: string) => page.waitForResponse((r) => r.url().includes(`/api/employer-admin/${path}?`) && r.status() === 200);
const column = (rows: ReturnType<Page['locator']>, index: number) => rows.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? ''), index);

/**
 * The portal seeds the demo after it starts listening; its salary top-ups come after every advance
 * of the month, so once the month's top-ups are there, so are the transactions.
 */
async function demoSeeded(page: Page, token: string): Promise<void> {
  const today = istToday();
  const query = `startDate=${today.slice(0, 7)}-01&endDate=${today}`;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/employer-admin/salary-topup/applications?${query}`, { headers: { Authorization: `Bearer ${token}` } });
        return res.ok() ? ((await res.json()) as { total: number }).total : 0;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
}

test('Transactions: a date range, the rows, the status filter, the worker search and the download', async ({ page }) => {
  test.setTimeout(180_000);
  await demoSeeded(page, await signInViaApi(page, DEMO.superAdmin));
  const today = istToday();
  const monthStart = `${today.slice(0, 7)}-01`;

  // --- Loads on entry: the current month so far ---
  await page.goto('/employerTransactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  // The boxes show dates day first (issue 14), as the tables do.
  const dmy = (iso: string) => iso.split('-').reverse().join('/');
  await expect(from).toHaveValue(dmy(monthStart));
  await expect(to).toHaveValue(dmy(today));
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('columnheader')).toHaveText(SCREEN_HEADERS);
  const rows = table.locator('tbody tr');
  await expect(rows.first().getByRole('cell').nth(8)).toHaveText(/TRANSFERRED|REPAID|DEDUCTED FROM SALARY/);
  await expectAccessible(page);

  // --- Search across a date range: the month before and this one, from the URL and from the fields ---
  const [y, m] = today.split('-').map(Number) as [number, number];
  const previousMonthStart = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  let done = searched(page, 'transactions-of-workers');
  await from.fill(dmy(previousMonthStart));
  await done;
  await expect(page).toHaveURL(new RegExp(`startDate=${previousMonthStart}&endDate=${today}`));
  await expect(rows.first().getByRole('cell').nth(8)).toHaveText(/TRANSFERRED|REPAID|DEDUCTED FROM SALARY/);
  await expect(page.getByText(/^Showing: 1 - \d+ of \d+$/)).toBeVisible();
  // Every row's date lies in the range (dd/mm/yyyy of this or the previous month).
  const dates = await column(rows, 2);
  expect(dates.length).toBeGreaterThan(0);
  for (const d of dates) {
    const [dd, mm, yyyy] = d.slice(0, 10).split('/');
    const iso = `${yyyy}-${mm}-${dd}`;
    expect(iso >= previousMonthStart && iso <= today, d).toBe(true);
  }

  // The Name links to the employee profile (the demo's own workers are employees).
  const firstName = rows.first().getByRole('link');
  await expect(firstName).toHaveAttribute('href', /^\/employeeProfile\?empId=[0-9a-f-]{36}&employerEmployeeId=SUN-\d+$/);

  // --- Status filter ---
  const status = page.getByRole('textbox', { name: 'Status' });
  await status.click();
  await expect(page.getByRole('option')).toHaveText(['All', 'Transferred', 'Deducted From Salary', 'Repaid']);
  done = searched(page, 'transactions-of-workers');
  await page.getByRole('option', { name: 'Transferred' }).click();
  await done;
  await expect(page).toHaveURL(/status=TRANSFERRED/);
  await expect(async () => expect(new Set(await column(rows, 8))).toEqual(new Set(['TRANSFERRED']))).toPass();
  await status.click();
  done = searched(page, 'transactions-of-workers');
  await page.getByRole('option', { name: 'Repaid' }).click();
  await done;
  await expect(page).toHaveURL(/status=REPAID/);
  // The demo repays some advances; a range without any shows the empty state.
  await expect(async () => {
    const shown = await column(rows, 8);
    expect(shown.every((s) => s === 'REPAID') || (shown.length === 1 && (await table.getByText('No data found').count()) === 1)).toBe(true);
  }).toPass();

  // --- Search by WorkerId ---
  // All again (its answer may come from the cache, so no call is awaited).
  await status.click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(async () => expect((await column(rows, 8)).some((s) => s === 'TRANSFERRED')).toBe(true)).toPass();
  const workerId = (await rows.first().getByRole('cell').nth(1).textContent())!;
  done = searched(page, 'transactions-of-workers');
  await page.getByRole('searchbox', { name: 'Search by WorkerId' }).fill(workerId);
  await done;
  await expect(page).toHaveURL(new RegExp(`employerWorkerId=${workerId}`));
  await expect(async () => expect(new Set(await column(rows, 1))).toEqual(new Set([workerId]))).toPass();

  // --- Quick Download: the same search as transactions-report.xlsx ---
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Quick Download' }).click()]);
  expect(download.suggestedFilename()).toBe('transactions-report.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
  const shown = await rows.count();
  expect(sheet.rowCount).toBe(shown + 1);
  expect(sheet.getRow(2).getCell(2).value).toBe(workerId);

  // --- 5.1: a From Date more than 2 years back ---
  await from.fill(`01/01/${y - 3}`);
  await expect(page.getByRole('alert').filter({ hasText: "Invalid date range! Please select a 'From Date' within last 2 years." })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quick Download' })).toBeDisabled();
});

test('Salary Topups: the month so far, the status filter and the download', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  await demoSeeded(page, token);
  // Other journeys' upload outcome notices (role alert when red) are not this screen's.
  await closeUploadOutcomes(page, token);
  const today = istToday();
  await page.goto('/salary-topups');
  // Date boxes read dd/mm/yyyy (issue 14).
  const dayFirst = (iso: string) => iso.split('-').reverse().join('/');
  await expect(page.getByLabel('From Date', { exact: true })).toHaveValue(dayFirst(`${today.slice(0, 7)}-01`));
  await expect(page.getByLabel('To Date', { exact: true })).toHaveValue(dayFirst(today));
  const table = page.getByRole('table', { name: 'Salary Topups' });
  await expect(table.getByRole('columnheader')).toHaveText(['Employee ID', 'Name', 'Approval date', 'Disbursal date', 'Amount Approved', 'Tenure', 'EMI amount', 'EMI Start Date', 'Status']);
  const rows = table.locator('tbody tr');
  await expect(rows.first().getByRole('cell').nth(8)).toHaveText(/DISBURSED|VERIFICATION PENDING/);
  await expectAccessible(page);

  // The end may not be before the start: nothing is searched.
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From Date', { exact: true }).fill(dayFirst(today));
  await page.getByLabel('To Date', { exact: true }).fill(dayFirst(yesterday));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "'To Date' cannot be before 'From Date'" })).toBeVisible();
  await expect(page).not.toHaveURL(/startDate=/);
  await page.getByLabel('From Date', { exact: true }).fill(dayFirst(`${today.slice(0, 7)}-01`));
  await page.getByLabel('To Date', { exact: true }).fill(dayFirst(today));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`startDate=${today.slice(0, 7)}-01&endDate=${today}`));

  // Filter by the status of the first row: only rows of that status remain.
  const wanted = (await rows.first().getByRole('cell').nth(8).textContent())!;
  await page.getByRole('textbox', { name: 'Status' }).click();
  await expect(page.getByRole('option')).toHaveCount(12);
  await expect(page.getByRole('option').nth(0)).toHaveText('All');
  const done = searched(page, 'salary-topup/applications');
  await page.getByRole('option', { name: wanted, exact: true }).click();
  await done;
  await expect(page).toHaveURL(new RegExp(`status=${wanted.replace(/ /g, '_')}`));
  await expect(async () => expect(new Set(await column(rows, 8))).toEqual(new Set([wanted]))).toPass();
  const otherStatus = wanted === 'REJECTED' ? 'REPAID' : 'REJECTED';
  await page.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: otherStatus, exact: true }).click();
  await expect(table.getByText('No data found')).toBeVisible();
  await page.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(rows.first().getByRole('cell').nth(8)).toHaveText(/DISBURSED|VERIFICATION PENDING/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('advance-salary-report.xlsx');
});
