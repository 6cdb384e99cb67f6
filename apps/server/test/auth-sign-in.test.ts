/**
 * Sign-in: the password step, the SMS second factor, the lock, the expired-password and
 * unverified-e-mail answers, and how passwords and codes are stored (shared/security.md, Identity).
 */
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, ROLE_IDS, phoneHint } from '@portal/domain';
import { hashPassword } from '../src/platform/passwords.js';
import { sha256 } from '../src/platform/secrets.js';
import { adminRow, createAdmin, createEmployer, passwordStep, uniqueEmail, wrongCode, type ReadyAdmin, type TestEnv, createTestEnv } from './harness.js';

let env: TestEnv;
let employerId: string;
beforeAll(async () => {
  env = await createTestEnv();
  employerId = (await createEmployer(env)).employer.id;
});
afterAll(() => env.close());

const newAdmin = (): Promise<ReadyAdmin> => createAdmin(env, employerId, ROLE_IDS.superAdmin);
const sms = async (mobile: string) => (await env.outbox(`+91${mobile}`)).filter((m) => m.channel === 'SMS');

/** The password step for a ready admin; returns the resolver token and the code sent. */
async function firstStep(admin: ReadyAdmin): Promise<{ resolverToken: string; code: string }> {
  const res = await passwordStep(env, admin);
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('MFA_REQUIRED');
  return { resolverToken: res.body.resolverToken, code: await env.lastCode(admin.mobile) };
}
const verify = (resolverToken: string, code: string) => env.call('POST', '/auth/mfa/verify', { body: { resolverToken, code } });
const expectInvalidCode = (res: { status: number; body: any }) => {
  expect(res.status).toBe(400);
  expect(res.body.message.description).toBe(MSG.invalidCode);
};

