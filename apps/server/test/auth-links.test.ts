/**
 * Links mailed to admins (decision 0004): invitation and sign-up, e-mail verification, password
 * reset. Single use, limited lifetime, and the same answer for known and unknown e-mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, ROLE_IDS } from '@portal/domain';
import { verifyPassword } from '../src/platform/passwords.js';
import { ANONYMOUS_RESEND_MS } from '../src/features/auth/service.js';

/** The answer to a sign-up without a working invitation link (issue 15: true for every e-mail). */
const notSignedUp = { signedUp: false, message: `${MSG.signUpNeedsInvitation} ${MSG.askAgainIn(120)}` };
import { adminRow, createAdmin, createEmployer, createTestEnv, passwordStep, signIn, uniqueEmail, uniqueMobile, type ReadyAdmin, type TestEnv } from './harness.js';

let env: TestEnv;
let owner: ReadyAdmin;
let ownerToken: string;
let employerId: string;
beforeAll(async () => {
  env = await createTestEnv();
  const e = await createEmployer(env);
  owner = e.owner;
  employerId = e.employer.id;
});
afterAll(() => env.close());

const NEW_PASSWORD = 'Fresh-Start-Pass-31';

/** Invites a new admin through the API, as the owner; returns its e-mail and id. */
async function invite(): Promise<{ email: string; id: string }> {
  ownerToken ??= await signIn(env, owner);
  // The owner's session may have idled out after a test moved the clock.
  if ((await env.call('GET', '/employer-admin', { token: ownerToken })).status !== 200) ownerToken = await signIn(env, owner);
  const email = uniqueEmail('invitee');
  const res = await env.call('POST', '/employer-admin/create-employer-admin', {
    token: ownerToken,
    body: { name: 'Invited Person', mobile: uniqueMobile(), email, branchLocation: 'Pune', roleId: ROLE_IDS.viewer },
  });
  expect(res.status).toBe(200);
  const row = await env.deps.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { email, id: row.id };
}
const signUp = (email: string, password: string, inviteToken?: string) =>
  env.call('POST', '/auth/sign-up', { body: inviteToken === undefined ? { email, password } : { email, password, inviteToken } });
const mailsOf = async (email: string, kind: 'invite' | 'verifyEmail' | 'resetPassword') =>
  (await env.outbox(email)).filter((m) => (kind === 'invite' ? /[?&]invite=/ : new RegExp(`mode=${kind}&`)).test(m.body));
const requestReset = (email: string) => env.call('POST', '/auth/password-reset/request', { body: { email } });
const confirmReset = (oobCode: string, newPassword: string) => env.call('POST', '/auth/password-reset/confirm', { body: { oobCode, newPassword } });
const expectInvalidReset = (res: { status: number; body: any }) => {
  expect(res.status).toBe(400);
  expect(res.body.message.description).toBe(MSG.invalidResetLink);
};

