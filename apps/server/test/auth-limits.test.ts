/**
 * Per-account identity limits (issue 15, security items 2, 3 and 8), kept in PostgreSQL: wrong
 * sign-in codes counted per admin across attempts, the admin's hourly cap of codes, the reset
 * request answering alike (and as fast) for every e-mail and throttled per e-mail, the lock
 * answered alike for unknown e-mails, and anonymous mail answers that are true in every case.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, ROLE_IDS } from '@portal/domain';
import { settleBackgroundMail } from '../src/features/auth/background.js';
import { createLimits } from '../src/features/auth/limits.js';
import { HttpSmsSender, SmtpMailer } from '../src/platform/messaging.js';
import { adminRow, createAdmin, createEmployer, createTestEnv, passwordStep, uniqueEmail, wrongCode, type ReadyAdmin, type TestEnv } from './harness.js';

let env: TestEnv;
let employerId: string;
beforeAll(async () => {
  env = await createTestEnv();
  employerId = (await createEmployer(env)).employer.id;
});
afterAll(() => env.close());

const newAdmin = (): Promise<ReadyAdmin> => createAdmin(env, employerId, ROLE_IDS.superAdmin);
const sms = async (mobile: string) => (await env.outbox(`+91${mobile}`)).filter((m) => m.channel === 'SMS');
const verify = (resolverToken: string, code: string) => env.call('POST', '/auth/mfa/verify', { body: { resolverToken, code } });
const requestReset = (email: string) => env.call('POST', '/auth/password-reset/request', { body: { email } });
const resetMails = async (email: string) => (await env.outbox(email)).filter((m) => /mode=resetPassword&/.test(m.body));
const LOCKED = { description: MSG.accountLocked, code: ERROR_CODES.locked };

/** A password step that must ask for the code; returns its resolver token and the code sent. */
async function attempt(admin: ReadyAdmin): Promise<{ resolverToken: string; code: string }> {
  const res = await passwordStep(env, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { resolverToken: res.body.resolverToken, code: await env.lastCode(admin.mobile) };
}
/** `n` wrong codes on one attempt (at most 5 fit). */
async function wrongCodes(a: { resolverToken: string; code: string }, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await verify(a.resolverToken, wrongCode(a.code));
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(MSG.invalidCode);
  }
}

describe('wrong sign-in codes count per admin, across attempts (security 2)', () => {
  it('locks the account at the 10th wrong code spread over several sign-ins, like 10 wrong passwords', async () => {
    const admin = await newAdmin();
    await wrongCodes(await attempt(admin), 5);
    await wrongCodes(await attempt(admin), 4);
    const last = await attempt(admin);
    await wrongCodes(last, 1); // the 10th
    // The right code of a live attempt no longer works, nor does the right password.
    const late = await verify(last.resolverToken, last.code);
    expect(late.status).toBe(429);
    expect(late.body.message).toEqual(LOCKED);
    const locked = await passwordStep(env, admin);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toEqual(LOCKED);
    // For 30 minutes, as after wrong passwords.
    env.clock.advance(29 * 60_000);
    expect((await passwordStep(env, admin)).status).toBe(429);
    env.clock.advance(60_000);
    const again = await attempt(admin);
    expect((await verify(again.resolverToken, again.code)).status).toBe(200);
  });

  it('a right code starts the count again: 9 wrong, a right one, then 9 more do not lock, the 10th does', async () => {
    const admin = await newAdmin();
    await wrongCodes(await attempt(admin), 5);
    const b = await attempt(admin);
    await wrongCodes(b, 4);
    expect((await verify(b.resolverToken, b.code)).status).toBe(200);
    await wrongCodes(await attempt(admin), 5);
    const d = await attempt(admin);
    await wrongCodes(d, 4);
    expect((await adminRow(env, admin.id)).locked_until).toBeNull();
    const e = await attempt(admin);
    await wrongCodes(e, 1);
    expect((await passwordStep(env, admin)).status).toBe(429);
  });

  it('checks at most 10 codes of an admin even when they arrive at once on several attempts', async () => {
    const admin = await newAdmin();
    const attempts = [await attempt(admin), await attempt(admin), await attempt(admin)];
    await Promise.all(attempts.flatMap((a) => Array.from({ length: 5 }, () => verify(a.resolverToken, wrongCode(a.code)))));
    const rows = await env.deps.db.selectFrom('otp_codes').select('wrong_tries').where('admin_id', '=', admin.id).execute();
    expect(rows.reduce((sum, r) => sum + r.wrong_tries, 0)).toBeLessThanOrEqual(10);
    expect((await passwordStep(env, admin)).body.message).toEqual(LOCKED);
  });

  it('a password reset clears the lock and the count of wrong codes', async () => {
    const admin = await newAdmin();
    await wrongCodes(await attempt(admin), 5);
    await wrongCodes(await attempt(admin), 5);
    expect((await passwordStep(env, admin)).body.message).toEqual(LOCKED);
    expect((await requestReset(admin.email)).status).toBe(200);
    const oobCode = await env.lastLinkCode(admin.email, 'resetPassword');
    expect((await env.call('POST', '/auth/password-reset/confirm', { body: { oobCode, newPassword: 'Another-Fresh-Pass-42' } })).status).toBe(200);
    const fresh = { ...admin, password: 'Another-Fresh-Pass-42' };
    await wrongCodes(await attempt(fresh), 5);
    await wrongCodes(await attempt(fresh), 4);
    expect((await adminRow(env, admin.id)).locked_until).toBeNull();
  });
});

