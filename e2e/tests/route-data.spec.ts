/**
 * Issue 24, "Fast" (decision 0041): a page's data is asked for together with its code, not after
 * it. Moving to each of /dashboard, /employees, /payroll and /ewa-request through the menu, the
 * page's code (its route chunk or the page's own) is held back until its data has been asked for (at most 10 s): with the data asked
 * for only once the page runs, it would never be, and the journey fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO, signInViaApi } from '../fixtures.js';

/**
 * A route module's chunk, by the build's manifest: a chunk's name alone is ambiguous (the shared
 * chunk of domain/payroll.ts is `payroll-<hash>.js` too, like the /payroll route's).
 */
const manifest = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const routeChunk = (name: string): RegExp => {
  const file = manifest[`src/app/routes/signed-in/${name}.tsx`]?.file;
  if (!file) throw new Error(`no chunk for the route module ${name} in the build's manifest`);
  return new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
};

const ROUTES = [
  { entry: 'Dashboard', chunk: /\/assets\/dashboard-page-[\w-]+\.js$/, data: /\/api\/employer-admin\/stats\/EWA\b/, heading: /Good (morning|afternoon|evening)/ },
  { entry: 'Employees', chunk: /\/assets\/employees-page-[\w-]+\.js$/, data: /\/api\/v2\/employer-admin\/employee-paginated-filter-search\b/, heading: 'All employees' },
  { entry: 'Payroll', chunk: routeChunk('payroll'), data: /\/api\/employer-admin\/payroll\/payroll-details\b/, heading: /^Payroll status/ },
  { entry: 'EWA Requests', chunk: routeChunk('ewaRequest'), data: /\/api\/employer-admin\/employer-approval\/pending-approvals\b/, heading: 'EWA Requests' },
] as const;

for (const route of ROUTES) {
  test(`${route.entry}: its data is asked for while its code is still loading`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInViaApi(page, DEMO.superAdmin);
    await page.goto('/settings');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    let dataAsked!: () => void;
    const asked = new Promise<void>((resolve) => (dataAsked = resolve));
    let askedBeforeCode = false;
    let held = 0;
    page.on('request', (request) => {
      if (route.data.test(request.url())) dataAsked();
    });
    await page.route(route.chunk, async (chunk) => {
      held += 1;
      askedBeforeCode = await Promise.race([asked.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      await chunk.continue();
    });

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: route.entry, exact: true }).click();
    await expect(page.getByRole('main').getByRole('heading', { name: route.heading }).first()).toBeVisible({ timeout: 20_000 });
    expect(held, 'the page code was fetched on the way').toBe(1);
    expect(askedBeforeCode, 'the data was asked for before the page code arrived').toBe(true);
  });
}

/**
 * A page's reads, asked for by its route's loader with its code, are not asked for again as the page
 * mounts a moment later (the query client's refetchOnMount, decision 0041): on a phone's first load
 * /payroll read its summary, history, account and the upload outcomes twice, the second time
 * from inside the first render's task.
 */
for (const at of ['/dashboard', '/employees', '/payroll', '/ewa-request']) {
  test(`a first load of ${at} asks for each read once`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page, DEMO.superAdmin);
    const asked = readsOf(page);
    await page.goto(at);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const twice = [...asked].filter(([, n]) => n > 1).map(([url, n]) => `${url} x${n}`);
    expect(twice, 'reads asked for more than once').toEqual([]);
    expect(asked.size).toBeGreaterThan(2);
  });
}

/** ...but a page the admin leaves and comes back to, at once, reads its data again: it may have changed meanwhile. */
test('a page left and come back to reads its data again', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/payroll');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(page.getByRole('main').getByRole('heading', { name: /^Payroll status/ }).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await menu.getByRole('link', { name: 'Employees', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'All employees' })).toBeVisible();
  const asked = readsOf(page);
  await menu.getByRole('link', { name: 'Payroll', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: /^Payroll status/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const details = [...asked].filter(([url]) => url.startsWith('/api/employer-admin/payroll/payroll-details'));
  expect(details.length, 'the payroll details were read again').toBeGreaterThan(0);
});

/** Every GET to the API from now on, by path and query, with how many times it was asked for. */
function readsOf(page: import('@playwright/test').Page): Map<string, number> {
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  return asked;
}
