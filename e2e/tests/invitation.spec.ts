/**
 * Spec 2.16, 4.2, 4.8, 5.5 and 8: the Super Admin invites an admin from Settings; the invited admin
 * signs up from the mail, verifies the e-mail, signs in, confirms the phone with the SMS code and
 * lands on the dashboard; then logs out and signs in again with a code.
 */
import { expect, test } from '@playwright/test';
import { DEMO, codeIn, field, greetingFor, linkIn, pasteInto, settle, signInViaApi, typeCode, uniqueAdmin, waitForMessage } from '../fixtures.js';

test('an invited admin signs up, verifies the e-mail, enrols the phone and signs in again', async ({ page, browser, baseURL }) => {
  const invited = uniqueAdmin('Invitee');
  const password = `Loom-${Date.now()}-Weft`;

  // --- The Super Admin adds the admin through Settings > Add new admin ---
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/settings');
  await expect(page.getByRole('table', { name: 'Admin users' })).toBeVisible();
  await page.getByRole('button', { name: 'Add new admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new admin' });
  await expect(dialog).toBeVisible();
  await settle(page); // the dialog has finished opening
  await field(dialog, 'Name').fill(invited.name);
  await field(dialog, 'Mobile').fill(invited.mobile);
  await field(dialog, 'Email Id').fill(invited.email);
  await field(dialog, 'Branch Location').fill(invited.branchLocation);
  // One role, by radio: employer context offers the employer roles only.
  await expect(dialog.getByRole('radio', { name: 'Vendor Admin' })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'HR Manager' }).check();
  await expect(dialog.getByRole('radio', { name: 'HR Manager' })).toBeChecked();
  const invitedAt = new Date(Date.now() - 1000);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`An invitation link has been sent to ${invited.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The new admin is listed (as invited) with the chosen role.
  const row = page.getByRole('row').filter({ hasText: invited.email });
  await expect(row).toContainText(invited.name);
  await expect(row).toContainText('HR Manager');
  await expect(row).toContainText(invited.mobile);
  await expect(row).toContainText('Invited');

  const invitation = await waitForMessage(page.request, invited.email, invitedAt, /invited/i);

  // --- The invited admin, in a fresh browser (no token) ---
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  try {
    await guest.goto(linkIn(invitation));
    await expect(guest.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
    await expect(field(guest, 'Email')).toHaveValue(invited.email);
    // Long enough for the form, but the server's strength rule refuses it: its reason, and the form stays.
    await field(guest, 'Password').fill('aaaaaaaaaaaa');
    await field(guest, 'Re-enter password').fill('aaaaaaaaaaaa');
    await guest.getByRole('button', { name: 'Sign up' }).click();
    await expect(guest.getByText(/^Missing password requirements/)).toBeVisible();
    // Issue 24 item 7: and in words under the field, until the password changes.
    await expect(field(guest, 'Password')).toHaveAccessibleDescription(/This password can't be used: it is easy to guess/);
    await expect(guest.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
    await field(guest, 'Password').fill(password);
    await field(guest, 'Re-enter password').fill(password);
    const signedUpAt = new Date(Date.now() - 1000);
    await guest.getByRole('button', { name: 'Sign up' }).click();
    await expect(guest.getByText('You have successfully signed up!')).toBeVisible();
    await expect(
      guest.getByText('A verification mail has been sent to your email id. Please click on that link and verify your login'),
    ).toBeVisible();

    // --- The verification link: applied, then the sign-in page ---
    const verification = await waitForMessage(guest.request, invited.email, signedUpAt, /verify/i);
    const verifyLink = linkIn(verification);
    expect(verifyLink).toContain('/auth/action?mode=verifyEmail');
    await guest.goto(verifyLink);
    await expect(guest).toHaveURL(/\/\?signIn=true$/);
    await expect(guest.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(guest.getByText('Your e-mail has been verified. Please sign in.')).toBeVisible();

    // --- Sign in: e-mail and password, then the phone (enrolment) ---
    await field(guest, 'Email').fill(invited.email);
    await field(guest, 'Password').fill(password);
    const signedInAt = new Date(Date.now() - 1000);
    await guest.getByRole('button', { name: 'Sign in' }).click();
    await expect(guest).toHaveURL(/\/(mfa-register|otp-verification)$/);
    if (new URL(guest.url()).pathname === '/mfa-register') {
      // No phone known: the admin types it (spec 4.2 step 5).
      await field(guest, 'Mobile number').fill(invited.mobile);
      await guest.getByRole('button', { name: 'Send code' }).click();
    }
    await expect(guest).toHaveURL(/\/otp-verification$/);
    await expect(guest.getByRole('group', { name: 'Verification code' })).toBeVisible();
    const code = codeIn(await waitForMessage(guest.request, `+91${invited.mobile}`, signedInAt));

    // Next stays disabled until all 6 boxes hold a digit.
    const next = guest.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await typeCode(guest, code.slice(0, 5));
    await expect(guest.getByRole('textbox', { name: 'Digit 5 of 6' })).toHaveValue(code[4]!);
    await expect(guest.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('');
    await expect(next).toBeDisabled();
    // Letters are not digits: nothing changes.
    await guest.keyboard.type('x');
    await expect(guest.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('');
    await expect(next).toBeDisabled();

    // Pasting the 6 digits (into any box) fills every box.
    await pasteInto(guest, 'Digit 3 of 6', code);
    for (let i = 0; i < 6; i += 1) {
      await expect(guest.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(code[i]!);
    }
    await expect(next).toBeEnabled();
    await next.click();

    await expect(guest).toHaveURL(/\/dashboard$/);
    await expect(guest.getByRole('heading', { name: greetingFor(invited.name) })).toBeVisible();

    // --- Logout from the header's dropdown ---
    const sessionToken = await guest.evaluate(() => window.localStorage.getItem('portal.token'));
    expect(sessionToken).toBeTruthy();
    await guest.getByRole('button', { name: /^Account menu/ }).click();
    await guest.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(guest).toHaveURL(/\/\?signIn=true$/);
    await expect(guest.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await guest.evaluate(() => window.localStorage.getItem('portal.token'))).toBeNull();
    // The server ended that session too.
    const ended = await guest.request.get('/api/employer-admin', { headers: { Authorization: `Bearer ${sessionToken}` } });
    expect(ended.status()).toBe(401);

    // --- And back in, this time with the enrolled phone ---
    await field(guest, 'Email').fill(invited.email);
    await field(guest, 'Password').fill(password);
    const againAt = new Date(Date.now() - 1000);
    await guest.getByRole('button', { name: 'Sign in' }).click();
    await expect(guest).toHaveURL(/\/otp-verification$/);
    await expect(guest.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const first = codeIn(await waitForMessage(guest.request, `+91${invited.mobile}`, againAt));
    await expect(guest.getByText(/You can resend it in 0:1\d/)).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
    // Resend once the countdown (15 s on this page) is over: a new code replaces the first.
    const resend = guest.getByRole('button', { name: 'Resend code' });
    await expect(resend).toBeVisible({ timeout: 20_000 });
    const resentAt = new Date(Date.now() - 500);
    await resend.click();
    await expect(guest.getByText('A code has been sent to your phone')).toBeVisible();
    await expect(guest.getByText(/You can resend it in/)).toBeVisible();
    const second = codeIn(await waitForMessage(guest.request, `+91${invited.mobile}`, resentAt));
    if (second !== first) {
      await typeCode(guest, first);
      await guest.getByRole('button', { name: 'Next' }).click();
      await expect(guest.getByRole('alert').filter({ hasText: 'The code is wrong or has expired. Request a new code.' })).toBeVisible();
      await expect(guest.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
    }
    await typeCode(guest, second);
    await guest.getByRole('button', { name: 'Next' }).click();
    await expect(guest).toHaveURL(/\/dashboard$/);
    await expect(guest.getByRole('heading', { name: greetingFor(invited.name) })).toBeVisible();

    // The verification link works once.
    await guest.goto(verifyLink);
    await expect(guest.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' })).toBeVisible();
  } finally {
    await context.close();
  }
});
