/**
 * Spec 2.5, 4.6, 5.3 and 8: the Employees list. Each journey makes its own employees (unique ids,
 * names, e-mails and mobiles) through the API as the demo Super Admin, so the journeys are
 * independent of one another and of the demo data.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, field, settle, signInViaApi, readXlsx } from '../fixtures.js';

const SEARCH = 'Search by Employee ID, Mobile, Full Name or Email';

let serial = 0;
/** A tag no other journey (nor an earlier run on the same data) uses, and letters for names. */
function uniqueTag() {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  return { id: `E2E${stamp}`, letters: stamp.slice(-7).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!), digits: stamp.slice(-9) };
}
const mobileFrom = (digits: string, lead: string) => `${lead}${digits.padStart(9, '0').slice(-9)}`;

async function addViaApi(request: APIRequestContext, token: string, body: Record<string, string>) {
  const res = await request.post('/api/employer-admin/employee', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { _id: string; employerEmployeeId: string; fullName: string };
}


const table = (page: Page) => page.getByRole('table', { name: 'Employees' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

test('search, filter and download the employees list', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  const t = uniqueTag();
  const name = (n: string) => `${n} ${t.letters[0]!.toUpperCase()}${t.letters.slice(1)}`;
  await addViaApi(page.request, token, { fullName: name('Lata'), email: `lata.${t.id}@example.com`, employerEmployeeId: `${t.id}-1`, currentMonthlySalary: '21000', joiningDate: '2025-03-01', branchId: 'Surat' });
  await addViaApi(page.request, token, { fullName: name('Mohan'), mobile: mobileFrom(t.digits, '6'), employerEmployeeId: `${t.id}-2`, currentMonthlySalary: '18000', joiningDate: '2025-05-10', branchId: 'Coimbatore' });
  await addViaApi(page.request, token, { fullName: name('Nisha'), email: `nisha.${t.id}@example.com`, employerEmployeeId: `${t.id}-3`, currentMonthlySalary: '30000', joiningDate: '2024-11-20', branchId: 'Surat' });
  const term = await page.request.patch('/api/v2/employer-admin/terminate-employees', { headers: { Authorization: `Bearer ${token}` }, data: { employerEmployeeIds: [`${t.id}-3`] } });
  expect(term.status()).toBe(200);

  await page.goto('/employees');
  await expect(bodyRows(page)).toHaveCount(10);
  // Branch is listed in the demo metadata but hidden by default; Full Name and Employee ID cannot be hidden.
  await expect(table(page).getByRole('columnheader', { name: 'Branch' })).toHaveCount(0);

  // --- Search (debounced, into the URL) ---
  await page.getByLabel(SEARCH).fill(t.id);
  await expect(page).toHaveURL(new RegExp(`search=${t.id}`));
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(page.getByText('Showing: 1 - 3 of 3')).toBeVisible();

  // --- Filter: Employment Status is Inactive ---
  await page.getByRole('button', { name: /^Filter/ }).click();
  const filter = page.getByRole('dialog', { name: 'Filter' });
  await expect(filter.getByText('Where')).toBeVisible();
  await filter.getByRole('combobox', { name: 'Filter 1 field' }).selectOption({ label: 'Employment Status' });
  await filter.getByRole('combobox', { name: 'Filter 1 condition' }).selectOption({ label: 'Is' });
  await filter.getByRole('combobox', { name: 'Filter 1 value' }).selectOption({ label: 'Inactive' });
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filter=employmentStatus(:|%3A)IS(:|%3A)INACTIVE/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(name('Nisha'));
  await expect(bodyRows(page).first()).toContainText('Inactive');
  await expect(page.getByText('Showing: 1 - 1 of 1')).toBeVisible();

  // --- Columns: show Branch, hide Email ID and Mobile No. ---
  await page.getByRole('button', { name: 'Columns' }).click();
  const columns = page.getByRole('dialog', { name: 'Columns' });
  await expect(columns.getByRole('switch', { name: 'Full Name' })).toBeDisabled();
  await expect(columns.getByRole('switch', { name: 'Employee ID' })).toBeDisabled();
  // Withdrawal Allowed starts hidden (the table fits 1366 px); shown here, it joins the download.
  await columns.getByRole('switch', { name: 'Withdrawal Allowed' }).check({ force: true });
  await columns.getByRole('switch', { name: 'Branch' }).check({ force: true });
  await columns.getByRole('switch', { name: 'Email ID' }).uncheck({ force: true });
  await columns.getByRole('switch', { name: 'Mobile No.' }).uncheck({ force: true });
  await page.keyboard.press('Escape');
  const expectedHeaders = ['Full Name', 'Employee ID', 'Sign Up Status', 'Employment Status', 'Joining Date', 'Termination Date', 'Withdrawal Allowed', 'Monthly Salary', 'Branch'];
  await expect(table(page).getByRole('columnheader', { name: 'Branch' })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Email ID' })).toHaveCount(0);

  // --- Download: only the visible columns, the filters applied ---
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('employee-report.xlsx');
  const rows = readXlsx(await download.path());
  expect(rows[0]).toEqual(expectedHeaders);
  expect(rows).toHaveLength(2);
  expect(rows[1]![0]).toBe(name('Nisha'));
  expect(rows[1]![1]).toBe(`${t.id}-3`);
  expect(rows[1]![3]).toBe('Inactive');
  expect(rows[1]![7]).toBe(30000);
  expect(rows[1]![8]).toBe('Surat');

  // A search that matches nothing.
  await page.getByLabel(SEARCH).fill(`${t.id}-none`);
  await expect(table(page).getByText('No data found')).toBeVisible();
});

test('add an employee: invalid input shows the messages, then valid input shows the success screen', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  const t = uniqueTag();
  const takenMobile = mobileFrom(t.digits, '7');
  await addViaApi(page.request, token, { fullName: 'Existing Person', mobile: takenMobile, employerEmployeeId: `${t.id}-X`, currentMonthlySalary: '15000', joiningDate: '2025-01-01' });

  await page.goto('/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Employee' });
  await expect(drawer).toBeVisible();
  await settle(page);
  const submit = drawer.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  // --- Invalid input, each with its message ---
  await field(drawer, 'Full Name').fill('A');
  await field(drawer, 'Email').fill('not-an-email');
  await field(drawer, 'Mobile').fill(takenMobile);
  await field(drawer, 'Monthly Salary').fill('0');
  await field(drawer, 'Salary Account Number').fill('12345');
  await field(drawer, 'Max Withdrawal Salary Percentage').fill('150');
  await field(drawer, 'Max Withdrawal Per Day').fill('-5');
  await field(drawer, 'Employee ID').fill(' ');
  await field(drawer, 'Full Name').focus();
  await expect(drawer.getByText('Please enter a valid Name')).toBeVisible();
  await expect(drawer.getByText('Please enter a valid Email Id')).toBeVisible();
  await expect(drawer.getByText('Invalid Mobile')).toBeVisible(); // the server's availability check
  await expect(drawer.getByText('Monthly Salary should be a positive number')).toBeVisible();
  await expect(drawer.getByText('Salary Account Number length should be between 9 & 18 characters')).toBeVisible();
  await expect(drawer.getByText('Please enter a number between 0 to 100')).toBeVisible();
  await expect(drawer.getByText('Please enter a positive number')).toBeVisible();
  await expect(drawer.getByText('Please enter Employee Id')).toBeVisible();
  await expect(field(drawer, 'Full Name')).toHaveAccessibleDescription(/Please enter a valid Name/);
  await expect(submit).toBeDisabled();
  await field(drawer, 'Monthly Salary').fill('25k');
  await field(drawer, 'Full Name').focus();
  await expect(drawer.getByText('Monthly Salary should be number(s) only')).toBeVisible();
  // Neither e-mail nor mobile.
  await field(drawer, 'Email').fill('');
  await field(drawer, 'Mobile').fill('');
  await field(drawer, 'Full Name').focus();
  await expect(drawer.getByText('Please enter either Email Id or Mobile')).toBeVisible();

  // --- Valid input; the employee id is taken, so the server refuses: the failure screen ---
  const name = `Ritu ${t.letters[0]!.toUpperCase()}${t.letters.slice(1)}`;
  await field(drawer, 'Full Name').fill(name);
  await field(drawer, 'Email').fill(`ritu.${t.id}@example.com`);
  await field(drawer, 'Mobile').fill(mobileFrom(t.digits, '8'));
  await field(drawer, 'Employee ID').fill(`${t.id}-X`);
  await field(drawer, 'Monthly Salary').fill('26000');
  // Day first, as every table shows dates (issue 14).
  await field(drawer, 'Joining Date').fill('02/06/2025');
  await field(drawer, 'Salary Account Number').fill('123456789012');
  await field(drawer, 'Max Withdrawal Salary Percentage').fill('50');
  await field(drawer, 'Max Withdrawal Per Day').fill('2000');
  await field(drawer, 'Full Name').focus();
  await expect(drawer.getByText('Invalid Mobile')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(drawer.getByRole('heading', { name: 'Employee addition failed' })).toBeVisible();
  await expect(drawer.getByText('An employee with this Employee ID already exists')).toBeVisible();
  await drawer.getByRole('button', { name: 'Try again' }).click();

  // --- Try again keeps the input; a free id is accepted ---
  await expect(field(drawer, 'Full Name')).toHaveValue(name);
  await field(drawer, 'Employee ID').fill(`${t.id}-R`);
  await submit.click();
  await expect(drawer.getByRole('heading', { name: 'Employee added successfully' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Add Another' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Add Another' }).click();
  await expect(field(drawer, 'Full Name')).toHaveValue('');
  await drawer.getByRole('button', { name: 'Cancel' }).click();

  await page.getByLabel(SEARCH).fill(`${t.id}-R`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(name);
  await expect(bodyRows(page).first()).toContainText('Not Signed Up');
  await expect(bodyRows(page).first()).toContainText('₹26,000');
});

test('bulk terminate a selection in which one fails shows the partial outcome', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.superAdmin);
  const t = uniqueTag();
  const name = (n: string) => `${n} ${t.letters[0]!.toUpperCase()}${t.letters.slice(1)}`;
  for (const [n, i] of [['Gopal', 1], ['Hema', 2], ['Irfan', 3]] as const) {
    await addViaApi(page.request, token, { fullName: name(n), email: `${n.toLowerCase()}.${t.id}@example.com`, employerEmployeeId: `${t.id}-${i}`, currentMonthlySalary: '20000', joiningDate: '2025-02-01' });
  }

  await page.goto(`/employees?search=${t.id}`);
  await expect(bodyRows(page)).toHaveCount(3);
  const terminate = page.getByRole('button', { name: 'Terminate', exact: true });
  await expect(terminate).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${name('Gopal')}` }).check();
  await page.getByRole('checkbox', { name: `Select ${name('Hema')}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await expect(terminate).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);

  // Meanwhile someone else terminates Hema.
  const behind = await page.request.patch('/api/v2/employer-admin/terminate-employees', { headers: { Authorization: `Bearer ${token}` }, data: { employerEmployeeIds: [`${t.id}-2`] } });
  expect(behind.status()).toBe(200);

  await terminate.click();
  const confirm = page.getByRole('dialog', { name: 'Terminate employees' });
  await expect(confirm).toContainText('Terminate 2 selected employee(s)?');
  await confirm.getByRole('button', { name: 'Terminate' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'got terminated' });
  await expect(alert).toContainText('Only 1 employes(s) got terminated out of 2');
  const details = alert.getByRole('button', { name: 'Failed employees (1)' });
  await details.hover();
  await expect(page.getByRole('tooltip')).toContainText(`${name('Hema')} (${t.id}-2): Employee is already inactive`);
  await expect(details).toHaveAccessibleDescription(`${name('Hema')} (${t.id}-2): Employee is already inactive`);

  // The selection is cleared; Gopal is now inactive, Irfan untouched.
  await expect(page.getByText('2 selected')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name('Gopal')) })).toContainText('Inactive');
  await expect(page.getByRole('row', { name: new RegExp(name('Irfan')) })).toContainText('Active');

  // Now both inactive ones may be activated together, and not terminated.
  await page.getByRole('checkbox', { name: `Select ${name('Gopal')}` }).check();
  await page.getByRole('checkbox', { name: `Select ${name('Hema')}` }).check();
  await expect(terminate).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
});
