/**
 * Issue 20, items 4 and 6 (decision 0033): alarms that are true. In Swift Staffing's context, a
 * payroll of four employees, one of whose accounts the simulated bank fails:
 * - finalized and not executed, the Monthly Summary shows its amount "To be paid", not "Pending";
 * - executed from one tab, a second tab's Execute (refused 409) says it was already executed, by
 *   whom, in orange, and moves to the payout screen, never a red "Payroll execution failed";
 * - 3 of 4 paid: "3 of 4 paid, 1 failed: re-run them from the Failed tab" in orange, on the payout
 *   screen and the payroll page;
 * - a re-run started elsewhere while this screen still offers Re-Run: its Re-Run (refused 409
 *   while DISBURSAL_IN_PROGRESS) says the re-run is already under way and shows it in progress.
 *
 * The file's name sorts it after payroll.spec.ts (Playwright runs files by name, one worker): that
 * journey ends Swift Staffing's month cancelled, and this one leaves it executed, which nothing
 * after it needs. Bank rules as in payroll.spec.ts (the portal under test started with BANK_API_KEY).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectAccessible, settle, signInViaApi, writeXlsx } from '../fixtures.js';

const HEADER = ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'];
const FAILING_ACCOUNT = '999000333444';
const BANK_URL = process.env.E2E_BANK_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT) + 1}`;
const BANK_KEY = process.env.BANK_API_KEY ?? process.env.E2E_BANK_API_KEY ?? '';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

async function setBankRules(request: APIRequestContext, failAccounts: string[], settleMs: [number, number] = [300, 1200]): Promise<void> {
  expect(BANK_KEY, 'start the portal under test with BANK_API_KEY and give this run the same value in BANK_API_KEY or E2E_BANK_API_KEY').not.toBe('');
  const res = await request.put(`${BANK_URL}/v1/sim/rules`, {
    headers: { Authorization: `Bearer ${BANK_KEY}` },
    data: { failAccounts, latencyMs: { toProcessing: [100, 400], toSettled: settleMs } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const statusText = (page: Page) => page.getByTestId('payroll-status-text');
const statusBox = (page: Page) => page.getByTestId('payroll-status-box');

interface Details {
  _id: string;
  status: string;
  completePayrollPayoutBreakup: { totalBalanceRequired: number };
}

test('true alarms: To be paid before execution, a second tab told it was already executed, a partial outcome in orange, a re-run already under way', async ({ page, context }) => {
  test.setTimeout(240_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  await setBankRules(page.request, [FAILING_ACCOUNT]);
  const vendors = await apiGet<{ vendor: { _id: string; name: string } }[]>(page.request, token, '/employer-admin/vendors');
  const vendorId = vendors.find((v) => v.vendor.name.startsWith('Swift Staffing'))!.vendor._id;
  const info = await apiGet<{ monthForWhichPayrollWillBeExecuted: { month: number; year: number; label: string } }>(page.request, token, `/employer-admin/payroll/payroll-info?vendorId=${vendorId}`);
  const { month, year, label } = info.monthForWhichPayrollWillBeExecuted;
  const monthKey = `${year}-${String(month).padStart(2, '0')}`;
  const detailsPath = `/employer-admin/payroll/payroll-details?vendorId=${vendorId}&month=${month}&year=${year}`;

  // The month must take a new sheet: a finalized payroll left by another journey is cancelled first.
  const existing = await page.request.get(`/api${detailsPath}`, { headers: bearer(token) });
  if (existing.status() === 200) {
    const d = (await existing.json()) as Details;
    expect(d.status, "Swift Staffing's payroll of the month was executed by an earlier journey").not.toMatch(/^DISBURSAL_/);
    if (d.status === 'PAYROLL_FROZEN') {
      const cancel = await page.request.put(`/api/employer-admin/payroll/update-payroll-status?vendorId=${vendorId}`, { headers: bearer(token), data: { payrollId: d._id, status: 'CANCELLED' } });
      expect(cancel.status(), await cancel.text()).toBe(200);
    }
  }

  // --- Four of the vendor's employees, the third paid into the account the bank fails ---
  const search = await page.request.put(`/api/v2/employer-admin/employee-paginated-filter-search?vendorId=${vendorId}`, {
    headers: bearer(token),
    data: { filters: [], limit: 4, pageNumber: 1, searchText: 'SWF-', searchOn: 'employerEmployeeId' },
  });
  const workers = ((await search.json()) as { employees: { employerEmployeeId: string; fullName: string }[] }).employees;
  expect(workers).toHaveLength(4);
  const rows = workers.map((w, i) => [w.employerEmployeeId, w.fullName, '', 21000 + i * 500, 26, 26, i === 2 ? FAILING_ACCOUNT : `6020033344${String(10 + i)}`, 'SBIN0070123']);
  const file = test.info().outputPath('payroll-alarms.xlsx');
  writeXlsx(file, [HEADER, ...rows]);
  const upload = await page.request.post(`/api/employer-admin/payroll/upload-payroll-doc?vendorId=${vendorId}`, {
    headers: bearer(token),
    data: { file: readFileSync(file).toString('base64'), fileName: 'payroll-alarms.xlsx' },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { payrollId } = (await upload.json()) as { payrollId: string };
  await expect.poll(async () => (await apiGet<Details>(page.request, token, detailsPath)).status, { timeout: 45_000 }).toBe('PROCESSED');
  const freeze = await page.request.put(`/api/employer-admin/payroll/update-payroll-status?vendorId=${vendorId}`, { headers: bearer(token), data: { payrollId, status: 'PAYROLL_FROZEN' } });
  expect(freeze.status(), await freeze.text()).toBe(200);
  // Enough money on the account (a credit on the bank's open recharge call, as its page does).
  const required = (await apiGet<Details>(page.request, token, detailsPath)).completePayrollPayoutBreakup.totalBalanceRequired;
  // The employer's account is read in the employer's context: a vendor context sees none of its figures (decision 0034).
  const account = await apiGet<{ accountBalance: number; virtualAccount: string }>(page.request, token, '/employer-admin/payroll/stream-account-info');
  if (account.accountBalance < required) {
    const credit = await page.request.post(`${BANK_URL}/recharge`, { data: { virtual_account: account.virtualAccount, amount: required - account.accountBalance } });
    expect(credit.status(), await credit.text()).toBe(200);
    await expect.poll(async () => (await apiGet<{ accountBalance: number }>(page.request, token, '/employer-admin/payroll/stream-account-info')).accountBalance, { timeout: 20_000 }).toBeGreaterThanOrEqual(required);
  }
  // The vendor context is told only that the balance covers its payroll.
  expect((await apiGet<{ covers: boolean | null }>(page.request, token, `/employer-admin/payroll/stream-account-info?vendorId=${vendorId}`)).covers).toBe(true);

  // --- Item 6: finalized, not executed: "To be paid", nothing "Pending" ---
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/payroll?vendorId=${vendorId}`);
  await expect(statusText(page)).toHaveText(`Payroll Finalized for ${label}`);
  const summary = page.getByRole('region', { name: 'Monthly Summary' });
  await expect(summary.getByTestId('summary-to-be-paid')).toContainText('To be paid');
  await expect(summary.getByTestId('summary-to-be-paid')).toContainText('4');
  await expect(summary.getByTestId('summary-pending')).toHaveCount(0);
  await expect(summary).not.toContainText('Pending');
  await settle(page);
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/alarms-to-be-paid-1366x768.png' });

  // --- Item 4: a second tab, opened before the first executes ---
  const second = await context.newPage();
  await second.addInitScript((t) => window.localStorage.setItem('portal.token', t), token);
  await second.setViewportSize({ width: 1366, height: 768 });
  await second.goto(`/payroll?vendorId=${vendorId}`);
  await expect(statusText(second)).toHaveText(`Payroll Finalized for ${label}`);
  await expect(second.getByRole('button', { name: 'Execute payroll' })).toBeEnabled({ timeout: 20_000 });

  // The first tab executes: to the payout screen.
  await expect(page.getByRole('button', { name: 'Execute payroll' })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Execute payroll' }).click();
  await page.getByRole('dialog', { name: 'Execute payroll' }).getByRole('button', { name: 'Execute payroll' }).click();
  await expect(page).toHaveURL(new RegExp(`/payroll/summary\\?month=${monthKey}&vendorId=${vendorId}`));

  // The second tab, still showing the frozen payroll, executes too: refused (409), and told so.
  await second.getByRole('button', { name: 'Execute payroll' }).click();
  await second.getByRole('dialog', { name: 'Execute payroll' }).getByRole('button', { name: 'Execute payroll' }).click();
  const told = toast(second, 'Payroll already executed');
  await expect(told).toBeVisible();
  await expect(told).toContainText(new RegExp(`The payroll for ${label} was already executed by ${DEMO.superAdmin.name} on \\d{2}/\\d{2}/\\d{4} at \\d{2}:\\d{2} [AP]M\\.`));
  await expect(toast(second, 'Payroll execution failed')).toHaveCount(0);
  await expect(second).toHaveURL(new RegExp(`/payroll/summary\\?month=${monthKey}&vendorId=${vendorId}`));
  // (The payout screen's first load: on a loaded machine it took more than the default 10 s once.)
  await expect(statusText(second)).toBeVisible({ timeout: 20_000 });
  await expect(statusText(second)).not.toHaveText('Payroll execution failed');

  // --- 3 of 4 paid, 1 failed: the counts and the way out, in orange ---
  const partial = '3 of 4 paid, 1 failed: re-run them from the Failed tab';
  await expect(statusText(page)).toHaveText(partial, { timeout: 60_000 });
  await expect(statusBox(page)).toHaveAttribute('data-tone', 'warning');
  await expect(statusText(second)).toHaveText(partial, { timeout: 30_000 });
  await settle(page);
  await page.screenshot({ path: '/tmp/alarms-partial-1366x768.png' });
  await second.close();

  // --- A re-run started elsewhere while this screen still offers Re-Run ---
  await page.getByRole('tab', { name: /^Failed/ }).click();
  await expect(page).toHaveURL(/tab=failed/);
  const rerunButton = page.getByRole('button', { name: 'Re-Run Payroll' });
  await expect(rerunButton).toBeVisible();
  await expectAccessible(page);
  // The bank pays the account now, slowly, so the other re-run is still under way when this one is asked.
  await setBankRules(page.request, [], [12_000, 12_000]);
  const other = await page.request.put(`/api/employer-admin/payroll/reinitiate-failed-transactions?payrollId=${payrollId}&vendorId=${vendorId}`, { headers: bearer(token) });
  expect(other.status(), await other.text()).toBe(200);
  await rerunButton.click();
  await page.getByRole('dialog', { name: 'Re-Run Payroll' }).getByRole('button', { name: 'Re-Run Payroll' }).click();
  await expect(toast(page, 'Re-run already under way')).toBeVisible();
  await expect(toast(page, 'Re-run failed')).toHaveCount(0);
  await expect(statusText(page)).toHaveText('Payroll execution in progress.');
  await expect(statusBox(page)).toHaveAttribute('data-tone', 'progress');
  await expect(statusBox(page)).toContainText('3 of 4 paid, 1 pending.');
  await page.screenshot({ path: '/tmp/alarms-rerun-under-way-1366x768.png' });
  // The other re-run pays the last one.
  await expect(statusText(page)).toHaveText('You have successfully ran payroll.', { timeout: 60_000 });
  await expect(statusBox(page)).toContainText('4 of 4 paid.');
  await setBankRules(page.request, []);

  // Back on the payroll page: the Monthly Summary by outcome, the phone size.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/payroll?vendorId=${vendorId}`);
  await expect(statusText(page)).toHaveText('You have successfully ran payroll.');
  await expect(summary.getByTestId('summary-paid')).toContainText('4');
  await expect(summary.getByTestId('summary-to-be-paid')).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: '/tmp/alarms-payroll-390x844.png', fullPage: true });
});
