/**
 * Spec 2.5, 2.8, 4.3, 5.2, 8: the document upload screen. Sheets are built in the test with
 * exceljs, uploaded through the chooser, processed by the real job, and their processed files
 * downloaded and read back. Each journey uses its own Employee IDs and file names.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signInViaApi, writeXlsx, readXlsx } from '../fixtures.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1_048_576;
const SEARCH = 'Search by Employee ID, Mobile, Full Name or Email';

let serial = 0;
function uniqueTag() {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  return { id: `E2D${stamp}`, letters: stamp.slice(-7).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!), digits: stamp.slice(-9) };
}



/** Today in Asia/Kolkata as dd/mm/yyyy. */
function todayIst(): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-');
  return `${d}/${m}/${y}`;
}

const chooser = (page: Page) => page.getByLabel('Choose file');
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const historyRows = (page: Page, title: string) => page.getByRole('table', { name: title }).locator('tbody tr');
/** The shell's outcome notice of one upload (role alert or status by its colour), named "<sheet type>: <file name>". */
const outcomeNotice = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Upload outcomes' }).locator('[role="alert"], [role="status"]').filter({ has: page.getByText(title, { exact: true }) });

async function download(page: Page, button: Locator): Promise<{ name: string; path: string }> {
  const waiting = page.waitForEvent('download');
  await button.click();
  const d = await waiting;
  return { name: d.suggestedFilename(), path: await d.path() };
}

test('bulk employee upload: good rows are added, bad rows come back with the reason, without pressing Refresh', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, DEMO.superAdmin);
  const t = uniqueTag();
  const name = (first: string) => `${first} ${t.letters[0]!.toUpperCase()}${t.letters.slice(1)}`;
  const file = test.info().outputPath(`staff-${t.id}.xlsx`);
  writeXlsx(file, [
    ['Employee ID', 'Full Name', 'Email', 'Mobile', 'Monthly Salary', 'Joining Date'],
    [`${t.id}-1`, name('Asha'), `asha.${t.id}@example.com`, '', 21000, '01/04/2025'],
    [`${t.id}-2`, name('Bharat'), `bharat.${t.id}@example.com`, '', 18500, '15/05/2025'],
    [`${t.id}-3`, name('Chitra'), `chitra.${t.id}@example.com`, '', 30000, '01/06/2025'],
    [`${t.id}-4`, name('Dev'), `dev.${t.id}@example.com`, '', '25k', '01/06/2025'],
    [`${t.id}-5`, name('Esha'), '', '12345', 22000, '01/06/2025'],
  ]);

  // --- From the Employees list to the upload screen ---
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveURL(/\/documentUpload\?document=ADD_EMPLOYEES_BULK_UPLOAD$/);
  await expect(page.getByRole('heading', { name: 'Bulk Employee Upload', level: 2, exact: true })).toBeVisible();
  await expect(page.getByText('Please select a file in xlsx format(s). Max File Size: 5 MB')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bulk Employee Upload History' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  // The sample format file is public and has the sheet's header.
  const sample = await download(page, page.getByRole('link', { name: 'Download sample format' }));
  expect(sample.name).toBe('sample-bulk-employee-upload.xlsx');
  // Required columns carry a '*' (the header match ignores it).
  expect(readXlsx(sample.path)[0]).toEqual(expect.arrayContaining(['Employee ID*', 'Full Name*', 'Email', 'Mobile', 'Monthly Salary*', 'Joining Date*']));

  // --- Choose, read, submit ---
  await chooser(page).setInputFiles(file);
  await expect(page.getByTestId('chosen-file')).toHaveText(`staff-${t.id}.xlsx`);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page, 'File Uploaded')).toBeVisible();
  await expect(page.getByTestId('chosen-file')).toHaveCount(0);
  await expect(submit).toBeDisabled();

  // --- The outcome notice and the history follow the upload to its end by themselves ---
  const result = outcomeNotice(page, `Bulk Employee Upload: staff-${t.id}.xlsx`);
  await expect(result).toContainText('3 created, 0 updated, 0 unchanged, 2 failed', { timeout: 45_000 });
  await expect(result).toHaveAttribute('role', 'alert');
  const first = historyRows(page, 'Bulk Employee Upload History').first();
  await expect(first).toContainText('PROCESSED');
  await expect(first).toContainText('3 created, 0 updated, 0 unchanged, 2 failed');
  await expect(first).toContainText(DEMO.superAdmin.name);
  await expect(first).toContainText(todayIst());

  // --- The processed sheet: a Status and a Reason per row, the spec's messages for the bad ones ---
  const processed = await download(page, first.getByRole('button', { name: 'Download processed file' }));
  const rows = readXlsx(processed.path);
  const header = rows[0] as string[];
  const reasonAt = header.indexOf('Reason');
  const statusAt = header.indexOf('Status');
  expect(reasonAt).toBeGreaterThan(0);
  expect(statusAt).toBeGreaterThan(0);
  const byId = new Map(rows.slice(1).map((r) => [String(r[0]), r]));
  expect(byId.size).toBe(5);
  expect(String(byId.get(`${t.id}-4`)![reasonAt])).toContain('Monthly Salary should be number(s) only');
  expect(String(byId.get(`${t.id}-5`)![reasonAt])).toContain('Please enter a valid Mobile');
  expect(byId.get(`${t.id}-4`)![statusAt]).toBe('FAILED');
  for (const k of [1, 2, 3]) expect(byId.get(`${t.id}-${k}`)![statusAt]).toBe('CREATED');
  // The notice offers the same file.
  const fromPanel = await download(page, result.getByRole('button', { name: 'Download processed sheet' }));
  expect(readXlsx(fromPanel.path)).toEqual(rows);
  await result.getByRole('button', { name: `Close notice for staff-${t.id}.xlsx` }).click();
  await expect(result).toHaveCount(0);

  // The source file is the sheet as uploaded.
  const source = await download(page, first.getByRole('button', { name: 'Download source file' }));
  expect(readXlsx(source.path)).toEqual(readXlsx(file));

  await expectAccessible(page);

  // --- The three good rows are employees now ---
  await page.goto('/employees');
  await page.getByLabel(SEARCH).fill(t.id);
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  for (const first of ['Asha', 'Bharat', 'Chitra']) await expect(table).toContainText(name(first));
  await expect(table).not.toContainText(name('Dev'));
});

