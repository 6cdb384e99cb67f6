/**
 * Issue 6 (decision 0017): the vendor cards and working inside one vendor's tabs, a tab without
 * READ hidden, another vendor refused; the analytics dashboard's "No data"; the File Upload link;
 * the activity trail's filter and download.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, ROLES, apiSignIn, createReadyAdmin, expectAccessible, signInViaApi, uniqueAdmin } from '../fixtures.js';

const UNAUTHORIZED = "You aren't authorized to access this page";

test('a vendor-only admin lands on its vendor card and works inside that vendor', async ({ page }) => {
  await signInViaApi(page, DEMO.vendorAdmin);
  await page.goto('/');
  await expect(page).toHaveURL(/\/vendors$/);
  const cards = page.getByTestId('vendor-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Swift Staffing Services');
  await expect(cards.first()).toContainText('contact@swift-staffing.example');
  await expect(cards.first()).toContainText('01/04/2025');
  // No logo configured: the initials stand in.
  await expect(cards.first().getByTestId('vendor-logo')).toContainText('SS');
  await expectAccessible(page);

  await cards.first().click();
  await expect(page).toHaveURL(/\/vendors\/summary\?vendorId=[0-9a-f-]{36}$/);
  const vendorId = new URL(page.url()).searchParams.get('vendorId')!;
  const tabs = page.getByRole('navigation', { name: 'Vendor sections' });
  for (const tab of ['Dashboard', 'Employees', 'Attendance', 'Transactions', 'Settings']) await expect(tabs.getByRole('link', { name: tab })).toBeVisible();
  await expect(page.getByTestId('vendor-context')).toContainText('Swift Staffing Services');

  // Every tab keeps the vendorId.
  await tabs.getByRole('link', { name: 'Employees' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendors/employees\\?vendorId=${vendorId}$`));
  await tabs.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/vendors/settings\\?vendorId=${vendorId}$`));
  await expect(page.getByRole('table', { name: 'Admin users' })).toContainText(DEMO.vendorAdmin.email);
  // The vendor's admins' activities, on the vendor settings page.
  await expect(page.getByRole('table', { name: 'Vendor admin activities' })).toBeVisible();

  // Another vendor of the same employer: refused, with none of its data.
  const other = await page.request.get('/api/employer-admin/vendors', { headers: { Authorization: `Bearer ${await apiSignIn(page.request, DEMO.superAdmin)}` } });
  const otherId = ((await other.json()) as { vendor: { _id: string; name: string } }[]).find((c) => c.vendor._id !== vendorId)!.vendor._id;
  await page.goto(`/vendors/employees?vendorId=${otherId}`);
  await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Vendor sections' })).toHaveCount(0);
});

test("a vendor id of no vendor of the employer shows the unauthorized message to a Super Admin", async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/vendors');
  await expect(page.getByTestId('vendor-card')).toHaveCount(2);
  await page.goto('/vendors/transactions?vendorId=5a6b7c8d-0000-4000-8000-000000000999');
  await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('a vendor tab without READ on its resource is hidden', async ({ page }) => {
  // The Payroll Manager holds only the vendor payroll and transactions resources.
  const admin = uniqueAdmin('Payroller', ROLES.payrollManager);
  await createReadyAdmin(page.request, admin, 'Vendor-Tabs-Pass-2026');
  await signInViaApi(page, admin, 'Vendor-Tabs-Pass-2026');
  await page.goto('/vendors');
  await page.getByTestId('vendor-card').first().click();
  const tabs = page.getByRole('navigation', { name: 'Vendor sections' });
  await expect(tabs.getByRole('link', { name: 'Transactions' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (const hidden of ['Employees', 'Attendance', 'Settings']) await expect(tabs.getByRole('link', { name: hidden })).toHaveCount(0);
  // Typed in by hand, the hidden tab's page refuses.
  await page.goto(page.url().replace('/vendors/summary', '/vendors/settings'));
  await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
});

test('the analytics dashboard shows "No data" when none is configured', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/analytics-dashboard');
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('No data', { exact: true })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expectAccessible(page);
});

test('the File Upload menu item opens the token page in a new tab, which uploads a raw file', async ({ page, context }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/dashboard');
  const opened = context.waitForEvent('page');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: /File Upload/ }).click();
  const tab = await opened;
  await tab.waitForURL(/\/file-upload\?token=/);
  await expect(tab.getByRole('heading', { name: 'Upload a file' })).toBeVisible();
  await tab.locator('input[type=file]').setInputFiles({ name: 'link-upload.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await tab.getByRole('button', { name: 'Submit' }).click();
  await expect(tab.getByRole('region', { name: 'Uploaded from this page' })).toContainText('link-upload.pdf');

  // A tampered link is refused.
  await tab.goto(`${tab.url()}x`);
  await tab.locator('input[type=file]').setInputFiles({ name: 'again.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await tab.getByRole('button', { name: 'Submit' }).click();
  await expect(tab.getByRole('alert').filter({ hasText: 'not valid or has expired' })).toBeVisible();
});

test('the activity trail filters by actor and downloads activity-trail.xlsx', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Activity trail' }).click();
  await expect(page).toHaveURL(/\/settings\/activity/);
  const table = page.getByRole('table', { name: 'Activity trail' });
  for (const header of ['Time (IST)', 'Actor', 'Context', 'Action', 'Target']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('textbox', { name: 'Actor' }).click();
  await page.getByRole('option', { name: new RegExp(DEMO.superAdmin.email) }).click();
  await expect(page).toHaveURL(/actorId=/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const actors = await table.getByRole('row').locator('td:nth-child(2)').allInnerTexts();
  expect(actors.length).toBeGreaterThan(0);
  for (const a of actors) expect(a).toContain(DEMO.superAdmin.name);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('activity-trail.xlsx');
  const bytes = fs.readFileSync((await download.path()));
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});
