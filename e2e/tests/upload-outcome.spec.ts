/**
 * Issue 11: the upload outcome notice. Sheets are processed in the background and `returnTo` takes
 * the admin elsewhere, so the signed-in shell tells the uploader how each sheet ended, wherever
 * they are: red when nothing was applied, orange when some rows failed, green otherwise, with the
 * counts by outcome and the processed sheet; closing it dismisses it for good.
 */
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, closeUploadOutcomes, expectAccessible, readXlsx, signInViaApi, writeXlsx } from '../fixtures.js';

test.use({ viewport: { width: 1366, height: 768 } });

let serial = 0;
function uniqueTag() {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  return { id: `E2O${stamp}`, letters: stamp.slice(-7).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!) };
}
const nameOf = (first: string, letters: string) => `${first} ${letters[0]!.toUpperCase()}${letters.slice(1)}`;
const HEADER = ['Employee ID', 'Full Name', 'Email', 'Mobile', 'Monthly Salary', 'Joining Date'];

const outcomes = (page: Page) => page.getByRole('region', { name: 'Upload outcomes' });
/** One upload's notice: role alert (red, orange) or status (green, processing), named "<sheet type>: <file>". */
const notice = (page: Page, role: 'alert' | 'status', fileName: string) => outcomes(page).getByRole(role, { name: `Bulk Employee Upload: ${fileName}` });

/** Chooses the file on the employee upload screen (with `returnTo` when given) and submits it. */
async function uploadEmployees(page: Page, file: string, returnTo?: string): Promise<void> {
  const q = new URLSearchParams({ document: 'ADD_EMPLOYEES_BULK_UPLOAD' });
  if (returnTo) q.set('returnTo', returnTo);
  await page.goto(`/documentUpload?${q.toString()}`);
  await page.getByLabel('Choose file').setInputFiles(file);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await page.getByRole('button', { name: 'Submit' }).click();
  // The spec's receipt stays: the file was taken; the notice says later how it ended.
  await expect(page.getByRole('alert').filter({ hasText: 'File Uploaded' })).toBeVisible();
}

async function downloadFrom(page: Page, scope: Locator): Promise<unknown[][]> {
  const waiting = page.waitForEvent('download');
  await scope.getByRole('button', { name: 'Download processed sheet' }).click();
  return readXlsx(await (await waiting).path());
}

/** The processed sheet's Status and Reason per Employee ID. */
function rowsById(rows: unknown[][]): Map<string, { status: string; reason: string }> {
  const header = rows[0] as string[];
  const statusAt = header.indexOf('Status');
  const reasonAt = header.indexOf('Reason');
  expect(statusAt).toBeGreaterThan(0);
  expect(reasonAt).toBeGreaterThan(0);
  return new Map(rows.slice(1).map((r) => [String(r[0]), { status: String(r[statusAt] ?? ''), reason: String(r[reasonAt] ?? '') }]));
}

test('a sheet whose every row fails: after returnTo, a red notice with the counts and the processed sheet; closing dismisses it for good', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.superAdmin);
  const t = uniqueTag();
  const fileName = `all-bad-${t.id}.xlsx`;
  const file = test.info().outputPath(fileName);
  writeXlsx(file, [
    HEADER,
    [`${t.id}-1`, nameOf('Dev', t.letters), '', '', '25k', '01/06/2025'],
    [`${t.id}-2`, nameOf('Esha', t.letters), '', '12345', 22000, '01/06/2025'],
  ]);

  await uploadEmployees(page, file, '/attendance');
  await expect(page).toHaveURL(/\/attendance$/);
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();

  const red = notice(page, 'alert', fileName);
  await expect(red).toContainText('0 created, 0 updated, 0 unchanged, 2 failed', { timeout: 45_000 });
  await expect(red).toContainText('No row was applied');
  await expect(red).toHaveAttribute('data-tone', 'error');
  await expect(outcomes(page).locator(`[data-upload-id]`).filter({ hasText: fileName })).toHaveCount(1);
  await red.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/outcome-red-1366.png' });

  const rows = rowsById(await downloadFrom(page, red));
  expect(rows.size).toBe(2);
  for (const k of [1, 2]) expect(rows.get(`${t.id}-${k}`)!.status).toBe('FAILED');
  expect(rows.get(`${t.id}-1`)!.reason).toContain('Monthly Salary');
  expect(rows.get(`${t.id}-2`)!.reason).toContain('Mobile');

  await expectAccessible(page);

  // Closing dismisses it on the server: another screen, and a reload, do not bring it back.
  await red.getByRole('button', { name: `Close notice for ${fileName}` }).click();
  await expect(red).toHaveCount(0);
  await page.goto('/dashboard');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(outcomes(page).getByText(fileName)).toHaveCount(0);
});

