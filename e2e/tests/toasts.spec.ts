/**
 * Issue 14: toasts do not queue or repeat. The newest message shows at once (the lock message is
 * not held back behind older toasts, and the superseded "Invalid e-mail or password" goes), the
 * same message never stacks, and a session the server ended says so once.
 */
import { expect, test } from '@playwright/test';
import { DEMO, createVerifiedAdmin, field, signInViaApi, uniqueAdmin } from '../fixtures.js';

/** Spec texts (packages/domain messages.ts) and the lock threshold (constants.ts LOGIN_MAX_FAILURES). */
const WRONG = 'Invalid e-mail or password';
const LOCKED = 'Too many failed attempts. Try again in 30 minutes or reset your password.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const LOGIN_MAX_FAILURES = 10;

/** What "at once" allows: the answer has arrived; the toast only has to render (a queued one waited seconds). */
const AT_ONCE = { timeout: 1_000 };

test('repeated wrong passwords show one toast, and the lock message replaces it at once', async ({ page }) => {
  const admin = uniqueAdmin('Toasts');
  await createVerifiedAdmin(page.request, admin, `Toast-${Date.now()}-Right`);

  await page.goto('/?signIn=true');
  await field(page, 'Email').fill(admin.email);
  await field(page, 'Password').fill('not-the-password');
  const invalid = page.getByText(WRONG, { exact: true });
  const locked = page.getByText(LOCKED, { exact: true });

  for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await answer).status()).toBe(400);
    await expect(invalid).toBeVisible(AT_ONCE);
    // The same message never stacks: one toast, however many times it is raised.
    await expect(invalid).toHaveCount(1);
  }

  // The account is now locked: the next attempt's message shows at once, and the older one is gone.
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await answer).status()).toBe(429);
  await expect(locked).toBeVisible(AT_ONCE);
  await expect(invalid).toHaveCount(0);
  await expect(locked).toHaveCount(1);
});

test('a session the server ended says so once', async ({ page }) => {
  const token = await signInViaApi(page, DEMO.viewer);
  // The frame's upload notices load on demand and ask for their outcomes once they arrive: waited
  // for here, so that the form's call is the one that meets the ended session (when the notices
  // asked after the sign-out, under load, they met it first and the sign-in screen replaced the
  // form before its button was pressed).
  const notices = page.waitForResponse((r) => r.url().includes('/api/employer-admin/upload-outcomes'));
  await page.goto('/profile');
  await notices;
  await page.getByRole('button', { name: 'Change Password' }).click();
  await field(page, 'Current Password').fill(DEMO.password);
  await field(page, 'New Password').fill('Another-Strong-2026-Pass');
  await field(page, 'Re-enter New Password').fill('Another-Strong-2026-Pass');

  // The session ends on the server (as after a sign-out elsewhere); the form's call then answers
  // 401 with the same words the sign-out says: the screen says them once.
  const logout = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(logout.status()).toBeLessThan(300);
  await page.getByRole('button', { name: 'Update Password' }).click();

  const ended = page.getByText(SESSION_ENDED, { exact: true });
  await expect(page).toHaveURL(/\/\?signIn=true$/);
  await expect(ended).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(ended).toHaveCount(1);
});
