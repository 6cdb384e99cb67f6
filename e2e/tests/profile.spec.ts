/**
 * Spec 2.15, 5.5 and 8: the Profile screen and its Change Password form. A fresh admin keeps the
 * demo passwords unchanged.
 */
import { expect, test } from '@playwright/test';
import { ROLES, apiSignIn, createReadyAdmin, field, greetingFor, settle, signInOnceViaApi, uniqueAdmin } from '../fixtures.js';

test('Profile shows the admin and changes the password without ending the session', async ({ page }) => {
  const admin = uniqueAdmin('Profiled', ROLES.viewer);
  const password = `Warp-${Date.now()}-Thread`;
  const newPassword = `Dye-${Date.now()}-Vat`;
  await createReadyAdmin(page.request, admin, password);
  const oldToken = await signInOnceViaApi(page, admin, password);

  // --- Reached from the header's dropdown ---
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: greetingFor(admin.name) })).toBeVisible();
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  // --- Name, mobile and e-mail ---
  const details = page.getByRole('definition');
  await expect(page.getByRole('term')).toHaveText(['HR Partner Name', 'Mobile', 'Email Id']);
  await expect(details).toHaveText([admin.name, admin.mobile, admin.email]);

  // --- The collapsible Change Password form ---
  const toggle = page.getByRole('button', { name: 'Change Password' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(field(page, 'Current Password')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const current = field(page, 'Current Password');
  const fresh = field(page, 'New Password');
  const again = field(page, 'Re-enter New Password');
  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(current).toBeVisible();
  await settle(page); // the Collapse has finished opening, so nothing moves under the clicks

  // Nothing filled in.
  await update.click();
  await expect(page.getByText('Enter current password', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter new password', { exact: true })).toBeVisible();
  await expect(current).toHaveAccessibleDescription(/Enter current password/);
  await expect(fresh).toHaveAccessibleDescription(/Enter new password/);
  // The re-entry differs.
  await current.fill(password);
  await fresh.fill(newPassword);
  await again.fill(`${newPassword}!`);
  await update.click();
  await expect(page.getByText('Password did not match', { exact: true })).toBeVisible();
  await expect(again).toHaveAccessibleDescription(/Password did not match/);
  await expect(page.getByText('Enter current password', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Enter new password', { exact: true })).toHaveCount(0);

  // The server's rule is stated under the field; a weak password gets the server's reason (issue 15).
  await expect(fresh).toHaveAccessibleDescription(/At least 8 characters, not easy to guess/);
  await current.fill(password);
  await fresh.fill('aaaaaaaaaaaa');
  await again.fill('aaaaaaaaaaaa');
  await update.click();
  await expect(page.getByText(/^Missing password requirements: not easy to guess/)).toBeVisible();
  // Issue 24 item 7: and in words under the field, not only in a toast.
  await expect(fresh).toHaveAccessibleDescription(/This password can't be used: it is easy to guess/);
  await expect(current).toBeVisible(); // the form stays open
  await fresh.fill(newPassword);

  // A wrong current password.
  await current.fill(`${password}-wrong`);
  await again.fill(newPassword);
  await expect(page.getByText('Password did not match', { exact: true })).toHaveCount(0);
  await update.click();
  await expect(page.getByText('Current password is wrong!')).toBeVisible();
  await expect(current).toBeVisible(); // the form stays open

  // The right one.
  await current.fill(password);
  await update.click();
  await expect(page.getByText('Password has been updated')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // --- The session goes on with the new token; the old one is ended ---
  const stored = await page.evaluate(() => window.localStorage.getItem('portal.token'));
  expect(stored).toBeTruthy();
  expect(stored).not.toBe(oldToken);
  const withOld = await page.request.get('/api/employer-admin', { headers: { Authorization: `Bearer ${oldToken}` } });
  expect(withOld.status()).toBe(401);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('table', { name: 'Admin users' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('table', { name: 'Admin users' }).getByRole('row').filter({ hasText: admin.email })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);

  // The new password signs in; the old one does not.
  await apiSignIn(page.request, admin, newPassword);
  const old = await page.request.post('/api/auth/sign-in', { data: { email: admin.email, password } });
  expect(old.status()).toBe(400);
});