test('bulk termination of a demo employee by Employee ID: the employee shows Inactive', async ({ page }) => {
  test.setTimeout(90_000);
  await signInViaApi(page, DEMO.superAdmin);
  const employeeId = 'SUN-1047';
  const file = test.info().outputPath(`leavers-${Date.now()}.xlsx`);
  writeXlsx(file, [
    ['Employee ID', 'Termination Date'],
    [employeeId, todayIst()],
  ]);

  await page.goto('/employees');
  await page.getByRole('button', { name: 'Bulk Termination' }).click();
  await expect(page).toHaveURL(/\/documentUpload\?document=TERMINATED_EMPLOYEES_UPLOAD$/);
  await expect(page.getByRole('heading', { name: 'Bulk Terminate History' })).toBeVisible();
  await chooser(page).setInputFiles(file);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'File Uploaded')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upload outcomes' })).toContainText(/0 created, 1 updated, 0 unchanged, 0 failed|0 created, 0 updated, 1 unchanged, 0 failed/, { timeout: 45_000 });
  await expect(historyRows(page, 'Bulk Terminate History').first()).toContainText('PROCESSED');

  await page.goto('/employees');
  await page.getByLabel(SEARCH).fill(employeeId);
  const row = page.getByRole('table', { name: 'Employees' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText(todayIst());
});

test('a raw file (pdf) appears in Upload History with its name and downloads as uploaded', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  const fileName = `policy-${Date.now()}.pdf`;
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

  await page.goto('/documentUpload?document=RAW_FILE');
  await expect(page.getByRole('heading', { name: 'Raw File Upload', level: 2 })).toBeVisible();
  await expect(page.getByText('Please select a file in pdf, csv, doc, docx, xlsx, xls format(s). Max File Size: 10 MB')).toBeVisible();
  const handling = page.getByRole('region', { name: 'How your file is handled' });
  for (const badge of ['Encrypted in transit', 'Checked before it is stored', 'Visible only to your organisation']) await expect(handling.getByText(badge)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download sample format' })).toHaveCount(0);

  await chooser(page).setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'File Uploaded')).toBeVisible();
  const table = page.getByRole('table', { name: 'Upload History' });
  await expect(table.getByRole('columnheader')).toHaveText(['Upload date & time', 'File Name', 'Uploaded by', 'Status', 'Source File']);
  const row = table.locator('tbody tr').filter({ hasText: fileName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('PROCESSED');
  await expect(row).toContainText(DEMO.superAdmin.name);
  const source = await download(page, row.getByRole('button', { name: 'Download source file' }));
  expect(fs.readFileSync(source.path).equals(pdf)).toBe(true);
  await expectAccessible(page);
});

test('Format Error and Size Error notices stay until dismissed, and nothing is read or sent', async ({ page }) => {
  test.setTimeout(60_000);
  await signInViaApi(page, DEMO.superAdmin);
  let uploads = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/employer-admin/upload-attendance-doc')) uploads += 1;
  });
  await page.goto('/documentUpload?document=ATTENDANCE_UPLOAD');
  await expect(page.getByRole('heading', { name: 'Attendance Upload', level: 2 })).toBeVisible();

  await chooser(page).setInputFiles({ name: 'attendance.txt', mimeType: 'text/plain', buffer: Buffer.from('Employee ID,Date,Status\n') });
  const format = toast(page, 'Format Error');
  await expect(format).toContainText('The document you uploaded is not in an acceptable format. Please reupload it in xlsx format.');

  await chooser(page).setInputFiles({ name: 'attendance.xlsx', mimeType: XLSX_MIME, buffer: Buffer.alloc(5 * MB + 1, 1) });
  const size = toast(page, 'Size Error');
  await expect(size).toContainText('Selected file size is greater than 5 MB');
  await expect(page.getByTestId('chosen-file')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  // Past the 5-second auto-close of ordinary toasts, both are still there.
  await page.waitForTimeout(6_000);
  await expect(format).toBeVisible();
  await expect(size).toBeVisible();
  await expectAccessible(page);
  await format.getByRole('button', { name: 'Close notification' }).click();
  await expect(format).toHaveCount(0);
  await expect(size).toBeVisible();
  await size.getByRole('button', { name: 'Close notification' }).click();
  await expect(size).toHaveCount(0);
  expect(uploads).toBe(0);
});