test('a sheet with some failing rows: an orange notice with what was created and what failed', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.superAdmin);
  const t = uniqueTag();
  const fileName = `some-bad-${t.id}.xlsx`;
  const file = test.info().outputPath(fileName);
  writeXlsx(file, [
    HEADER,
    [`${t.id}-1`, nameOf('Asha', t.letters), `asha.${t.id.toLowerCase()}@example.com`, '', 21000, '01/04/2025'],
    [`${t.id}-2`, nameOf('Bharat', t.letters), `bharat.${t.id.toLowerCase()}@example.com`, '', 18500, '15/05/2025'],
    [`${t.id}-3`, nameOf('Dev', t.letters), '', '', '25k', '01/06/2025'],
  ]);

  await uploadEmployees(page, file, '/employees');
  await expect(page).toHaveURL(/\/employees$/);
  const orange = notice(page, 'alert', fileName);
  await expect(orange).toContainText('2 created, 0 updated, 0 unchanged, 1 failed', { timeout: 45_000 });
  await expect(orange).toContainText('Processed, some rows failed');
  await expect(orange).toHaveAttribute('data-tone', 'warning');
  await page.screenshot({ path: '/tmp/outcome-orange-1366.png' });

  const rows = rowsById(await downloadFrom(page, orange));
  expect(rows.get(`${t.id}-1`)!.status).toBe('CREATED');
  expect(rows.get(`${t.id}-2`)!.status).toBe('CREATED');
  expect(rows.get(`${t.id}-3`)!.status).toBe('FAILED');

  await orange.getByRole('button', { name: `Close notice for ${fileName}` }).click();
  await expect(orange).toHaveCount(0);
});

test("the updated-worker report: re-uploading an employee with a changed Monthly Salary says 1 updated, and the processed sheet says what changed", async ({ page }) => {
  test.setTimeout(150_000);
  await signInViaApi(page, DEMO.superAdmin);
  const t = uniqueTag();
  const row = (salary: number) => [`${t.id}-1`, nameOf('Chitra', t.letters), `chitra.${t.id.toLowerCase()}@example.com`, '', salary, '01/04/2025'];

  // --- The employee exists: created by a first upload, green ---
  const firstName = `salary-25000-${t.id}.xlsx`;
  const first = test.info().outputPath(firstName);
  writeXlsx(first, [HEADER, row(25000)]);
  await uploadEmployees(page, first);
  const green = notice(page, 'status', firstName);
  await expect(green).toContainText('1 created, 0 updated, 0 unchanged, 0 failed', { timeout: 45_000 });
  await expect(green).toHaveAttribute('data-tone', 'success');
  await page.screenshot({ path: '/tmp/outcome-green-1366.png' });
  await green.getByRole('button', { name: `Close notice for ${firstName}` }).click();
  await expect(green).toHaveCount(0);

  // --- The same employee with a new salary ---
  const secondName = `salary-30000-${t.id}.xlsx`;
  const second = test.info().outputPath(secondName);
  writeXlsx(second, [HEADER, row(30000)]);
  await uploadEmployees(page, second, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const updated = notice(page, 'status', secondName);
  await expect(updated).toContainText('0 created, 1 updated, 0 unchanged, 0 failed', { timeout: 45_000 });

  const rows = rowsById(await downloadFrom(page, updated));
  const changed = rows.get(`${t.id}-1`)!;
  expect(changed.status).toBe('UPDATED');
  expect(changed.reason).toContain('Monthly Salary');
  expect(changed.reason).toMatch(/25,?000/);
  expect(changed.reason).toMatch(/30,?000/);

  await updated.getByRole('button', { name: `Close notice for ${secondName}` }).click();
  await expect(updated).toHaveCount(0);
});

test('several uploads: at most three compact notices above the screen, one per upload; closing one brings the next', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  // Other journeys upload as the same admin: their outcomes are closed first, as the admin would.
  await closeUploadOutcomes(page, token);
  const t = uniqueTag();
  const names: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const fileName = `batch-${i}-${t.id}.xlsx`;
    const file = test.info().outputPath(fileName);
    writeXlsx(file, [HEADER, [`${t.id}-${i}`, nameOf('Farah', t.letters), `farah${i}.${t.id.toLowerCase()}@example.com`, '', 20000 + i, '01/04/2025']]);
    const res = await page.request.post('/api/v2/employer-admin/upload-employee-doc', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fs.readFileSync(file) } },
    });
    expect(res.status()).toBe(201);
    names.push(fileName);
  }

  await page.goto('/employees');
  const shown = outcomes(page).locator('[data-upload-id]');
  // Newest first: the three latest, each once; the fourth waits.
  for (const fileName of names.slice(1).reverse()) await expect(notice(page, 'status', fileName)).toContainText('1 created, 0 updated, 0 unchanged, 0 failed', { timeout: 45_000 });
  await expect(shown).toHaveCount(3);
  await expect(outcomes(page)).toContainText('1 more upload outcome');
  await expect(page.getByRole('heading', { name: 'All employees' })).toBeInViewport();
  await page.screenshot({ path: '/tmp/outcome-stack-1366.png' });

  await notice(page, 'status', names[3]!).getByRole('button', { name: `Close notice for ${names[3]}` }).click();
  await expect(notice(page, 'status', names[0]!)).toBeVisible();
  await expect(shown).toHaveCount(3);
  await expect(outcomes(page)).not.toContainText('more upload outcome');
  for (const fileName of names.slice(0, 3)) await notice(page, 'status', fileName).getByRole('button', { name: `Close notice for ${fileName}` }).click();
  await expect(outcomes(page)).toHaveCount(0);
});

