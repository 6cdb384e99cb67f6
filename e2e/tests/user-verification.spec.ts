/**
 * Spec 2.17, 4.7, 5.4 and 8: User Verification. The demo employer has worker approval on and four
 * pending sign-ups; the Super Admin approves one with a modified monthly salary.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiSignIn, expectAccessible, settle, signInViaApi } from '../fixtures.js';

// Room for the wait below on a busy machine.
test.describe.configure({ timeout: 180_000 });

const PENDING = '/api/employer-admin/employer-approval/pending-approvals?entityType=WORKER';

/**
 * The portal answers its health check before the demo seed has finished (the seed runs after
 * listen); approval is turned on and the four sign-ups registered at the seed's very end. Waits
 * until the pending list holds a worker whose id `matches`.
 */
async function demoPendingWorkers(request: APIRequestContext, token: string, matches: RegExp = /^SUN-NEW-\d$/): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.get(PENDING, { headers: { Authorization: `Bearer ${token}` } });
        if (res.status() !== 200) return false;
        return ((await res.json()) as { data: { employersWorkerId: string }[] }).data.some((w) => matches.test(w.employersWorkerId));
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
}

test('the Super Admin approves a pending worker with a modified salary', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  // The last sign-up of the seed: all four are there.
  await demoPendingWorkers(page.request, token, /^SUN-NEW-4$/);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'User Verification' }).click();
  await expect(page).toHaveURL(/\/user-verification$/);
  await expect(page.getByRole('heading', { name: 'User Verification', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'Pending workers' });
  const rows = table.locator('tbody tr');
  await expect(rows.first().getByRole('button', { name: /^Accept / })).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Full Name', 'Employee ID', 'Monthly Salary', 'Date Requested', 'Joining Date', 'Actions']);
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(1);
  await expectAccessible(page);

  // The first pending sign-up: its name and worker id from the row.
  const first = rows.first();
  const name = (await first.locator('td').nth(0).innerText()).trim();
  const workerId = (await first.locator('td').nth(1).innerText()).trim();
  expect(workerId).toMatch(/^SUN-NEW-\d$/);

  // Search by the worker id (debounced) narrows the list to that worker, and is kept in the URL.
  await page.getByRole('searchbox', { name: 'Search by Name, Worker ID or Mobile' }).fill(workerId);
  await expect(page).toHaveURL(new RegExp(`search=${workerId}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td').nth(1)).toHaveText(workerId);

  // Modify: only digits can be typed; each 5.4 rule shows its message on blur.
  await page.getByRole('button', { name: `Modify ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Modify monthly salary' });
  await settle(page);
  const salary = dialog.getByRole('textbox', { name: /^Monthly Salary/ });
  await salary.fill('');
  await salary.pressSequentially('23a.-e5x00');
  await expect(salary).toHaveValue('23500');
  await salary.fill('');
  await salary.blur();
  await expect(dialog.getByText('Monthly Salary is required', { exact: true })).toBeVisible();
  await salary.pressSequentially('0');
  await salary.blur();
  await expect(dialog.getByText('Monthly Salary cannot be negative or equal to zero', { exact: true })).toBeVisible();
  await salary.fill('');
  await salary.pressSequentially('10000000');
  await salary.blur();
  await expect(dialog.getByText('Monthly Salary cannot be greater than 9999999', { exact: true })).toBeVisible();
  // Pasted text is not a key press: the whole-number rule catches it.
  await salary.fill('23000.50');
  await salary.blur();
  await expect(dialog.getByText('Monthly Salary cannot have decimals', { exact: true })).toBeVisible();
  await salary.fill('');
  await salary.pressSequentially('23000');
  await salary.blur();
  await expect(dialog.getByText(/Monthly Salary cannot/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Approve' }).click();

  // "{name} approved!", and the worker leaves the list.
  await expect(page.getByText(`${name} approved!`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows.first().getByText('No data found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rows.first().getByRole('button', { name: /^Accept / })).toBeVisible();
  await expect(rows).toHaveCount(before - 1);
  await expect(table.getByText(workerId, { exact: true })).toHaveCount(0);

  // The server stored ₹23,000 in paise and allows the worker to withdraw.
  const res = await page.request.put('/api/v2/employer-admin/employee-paginated-filter-search', {
    headers: { Authorization: `Bearer ${token}` },
    data: { searchText: workerId, searchOn: 'employerEmployeeId' },
  });
  expect(res.status()).toBe(200);
  const { employees } = (await res.json()) as { employees: { employerEmployeeId: string; currentMonthlySalary: number; isTransactionAllowed: boolean }[] };
  const stored = employees.find((e) => e.employerEmployeeId === workerId);
  expect(stored).toMatchObject({ currentMonthlySalary: 2_300_000, isTransactionAllowed: true });
});

test('a failed decision opens a dialog with the server message', async ({ page }) => {
  await demoPendingWorkers(page.request, await signInViaApi(page, DEMO.superAdmin));
  await page.goto('/user-verification');
  const rows = page.getByRole('table', { name: 'Pending workers' }).locator('tbody tr');
  const accept = rows.first().getByRole('button', { name: /^Accept / });
  await expect(accept).toBeVisible();
  const name = (await rows.first().locator('td').nth(0).innerText()).trim();
  // Someone else decides the worker first (over the API), while this list still shows it.
  const other = await apiSignIn(page.request, DEMO.superAdmin);
  const list = await page.request.get(PENDING, { headers: { Authorization: `Bearer ${other}` } });
  const worker = ((await list.json()) as { data: { employeeId: string; fullName: string }[] }).data.find((w) => w.fullName === name)!;
  const first = await page.request.put('/api/employer-admin/employer-approval/update-request', {
    headers: { Authorization: `Bearer ${other}` },
    data: { entityId: worker.employeeId, entityType: 'WORKER', status: 'REJECTED', modifiedFields: {} },
  });
  expect(first.status()).toBe(200);

  await accept.click();
  const dialog = page.getByRole('dialog', { name: 'Approval failed' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(`${name} has already been rejected`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Pending workers' }).getByText(name, { exact: true })).toHaveCount(0);
});

test('the Viewer sees the pending workers without Accept or Modify', async ({ page }) => {
  await demoPendingWorkers(page.request, await signInViaApi(page, DEMO.viewer));
  await page.goto('/user-verification');
  const table = page.getByRole('table', { name: 'Pending workers' });
  await expect(table.getByRole('columnheader')).toHaveText(['Full Name', 'Employee ID', 'Monthly Salary', 'Date Requested', 'Joining Date']);
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(/^SUN-NEW-\d$/);
  await expect(page.getByRole('button', { name: /^(Accept|Modify|Reject) / })).toHaveCount(0);
});
