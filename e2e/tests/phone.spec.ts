/**
 * Issue 24 (decision 0040): the portal on a phone, 390x844. An HR manager signs in with the SMS
 * code, approves one advance request and rejects another, finds an employee and opens the profile,
 * sees the month's payroll status and the payroll's tabs, and uploads an attendance sheet. No page
 * scrolls sideways (document.scrollingElement.scrollWidth <= 390); a list's row is a card with its
 * identifying column, status and actions on screen; drawers and dialogs fill the screen; the side
 * menu is a burger; what a finger presses is at least 44 px; axe finds nothing serious. Every
 * screen is saved as a screenshot (the test's output folder, and E2E_SHOTS_DIR when set).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, codeIn, expectAccessible, field, settle, signInViaApi, typeCode, waitForMessage, writeXlsx } from '../fixtures.js';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 180_000 });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const worker = () => ({ Authorization: `Bearer ${process.env.E2E_WORKER_API_TOKEN}` });

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(file, path.join(dir, `phone-${name}.png`));
  }
}

/** The page does not scroll sideways, and nothing on it reaches past the screen's right edge. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width);
}

/** Within the screen, left to right, and at least 44 px each way (WCAG 2.5.5). */
async function expectOnScreenAndTouchable(target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  // A drawer slides in: wait until the element has come to rest on screen (not mid-transition).
  await expect.poll(async () => (await target.boundingBox())?.x ?? -1, { message: `${what} starts on screen` }).toBeGreaterThanOrEqual(0);
  const box = (await target.boundingBox())!;
  expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  expect(Math.round(box.height), `${what} is 44 px high`).toBeGreaterThanOrEqual(44);
  expect(Math.round(box.width), `${what} is 44 px wide`).toBeGreaterThanOrEqual(44);
}

/** Saves the screen, checks it does not scroll sideways and that axe finds nothing serious. */
async function check(page: Page, name: string): Promise<void> {
  await shoot(page, name);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
}

/** The side menu is behind the burger: open it, follow `entry`. */
async function menuTo(page: Page, entry: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: entry, exact: true })).not.toBeInViewport();
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await expectOnScreenAndTouchable(burger, 'the burger');
  await burger.click();
  const link = menu.getByRole('link', { name: entry, exact: true });
  await expect(link).toBeInViewport();
  await expectOnScreenAndTouchable(link, `the ${entry} menu entry`);
  await link.click();
  await expect(link).not.toBeInViewport();
}

/** A worker asks for an advance in the worker app (a quarter of what they may take); returns the worker's name. */
async function workerAsks(request: APIRequestContext, token: string, candidates: readonly string[]): Promise<{ name: string; employeeId: string }> {
  for (const employeeId of candidates) {
    const res = await request.put('/api/v2/employer-admin/employee-paginated-filter-search', {
      headers: bearer(token),
      data: { searchText: employeeId, searchOn: 'employerEmployeeId' },
    });
    const found = ((await res.json()) as { employees: { _id: string; fullName: string; employerEmployeeId: string }[] }).employees.find((e) => e.employerEmployeeId === employeeId);
    if (!found) continue;
    const a = await request.get(`/worker-api/workers/${found._id}/availability`, { headers: worker() });
    if (a.status() !== 200) continue;
    const { available } = (await a.json()) as { available: number };
    const amount = Math.floor(available / 4 / 10_000) * 10_000;
    if (amount < 10_000) continue;
    const r = await request.post(`/worker-api/workers/${found._id}/advances`, { headers: worker(), data: { amount } });
    if (r.status() !== 200) continue;
    return { name: found.fullName, employeeId };
  }
  throw new Error('no demo worker with room for an advance');
}

