/**
 * Issue 14: the employees list fits the window and keeps its state. At 1366x768 and 1440x900 the
 * table does not scroll sideways, its identifying, status and salary columns are on screen, an
 * Employee ID stays on one line and the page does not scroll into blank space; sort, rows per page,
 * search, filters and the visible columns survive a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInViaApi } from '../fixtures.js';

const SEARCH = 'Search by Employee ID, Mobile, Full Name or Email';
const table = (page: Page) => page.getByRole('table', { name: 'Employees' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`the employees table fits ${viewport.width}x${viewport.height} without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const token = await signInViaApi(page, DEMO.superAdmin);
    // The newest employee (first on the list) has a long Employee ID and a long e-mail, as real ones may.
    const stamp = `${String(Date.now()).slice(-6)}${viewport.width}`;
    const added = await page.request.post('/api/employer-admin/employee', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        fullName: 'Venkataramanan Subramaniam',
        email: `venkataramanan.subramaniam.${stamp}@sunrise-textiles-and-garments.example`,
        // 19 characters: long, still on one line.
        employerEmployeeId: `SUNTX-C-${stamp.slice(-11)}`,
        currentMonthlySalary: '31000',
        joiningDate: '2025-06-01',
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    await page.goto('/employees');
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(bodyRows(page).first().getByRole('checkbox')).toBeVisible();

    // The table's frame has nothing to scroll sideways, nor has the page.
    const widths = await table(page).evaluate((t) => {
      const frame = t.parentElement!;
      const doc = document.scrollingElement!;
      return { scroll: frame.scrollWidth, client: frame.clientWidth, docScroll: doc.scrollWidth, docClient: doc.clientWidth };
    });
    expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
    expect(widths.docScroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.docClient);

    // Identifying, status and salary columns, and the edit button, lie within the window.
    for (const name of ['Full Name', 'Employee ID', 'Employment Status', 'Sign Up Status', 'Monthly Salary']) {
      const box = (await header(page, name).boundingBox())!;
      expect(box, name).not.toBeNull();
      expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
    }
    const edit = (await bodyRows(page).first().getByRole('button', { name: /^Edit / }).boundingBox())!;
    expect(edit.x + edit.width).toBeLessThanOrEqual(viewport.width);

    // An Employee ID is on one line.
    const idCell = bodyRows(page).first().getByRole('cell').nth(2);
    expect(await idCell.evaluate((td) => getComputedStyle(td).whiteSpace)).toBe('nowrap');

    // The page ends with its content: no blank space to scroll into below the list.
    const ends = await page.evaluate(() => {
      const doc = document.scrollingElement!;
      const paginator = document.querySelector('nav[aria-label="Employees pages"]') ?? document.querySelector('table[aria-label="Employees"]')!;
      return { scrollHeight: doc.scrollHeight, contentBottom: paginator.getBoundingClientRect().bottom + window.scrollY, viewport: window.innerHeight };
    });
    expect(ends.scrollHeight, JSON.stringify(ends)).toBeLessThanOrEqual(Math.max(ends.viewport, ends.contentBottom + 120));
  });
}

test('sort, rows per page, search, filters and visible columns survive a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/employees');
  await expect(bodyRows(page)).toHaveCount(10);

  // --- Sort by Full Name: A-Z, then Z-A ---
  const nameHeader = header(page, 'Full Name');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sortBy=fullName/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const names = async () => (await bodyRows(page).locator('td:nth-child(2)').allTextContents()).map((n) => n.trim().toLowerCase());
  // First letters in order (the server's collation decides the finer points).
  await expect(async () => {
    const initials = (await names()).map((n) => n.charAt(0));
    expect(initials).toEqual([...initials].sort());
  }).toPass();
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sortOrder=desc/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(async () => {
    const initials = (await names()).map((n) => n.charAt(0));
    expect(initials).toEqual([...initials].sort().reverse());
  }).toPass();

  // --- 25 rows per page ---
  await page.getByRole('textbox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(page).toHaveURL(/pageSize=25/);
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(page.getByText(/^Showing: 1 - 25 of \d+$/)).toBeVisible();

  // --- Search and a filter ---
  await page.getByLabel(SEARCH).fill('a');
  await expect(page).toHaveURL(/search=a/);
  await page.getByRole('button', { name: /^Filter/ }).click();
  const filter = page.getByRole('dialog', { name: 'Filter' });
  await filter.getByRole('combobox', { name: 'Filter 1 field' }).selectOption({ label: 'Employment Status' });
  await filter.getByRole('combobox', { name: 'Filter 1 condition' }).selectOption({ label: 'Is' });
  await filter.getByRole('combobox', { name: 'Filter 1 value' }).selectOption({ label: 'Active' });
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filter=employmentStatus(:|%3A)IS(:|%3A)ACTIVE/);

  // --- Columns: show Withdrawal Allowed, hide Mobile No. ---
  await page.getByRole('button', { name: /^Columns/ }).click();
  const columns = page.getByRole('dialog', { name: 'Columns' });
  await columns.getByRole('switch', { name: 'Withdrawal Allowed' }).check({ force: true });
  await columns.getByRole('switch', { name: 'Mobile No.' }).uncheck({ force: true });
  await page.keyboard.press('Escape');
  await expect(header(page, 'Withdrawal Allowed')).toBeVisible();
  await expect(header(page, 'Mobile No.')).toHaveCount(0);
  const before = await bodyRows(page).allTextContents();
  expect(before.length).toBeGreaterThan(0);

  // --- Reload: everything as it was ---
  await page.reload();
  await expect(page).toHaveURL(/sortBy=fullName/);
  await expect(header(page, 'Full Name')).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('textbox', { name: 'Rows per page' })).toHaveValue('25');
  await expect(page.getByLabel(SEARCH)).toHaveValue('a');
  await expect(page.getByRole('button', { name: /^Filter/ })).toContainText('1');
  await expect(header(page, 'Withdrawal Allowed')).toBeVisible();
  await expect(header(page, 'Mobile No.')).toHaveCount(0);
  await expect(async () => expect(await bodyRows(page).allTextContents()).toEqual(before)).toPass();
  for (const text of await bodyRows(page).allTextContents()) expect(text).toContain('Active');
});