describe('POST /api/auth/sign-up', () => {
  it('with the invitation token sets the password, activates the admin and mails a verification link', async () => {
    const { email, id } = await invite();
    expect(await mailsOf(email, 'invite')).toHaveLength(1);
    const inviteToken = await env.lastLinkCode(email, 'invite');
    const res = await signUp(email, NEW_PASSWORD, inviteToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedUp: true, message: MSG.verificationMailSent });
    const row = await adminRow(env, id);
    expect(row.status).toBe('ACTIVE');
    expect(row.email_verified_at).toBeNull();
    expect(await verifyPassword(row.password_hash!, NEW_PASSWORD)).toBe(true);
    expect(await mailsOf(email, 'verifyEmail')).toHaveLength(1);
  });

  it('accepts an invitation token once', async () => {
    const { email, id } = await invite();
    const inviteToken = await env.lastLinkCode(email, 'invite');
    expect((await signUp(email, NEW_PASSWORD, inviteToken)).status).toBe(200);
    const second = await signUp(email, 'Someone-Else-Pass-9', inviteToken);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(notSignedUp);
    expect(await verifyPassword((await adminRow(env, id)).password_hash!, NEW_PASSWORD)).toBe(true);
  });

  it('answers an unknown e-mail and an invited e-mail alike without a token; the invited one gets its invitation again', async () => {
    const { email, id } = await invite();
    const unknownEmail = uniqueEmail('stranger');
    const unknown = await signUp(unknownEmail, NEW_PASSWORD);
    const invited = await signUp(email, NEW_PASSWORD);
    expect(invited.status).toBe(200);
    expect(unknown.status).toBe(invited.status);
    expect(unknown.body).toEqual(invited.body);
    expect(invited.body).toEqual(notSignedUp);
    // No password was set without the link; the invitation went out again, and nothing to the stranger.
    const row = await adminRow(env, id);
    expect(row.status).toBe('INVITED');
    expect(row.password_hash).toBeNull();
    expect(await mailsOf(email, 'invite')).toHaveLength(2);
    expect(await env.outbox(unknownEmail)).toHaveLength(0);
    // Asked again within ANONYMOUS_RESEND_MS: 429 saying when, alike for both, and nothing is sent.
    for (const again of [await signUp(email, NEW_PASSWORD), await signUp(unknownEmail, NEW_PASSWORD)]) {
      expect(again.status).toBe(429);
      expect(again.body.message.description).toMatch(/^Mails for this e-mail were asked for recently\. You can ask again in (2 minutes|1[01]\d seconds)\.$/);
    }
    expect(await mailsOf(email, 'invite')).toHaveLength(2);
    env.clock.advance(ANONYMOUS_RESEND_MS + 1000);
    // The first link no longer works (that try counts as a sign-up without a token: one more
    // invitation goes out); the newest link does.
    const mails = await mailsOf(email, 'invite');
    const oldToken = decodeURIComponent(/[?&]invite=([^&\s]+)/.exec(mails[1]!.body)![1]!);
    expect(await env.lastLinkCode(email, 'invite')).not.toBe(oldToken);
    env.clock.advance(ANONYMOUS_RESEND_MS + 1000);
    await signUp(email, NEW_PASSWORD, oldToken);
    expect((await adminRow(env, id)).password_hash).toBeNull();
    expect(await mailsOf(email, 'invite')).toHaveLength(3);
    await signUp(email, NEW_PASSWORD, await env.lastLinkCode(email, 'invite'));
    expect((await adminRow(env, id)).status).toBe('ACTIVE');
  });

  it('with a token for a different e-mail does nothing', async () => {
    const a = await invite();
    const b = await invite();
    const tokenA = await env.lastLinkCode(a.email, 'invite');
    for (const email of [b.email, uniqueEmail('stranger')]) {
      const res = await signUp(email, NEW_PASSWORD, tokenA);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(notSignedUp);
    }
    for (const id of [a.id, b.id]) {
      const row = await adminRow(env, id);
      expect(row.status).toBe('INVITED');
      expect(row.password_hash).toBeNull();
    }
    expect(await mailsOf(a.email, 'verifyEmail')).toHaveLength(0);
    // A's link is still good for A.
    expect((await signUp(a.email, NEW_PASSWORD, tokenA)).status).toBe(200);
    expect((await adminRow(env, a.id)).status).toBe('ACTIVE');
  });

  it('with the token and a password failing the policy answers 400 and keeps the invitation usable', async () => {
    const { email, id } = await invite();
    const inviteToken = await env.lastLinkCode(email, 'invite');
    const res = await signUp(email, 'short', inviteToken);
    expect(res.status).toBe(400);
    expect(res.body.message.description).toMatch(new RegExp(`^${MSG.missingPasswordRequirementsPrefix}: at least 8 characters(, |$)`));
    expect((await adminRow(env, id)).password_hash).toBeNull();
    expect((await signUp(email, NEW_PASSWORD, inviteToken)).status).toBe(200);
  });
});