test('sign-in with the SMS code, then the dashboard, behind a burger menu', async ({ page }) => {
  await page.goto('/?signIn=true');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await check(page, 'sign-in');
  await field(page, 'Email').fill(DEMO.superAdmin.email);
  await field(page, 'Password').fill(DEMO.password);
  const at = new Date(Date.now() - 1000);
  await expectOnScreenAndTouchable(page.getByRole('button', { name: 'Sign in' }), 'Sign in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/otp-verification$/);
  await typeCode(page, codeIn(await waitForMessage(page.request, `+91${DEMO.superAdmin.mobile}`, at)));
  await check(page, 'sms-code');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await check(page, 'dashboard');

  // Closed, the menu is out of the tab order too: Tab from the burger went on to its entries, off
  // screen at x = -378 (issue 24); now each focus stop is on screen.
  await page.getByRole('button', { name: 'Open navigation' }).focus();
  for (let stop = 1; stop <= 6; stop++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const box = el?.getBoundingClientRect();
      return { what: `${el?.tagName} "${el?.textContent?.trim().slice(0, 30)}"`, right: box?.right ?? 0, left: box?.left ?? 0 };
    });
    expect(focused.right, `focus stop ${stop} after the burger, ${focused.what}, is on screen`).toBeGreaterThan(0);
    expect(focused.left, `focus stop ${stop} after the burger, ${focused.what}, is on screen`).toBeLessThan(390);
  }

  // The side menu is a burger: closed, it is off screen; open, it covers the screen and is checked too.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Employees', exact: true })).toBeInViewport();
  await check(page, 'menu');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Close navigation' }).click();
  await menuTo(page, 'Employees');
  await expect(page).toHaveURL(/\/employees/);
});

