/**
 * Spec 2.4, 2.18: the Dashboard after the seeded demo month. The figures the screen shows are
 * read from the API in the test and compared; each card, the View link and the to-do items open
 * their screens, the card's Transactions screen shows the same count; the vendor's dashboard
 * inside a vendor. axe on both.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signInViaApi } from '../fixtures.js';

const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }).format(paise / 100);
const count = (n: number) => n.toLocaleString('en-IN');
const istToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

async function apiGet<T = any>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The demo seed runs after the portal listens; its top-ups come after every advance of the month. */
async function demoSeeded(page: Page, token: string): Promise<void> {
  const today = istToday();
  await expect
    .poll(async () => (await apiGet<{ total: number }>(page, token, `/employer-admin/salary-topup/applications?startDate=${today.slice(0, 7)}-01&endDate=${today}`)).total, {
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBeGreaterThan(0);
}

test('Dashboard: the figures of the API, the toggle, and every link', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  await demoSeeded(page, token);
  const ewa = await apiGet(page, token, '/employer-admin/stats/EWA');
  const stu = await apiGet(page, token, '/employer-admin/stats/STU');
  const todo = await apiGet<{ items: { title: string; link: string }[] }>(page, token, '/employer-admin/to-do');
  expect(ewa.salaryWithdrawalCompleted).toBeGreaterThan(0);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`^Good (morning|afternoon|evening), ${DEMO.superAdmin.name}$`) })).toBeVisible();
  await expect(page.getByTestId('stat-employees')).toHaveText(count(ewa.totalEmployees));
  await expect(page.getByTestId('stat-transactions')).toHaveText(count(ewa.salaryWithdrawalCompleted));
  await expect(page.getByTestId('stat-value')).toHaveText(rupees(ewa.withdrawalValue));
  // The chart names every period with its count and rupees.
  const chart = page.getByRole('img', { name: /^Transactions per attendance cycle/ });
  await expect(chart).toBeVisible();
  const last = ewa.completeCycleTransactionDetails.at(-1);
  await expect(page.locator('#summary-chart-title')).toContainText(`${last.numberOfTransactions} transactions, ${new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(last.value / 100)}`);
  // The to-do list is the API's.
  const todoList = page.getByRole('list', { name: 'To do' });
  if (todo.items.length === 0) await expect(page.getByText('No todo available')).toBeVisible();
  else await expect(todoList.getByRole('link')).toHaveText(todo.items.map((i) => i.title));
  await expect(page.getByRole('heading', { name: 'Recent Activities' })).toBeVisible();
  await expectAccessible(page);

  // Salary Topups: the same cards with the top-up figures.
  await page.getByText('Salary Topups', { exact: true }).last().click();
  await expect(page.getByTestId('stat-transactions')).toHaveText(count(stu.salaryTopupApplications));
  await expect(page.getByTestId('stat-value')).toHaveText(rupees(stu.salaryTopupDisbursedValue));
  await page.getByRole('link', { name: /^Total Transactions/ }).click();
  await expect(page).toHaveURL(/\/salary-topups\?startDate=\d{4}-\d{2}-01&endDate=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { name: 'Salary Topups', level: 1 })).toBeVisible();

  // Total Transactions opens the Transactions screen for the cycle, which counts the same rows.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Total Transactions/ }).click();
  await expect(page).toHaveURL(new RegExp(`/employerTransactions\\?startDate=${ewa.attendanceCycleDates.startDate}&endDate=${istToday()}$`));
  await expect(page.getByText(new RegExp(`^Showing: \\d+ - \\d+ of ${ewa.salaryWithdrawalCompleted}$`))).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Total Employees/ }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'View transactions of these cycles' }).click();
  await expect(page).toHaveURL(new RegExp(`/employerTransactions\\?startDate=${ewa.completeCycleTransactionDetails[0].startDate}&endDate=${istToday()}$`));

  for (const item of todo.items) {
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'To do' }).getByRole('link', { name: item.title }).click();
    await expect(page).toHaveURL(new RegExp(`${item.link.replace(/[?]/g, '\\?')}$`));
  }
});

test("a vendor's dashboard: its own figures inside the vendor", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  await demoSeeded(page, token);
  const vendors = await apiGet<{ vendor: { _id: string; name: string } }[]>(page, token, '/employer-admin/vendors');
  const vendorId = vendors[0]!.vendor._id;
  const ewa = await apiGet(page, token, `/employer-admin/stats/EWA?vendorId=${vendorId}`);
  const stats = await apiGet(page, token, `/employer-admin/vendor-stats?vendorId=${vendorId}`);
  expect(stats.salaryWithdrawalCompleted).toBe(ewa.salaryWithdrawalCompleted);

  await page.goto(`/vendors/summary?vendorId=${vendorId}`);
  await expect(page.getByRole('heading', { name: 'Vendor Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('vendor-context')).toContainText(vendors[0]!.vendor.name);
  await expect(page.getByTestId('stat-employees')).toHaveText(count(ewa.totalEmployees));
  await expect(page.getByTestId('stat-transactions')).toHaveText(count(ewa.salaryWithdrawalCompleted));
  await expect(page.getByTestId('stat-value')).toHaveText(rupees(ewa.withdrawalValue));
  await expect(page.getByTestId('stat-requests')).toHaveText(count(stats.salaryWithdrawalRequests));
  await expect(page.getByTestId('stat-pending')).toHaveText(count(stats.salaryWithdrawalPending));
  await expectAccessible(page);

  await page.getByRole('link', { name: /^Total Transactions/ }).click();
  await expect(page).toHaveURL(new RegExp(`/vendors/transactions\\?vendorId=${vendorId}&startDate=${ewa.attendanceCycleDates.startDate}&endDate=${istToday()}$`));
  await expect(page.getByText(new RegExp(`^Showing: \\d+ - \\d+ of ${ewa.salaryWithdrawalCompleted}$`))).toBeVisible();
  await page.goto(`/vendors/summary?vendorId=${vendorId}`);
  await page.getByRole('link', { name: /^Total Employees/ }).click();
  await expect(page).toHaveURL(new RegExp(`/vendors/employees\\?vendorId=${vendorId}$`));
});
