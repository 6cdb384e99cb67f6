/**
 * Spec 2.3 and 6: what each seeded role may see. The Viewer reads Settings without the write
 * actions; the vendor-only Vendor Admin works in Vendors; a screen without READ shows the
 * unauthorized message.
 */
import { expect, test } from '@playwright/test';
import { DEMO, ROLES, codeIn, createReadyAdmin, field, settle, signInViaApi, typeCode, uniqueAdmin, waitForMessage } from '../fixtures.js';

const UNAUTHORIZED = "You aren't authorized to access this page";

test('the Viewer sees the admin list in Settings but cannot add or manage admins', async ({ page }) => {
  await signInViaApi(page, DEMO.viewer);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Admin users' });
  await expect(table).toBeVisible();
  for (const header of ['Name', 'Role', 'Email Id', 'Mobile']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: DEMO.superAdmin.email })).toContainText(DEMO.superAdmin.name);
  await expect(table.getByRole('row').filter({ hasText: DEMO.viewer.email })).toContainText('Viewer');
  // READ only: no Add new admin, no Action column, no Manage buttons.
  await expect(page.getByRole('button', { name: 'Add new admin' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Manage/ })).toHaveCount(0);
  await expect(page.getByText(UNAUTHORIZED)).toHaveCount(0);

  // A screen that needs WRITE (the upload screen itself, spec 6) is refused to the read-only Viewer.
  await page.goto('/documentUpload?document=ATTENDANCE_UPLOAD');
  await expect(page.getByRole('heading', { name: 'Document Upload', level: 1 })).toBeVisible();
  await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
});

test('the vendor-only Vendor Admin lands on Vendors and has no employer menu entries', async ({ page }) => {
  // Through the sign-in form, since where it lands is the point.
  await page.goto('/?signIn=true');
  await field(page, 'Email').fill(DEMO.vendorAdmin.email);
  await field(page, 'Password').fill(DEMO.password);
  const at = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/otp-verification$/);
  await typeCode(page, codeIn(await waitForMessage(page.request, `+91${DEMO.vendorAdmin.mobile}`, at)));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/vendors$/);
  await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Vendors' })).toBeVisible();
  for (const entry of ['Dashboard', 'Employees', 'Attendance', 'Payroll', 'Transactions', 'Salary Topups', 'Settings']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
  }

  // An employer-only screen keeps a vendor-only admin in Vendors (spec 2.3).
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/vendors$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/vendors$/);
});

test('the Vendor Admin manages its own vendor only; another vendor shows the unauthorized message', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.vendorAdmin);
  const me = await page.request.get('/api/employer-admin', { headers: { Authorization: `Bearer ${token}` } });
  const ownVendor = ((await me.json()) as { departmentId: string }).departmentId;
  expect(ownVendor).toBeTruthy();

  // Its own vendor's Settings: the admins, and an Add new admin form offering vendor roles only.
  await page.goto(`/vendors/settings?vendorId=${ownVendor}`);
  await expect(page.getByRole('navigation', { name: 'Vendor sections' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Admin users' }).getByRole('row').filter({ hasText: DEMO.vendorAdmin.email })).toBeVisible();
  await page.getByRole('button', { name: 'Add new admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new admin' });
  await expect(dialog.getByRole('radio', { name: 'Vendor Admin' })).toBeVisible();
  await settle(page);
  await expect(dialog.getByRole('radio', { name: 'Vendor Viewer' })).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const otherVendor = '5a6b7c8d-0000-4000-8000-000000000999';
  await page.goto(`/vendors/settings?vendorId=${otherVendor}`);
  await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Admin users' })).toHaveCount(0);
  await page.goto(`/vendors/employees?vendorId=${otherVendor}`);
  await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
});

test('an admin without READ on admins (Payroll Manager) opening Settings sees the unauthorized message', async ({ page }) => {
  // No seeded ready account holds a role without EMPLOYER_PORTAL_ADMIN, so one is invited.
  const admin = uniqueAdmin('Payroller', ROLES.payrollManager);
  const password = `Ledger-${Date.now()}-Sheet`;
  await createReadyAdmin(page.request, admin, password);
  await signInViaApi(page, admin, password);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Admin users' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add new admin' })).toHaveCount(0);
  // Nor does the menu offer it; the screens the role reads are offered.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Payroll' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveCount(0);

  // A screen it does read shows no such message.
  await page.goto('/payroll');
  await expect(page.getByRole('heading', { name: 'Payroll', level: 1 })).toBeVisible();
  await expect(page.getByText(UNAUTHORIZED)).toHaveCount(0);
});
