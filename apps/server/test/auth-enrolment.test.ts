/**
 * The E11023 path (spec 4.2 step 5, 4.8): an admin without a second factor gets an
 * enrolment-only session, registers a phone with an SMS code, and then holds a full session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, phoneHint } from '@portal/domain';
import { adminRow, createEmployer, createTestEnv, createUnenrolledAdmin, enrolmentToken, passwordStep, uniqueMobile, wrongCode, type ReadyAdmin, type TestEnv } from './harness.js';

let env: TestEnv;
let employerId: string;
beforeAll(async () => {
  env = await createTestEnv();
  employerId = (await createEmployer(env)).employer.id;
});
afterAll(() => env.close());

const newAdmin = (): Promise<ReadyAdmin> => createUnenrolledAdmin(env, employerId);
const start = (token: string, phone: string) => env.call('POST', '/auth/mfa/enroll/start', { token, body: { phone } });
const finish = (token: string, verificationId: string, code: string) => env.call('POST', '/auth/mfa/enroll/verify', { token, body: { verificationId, code } });

/** Signs in, starts the enrolment for `phone`, and returns what the next step needs. */
async function started(admin: ReadyAdmin, phone: string) {
  const token = await enrolmentToken(env, admin);
  const res = await start(token, phone);
  expect(res.status).toBe(200);
  return { token, verificationId: res.body.verificationId as string, code: await env.lastCode(phone) };
}

describe('POST /api/auth/sign-in (no second factor yet)', () => {
  it('answers SIGNED_IN with an enrolment-only token and sends no SMS', async () => {
    const admin = await newAdmin();
    const res = await passwordStep(env, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'SIGNED_IN', token: expect.any(String) });
    expect(await env.outbox(`+91${admin.mobile}`)).toHaveLength(0);
    const session = await env.deps.db.selectFrom('sessions').select('mfa_verified').where('admin_id', '=', admin.id).executeTakeFirstOrThrow();
    expect(session.mfa_verified).toBe(false);
  });
});

describe('GET /api/employer-admin (enrolment-only session)', () => {
  it('answers 403 code E11023', async () => {
    const token = await enrolmentToken(env, await newAdmin());
    const res = await env.call('GET', '/employer-admin', { token });
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(ERROR_CODES.mfaNotEnrolled);
  });
});

describe('GET /api/employer-admin/mfa', () => {
  it('gives the phone the admin was invited with, not yet enrolled', async () => {
    const admin = await newAdmin();
    const token = await enrolmentToken(env, admin);
    const res = await env.call('GET', '/employer-admin/mfa', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ phone: admin.mobile, enrolled: false });
  });
});

describe('other routes with an enrolment-only session', () => {
  it.each([
    ['GET', '/employer-admin/employer-admins'],
    ['GET', '/employer-admin/employer-info'],
    ['GET', '/employer-admin/activity'],
  ])('%s %s answers 403 E11023', async (method, path) => {
    const token = await enrolmentToken(env, await newAdmin());
    const res = await env.call(method, path, { token });
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(ERROR_CODES.mfaNotEnrolled);
  });

  it('POST /auth/password/change answers 403 E11023 and changes nothing', async () => {
    const admin = await newAdmin();
    const token = await enrolmentToken(env, admin);
    const before = (await adminRow(env, admin.id)).password_hash;
    const res = await env.call('POST', '/auth/password/change', { token, body: { currentPassword: admin.password, newPassword: 'Another-Good-Pass-1' } });
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(ERROR_CODES.mfaNotEnrolled);
    expect((await adminRow(env, admin.id)).password_hash).toBe(before);
  });
});

