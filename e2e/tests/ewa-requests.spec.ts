/**
 * Issue 13 (decision 0024): EWA Requests. The demo employer has approval on, and its seed leaves
 * advance requests waiting (SUN-1020, SUN-1033, SUN-1041; Swift Staffing's SWF-1008, SWF-1012).
 * The journey adds its own through the worker side (/worker-api, as the worker app would) for
 * workers no other journey looks at. Approved requests move on by themselves (issue 20 item 3,
 * decision 0032): the approval's job transfers them and they appear on Transactions within seconds;
 * rejected ones end LENDER_REJECTED.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, apiSignIn, expectAccessible, settle, signInViaApi } from '../fixtures.js';

test.describe.configure({ timeout: 180_000 });

const PENDING = '/api/employer-admin/employer-approval/pending-approvals';
const DECIDE = '/api/employer-admin/employer-approval/update-request';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const worker = () => ({ Authorization: `Bearer ${process.env.E2E_WORKER_API_TOKEN}` });

interface PendingRequest {
  entityId: string;
  fullName: string;
  employersWorkerId: string;
}

async function pendingRequests(request: APIRequestContext, token: string, vendorId?: string): Promise<PendingRequest[]> {
  const res = await request.get(PENDING, { headers: bearer(token), params: { entityType: 'TRANSACTION', ...(vendorId ? { vendorId } : {}) } });
  if (res.status() !== 200) return [];
  return ((await res.json()) as { data: PendingRequest[] }).data;
}

/** The portal answers before the demo seed ends; its pending requests are the seed's last step. No journey decides SUN-1020's. */
async function demoPendingRequests(request: APIRequestContext, token: string, employeeId = 'SUN-1020'): Promise<void> {
  await expect
    .poll(async () => (await pendingRequests(request, token)).some((r) => r.employersWorkerId === employeeId), { timeout: 120_000, intervals: [1000] })
    .toBe(true);
}

/** A worker of the demo asks for an advance in the worker app (half of what they may take); returns its id and the worker's name. */
async function workerRequests(request: APIRequestContext, token: string, candidates: readonly string[]): Promise<{ id: string; name: string; employeeId: string }> {
  for (const employeeId of candidates) {
    const res = await request.put('/api/v2/employer-admin/employee-paginated-filter-search', {
      headers: bearer(token),
      data: { searchText: employeeId, searchOn: 'employerEmployeeId' },
    });
    const found = ((await res.json()) as { employees: { _id: string; fullName: string; employerEmployeeId: string }[] }).employees.find(
      (e) => e.employerEmployeeId === employeeId,
    );
    if (!found) continue;
    const a = await request.get(`/worker-api/workers/${found._id}/availability`, { headers: worker() });
    expect(a.status(), await a.text()).toBe(200);
    const { available } = (await a.json()) as { available: number };
    const amount = Math.floor(available / 2 / 10_000) * 10_000;
    if (amount < 10_000) continue;
    const r = await request.post(`/worker-api/workers/${found._id}/advances`, { headers: worker(), data: { amount } });
    expect(r.status(), await r.text()).toBe(200);
    return { id: ((await r.json()) as { transactionId: string }).transactionId, name: found.fullName, employeeId };
  }
  throw new Error('no demo worker with room for an advance');
}

const table = (page: Page) => page.getByRole('table', { name: 'Pending EWA requests' });
const rowOf = (page: Page, employeeId: string) => table(page).locator('tbody tr').filter({ hasText: employeeId });

