/**
 * Spec 2.6, 3, 6, 8, 9: the Employee profile, opened from the employees list. The figures on the
 * screen are checked against what the API answers for the same worker.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signInViaApi } from '../fixtures.js';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }).format(paise / 100);

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

interface Profile {
  _id: string;
  name: { data: string };
  pan: { data: { pan: string } } | null;
  bankAccountInfo: { data: { primary: boolean; accountNumber: string; ifsc: string } }[];
  documents: { docType: string; status: string }[];
  agreements: { agreementId: string; agreementType: string; hasDocument: boolean }[];
}

async function openFromList(page: Page, listPath: string, employeeId: string): Promise<string> {
  await page.goto(listPath);
  await page.getByRole('searchbox', { name: 'Search by Employee ID, Mobile, Full Name or Email' }).fill(employeeId);
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one match
  const link = table.getByRole('link');
  const name = (await link.textContent())!.trim();
  await link.click();
  return name;
}

test('a signed-up employee: masked details, documents, salary details, agreements and transactions', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  const name = await openFromList(page, '/employees', 'SUN-1004');

  await expect(page).toHaveURL(/\/employeeProfile\?empId=[0-9a-f-]{36}&employerEmployeeId=SUN-1004&joiningDate=\d{4}-\d{2}-\d{2}$/);
  const empId = new URL(page.url()).searchParams.get('empId')!;
  const profile = await getJson<Profile>(page.request, token, `/api/employer-admin/user?employeeId=${empId}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();

  // --- Account number and PAN masked but the last 4 ---
  expect(profile.bankAccountInfo.length).toBeGreaterThan(0);
  const account = profile.bankAccountInfo[0]!.data.accountNumber;
  expect(account).toMatch(/^\*{5,}\d{4}$/);
  const accounts = page.getByRole('region', { name: 'Account Details' });
  await expect(accounts).toContainText(account);
  await expect(accounts).toContainText(`IFSC ${profile.bankAccountInfo[0]!.data.ifsc}`);
  expect(profile.pan?.data.pan).toMatch(/^\*{6}[0-9A-Z]{4}$/);
  await expect(page.getByRole('region', { name: 'Personal Details' })).toContainText(profile.pan!.data.pan);

  // --- Document cards: the picture fetched with the token, or the placeholder ---
  const selfie = page.getByRole('img', { name: `Selfie of ${name}` });
  const hasSelfie = profile.documents.some((d) => d.docType === 'selfie_doc');
  if (hasSelfie) {
    await expect(selfie).toBeVisible();
    await expect.poll(() => selfie.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } else {
    await expect(page.getByText('No selfie uploaded')).toBeVisible();
  }
  const hasAddressProof = profile.documents.some((d) => d.docType === 'address_proof_doc');
  await expect(page.getByText('No address proof uploaded')).toBeVisible({ visible: !hasAddressProof });

  // --- Salary Details on Fetch ---
  const salary = page.getByRole('region', { name: 'Salary Details' });
  await expect(salary.getByText('Current Available Salary')).toHaveCount(0);
  await salary.getByRole('button', { name: 'Fetch' }).click();
  await expect(salary.getByText('Current Available Salary')).toBeVisible();
  const figures = await getJson<{ currentAvailableSalary: number; withdrawnAmount: number; sodRemainingBalance: number; isWithdrawalAllowed: boolean }>(
    page.request,
    token,
    `/api/employer-admin/employee/${empId}/withdrawal-accessibility`,
  );
  expect(figures.currentAvailableSalary + figures.withdrawnAmount).toBeGreaterThan(0);
  await expect(salary.getByRole('definition')).toHaveText([
    figures.isWithdrawalAllowed ? 'Allowed' : 'Not Allowed',
    rupees(figures.currentAvailableSalary),
    rupees(figures.withdrawnAmount),
    rupees(figures.sodRemainingBalance),
  ]);

  // --- Transactions: the worker's advances, as on the Transactions screen ---
  const tx = await getJson<{ transactions: { amount: number; status: string }[]; total: number }>(page.request, token, `/api/employer-admin/transactions?employeeId=${empId}`);
  const txTable = page.getByRole('table', { name: 'Transactions' });
  await expect(txTable.getByRole('columnheader')).toHaveText(['Date & time', 'Amount Disbursed', 'Repaid Amount', 'Status']);
  if (tx.total === 0) await expect(txTable).toContainText('No data found');
  else {
    await expect(txTable.getByRole('row')).toHaveCount(Math.min(tx.total, 10) + 1);
    const first = tx.transactions[0]!;
    const disbursed = ['TRANSFERRED', 'REPAID', 'DEDUCTED_FROM_SALARY'].includes(first.status);
    await expect(txTable.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(disbursed ? rupees(first.amount) : 'NA');
  }

  // --- Agreements: View opens the signed link; without a document, the spec's message ---
  const agreements = page.getByRole('table', { name: 'Agreements' });
  const withDoc = profile.agreements.find((a) => a.hasDocument)!;
  const popupPromise = page.waitForEvent('popup');
  await agreements.getByRole('button', { name: new RegExp(`^View ${withDoc.agreementType.replace(/_/g, ' ')} signed`) }).click();
  const popup = await popupPromise;
  expect(popup.url()).toMatch(/\/api\/agreement-documents\/[0-9a-f-]{36}\?expires=\d+&signature=[0-9a-f]{64}$/);
  const doc = await page.request.get(popup.url()); // no token: the signature authorises
  expect(doc.status()).toBe(200);
  expect(doc.headers()['content-type']).toBe('application/pdf');
  await popup.close();
  const withoutDoc = profile.agreements.find((a) => !a.hasDocument);
  expect(withoutDoc, 'the demo keeps an older agreement without a document for SUN-1004').toBeDefined();
  await agreements.getByRole('button', { name: new RegExp(`^View ${withoutDoc!.agreementType.replace(/_/g, ' ')} signed`) }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No result found for this agreement.' })).toBeVisible();

  await expectAccessible(page);
});

test('a Viewer sees the profile without Terminate; an empty id goes to the dashboard', async ({ page }) => {
  await signInViaApi(page, DEMO.viewer);
  await openFromList(page, '/employees', 'SUN-1004');
  await expect(page.getByRole('region', { name: 'Agreements' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
  await page.goto('/employeeProfile?empId=&employerEmployeeId=SUN-1004');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('vendor context: the vendor admin opens a contractor from the vendor list and terminates a new one', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.vendorAdmin);
  const me = await getJson<{ departmentId: string | null }>(page.request, token, '/api/employer-admin');
  const vendorId = me.departmentId!;
  await openFromList(page, `/vendors/employees?vendorId=${vendorId}`, 'SWF-1001');
  await expect(page).toHaveURL(new RegExp(`/vendors/employeeProfile\\?empId=[0-9a-f-]{36}&employerEmployeeId=SWF-1001&joiningDate=[0-9-]{10}&vendorId=${vendorId}$`));
  await page.getByRole('region', { name: 'Salary Details' }).getByRole('button', { name: 'Fetch' }).click();
  await expect(page.getByRole('region', { name: 'Salary Details' }).getByText(/^(Allowed|Not Allowed)$/)).toBeVisible();

  // A contractor added for this test, so the demo workers stay active for the other journeys.
  const stamp = String(Date.now()).slice(-8);
  const added = await page.request.post(`/api/employer-admin/employee?vendorId=${vendorId}`, {
    headers: bearer(token),
    data: { fullName: 'Tara Bhatt', mobile: `6${stamp}1`, employerEmployeeId: `SWF-T${stamp}`, currentMonthlySalary: '18000', joiningDate: '2025-06-01', workerType: 'CONTRACTOR' },
  });
  expect(added.status(), await added.text()).toBe(200);
  const worker = (await added.json()) as { _id: string };
  await page.goto(`/vendors/employeeProfile?empId=${worker._id}&employerEmployeeId=SWF-T${stamp}&joiningDate=2025-06-01&vendorId=${vendorId}`);
  await expect(page.getByRole('heading', { name: 'Tara Bhatt', level: 2 })).toBeVisible();
  await expect(page.getByText('No selfie uploaded')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account Details' })).toContainText('NA');

  await page.getByRole('button', { name: 'Terminate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terminate employee' });
  await expect(dialog).toContainText('Are you sure you want to terminate Tara Bhatt?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Terminate' }).click();
  await dialog.getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tara Bhatt has been terminated' })).toBeVisible();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
});