describe('POST /api/auth/mfa/enroll/start', () => {
  it('sends a code by SMS to +91<phone>', async () => {
    const admin = await newAdmin();
    const token = await enrolmentToken(env, admin);
    const phone = admin.mobile;
    const res = await start(token, phone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verificationId: expect.any(String), phoneHint: phoneHint(phone) });
    const messages = await env.outbox(`+91${phone}`);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.channel).toBe('SMS');
    expect(messages[0]!.body).toMatch(/^\d{6} /);
    // Nothing is registered before the code comes back.
    expect((await adminRow(env, admin.id)).mfa_phone).toBeNull();
  });

  it('answers 409 auth/second-factor-already-in-use once a phone is enrolled', async () => {
    const admin = await newAdmin();
    const { verificationId, code, token: enrolToken } = await started(admin, admin.mobile);
    const full = await finish(enrolToken, verificationId, code);
    expect(full.status).toBe(200);
    const res = await start(full.body.token, uniqueMobile());
    expect(res.status).toBe(409);
    expect(res.body.message.code).toBe(ERROR_CODES.secondFactorInUse);
  });

  it('answers 409 to a second enrolment-only session once the first has enrolled', async () => {
    const admin = await newAdmin();
    const other = await enrolmentToken(env, admin);
    const first = await started(admin, admin.mobile);
    expect((await finish(first.token, first.verificationId, first.code)).status).toBe(200);
    const res = await start(other, uniqueMobile());
    expect(res.status).toBe(409);
    expect(res.body.message.code).toBe(ERROR_CODES.secondFactorInUse);
  });

  it('answers 403 auth/requires-recent-login more than 10 minutes after the password step', async () => {
    const admin = await newAdmin();
    const token = await enrolmentToken(env, admin);
    env.clock.advance(10 * 60_000 + 1_000);
    const phone = admin.mobile;
    const res = await start(token, phone);
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(ERROR_CODES.requiresRecentLogin);
    expect(await env.outbox(`+91${phone}`)).toHaveLength(0);
  });

  it('sends the code only to the mobile the employer registered; another phone is not enrolled on the admin\'s word (issue 22 item 1)', async () => {
    const admin = await newAdmin();
    const token = await enrolmentToken(env, admin);
    const taker = uniqueMobile();
    const res = await start(token, taker);
    expect(res.status).toBe(403);
    expect(res.body.message).toEqual({ description: MSG.phoneNotRegistered, code: ERROR_CODES.phoneNotRegistered });
    expect(await env.outbox(`+91${taker}`)).toHaveLength(0);
    const ok = await start(token, admin.mobile);
    expect(ok.status).toBe(200);
    expect(ok.body.phoneHint).toBe(phoneHint(admin.mobile));
    expect((await adminRow(env, admin.id)).mfa_phone).toBeNull();
  });

  it('refuses a phone that is not 10 digits starting 5-9', async () => {
    const token = await enrolmentToken(env, await newAdmin());
    expect((await start(token, '12345')).status).toBe(400);
    expect((await start(token, '1234567890')).status).toBe(400);
  });
});

describe('POST /api/auth/mfa/enroll/verify', () => {
  it('registers the phone and returns a full session; the enrolment token ends', async () => {
    const admin = await newAdmin();
    const phone = admin.mobile;
    const { token, verificationId, code } = await started(admin, phone);
    const res = await finish(token, verificationId, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String) });
    const profile = await env.call('GET', '/employer-admin', { token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body._id).toBe(admin.id);
    expect((await env.call('GET', '/employer-admin/mfa', { token })).status).toBe(401);
    expect((await env.call('GET', '/employer-admin/mfa', { token: res.body.token })).body).toEqual({ phone, enrolled: true });
    expect((await adminRow(env, admin.id)).mfa_phone).toBe(phone);

    // From now on sign-in asks for a code sent to the enrolled phone.
    const again = await passwordStep(env, admin);
    expect(again.body.status).toBe('MFA_REQUIRED');
    expect(again.body.phoneHint).toBe(phoneHint(phone));
  });

  it('mails the admin that the second factor changed', async () => {
    const admin = await newAdmin();
    const phone = admin.mobile;
    const { token, verificationId, code } = await started(admin, phone);
    expect(await env.outbox(admin.email)).toHaveLength(0);
    expect((await finish(token, verificationId, code)).status).toBe(200);
    const mails = await env.outbox(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Employer Portal sign-in phone was set');
    expect(mails[0]!.body).toContain(phoneHint(phone));
  });

  it('refuses a wrong code and registers nothing', async () => {
    const admin = await newAdmin();
    const { token, verificationId, code } = await started(admin, admin.mobile);
    const res = await finish(token, verificationId, wrongCode(code));
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(MSG.invalidCode);
    expect((await adminRow(env, admin.id)).mfa_phone).toBeNull();
  });

  it('refuses the right code after 5 wrong tries', async () => {
    const admin = await newAdmin();
    const { token, verificationId, code } = await started(admin, admin.mobile);
    for (let i = 0; i < 5; i++) expect((await finish(token, verificationId, wrongCode(code))).status).toBe(400);
    expect((await finish(token, verificationId, code)).status).toBe(400);
    expect((await adminRow(env, admin.id)).mfa_phone).toBeNull();
  });

  it('refuses a code sent to another session', async () => {
    const admin = await newAdmin();
    const a = await started(admin, admin.mobile);
    const other = await enrolmentToken(env, admin);
    const res = await finish(other, a.verificationId, a.code);
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(MSG.invalidCode);
  });

  it('answers 400, not a server error, for a verificationId that is not an id', async () => {
    const admin = await newAdmin();
    const { token, code } = await started(admin, admin.mobile);
    const res = await finish(token, 'not-an-id', code);
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(MSG.invalidCode);
  });
});
