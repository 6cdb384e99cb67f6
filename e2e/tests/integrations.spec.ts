/**
 * Issue 26 (decisions 0044, 0045): a Super Admin creates an API key in Settings, sees its secret
 * once, the key calls the API as an admin with its scope would, the list says when it was last
 * used, and a revoked key is refused. Then an endpoint on a receiver this test runs hears a test
 * event, signed with the secret shown once, and the delivery log says Delivered.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, signInViaApi } from '../fixtures.js';

test('Settings > API keys: create a key, use it, see it used, revoke it', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'API keys', exact: true })).toBeVisible();

  const name = `Payroll sync ${Date.now()}`;
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  // No access chosen yet: the key cannot be created.
  await expect(dialog.getByRole('button', { name: 'Create key' })).toBeDisabled();
  await dialog.getByLabel('Key name').fill(name);
  await dialog.getByRole('radiogroup', { name: 'Employees access', exact: true }).getByText('Read', { exact: true }).click();
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

test('Settings > Webhooks: add an endpoint, send a test event, see it delivered and signed', async ({ page }) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-events/${Date.now()}`;
  try {
    await signInViaApi(page, DEMO.superAdmin);
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByLabel('Endpoint address').fill(url);
    await dialog.getByLabel(/^upload\.processed:/).check();
    await dialog.getByLabel(/^payout\.failed:/).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await shown.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();

    const endpoints = page.getByRole('table', { name: 'Webhook endpoints' });
    const row = endpoints.locator('tbody tr').filter({ hasText: url });
    await expect(row).toContainText('upload.processed, payout.failed');
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Actions of ${url}` }).click();
    await page.getByRole('menuitem', { name: 'Send test event' }).click();
    await expect(page.getByText('A test event was queued')).toBeVisible();

    const log = page.getByRole('table', { name: 'Webhook deliveries' });
    const delivery = log.locator('tbody tr').filter({ hasText: 'ping' }).first();
    await expect(delivery).toContainText('Delivered', { timeout: 20_000 });
    await expect(delivery).toContainText('HTTP 204');
    expect(received).toHaveLength(1);
    const [got] = received;
    const header = String(got!.headers['portal-signature']);
    const t = /t=(\d+)/.exec(header)![1]!;
    expect(header).toContain(`v1=${createHmac('sha256', secret).update(`${t}.${got!.body}`).digest('hex')}`);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'ping', id: got!.headers['portal-event-id'] });

    await delivery.getByRole('button', { name: /^View delivery of ping/ }).click();
    await expect(page.getByRole('dialog', { name: 'Delivery' })).toContainText('"type": "ping"');
    await page.keyboard.press('Escape');

    // Removed: nothing more is sent to it.
    await row.getByRole('button', { name: `Actions of ${url}` }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove endpoint' }).getByRole('button', { name: 'Remove endpoint' }).click();
    await expect(row).toContainText('Removed');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});