test('approve one advance request and reject another', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  const one = await workerAsks(page.request, token, ['SUN-1042', 'SUN-1043', 'SUN-1044']);
  const other = await workerAsks(page.request, token, ['SUN-1045', 'SUN-1046', 'SUN-1047']);
  await page.goto('/dashboard');
  await menuTo(page, 'EWA Requests');
  await expect(page).toHaveURL(/\/ewa-request$/);
  const table = page.getByRole('table', { name: 'Pending EWA requests' });
  const row = (employeeId: string) => table.locator('tbody tr').filter({ hasText: employeeId });
  await expect(row(one.employeeId)).toHaveCount(1);
  await check(page, 'ewa-requests');

  // A row is a card: the name, the amount and both actions on screen, large enough for a finger.
  await expect(table.getByRole('columnheader', { name: 'Employee ID' })).toBeHidden();
  await expectOnScreenAndTouchable(row(one.employeeId).getByRole('button', { name: `Approve ${one.name}` }), 'Approve');
  await expectOnScreenAndTouchable(row(one.employeeId).getByRole('button', { name: `Reject ${one.name}` }), 'Reject');
  const nameBox = (await row(one.employeeId).getByText(one.name, { exact: true }).boundingBox())!;
  expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(PHONE.width);

  await row(one.employeeId).getByRole('button', { name: `Approve ${one.name}` }).click();
  const approve = page.getByRole('dialog', { name: 'Approve request' });
  await expect(approve).toBeVisible();
  // The dialog fills the screen.
  await settle(page);
  const box = (await approve.boundingBox())!;
  expect(Math.round(box.width)).toBe(PHONE.width);
  await check(page, 'ewa-approve-dialog');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${one.name} approved!`, { exact: true })).toBeVisible();
  await expect(row(one.employeeId)).toHaveCount(0);

  await row(other.employeeId).getByRole('button', { name: `Reject ${other.name}` }).click();
  const reject = page.getByRole('dialog', { name: 'Reject request' });
  await settle(page);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`${other.name} rejected!`, { exact: true })).toBeVisible();
  await expect(row(other.employeeId)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});

test('find an employee by search and open the profile', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/employees');
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.locator('tbody tr')).toHaveCount(10, { timeout: 30_000 });
  await check(page, 'employees');
  // Each card keeps the name, the Employee ID, the status and the edit button on screen.
  const first = table.locator('tbody tr').first();
  await expectOnScreenAndTouchable(first.getByRole('button', { name: /^Edit / }), 'Edit');
  for (const cell of await first.getByRole('cell').all()) {
    const b = (await cell.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(first).toContainText(/Active|Inactive/);

  // The search box shows its whole placeholder (issue 24 item 7: it was cut at "Search by Employee ID,").
  const search = page.getByRole('searchbox', { name: 'Search by Employee ID, Mobile, Full Name or Email' });
  const fit = await search.evaluate((el: HTMLInputElement) => {
    const cs = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    return { text: ctx.measureText(el.placeholder).width, room: el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);

  // The Add Employee drawer fills the screen.
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Employee' });
  await expect(drawer.getByLabel('Full Name')).toBeVisible();
  await settle(page);
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(PHONE.width);
  await check(page, 'employee-drawer');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search by Employee ID, Mobile, Full Name or Email' }).fill('SUN-1005');
  await expect(page).toHaveURL(/search=SUN-1005/);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const link = table.locator('tbody tr').first().getByRole('link').first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/employee-profile|\/employeeProfile/);
  await expect(page.getByText(name).first()).toBeVisible();
  await check(page, 'employee-profile');
});

test('the month payroll status and the payroll tabs', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/dashboard');
  await menuTo(page, 'Payroll');
  await expect(page).toHaveURL(/\/payroll/);
  const status = page.getByTestId('payroll-status-text');
  await expect(status).toBeVisible();
  await check(page, 'payroll');
  const box = page.getByTestId('payroll-status-box');
  const upload = box.getByRole('link', { name: 'Upload Payroll' });
  if ((await upload.count()) > 0) {
    // Nothing uploaded for the month yet (this journey on its own; in a whole run payroll.spec.ts has
    // run it): a sheet of two of the employer's workers, uploaded from the phone.
    const res = await page.request.put('/api/v2/employer-admin/employee-paginated-filter-search', {
      headers: bearer(token),
      data: { filters: [], limit: 10, pageNumber: 1, searchText: 'SUN-101', searchOn: 'employerEmployeeId' },
    });
    const found = ((await res.json()) as { employees: { employerEmployeeId: string; fullName: string }[] }).employees.slice(0, 2);
    const file = test.info().outputPath('phone-payroll.xlsx');
    writeXlsx(file, [
      ['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC'],
      ...found.map((e, i) => [e.employerEmployeeId, e.fullName, '', 20_000 + i * 1000, 26, 26, `50100987650${i}`, 'HDFC0001234']),
    ]);
    await upload.first().click();
    await expect(page.getByText(/^Payroll month: /)).toBeVisible();
    await check(page, 'payroll-upload');
    await page.getByLabel('Choose file').setInputFiles(file);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'File Uploaded' })).toBeVisible();
    await expect(page).toHaveURL(/\/payroll$/);
    await expect(status).toHaveText('Please verify the details and finalize the payroll.', { timeout: 45_000 });
  }
  await expect(status).not.toHaveText(/Upload the payroll sheet/);
  await shoot(page, 'payroll-status');
  await box.getByRole('link', { name: /^View/ }).first().click();
  const tab = page.getByRole('tab', { name: /^(Finalized|Paid)/ }).first();
  await expect(tab).toBeVisible();
  await expect(page.getByRole('tab', { name: /^(Total|All)/ }).first()).toBeVisible();
  await check(page, 'payroll-tabs');
  await expectOnScreenAndTouchable(tab, 'a payroll tab');
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await check(page, 'payroll-tab-chosen');
});

test('upload an attendance sheet', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/attendance');
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
  await check(page, 'attendance');
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Attendance Upload', level: 2 })).toBeVisible();
  await check(page, 'attendance-upload');
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()).split('-');
  const file = test.info().outputPath(`phone-attendance-${Date.now()}.xlsx`);
  writeXlsx(file, [['Employee ID', 'Date', 'Status'], ['SUN-1030', `${d}/${m}/${y}`, 'Present']]);
  await page.getByLabel('Choose file').setInputFiles(file);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'File Uploaded' })).toBeVisible();
  await expect(page).toHaveURL(/\/attendance$/);
  const first = page.getByRole('table', { name: 'Attendance uploads' }).locator('tbody tr').first();
  await expect(first).toContainText(DEMO.superAdmin.name);
  await expect(first).toContainText('PROCESSED', { timeout: 45_000 });
  await check(page, 'attendance-after');
});
