/**
 * Issue 12 (5, 8, 9): the payroll tables on a laptop. At 1366x768 (and 1440x900) the Payroll
 * Summary's entries, the missing-workers list, the payout screen's table and the upload history
 * show every column, the name, amount and status ones included, without scrolling sideways: each
 * header cell lies within its table's scroll container, which does not overflow. The entries say
 * what the provider deductions repay (each advance and EMI with its date, or that there is none
 * up to the cut-off, the payroll month's last day) and how the salary was prorated (the monthly
 * salary for the paid days of the working days).
 *
 * In Metro Security Agency's context, after payroll-identity.spec.ts (which leaves a processed
 * payroll there) and before payroll.spec.ts (own workers, Swift Staffing): a new sheet replaces
 * that payroll, is finalized and executed. Screenshots go to the test's output folder, and to
 * E2E_SHOTS_DIR when set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, closeUploadOutcomes, expectAccessible, settle, signInViaApi, writeXlsx } from '../fixtures.js';

const HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];
/** Metro Security Agency's demo workers in the sheet (MSA-1007 is left out). */
const IN_SHEET = ['MSA-1001', 'MSA-1002', 'MSA-1003', 'MSA-1004', 'MSA-1005', 'MSA-1006', 'MSA-1008'];
/** The first row names someone else (flags and the record beside them: the widest Name cell). */
const IMPOSTOR = { name: 'Venkata Subramanian Raghunathan', mobile: '6000054321' };
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

const BANK_URL = process.env.E2E_BANK_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT) + 1}`;
const BANK_KEY = process.env.BANK_API_KEY ?? process.env.E2E_BANK_API_KEY ?? '';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }).format(paise / 100);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const days = (n: number) => String(Math.round(n * 100) / 100);

async function apiGet<T>(request: APIRequestContext, token: string, apiPath: string): Promise<T> {
  const res = await request.get(`/api${apiPath}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

interface EntryRow {
  name: string;
  employerEmployeeCode: string;
  monthlySalary: number;
  workingDays: number;
  paidDays: number;
  salary: number;
  deductions: number;
  deductionItems: { kind: 'ADVANCE' | 'TOPUP_EMI'; amount: number; date: string }[];
}

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(test.info().outputPath(name), path.join(dir, name));
  }
}

/**
 * At each laptop size: every header cell of the table lies within its scroll container's visible
 * box, and neither the container nor the page scrolls sideways. Logs the widths.
 */
async function expectColumnsInView(page: Page, table: Locator, what: string, shot: string | null): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await settle(page);
    const box = await table.evaluate((t) => {
      const c = t.parentElement!;
      const r = c.getBoundingClientRect();
      // The width its content needs (its columns at their narrowest), for the log.
      const [width, minWidth] = [t.style.width, t.style.minWidth];
      t.style.width = '0px';
      t.style.minWidth = '0px';
      const needs = Math.round(t.getBoundingClientRect().width);
      [t.style.width, t.style.minWidth] = [width, minWidth];
      return {
        needs,
        left: r.left,
        right: r.left + c.clientWidth,
        clientWidth: c.clientWidth,
        scrollWidth: c.scrollWidth,
        tableWidth: Math.round(t.getBoundingClientRect().width),
        pageWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      };
    });
    const note = `${what} at ${size.width}: table ${box.tableWidth} px (its content needs ${box.needs} px) in a ${box.clientWidth} px box`;
    console.log(note);
    test.info().annotations.push({ type: 'layout', description: note });
    const headers = table.getByRole('columnheader');
    const count = await headers.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const cell = headers.nth(i);
      const b = (await cell.boundingBox())!;
      const name = (await cell.innerText()).replace(/\s+/g, ' ').trim();
      expect.soft(b.x >= box.left - 1 && b.x + b.width <= box.right + 1, `${what} at ${size.width}: the "${name}" column in view (${Math.round(b.x)}..${Math.round(b.x + b.width)} of ${Math.round(box.left)}..${Math.round(box.right)})`).toBe(true);
    }
    expect.soft(box.scrollWidth, `${what} at ${size.width} scrolls sideways`).toBeLessThanOrEqual(box.clientWidth + 1);
    expect.soft(box.pageWidth, `the page at ${size.width} scrolls sideways`).toBeLessThanOrEqual(box.viewport);
    if (shot && size.width === 1366) await shoot(page, shot);
  }
  await page.setViewportSize(SIZES[0]!);
}