describe('POST /api/auth/sign-in', () => {
  it('asks for the second factor and sends a 6-digit code by SMS to +91<mobile>', async () => {
    const admin = await newAdmin();
    const res = await passwordStep(env, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'MFA_REQUIRED', code: ERROR_CODES.mfaRequired, resolverToken: expect.any(String), phoneHint: phoneHint(admin.mobile) });
    expect(res.body.phoneHint).toBe(`+91 ******${admin.mobile.slice(-4)}`);
    const messages = await sms(admin.mobile);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toMatch(/^\d{6} is your Employer Portal sign-in code/);
    // No session yet: the password step alone gives nothing to call the API with.
    const sessions = await env.deps.db.selectFrom('sessions').select('id').where('admin_id', '=', admin.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('answers an unknown e-mail and a wrong password alike, in status and body', async () => {
    const admin = await newAdmin();
    const unknown = await passwordStep(env, { email: uniqueEmail('nobody'), password: admin.password });
    const wrong = await passwordStep(env, { email: admin.email, password: 'Wrong-Password-99' });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.body.message.description).toBe(MSG.wrongCredentials);
    expect(await sms(admin.mobile)).toHaveLength(0);
  });

  it('locks the account after 10 wrong passwords: the 11th attempt, even right, answers 429 for 30 minutes', async () => {
    const admin = await newAdmin();
    for (let i = 0; i < 10; i++) {
      const res = await passwordStep(env, { email: admin.email, password: `Wrong-Password-${i}` });
      expect(res.status).toBe(400);
      expect(res.body.message.description).toBe(MSG.wrongCredentials);
    }
    const locked = await passwordStep(env, admin);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toEqual({ description: MSG.accountLocked, code: ERROR_CODES.locked });
    expect(await sms(admin.mobile)).toHaveLength(0);

    env.clock.advance(29 * 60_000);
    expect((await passwordStep(env, admin)).status).toBe(429);

    env.clock.advance(60_000);
    const again = await passwordStep(env, admin);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('MFA_REQUIRED');
    expect((await adminRow(env, admin.id)).failed_logins).toBe(0);
  });

  it('checks at most 10 passwords even when the guesses arrive all at once', async () => {
    const admin = await newAdmin();
    const guesses = Array.from({ length: 30 }, (_, i) => `Wrong-Password-${i}`);
    const answers = await Promise.all(guesses.map((password) => passwordStep(env, { email: admin.email, password })));
    const checked = answers.filter((r) => r.status === 400).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30 - checked);
    // ...and the right password, sent after them, finds the account locked.
    expect((await passwordStep(env, admin)).status).toBe(429);
  });

  it('turns a count of 10 left without a lock (attempts cut short) into a 30-minute lock, not a permanent one', async () => {
    const admin = await newAdmin();
    await env.deps.db.updateTable('admins').set({ failed_logins: 10, locked_until: null }).where('id', '=', admin.id).execute();
    expect((await passwordStep(env, admin)).status).toBe(429);
    env.clock.advance(30 * 60_000);
    expect((await passwordStep(env, admin)).status).toBe(200);
  });

  it('does not lock after 9 wrong passwords, and a right one resets the count', async () => {
    const admin = await newAdmin();
    for (let i = 0; i < 9; i++) expect((await passwordStep(env, { email: admin.email, password: `Wrong-Password-${i}` })).status).toBe(400);
    expect((await adminRow(env, admin.id)).failed_logins).toBe(9);
    expect((await passwordStep(env, admin)).status).toBe(200);
    expect((await adminRow(env, admin.id)).failed_logins).toBe(0);
    expect((await passwordStep(env, { email: admin.email, password: 'Wrong-Password-x' })).status).toBe(400);
    expect((await passwordStep(env, admin)).status).toBe(200);
  });

  it('answers 400 auth/password-expired when the stored password no longer meets the policy', async () => {
    const admin = await newAdmin();
    await env.deps.db.updateTable('admins').set({ password_hash: await hashPassword('short1') }).where('id', '=', admin.id).execute();
    const res = await passwordStep(env, { email: admin.email, password: 'short1' });
    expect(res.status).toBe(400);
    expect(res.body.message.code).toBe(ERROR_CODES.passwordExpired);
    expect(res.body.message.description.startsWith(MSG.missingPasswordRequirementsPrefix)).toBe(true);
    expect(res.body.message.description).toContain('at least 8 characters');
    expect(await sms(admin.mobile)).toHaveLength(0);
  });

  it('answers 403 auth/email-not-verified for an unverified e-mail and mails a verification link', async () => {
    const admin = await newAdmin();
    await env.deps.db.updateTable('admins').set({ email_verified_at: null }).where('id', '=', admin.id).execute();
    const res = await passwordStep(env, admin);
    expect(res.status).toBe(403);
    expect(res.body.message).toEqual({ description: MSG.verificationMailSent, code: ERROR_CODES.emailNotVerified });
    expect(await sms(admin.mobile)).toHaveLength(0);
    const oobCode = await env.lastLinkCode(admin.email, 'verifyEmail');
    expect((await env.call('POST', '/auth/email/verify', { body: { oobCode } })).status).toBe(200);
    expect((await passwordStep(env, admin)).body.status).toBe('MFA_REQUIRED');
  });

  it('stores passwords as argon2id with m >= 19456, t >= 2, p = 1', async () => {
    const admin = await newAdmin();
    const stored = (await adminRow(env, admin.id)).password_hash!;
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
    expect(Number(m![3])).toBe(1);
    expect(stored).not.toContain(admin.password);
  });

  it('renews a hash made with weaker parameters at the next sign-in', async () => {
    const admin = await newAdmin();
    const weak = await hash(admin.password, { algorithm: 2, memoryCost: 8_192, timeCost: 1, parallelism: 1 });
    await env.deps.db.updateTable('admins').set({ password_hash: weak }).where('id', '=', admin.id).execute();
    expect((await passwordStep(env, admin)).status).toBe(200);
    const stored = (await adminRow(env, admin.id)).password_hash!;
    expect(stored).not.toBe(weak);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('POST /api/auth/mfa/verify', () => {
  it('turns the right code into a session token that works on GET /employer-admin', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    const res = await verify(resolverToken, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String) });
    const profile = await env.call('GET', '/employer-admin', { token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body._id).toBe(admin.id);
  });

  it('spends the code after 5 wrong tries: the right one then fails', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    for (let i = 0; i < 5; i++) expectInvalidCode(await verify(resolverToken, wrongCode(code)));
    expectInvalidCode(await verify(resolverToken, code));
  });

  it('counts wrong codes sent all at once: 10 parallel wrong codes spend the code', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(resolverToken, wrongCode(code))));
    for (const res of answers) expectInvalidCode(res);
    expectInvalidCode(await verify(resolverToken, code));
  });

  it('gives one session for one code, even when the right code is sent twice at once', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    const answers = await Promise.all([verify(resolverToken, code), verify(resolverToken, code), verify(resolverToken, code)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const sessions = await env.deps.db.selectFrom('sessions').select('id').where('admin_id', '=', admin.id).execute();
    expect(sessions).toHaveLength(1);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    for (let i = 0; i < 4; i++) expectInvalidCode(await verify(resolverToken, wrongCode(code)));
    expect((await verify(resolverToken, code)).status).toBe(200);
  });

  it('refuses a code 5 minutes and 1 second after it was sent', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    env.clock.advance(5 * 60_000 + 1_000);
    expectInvalidCode(await verify(resolverToken, code));
  });

  it('accepts a code just under 5 minutes old', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    env.clock.advance(5 * 60_000 - 5_000);
    expect((await verify(resolverToken, code)).status).toBe(200);
  });

  it('accepts a code once: the same resolverToken and code a second time fail', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    expect((await verify(resolverToken, code)).status).toBe(200);
    expectInvalidCode(await verify(resolverToken, code));
  });

  it('binds a code to its attempt: the code of attempt A does not work with the resolverToken of attempt B', async () => {
    const admin = await newAdmin();
    const a = await firstStep(admin);
    let b = await firstStep(admin);
    while (b.code === a.code) b = await firstStep(admin); // one chance in a million
    expectInvalidCode(await verify(b.resolverToken, a.code));
    expect((await verify(b.resolverToken, b.code)).status).toBe(200);
  });

  it('refuses an unknown resolverToken', async () => {
    expectInvalidCode(await verify('x'.repeat(43), '123456'));
  });

  it('stores the code hashed, never in clear', async () => {
    const admin = await newAdmin();
    const { code } = await firstStep(admin);
    const rows = await env.deps.db.selectFrom('otp_codes').select(['code_hash', 'phone']).where('admin_id', '=', admin.id).execute();
    expect(rows).toHaveLength(1);
    const stored = rows[0]!.code_hash;
    expect(stored.length).toBe(32);
    expect(stored.toString('latin1')).not.toContain(code);
    expect(stored.equals(sha256(code))).toBe(false); // keyed, so a leaked table cannot be brute-forced offline
    expect(rows[0]!.phone).toBe(admin.mobile);
  });
});