describe('sign-in codes per admin are capped per hour (security 2)', () => {
  it('past the cap the password step answers 429 and sends nothing, leaving no attempt; an hour later it works', async () => {
    const cap = env.deps.config.smsPerAdminPerHour;
    env.deps.config.smsPerAdminPerHour = 3;
    try {
      const admin = await newAdmin();
      const first = await attempt(admin);
      await attempt(admin);
      await attempt(admin);
      expect(await sms(admin.mobile)).toHaveLength(3);
      const over = await passwordStep(env, admin);
      expect(over.status).toBe(429);
      expect(over.body.message).toEqual({ description: MSG.tooManyRequests, code: ERROR_CODES.rateLimited });
      // A resend counts too.
      env.clock.advance(20_000);
      expect((await env.call('POST', '/auth/mfa/resend', { body: { resolverToken: first.resolverToken } })).status).toBe(429);
      expect(await sms(admin.mobile)).toHaveLength(3);
      const attempts = await env.deps.db.selectFrom('sign_in_attempts').select('id').where('admin_id', '=', admin.id).execute();
      expect(attempts).toHaveLength(3);
      // The earlier codes still work.
      expect((await verify(first.resolverToken, first.code)).status).toBe(200);
      env.clock.advance(60 * 60_000);
      await attempt(admin);
      expect(await sms(admin.mobile)).toHaveLength(4);
    } finally {
      env.deps.config.smsPerAdminPerHour = cap;
    }
  });
});

describe('an SMS provider failure (issue 22 item 4)', () => {
  it('answers 503 with a message, keeps no code or attempt, and does not count against the hourly cap', async () => {
    // A real HTTP SMS provider (the production adapter) that fails every request while "down".
    let down = true;
    const received: string[] = [];
    const provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (down) return res.writeHead(502).end('bad gateway');
        received.push(body);
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const address = provider.address() as net.AddressInfo;
    const cap = env.deps.config.smsPerAdminPerHour;
    const outbox = env.deps.sms;
    env.deps.config.smsPerAdminPerHour = 10;
    env.deps.sms = new HttpSmsSender(`http://127.0.0.1:${address.port}/sms`, 'test-token');
    try {
      const admin = await newAdmin();
      for (let i = 0; i < 12; i++) {
        const res = await passwordStep(env, admin);
        expect(res.status).toBe(503);
        expect(res.body.message).toEqual({ description: MSG.smsUnavailable, code: ERROR_CODES.smsUnavailable });
      }
      expect(await env.deps.db.selectFrom('otp_codes').select('id').where('admin_id', '=', admin.id).execute()).toHaveLength(0);
      expect(await env.deps.db.selectFrom('sign_in_attempts').select('id').where('admin_id', '=', admin.id).execute()).toHaveLength(0);
      // The outage ends: the admin signs in at once, 12 failed sends later, and 10 accepted sends fit in the hour.
      down = false;
      for (let i = 0; i < 10; i++) {
        const res = await passwordStep(env, admin);
        expect(res.status, `send ${i + 1}`).toBe(200);
        expect(res.body.status).toBe('MFA_REQUIRED');
      }
      expect(received).toHaveLength(10);
      expect((await passwordStep(env, admin)).status).toBe(429);
    } finally {
      env.deps.sms = outbox;
      env.deps.config.smsPerAdminPerHour = cap;
      await new Promise((r) => provider.close(r));
    }
  });
});