test('the Super Admin approves and rejects requests, each after a confirmation', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  await demoPendingRequests(page.request, token, 'SUN-1041');
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'EWA Requests' }).click();
  await expect(page).toHaveURL(/\/ewa-request$/);
  await expect(page.getByRole('heading', { name: 'EWA Requests', level: 1 })).toBeVisible();
  await expect(table(page).getByRole('columnheader')).toHaveText(['Name', 'Employee ID', 'Amount', 'Requested', 'Available Now', 'Actions']);
  const row = rowOf(page, 'SUN-1041');
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(2)).toHaveText(/₹/);
  await expect(row.locator('td').nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
  await expectAccessible(page);

  // Search by the worker id narrows the list, kept in the URL.
  await page.getByRole('searchbox', { name: 'Search by Name, Worker ID or Mobile' }).fill('SUN-1041');
  await expect(page).toHaveURL(/search=SUN-1041/);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  const name = (await row.locator('td').nth(0).innerText()).trim();
  const amount = (await row.locator('td').nth(2).innerText()).trim();

  // Approve, confirmed.
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve request' });
  await settle(page);
  await expect(confirm).toContainText(`Approve the request of ${name} (SUN-1041)`);
  await expect(confirm).toContainText('appears on Transactions once transferred');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${name} approved!`, { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(table(page).locator('tbody tr').first().getByText('No data found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();

  // Reject another, after cancelling once.
  const next = rowOf(page, 'SUN-1033');
  await expect(next).toHaveCount(1);
  const other = (await next.locator('td').nth(0).innerText()).trim();
  await next.getByRole('button', { name: `Reject ${other}` }).click();
  const reject = page.getByRole('dialog', { name: 'Reject request' });
  await settle(page);
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();
  await expect(next).toHaveCount(1);
  await next.getByRole('button', { name: `Reject ${other}` }).click();
  await settle(page);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`${other} rejected!`, { exact: true })).toBeVisible();
  await expect(rowOf(page, 'SUN-1033')).toHaveCount(0);
  await expect(rowOf(page, 'SUN-1041')).toHaveCount(0);

  // The approved advance moved on by itself (issue 20 item 3): on Transactions, TRANSFERRED, with its amount.
  // The demo's requests were made up to about two hours before the seed ran: just after midnight in
  // India that is the day before, so the search starts on the business date of three hours ago.
  const istDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
  const today = istDate(new Date());
  const from = istDate(new Date(Date.now() - 3 * 3_600_000));
  const transferred = page
    .getByRole('table', { name: 'Transactions' })
    .locator('tbody tr')
    .filter({ hasText: 'SUN-1041' })
    .filter({ hasText: amount })
    .filter({ hasText: 'TRANSFERRED' });
  await expect(async () => {
    await page.goto(`/employerTransactions?startDate=${from}&endDate=${today}&employerWorkerId=SUN-1041`);
    await expect(transferred).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(transferred.getByRole('link', { name })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '/tmp/ewa-transferred.png' });
});

test('a request decided meanwhile by another admin opens a dialog with the server message', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  await demoPendingRequests(page.request, token);
  const mine = await workerRequests(page.request, token, ['SUN-1036', 'SUN-1037', 'SUN-1038', 'SUN-1039']);
  await page.goto('/ewa-request');
  const row = rowOf(page, mine.employeeId);
  await expect(row.first().getByRole('button', { name: `Approve ${mine.name}` })).toBeVisible();

  // Another admin rejects it over the API while this list still shows it.
  const second = await apiSignIn(page.request, DEMO.superAdmin);
  const first = await page.request.put(DECIDE, { headers: bearer(second), data: { entityId: mine.id, entityType: 'TRANSACTION', status: 'REJECTED', modifiedFields: {} } });
  expect(first.status(), await first.text()).toBe(200);

  await row.first().getByRole('button', { name: `Approve ${mine.name}` }).click();
  await settle(page);
  await page.getByRole('dialog', { name: 'Approve request' }).getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approval failed' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(`${mine.name}'s request has already been rejected`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  // The worker app sees why.
  const read = await page.request.get(`/worker-api/advances/${mine.id}`, { headers: worker() });
  expect(await read.json()).toMatchObject({ status: 'LENDER_REJECTED', employerApproval: 'REJECTED', reason: 'Rejected by your employer' });
});

test("the vendor admin decides its vendor's requests on the vendor's EWA Requests tab", async ({ page }) => {
  const token = await signInViaApi(page, DEMO.vendorAdmin);
  await page.goto('/vendors');
  await page.getByTestId('vendor-card').first().click();
  await expect(page).toHaveURL(/\/vendors\/summary\?vendorId=[0-9a-f-]{36}$/);
  const vendorId = new URL(page.url()).searchParams.get('vendorId')!;
  await expect
    .poll(async () => (await pendingRequests(page.request, token, vendorId)).some((r) => r.employersWorkerId === 'SWF-1012'), { timeout: 60_000 })
    .toBe(true);
  await page.getByRole('navigation', { name: 'Vendor sections' }).getByRole('link', { name: 'EWA Requests' }).click();
  await expect(page).toHaveURL(new RegExp(`/ewa-request\\?vendorId=${vendorId}$`));
  await expect(page.getByTestId('vendor-context')).toContainText('Swift Staffing Services');
  const row = rowOf(page, 'SWF-1012');
  await expect(row).toHaveCount(1);
  // Only the vendor's requests.
  await expect(table(page).getByText(/^SUN-/)).toHaveCount(0);
  const name = (await row.locator('td').nth(0).innerText()).trim();
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  await settle(page);
  await page.getByRole('dialog', { name: 'Approve request' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${name} approved!`, { exact: true })).toBeVisible();
  await expect(rowOf(page, 'SWF-1012')).toHaveCount(0);
  await expectAccessible(page);
});

test('the Viewer sees the requests without Approve or Reject', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.viewer);
  await demoPendingRequests(page.request, token);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'EWA Requests' }).click();
  await expect(table(page).getByRole('columnheader')).toHaveText(['Name', 'Employee ID', 'Amount', 'Requested', 'Available Now']);
  await expect(table(page).locator('tbody tr').first().locator('td').nth(1)).toHaveText(/^SUN-/);
  await expect(page.getByRole('button', { name: /^(Approve|Reject) / })).toHaveCount(0);
});

test('with approval off in the employer config, no EWA Requests in the menu and the screen refuses', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  // The config as an employer without approval would have it.
  await page.route('**/api/employer-admin/employer-config', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), isEmployeeApprovalEnabled: false } });
  });
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Transactions' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'EWA Requests' })).toHaveCount(0);
  await page.goto('/ewa-request');
  await expect(page.getByText("You aren't authorized to access this page")).toBeVisible();
});
