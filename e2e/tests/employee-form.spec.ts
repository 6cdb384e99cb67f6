/**
 * Issue 14: the employee form's rules are the domain schema's (the server's too), with the spec's
 * messages; the joining date is typed and shown dd/mm/yyyy; the code boxes take a pasted code.
 */
import { expect, test } from '@playwright/test';
import { DEMO, codeIn, field, pasteInto, settle, signInViaApi, waitForMessage } from '../fixtures.js';

test('the employee form refuses paise, negatives and joining dates out of range, and takes dates dd/mm/yyyy', async ({ page }) => {
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Employee' });
  await expect(drawer).toBeVisible();
  await settle(page);
  const salary = field(drawer, 'Monthly Salary');
  const joining = field(drawer, 'Joining Date');

  // Spec 5.3: numbers only; "-1" is not a positive number.
  await salary.fill('1.5');
  await field(drawer, 'Full Name').focus();
  await expect(drawer.getByText('Monthly Salary should be number(s) only', { exact: true })).toBeVisible();
  await salary.fill('-1');
  await expect(drawer.getByText('Monthly Salary should be a positive number', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Monthly Salary should be number(s) only', { exact: true })).toHaveCount(0);
  await salary.fill('26000');
  await expect(drawer.getByText(/^Monthly Salary should/)).toHaveCount(0);

  // The joining date: typed day first, shown day first; 2031 and 1899 are not valid joining dates.
  await joining.fill('01/01/2031');
  await field(drawer, 'Full Name').focus();
  await expect(joining).toHaveValue('01/01/2031');
  await expect(drawer.getByText('Please enter a valid Joining Date', { exact: true })).toBeVisible();
  await joining.fill('31/12/1899');
  await field(drawer, 'Full Name').focus();
  await expect(joining).toHaveValue('31/12/1899');
  await expect(drawer.getByText('Please enter a valid Joining Date', { exact: true })).toBeVisible();
  await joining.fill('02/06/2025');
  await field(drawer, 'Full Name').focus();
  await expect(joining).toHaveValue('02/06/2025');
  await expect(drawer.getByText('Please enter a valid Joining Date', { exact: true })).toHaveCount(0);

  // The calendar shows the chosen day and picks another, still day first.
  await joining.click();
  await page.getByRole('button', { name: '10 June 2025' }).click();
  await expect(joining).toHaveValue('10/06/2025');

  // The rest valid: Submit is enabled (nothing is saved here).
  await field(drawer, 'Full Name').fill('Form Check');
  await field(drawer, 'Employee ID').fill(`FORM-${Date.now()}`);
  await field(drawer, 'Email').fill(`form.${Date.now()}@example.com`);
  await field(drawer, 'Full Name').focus();
  await expect(drawer.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('the code boxes take a pasted code whole, and Next signs in', async ({ page }) => {
  await page.goto('/?signIn=true');
  await field(page, 'Email').fill(DEMO.superAdmin.email);
  await field(page, 'Password').fill(DEMO.password);
  const at = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/otp-verification$/);
  const code = codeIn(await waitForMessage(page.request, `+91${DEMO.superAdmin.mobile}`, at));
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  // The first box has the focus; a code pasted into it fills all six.
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
  await pasteInto(page, 'Digit 1 of 6', code);
  for (let i = 0; i < 6; i += 1) await expect(page.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(code[i]!);
  await expect(next).toBeEnabled();
  // Backspace empties the last box and Next waits again; the digit typed back completes it.
  await page.getByRole('textbox', { name: 'Digit 6 of 6' }).focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('');
  await expect(next).toBeDisabled();
  await page.keyboard.type(code[5]!);
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
