/**
 * Issue 26 (decision 0044): a Super Admin creates an API key in Settings, sees its secret once,
 * the key calls the API as an admin with its scope would, the list says when it was last used,
 * and a revoked key is refused.
 */
import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, signInViaApi } from '../fixtures.js';

test('Settings > API keys: create a key, use it, see it used, revoke it', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  const name = `Payroll sync ${Date.now()}`;
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  // No access chosen yet: the key cannot be created.
  await expect(dialog.getByRole('button', { name: 'Create key' })).toBeDisabled();
  await dialog.getByLabel('Key name').fill(name);
  await dialog.getByRole('radiogroup', { name: 'Employees access' }).getByText('Read', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown).toContainText('Copy it now: it is not shown again.');
  await expect(shown).toContainText(`${name}: Employees: Read`);
  const secret = (await shown.getByTestId('api-key-secret').innerText()).trim();
  expect(secret).toMatch(/^epk_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'API keys' });
  const row = table.locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).not.toContainText(secret);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  // The key calls the API: its scope passes, the rest is refused.
  const call = (path: string, method = 'GET', data?: unknown) =>
    page.request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${secret}` }, data });
  expect((await call('/v2/employer-admin/employee-paginated-filter-search', 'PUT', {})).status()).toBe(200);
  expect((await call('/employer-admin/payroll/payroll-details?month=1&year=2020')).status()).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
  expect((await call('/v2/employer-admin/employee-paginated-filter-search', 'PUT', {})).status()).toBe(401);
});