/** Each entry row says how its salary was prorated and what its deductions repay (or that nothing is due up to the cut-off). */
async function expectEntryDetails(page: Page, table: Locator, rows: EntryRow[], cutOff: string, shot: string): Promise<void> {
  let shown = false;
  for (const r of rows) {
    const row = table.locator('tbody tr').filter({ hasText: r.employerEmployeeCode });
    await expect(row).toContainText(`${rupees(r.monthlySalary)} × ${days(r.paidDays)}/${r.workingDays}`);
    await expect(row).toContainText(`Paid days ${days(r.paidDays)} / ${r.workingDays}`);
    if (r.deductions === 0) {
      await expect(row).toContainText(`No advances or EMIs up to ${cutOff}`);
      continue;
    }
    await row.getByRole('button', { name: `Provider deductions of ${r.name}: ${rupees(r.deductions)}` }).click();
    const repays = page.getByRole('dialog', { name: `Deductions of ${r.name}` });
    await expect(repays).toBeVisible();
    const lines = repays.getByRole('listitem');
    await expect(lines).toHaveCount(r.deductionItems.length);
    for (const [i, d] of r.deductionItems.entries()) {
      await expect(lines.nth(i)).toContainText(d.kind === 'ADVANCE' ? `Advance of ${ddmmyyyy(d.date)}` : `Top-up EMI due ${ddmmyyyy(d.date)}`);
      await expect(lines.nth(i)).toContainText(rupees(d.amount));
    }
    await expect(repays).toContainText(`Advances and EMIs up to ${cutOff} are deducted.`);
    if (!shown && r.deductionItems.length > 1) {
      await shoot(page, shot);
      shown = true;
    }
    await page.keyboard.press('Escape');
    await expect(repays).toBeHidden();
  }
}