describe('POST /api/auth/sign-in (after sign-up, before verifying)', () => {
  it('answers 403 auth/email-not-verified and mails a new verification link', async () => {
    const { email } = await invite();
    await signUp(email, NEW_PASSWORD, await env.lastLinkCode(email, 'invite'));
    const res = await passwordStep(env, { email, password: NEW_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toEqual({ description: MSG.verificationMailSent, code: ERROR_CODES.emailNotVerified });
    expect(await mailsOf(email, 'verifyEmail')).toHaveLength(2);
  });
});

describe('POST /api/auth/email/verify', () => {
  it('applies once: the second use answers 400; the admin can then sign in', async () => {
    const { email, id } = await invite();
    await signUp(email, NEW_PASSWORD, await env.lastLinkCode(email, 'invite'));
    const oobCode = await env.lastLinkCode(email, 'verifyEmail');
    const first = await env.call('POST', '/auth/email/verify', { body: { oobCode } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: MSG.emailVerified });
    expect((await adminRow(env, id)).email_verified_at).not.toBeNull();
    const second = await env.call('POST', '/auth/email/verify', { body: { oobCode } });
    expect(second.status).toBe(400);
    expect(second.body.message.description).toBe(MSG.invalidActionLink);
    // No phone yet: the enrolment-only session of spec 4.2 step 5.
    expect((await passwordStep(env, { email, password: NEW_PASSWORD })).body.status).toBe('SIGNED_IN');
  });

  it('expires after 3 days', async () => {
    const { email, id } = await invite();
    await signUp(email, NEW_PASSWORD, await env.lastLinkCode(email, 'invite'));
    const oobCode = await env.lastLinkCode(email, 'verifyEmail');
    env.clock.advance(3 * 24 * 60 * 60_000 + 1_000);
    expect((await env.call('POST', '/auth/email/verify', { body: { oobCode } })).status).toBe(400);
    expect((await adminRow(env, id)).email_verified_at).toBeNull();
  });

  it('refuses an unknown code', async () => {
    const res = await env.call('POST', '/auth/email/verify', { body: { oobCode: 'no-such-code' } });
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(MSG.invalidActionLink);
  });
});

describe('POST /api/auth/email/resend', () => {
  it('answers an unknown and an unverified e-mail alike; only the latter gets a mail', async () => {
    const { email } = await invite();
    await signUp(email, NEW_PASSWORD, await env.lastLinkCode(email, 'invite'));
    const stranger = uniqueEmail('stranger');
    const known = await env.call('POST', '/auth/email/resend', { body: { email } });
    const unknown = await env.call('POST', '/auth/email/resend', { body: { email: stranger } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: `${MSG.confirmationMailAgain} ${MSG.askAgainIn(120)}` });
    expect(await mailsOf(email, 'verifyEmail')).toHaveLength(2);
    expect(await env.outbox(stranger)).toHaveLength(0);
    // Within ANONYMOUS_RESEND_MS nothing is sent again, and the answer says so (anti-flooding); later it is.
    const tooSoon = await env.call('POST', '/auth/email/resend', { body: { email } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message.description).toMatch(/You can ask again in (2 minutes|1[01]\d seconds)\.$/);
    expect(await mailsOf(email, 'verifyEmail')).toHaveLength(2);
    env.clock.advance(ANONYMOUS_RESEND_MS + 1000);
    expect((await env.call('POST', '/auth/email/resend', { body: { email } })).status).toBe(200);
    expect(await mailsOf(email, 'verifyEmail')).toHaveLength(3);
  });
});

describe('POST /api/auth/password-reset/request', () => {
  it('answers an unknown and a known e-mail alike; only the known one gets a link', async () => {
    const admin = await createAdmin(env, employerId);
    const stranger = uniqueEmail('stranger');
    const known = await requestReset(admin.email);
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: `${MSG.resetLinkSent} ${MSG.askAgainIn(60)}` });
    expect(await mailsOf(admin.email, 'resetPassword')).toHaveLength(1);
    expect(await env.outbox(stranger)).toHaveLength(0);
  });
});

describe('POST /api/auth/password-reset/verify', () => {
  it('returns the e-mail for a live link and 400 "Invalid reset link" otherwise', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    const res = await env.call('POST', '/auth/password-reset/verify', { body: { oobCode } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: admin.email });
    expectInvalidReset(await env.call('POST', '/auth/password-reset/verify', { body: { oobCode: `${oobCode}x` } }));
    // Looking does not spend the link.
    expect((await confirmReset(oobCode, NEW_PASSWORD)).status).toBe(200);
    expectInvalidReset(await env.call('POST', '/auth/password-reset/verify', { body: { oobCode } }));
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password and works once: reuse answers 400 "Invalid reset link"', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    const res = await confirmReset(oobCode, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.passwordResetDone });
    expect(await verifyPassword((await adminRow(env, admin.id)).password_hash!, NEW_PASSWORD)).toBe(true);
    expectInvalidReset(await confirmReset(oobCode, 'Another-Pass-Word-7'));
    expect(await verifyPassword((await adminRow(env, admin.id)).password_hash!, NEW_PASSWORD)).toBe(true);
  });

  it('works once even when confirmed several times at once', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    const passwords = ['Parallel-One-Pass-1', 'Parallel-Two-Pass-2', 'Parallel-Three-Pass-3'];
    const answers = await Promise.all(passwords.map((p) => confirmReset(oobCode, p)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const winner = passwords[answers.findIndex((r) => r.status === 200)]!;
    expect(await verifyPassword((await adminRow(env, admin.id)).password_hash!, winner)).toBe(true);
  });

  it('expires after 1 hour', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    env.clock.advance(60 * 60_000 + 1_000);
    expectInvalidReset(await env.call('POST', '/auth/password-reset/verify', { body: { oobCode } }));
    expectInvalidReset(await confirmReset(oobCode, NEW_PASSWORD));
    expect(await verifyPassword((await adminRow(env, admin.id)).password_hash!, admin.password)).toBe(true);
  });

  it('still works 59 minutes after it was sent', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    env.clock.advance(59 * 60_000);
    expect((await confirmReset(oobCode, NEW_PASSWORD)).status).toBe(200);
  });

  it('ends every session and does not sign in', async () => {
    const admin = await createAdmin(env, employerId);
    const tokens = [await signIn(env, admin), await signIn(env, admin)];
    await requestReset(admin.email);
    const res = await confirmReset(await env.lastLinkCode(admin.email, 'resetPassword'), NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['message']);
    for (const token of tokens) expect((await env.call('GET', '/employer-admin', { token })).status).toBe(401);
    const live = await env.deps.db.selectFrom('sessions').select('id').where('admin_id', '=', admin.id).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(0);
    expect((await passwordStep(env, { email: admin.email, password: NEW_PASSWORD })).body.status).toBe('MFA_REQUIRED');
  });

  it('also ends a sign-in waiting for its code: the code sent before the reset no longer signs in', async () => {
    const admin = await createAdmin(env, employerId);
    const first = await passwordStep(env, admin);
    expect(first.body.status).toBe('MFA_REQUIRED');
    const code = await env.lastCode(admin.mobile);
    await requestReset(admin.email);
    expect((await confirmReset(await env.lastLinkCode(admin.email, 'resetPassword'), NEW_PASSWORD)).status).toBe(200);
    const res = await env.call('POST', '/auth/mfa/verify', { body: { resolverToken: first.body.resolverToken, code } });
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(MSG.invalidCode);
  });

  it('clears a lock', async () => {
    const admin = await createAdmin(env, employerId);
    for (let i = 0; i < 10; i++) await passwordStep(env, { email: admin.email, password: `Wrong-Password-${i}` });
    expect((await passwordStep(env, admin)).status).toBe(429);
    await requestReset(admin.email);
    expect((await confirmReset(await env.lastLinkCode(admin.email, 'resetPassword'), NEW_PASSWORD)).status).toBe(200);
    const res = await passwordStep(env, { email: admin.email, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('MFA_REQUIRED');
  });

  it('refuses a password failing the policy and keeps the link usable', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    const res = await confirmReset(oobCode, '12345678');
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(`${MSG.missingPasswordRequirementsPrefix}: not a commonly used password`);
    expect((await confirmReset(oobCode, NEW_PASSWORD)).status).toBe(200);
  });

  it('accepts only the newest link', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const first = await env.lastLinkCode(admin.email, 'resetPassword');
    env.clock.advance(60_000); // one link a minute per e-mail
    expect((await requestReset(admin.email)).status).toBe(200);
    const second = await env.lastLinkCode(admin.email, 'resetPassword');
    expect(second).not.toBe(first);
    expectInvalidReset(await confirmReset(first, NEW_PASSWORD));
    expect((await confirmReset(second, NEW_PASSWORD)).status).toBe(200);
  });

  it('stores links only as hashes', async () => {
    const admin = await createAdmin(env, employerId);
    await requestReset(admin.email);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    const rows = await env.deps.db.selectFrom('action_codes').select('code_hash').where('admin_id', '=', admin.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash.toString('latin1')).not.toContain(oobCode);
    expect(rows[0]!.code_hash.toString('base64url')).not.toBe(oobCode);
  });
});