test('read-only and unknown types: the Viewer sees the history without the uploader; an unknown type says so', async ({ page }) => {
  await signInViaApi(page, DEMO.viewer);
  await page.goto('/documentUpload?document=ADD_EMPLOYEES_BULK_UPLOAD');
  await expect(page.getByRole('heading', { name: 'Bulk Employee Upload History' })).toBeVisible();
  await expect(page.getByLabel('Choose file')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await page.goto('/documentUpload?document=PAYSLIPS');
  await expect(page.getByText('This link names a document type the portal does not know.')).toBeVisible();
});

test('a payroll sheet: the month line is shown and a refusal by the server stays as a red notice', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  const file = test.info().outputPath('payroll.xlsx');
  writeXlsx(file, [['Employee ID', 'Employee Name', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC']]);
  await page.goto('/documentUpload?document=PAYROLL_UPLOAD&payrollMonth=11-2026&returnTo=https%3A%2F%2Fevil.example%2F');
  await expect(page.getByText('Payroll month: November 2026')).toBeVisible();
  await chooser(page).setInputFiles(file);
  await page.getByRole('button', { name: 'Submit' }).click();
  // November is not the month being paid (October's payroll runs in November): the server refuses
  // the sheet, and the refusal stays as a red notice; no success, and the foreign returnTo is not followed.
  const notice = toast(page, 'Payroll Processing Failed');
  await expect(notice).toBeVisible();
  await expect(toast(page, 'File Uploaded')).toHaveCount(0);
  await expect(page).toHaveURL(/\/documentUpload\?/);
});

/** The operators' CLI against the journeys' portal (its embedded PostgreSQL, already running): the demo employer's streaming-account opt-in (decision 0022). */
function streamingAccount(setting: 'on' | 'off'): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/cli.ts', 'streaming-account', 'Sunrise Textiles Pvt Ltd', setting], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(process.env.E2E_DATA_DIR!, 'data'), EMBEDDED_PG_PORT: String(Number(process.env.E2E_PORT) + 51000), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
    timeout: 60_000,
  });
}

test('issue 20: the streaming-account upload without the opt-in says so before a file is chosen, offers the payroll upload, and a refusal is not "Payroll Processing Failed"', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInViaApi(page, DEMO.superAdmin);
  const file = test.info().outputPath('streaming.xlsx');
  writeXlsx(file, [['Employee ID', 'Employee Name', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC']]);
  // Opted in (the demo employer): the uploader; the opt-in is then turned off before Submit.
  await page.goto('/documentUpload?document=PAYROLL_STREAMING_ACCOUNT');
  await chooser(page).setInputFiles(file);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  streamingAccount('off');
  try {
    await page.getByRole('button', { name: 'Submit' }).click();
    // Nothing was processed or stored: the notice says what refused it.
    const refusal = toast(page, 'Streaming account not enabled');
    await expect(refusal).toContainText('has not opted for payroll through a streaming account');
    await expect(toast(page, 'Payroll Processing Failed')).toHaveCount(0);
    await expect(toast(page, 'File Uploaded')).toHaveCount(0);

    // Opened by URL again: the screen says so before any file is chosen, and offers the payroll upload.
    await page.goto('/documentUpload?document=PAYROLL_STREAMING_ACCOUNT&returnTo=%2Fpayroll');
    const said = page.getByRole('alert').filter({ hasText: 'Streaming account not enabled' });
    await expect(said).toContainText('Upload the sheet as a payroll upload, or ask the provider to turn the streaming account on.');
    await expect(chooser(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/streaming-not-opted-in-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/streaming-not-opted-in-390.png' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Upload as a payroll upload' }).click();
    await expect(page).toHaveURL(/\/documentUpload\?document=PAYROLL_UPLOAD&returnTo=%2Fpayroll$/);
    await expect(page.getByRole('heading', { name: 'Payroll Upload', exact: true })).toBeVisible();
    await expect(chooser(page)).toHaveCount(1);
  } finally {
    streamingAccount('on');
  }
});