describe('POST /api/auth/password-reset/request answers alike (security 3)', () => {
  it('does the same work for a known and an unknown e-mail: both throttled, mail only after the answer', async () => {
    // A mail server that accepts the connection and never answers: the answer must not wait for it.
    const sockets = new Set<net.Socket>();
    let closing = false;
    const silent = net.createServer((s) => (closing ? s.destroy() : void sockets.add(s)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mailer = env.deps.mailer;
    env.deps.mailer = new SmtpMailer(`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}?ignoreTLS=true`, 'no-reply@portal.local');
    try {
      const admin = await newAdmin();
      const stranger = uniqueEmail('stranger');
      const known = await requestReset(admin.email);
      const unknown = await requestReset(stranger);
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toEqual({ message: `${MSG.resetLinkSent} ${MSG.askAgainIn(60)}` });
      // Both e-mails went through the same throttle, kept in PostgreSQL.
      const { emailSubject } = createLimits(env.deps);
      const limits = await env.deps.db
        .selectFrom('auth_limits')
        .select(['subject', 'count'])
        .where('kind', '=', 'RESET_MAIL')
        .where('subject', 'in', [emailSubject(admin.email), emailSubject(stranger)])
        .execute();
      expect(limits.map((l) => l.count)).toEqual([1, 1]);
    } finally {
      closing = true;
      for (const s of sockets) s.destroy();
      await settleBackgroundMail();
      env.deps.mailer = mailer;
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('answers alike when the mail server refuses: no error for a known e-mail only', async () => {
    const mailer = env.deps.mailer;
    env.deps.mailer = new SmtpMailer('smtp://127.0.0.1:1?ignoreTLS=true', 'no-reply@portal.local'); // nothing listens there
    try {
      const admin = await newAdmin();
      const known = await requestReset(admin.email);
      const unknown = await requestReset(uniqueEmail('stranger'));
      expect(known.status).toBe(200);
      expect(known).toEqual(unknown);
    } finally {
      await settleBackgroundMail();
      env.deps.mailer = mailer;
    }
  });

  it('sends at most one link a minute and 5 an hour per e-mail; the answer says when to ask again, alike for unknown e-mails', async () => {
    const admin = await newAdmin();
    const stranger = uniqueEmail('stranger');
    for (const email of [admin.email, stranger]) {
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await requestReset(email));
      expect(answers[0]!.status).toBe(200);
      for (const res of answers.slice(1)) {
        expect(res.status).toBe(429);
        expect(res.body.message.code).toBe(ERROR_CODES.rateLimited);
        expect(res.body.message.description).toMatch(/^Mails for this e-mail were asked for recently\. You can ask again in \d+ seconds?\.$/);
      }
    }
    expect(await resetMails(admin.email)).toHaveLength(1);
    expect(await env.outbox(stranger)).toHaveLength(0);
    // A minute later one more, up to 5 in the hour; the 5th answer says the wait is until the hour is over.
    const later = [];
    for (let i = 2; i <= 5; i++) {
      env.clock.advance(60_000);
      later.push(await requestReset(admin.email));
    }
    expect(later.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(later[3]?.body.message).toBe(`${MSG.resetLinkSent} ${MSG.askAgainIn(60 * 60 - 4 * 60)}`);
    env.clock.advance(60_000);
    const sixth = await requestReset(admin.email);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message.description).toBe(MSG.mailsAskedTooOften(60 * 60 - 5 * 60));
    expect(await resetMails(admin.email)).toHaveLength(5);
    env.clock.advance(55 * 60_000);
    expect((await requestReset(admin.email)).status).toBe(200);
    expect(await resetMails(admin.email)).toHaveLength(6);
  });
});

describe('the lock answers alike for e-mails without an account (security 3)', () => {
  it('an unknown e-mail gets auth/account-locked after 10 failures, exactly as a real account, for 30 minutes', async () => {
    const admin = await newAdmin();
    const stranger = uniqueEmail('stranger');
    for (const email of [admin.email, stranger]) {
      for (let i = 0; i < 10; i++) {
        const res = await passwordStep(env, { email, password: `Wrong-Password-${i}` });
        expect(res.status).toBe(400);
        expect(res.body.message.description).toBe(MSG.wrongCredentials);
      }
    }
    const real = await passwordStep(env, { email: admin.email, password: 'Wrong-Password-x' });
    const unknown = await passwordStep(env, { email: stranger.toUpperCase(), password: 'Wrong-Password-x' }); // counted per normalised e-mail
    expect(real.status).toBe(429);
    expect(unknown.status).toBe(real.status);
    expect(unknown.body).toEqual(real.body);
    expect(unknown.body.message).toEqual(LOCKED);
    env.clock.advance(30 * 60_000);
    const after = await passwordStep(env, { email: stranger, password: 'Wrong-Password-y' });
    expect(after.status).toBe(400);
    expect(after.body.message.description).toBe(MSG.wrongCredentials);
  });
});

describe('anonymous mail answers are true in every case (security 8)', () => {
  it('/resendEmail says what it does, alike for every e-mail, and says when it sends nothing', async () => {
    const stranger = uniqueEmail('stranger');
    const first = await env.call('POST', '/auth/email/resend', { body: { email: stranger } });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(`${MSG.confirmationMailAgain} ${MSG.askAgainIn(120)}`);
    expect(first.body.message).not.toBe(MSG.verificationMailSent);
    const again = await env.call('POST', '/auth/email/resend', { body: { email: stranger } });
    expect(again.status).toBe(429);
    expect(again.body.message.description).toMatch(/You can ask again in (2 minutes|1[01]\d seconds)\.$/);
  });

  it('sign-up of an e-mail never invited does not say "signed up"', async () => {
    const res = await env.call('POST', '/auth/sign-up', { body: { email: uniqueEmail('stranger'), password: 'Some-Long-Pass-77' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedUp: false, message: `${MSG.signUpNeedsInvitation} ${MSG.askAgainIn(120)}` });
  });
});