test('issue 20: the history badge takes the notice\'s colour; an outcome seen on its own page does not follow the admin elsewhere', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  await closeUploadOutcomes(page, token);
  const t = uniqueTag();
  const fileName = `seen-here-${t.id}.xlsx`;
  const file = test.info().outputPath(fileName);
  writeXlsx(file, [
    HEADER,
    [`${t.id}-1`, nameOf('Gita', t.letters), `gita.${t.id.toLowerCase()}@example.com`, '', 21000, '01/04/2025'],
    [`${t.id}-2`, nameOf('Hari', t.letters), `hari.${t.id.toLowerCase()}@example.com`, '', 18500, '15/05/2025'],
    [`${t.id}-3`, nameOf('Ishan', t.letters), '', '', '25k', '01/06/2025'],
  ]);

  // No returnTo: the upload screen stays, with its history (the upload's own page).
  await uploadEmployees(page, file);
  const orange = notice(page, 'alert', fileName);
  await expect(orange).toContainText('2 created, 0 updated, 0 unchanged, 1 failed', { timeout: 45_000 });
  await expect(orange).toHaveAttribute('data-tone', 'warning');
  const history = page.getByRole('region', { name: 'Bulk Employee Upload History' });
  const row = history.getByRole('row').filter({ hasText: '2 created, 0 updated, 0 unchanged, 1 failed' });
  await expect(row).toHaveCount(1);
  // One colour rule: PROCESSED with a failed row is orange in the history too, not green.
  const badge = row.locator('[data-tone]').filter({ hasText: 'PROCESSED' });
  await expect(badge).toHaveAttribute('data-tone', 'warning');
  await page.screenshot({ path: '/tmp/outcome-seen-here-1366.png' });

  // Seen here: it stays on this screen until left, and follows the admin nowhere else, nor after a reload.
  await expect(orange).toBeVisible();
  await page.getByRole('link', { name: 'Back to Employees' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByRole('heading', { name: 'All employees' })).toBeVisible();
  await expect(outcomes(page).getByText(fileName)).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(outcomes(page).getByText(fileName)).toHaveCount(0);
  const open = await page.request.get('/api/employer-admin/upload-outcomes', { headers: { authorization: `Bearer ${token}` } });
  expect(((await open.json()) as { outcomes: { fileName: string }[] }).outcomes.map((o) => o.fileName)).not.toContain(fileName);
});

test('issue 20: Close all closes the whole stack, the waiting ones too, for good', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInViaApi(page, DEMO.superAdmin);
  await closeUploadOutcomes(page, token);
  const t = uniqueTag();
  const names: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const fileName = `close-all-${i}-${t.id}.xlsx`;
    const file = test.info().outputPath(fileName);
    writeXlsx(file, [HEADER, [`${t.id}-${i}`, nameOf('Jaya', t.letters), `jaya${i}.${t.id.toLowerCase()}@example.com`, '', 20000 + i, '01/04/2025']]);
    const res = await page.request.post('/api/v2/employer-admin/upload-employee-doc', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fs.readFileSync(file) } },
    });
    expect(res.status()).toBe(201);
    names.push(fileName);
  }
  await page.goto('/employees');
  for (const fileName of names.slice(2).reverse()) await expect(notice(page, 'status', fileName)).toContainText('1 created', { timeout: 45_000 });
  await expect(outcomes(page)).toContainText('2 more upload outcomes');
  await page.screenshot({ path: '/tmp/outcome-close-all-1366.png' });
  await outcomes(page).getByRole('button', { name: 'Close all' }).click();
  await expect(outcomes(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'All employees' })).toBeVisible();
  await expect(outcomes(page)).toHaveCount(0);
  const open = await page.request.get('/api/employer-admin/upload-outcomes', { headers: { authorization: `Bearer ${token}` } });
  expect(((await open.json()) as { outcomes: unknown[] }).outcomes).toEqual([]);
});
