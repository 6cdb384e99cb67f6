/**
 * Issue 24: a page does not jump while it loads. With every API answer held back 800 ms (a slow
 * server or network), opening /employees, /dashboard, /payroll or /ewa-request at Lighthouse's
 * desktop size and at a phone's shifts nothing on screen: the frame waits for the profile and the
 * employer's configuration (the side menu's entries), the employees page for the metadata its
 * columns and toolbar are drawn from, the payroll page for the month's payroll (or its absence).
 * A Columns button that grew when the metadata came once wrapped the toolbar and moved the whole
 * table down (CLS 0.22); the payroll's status box grew when a month without payroll (a 404, then an
 * error asked again on mount) was finally answered (0.13 at 390); EWA Requests' "3 pending",
 * wrapped under the search on a phone, pushed the list down as it came (0.015). An earlier upload's
 * outcome notice, above every screen, once arrived after the screen and pushed it down (0.04 on
 * every page, at both sizes, when another journey had left a notice open): the frame now waits for
 * the outcomes and, when there are any, for the notices' code.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, closeUploadOutcomes, signInViaApi, writeXlsx } from '../fixtures.js';

interface Shift {
  value: number;
  nodes: string[];
}

/** Layout shifts recorded from the first paint, with the elements that moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, nodes: entry.sources.map((s) => `${s.node?.nodeName ?? '?'} "${(s.node?.textContent ?? '').slice(0, 40)}"`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/employees', ready: (page) => page.getByRole('table', { name: 'Employees' }).locator('tbody tr').first().waitFor() },
  { path: '/dashboard', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  { path: '/payroll', ready: (page) => page.getByRole('heading', { name: /^Payroll status for / }).waitFor() },
  { path: '/ewa-request', ready: (page) => page.getByText(/^\d+ pending$/).waitFor() },
];

for (const viewport of [
  { width: 1350, height: 940 },
  { width: 390, height: 844 },
]) {
  for (const target of PAGES) {
    test(`${target.path} does not shift while it loads at ${viewport.width}x${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInViaApi(page, DEMO.superAdmin);
      await recordShifts(page);
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await page.goto(target.path);
      await target.ready(page);
      // Answers still on their way (the list after its metadata, the dashboard's cards) land in this time.
      await page.waitForTimeout(3_000);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
    });
  }
}

test('an earlier upload\'s outcome notice is on screen with the page, not pushed in above it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signInViaApi(page, DEMO.superAdmin);
  const headers = { authorization: `Bearer ${token}` };
  // A sheet whose one row fails (no Full Name): its outcome stays open until closed.
  const fileName = `shift-${Date.now()}.xlsx`;
  const file = test.info().outputPath(fileName);
  writeXlsx(file, [['Employee ID', 'Full Name', 'Email', 'Mobile', 'Monthly Salary', 'Joining Date'], [`SHIFT${Date.now()}`, '', '', '', 20000, '01/04/2025']]);
  const res = await page.request.post('/api/v2/employer-admin/upload-employee-doc', {
    headers,
    multipart: { file: { name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fs.readFileSync(file) } },
  });
  expect(res.status()).toBe(201);
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/employer-admin/upload-outcomes', { headers })).json()) as { outcomes: { fileName: string; status: string }[] };
        return list.outcomes.find((o) => o.fileName === fileName)?.status ?? 'none';
      },
      { timeout: 45_000 },
    )
    .toBe('FAILED');
  try {
    await recordShifts(page);
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    for (const target of [PAGES[1]!, PAGES[0]!]) {
      await page.goto(target.path);
      await target.ready(page);
      const notice = page.getByRole('region', { name: 'Upload outcomes' }).getByRole('alert', { name: `Bulk Employee Upload: ${fileName}` });
      await expect(notice).toBeVisible();
      // On a phone the text keeps the line's width and the action goes under it (the text was once
      // squeezed beside the action: the title cut to "B…", one word a line).
      expect((await notice.getByText(`Bulk Employee Upload: ${fileName}`).boundingBox())!.width).toBeGreaterThan(250);
      expect((await notice.getByText('No row was applied').boundingBox())!.width).toBeGreaterThan(100);
      await page.waitForTimeout(3_000);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, `${target.path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
    }
  } finally {
    await page.unroute('**/api/**');
    await closeUploadOutcomes(page, token);
  }
});