test('the payroll tables show every column at 1366x768, with the salary arithmetic and what the deductions repay', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  await page.setViewportSize(SIZES[0]!);
  const vendors = await apiGet<{ vendor: { _id: string; name: string } }[]>(page.request, token, '/employer-admin/vendors');
  const vendorId = vendors.find((v) => v.vendor.name.startsWith('Metro Security'))!.vendor._id;
  const info = await apiGet<{ monthForWhichPayrollWillBeExecuted: { month: number; year: number; label: string } }>(page.request, token, `/employer-admin/payroll/payroll-info?vendorId=${vendorId}`);
  const { month, year, label } = info.monthForWhichPayrollWillBeExecuted;
  const monthKey = `${year}-${String(month).padStart(2, '0')}`;
  const cutOff = ddmmyyyy(`${monthKey}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`);

  const search = await page.request.put(`/api/v2/employer-admin/employee-paginated-filter-search?vendorId=${vendorId}`, {
    headers: bearer(token),
    data: { filters: [], limit: 100, pageNumber: 1, searchText: 'MSA-10', searchOn: 'employerEmployeeId' },
  });
  expect(search.status(), await search.text()).toBe(200);
  const found = ((await search.json()) as { employees: { employerEmployeeId: string; fullName: string }[] }).employees;
  const nameOf = (id: string) => found.find((e) => e.employerEmployeeId === id)!.fullName;
  // The sheet: the first row names someone else; one has half a day; one has no paid days (skipped, with its reason).
  const rows = IN_SHEET.map((id, i) => [
    id,
    i === 0 ? IMPOSTOR.name : nameOf(id),
    i === 0 ? IMPOSTOR.mobile : '',
    [38000, 45500, 27000, 13000, 47250, 44000, 28000][i]!,
    26,
    i === 2 ? 24.5 : i === 6 ? 0 : 26 - (i % 3),
    `5010098777${String(10 + i)}`,
    'HDFC0001234',
  ]);
  const file = test.info().outputPath('payroll-layout.xlsx');
  writeXlsx(file, [HEADER, ...rows]);
  const upload = await page.request.post(`/api/employer-admin/payroll/upload-payroll-doc?vendorId=${vendorId}`, {
    headers: bearer(token),
    data: { file: fs.readFileSync(file).toString('base64'), fileName: 'metro-security-payroll.xlsx' },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { payrollId } = (await upload.json()) as { payrollId: string };
  const detailsPath = `/employer-admin/payroll/payroll-details?vendorId=${vendorId}&month=${month}&year=${year}`;
  await expect.poll(async () => (await apiGet<{ status: string }>(page.request, token, detailsPath)).status, { timeout: 45_000 }).toBe('PROCESSED');
  await closeUploadOutcomes(page, token);
  const entries = await page.request.post(`/api/employer-admin/payroll/employee-payout-details?vendorId=${vendorId}`, { headers: bearer(token), data: { month, year, status: 'TOTAL' } });
  const apiRows = ((await entries.json()) as { data: EntryRow[] }).data;
  expect(apiRows).toHaveLength(IN_SHEET.length);
  // The demo's advances of the payroll month are deducted (issue 12, 5).
  expect(apiRows.filter((r) => r.deductions > 0).length).toBeGreaterThan(0);
  const details = await apiGet<{ laterAdvances: { count: number; amount: number } }>(page.request, token, detailsPath);

  // --- The Payroll Summary ---
  await page.goto(`/payroll/uploadSummary?vendorId=${vendorId}&month=${monthKey}`);
  await expect(page.getByRole('heading', { name: `Payroll Summary for ${label}` })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Payroll entries' });
  await expect(summary.locator('tbody tr')).toHaveCount(IN_SHEET.length);
  await expectColumnsInView(page, summary, 'Payroll Summary', 'summary-1366x768.png');
  const cutOffNote = page.getByTestId('deductions-cutoff');
  await expect(cutOffNote).toContainText(`Advances and EMIs up to ${cutOff} are deducted.`);
  if (details.laterAdvances.count > 0) await expect(cutOffNote).toContainText(`taken after ${cutOff} will be deducted from next month's payroll.`);
  await expectEntryDetails(page, summary, apiRows, cutOff, 'summary-deductions-1366x768.png');
  await expectAccessible(page);

  // The employees the sheet leaves out.
  await page.getByRole('region', { name: 'Employees not in this sheet' }).getByRole('button', { name: 'View list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Employees not in this sheet' });
  await expectColumnsInView(page, dialog.getByRole('table', { name: 'Employees not in this sheet' }), 'Missing workers', 'missing-workers-1366x768.png');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // --- Finalized and executed (the account recharged at the bank when it falls short) ---
  const frozen = await page.request.put(`/api/employer-admin/payroll/update-payroll-status?vendorId=${vendorId}`, { headers: bearer(token), data: { payrollId, status: 'PAYROLL_FROZEN' } });
  expect(frozen.status(), await frozen.text()).toBe(200);
  const required = (await apiGet<{ completePayrollPayoutBreakup: { totalBalanceRequired: number } }>(page.request, token, detailsPath)).completePayrollPayoutBreakup.totalBalanceRequired;
  const account = await apiGet<{ accountBalance: number; virtualAccount: string }>(page.request, token, '/employer-admin/payroll/stream-account-info');
  if (account.accountBalance < required) {
    const credit = await page.request.post(`${BANK_URL}/v1/sim/credits`, { headers: { Authorization: `Bearer ${BANK_KEY}` }, data: { virtual_account: account.virtualAccount, amount: required - account.accountBalance } });
    expect(credit.status(), await credit.text()).toBeLessThan(300);
    await expect.poll(async () => (await apiGet<{ accountBalance: number }>(page.request, token, '/employer-admin/payroll/stream-account-info')).accountBalance, { timeout: 30_000 }).toBeGreaterThanOrEqual(required);
  }
  const executed = await page.request.put(`/api/employer-admin/payroll/execute-payroll?payrollId=${payrollId}&vendorId=${vendorId}`, { headers: bearer(token) });
  expect(executed.status(), await executed.text()).toBe(200);

  // --- The payout screen ---
  await page.goto(`/payroll/summary?vendorId=${vendorId}&month=${monthKey}`);
  await expect(page.getByRole('heading', { name: `Payroll for ${label}` })).toBeVisible();
  const payouts = page.getByRole('table', { name: 'Employee payouts' });
  await expect(payouts.locator('tbody tr')).toHaveCount(IN_SHEET.length);
  await expect(page.getByTestId('payroll-status-text')).toHaveText(/You have successfully ran payroll\.|Payroll execution failed/, { timeout: 60_000 });
  await expectColumnsInView(page, payouts, 'Payout screen', 'payout-1366x768.png');
  await expect(page.getByTestId('deductions-cutoff')).toContainText(`Advances and EMIs up to ${cutOff} are deducted.`);
  await expectEntryDetails(page, payouts, apiRows, cutOff, 'payout-deductions-1366x768.png');
  await expectAccessible(page);

  // --- The upload history ---
  await page.goto(`/payroll?vendorId=${vendorId}`);
  const history = page.getByRole('table', { name: 'Payroll Upload History' });
  await expect(history.locator('tbody tr').first()).toContainText('DISBURSAL');
  await expectColumnsInView(page, history, 'Payroll Upload History', 'history-1366x768.png');
  // 5 a page unless more are chosen; the choice is in the URL (kept on reload) beside the vendor context.
  const rowsPerPage = page.getByRole('region', { name: 'Payroll Upload History' }).getByRole('textbox', { name: 'Rows per page' });
  await expect(rowsPerPage).toHaveValue('5');
  await rowsPerPage.click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/payroll\\?vendorId=${vendorId}&pageSize=10$`));
  await page.reload();
  await expect(rowsPerPage).toHaveValue('10');
  await expect(history.locator('tbody tr').first()).toContainText('DISBURSAL');
});