describe('POST /api/auth/mfa/resend', () => {
  it('replaces the old code: the old one fails, the new one works', async () => {
    const admin = await newAdmin();
    const { resolverToken, code: oldCode } = await firstStep(admin);
    env.clock.advance(15_000);
    const res = await env.call('POST', '/auth/mfa/resend', { body: { resolverToken } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ phoneHint: phoneHint(admin.mobile), resendAfterSeconds: 15 });
    expect(await sms(admin.mobile)).toHaveLength(2);
    const newCode = await env.lastCode(admin.mobile);
    if (newCode !== oldCode) expectInvalidCode(await verify(resolverToken, oldCode));
    expect((await verify(resolverToken, newCode)).status).toBe(200);
  });

  it('refuses a resend before the countdown has run', async () => {
    const admin = await newAdmin();
    const { resolverToken, code } = await firstStep(admin);
    const res = await env.call('POST', '/auth/mfa/resend', { body: { resolverToken } });
    expect(res.status).toBe(429);
    expect(res.body.message).toEqual({ description: MSG.tooManyRequests, code: ERROR_CODES.rateLimited });
    expect(await sms(admin.mobile)).toHaveLength(1);
    expect((await verify(resolverToken, code)).status).toBe(200);
  });

  it('refuses an unknown resolverToken', async () => {
    expectInvalidCode(await env.call('POST', '/auth/mfa/resend', { body: { resolverToken: 'y'.repeat(43) } }));
  });
});
