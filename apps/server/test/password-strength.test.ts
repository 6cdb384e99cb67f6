/**
 * Weak passwords (issue 15, item 7): every route that sets a password applies the one rule of
 * platform/passwords.ts (8+ characters and a zxcvbn-ts score of 3 with the admin's own words), and
 * answers a weak one with "Missing password requirements: <why>", writing nothing. Sign-in treats
 * a stored password that fails the rule as expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, ROLE_IDS } from '@portal/domain';
import { provisionAdmin } from '../src/features/employers/provision.js';
import { hashPassword, verifyPassword } from '../src/platform/passwords.js';
import { adminRow, createEmployer, passwordStep, signIn, uniqueMobile, type ReadyAdmin, type TestEnv, createTestEnv } from './harness.js';

const COMPANY = 'Kaveri Handlooms';
const DOMAIN = 'kaveri-handlooms.example';
const STRONG = 'Brisk-Otter-Lantern-58';
const READY = 'Correct-Horse-77';
const prefix = MSG.missingPasswordRequirementsPrefix;
const repeated = `${prefix}: ${MSG.passwordNotEasyToGuess} (repeated characters like "aaa" are easy to guess)`;
const personal = `${prefix}: ${MSG.passwordNotPersonal}`;
const tooShort = new RegExp(`^${prefix}: at least 8 characters(, |$)`);

/** The weak passwords for an admin whose e-mail's name is `local`, with what the server must answer. */
const weakPasswords = (local: string): [label: string, password: string, answer: string | RegExp][] => [
  ['ten spaces', ' '.repeat(10), repeated],
  ['one repeated character', 'aaaaaaaaaaaa', repeated],
  ["the e-mail's name plus a digit", `${local}1`, personal],
  ['the company name', COMPANY, personal],
  ['the company name plus a year (issue 22 item 4)', 'Kaveri-Handlooms-2026', personal],
  ['the demo password published in the README (issue 22 item 4)', 'Sunrise-Demo-2026', `${prefix}: ${MSG.passwordPublished}`],
  ['6 characters (the spec reset form minimum)', 'Tq9#xL', tooShort],
  ['7 characters', 'Tq9#xLm', tooShort],
];

/** The demo seed sets the published demo password and its admins sign in with it (outside production only). */
const notDemo = ([, password]: [string, string, string | RegExp]) => password !== 'Sunrise-Demo-2026';

let env: TestEnv;
let owner: ReadyAdmin;
let employerId: string;
beforeAll(async () => {
  env = await createTestEnv();
  const e = await createEmployer(env, { name: `${COMPANY} Pvt Ltd` });
  owner = e.owner;
  employerId = e.employer.id;
});
afterAll(() => env.close());

/** A ready admin of the employer with a real-looking name and e-mail (the owner's words matter here). */
async function person(first: string, last: string): Promise<ReadyAdmin> {
  const email = `${first}.${last}@${DOMAIN}`.toLowerCase();
  const mobile = uniqueMobile();
  const a = await provisionAdmin(env.deps, employerId, null, { name: `${first} ${last}`, email, mobile, branchLocation: 'Pune', roleId: ROLE_IDS.superAdmin, ready: { password: READY } });
  return { id: a.id, email, mobile, password: READY, employerId };
}
/** The reset link, mailed after the answer (the request answers before the mail is sent). */
async function resetLinkCode(email: string): Promise<string> {
  for (let i = 0; ; i++) {
    try {
      return await env.lastLinkCode(email, 'resetPassword');
    } catch (e) {
      if (i >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
const expectAnswer = (res: { status: number; body: any }, answer: string | RegExp) => {
  expect(res.status).toBe(400);
  expect(res.body.message.code).toBe(ERROR_CODES.passwordExpired);
  if (typeof answer === 'string') expect(res.body.message.description).toBe(answer);
  else expect(res.body.message.description).toMatch(answer);
};

describe('POST /api/auth/password-reset/confirm', () => {
  it('refuses each weak password with its reason, keeps the password and the link, then takes a strong one', async () => {
    const meera = await person('Meera', 'Iyer');
    const before = (await adminRow(env, meera.id)).password_hash;
    expect((await env.call('POST', '/auth/password-reset/request', { body: { email: meera.email } })).status).toBe(200);
    const oobCode = await resetLinkCode(meera.email);
    for (const [label, password, answer] of weakPasswords('meera.iyer')) {
      const res = await env.call('POST', '/auth/password-reset/confirm', { body: { oobCode, newPassword: password } });
      expect(res.status, label).toBe(400);
      expectAnswer(res, answer);
      expect((await adminRow(env, meera.id)).password_hash, label).toBe(before);
    }
    expect((await env.call('POST', '/auth/password-reset/confirm', { body: { oobCode, newPassword: STRONG } })).status).toBe(200);
    expect(await verifyPassword((await adminRow(env, meera.id)).password_hash!, STRONG)).toBe(true);
  });
});

describe('POST /api/auth/sign-up (with the invitation)', () => {
  it('refuses each weak password with its reason, keeps the invitation, then takes a strong one', async () => {
    const ownerToken = await signIn(env, owner);
    const email = `sunil.menon@${DOMAIN}`;
    const invited = await env.call('POST', '/employer-admin/create-employer-admin', {
      token: ownerToken,
      body: { name: 'Sunil Menon', mobile: uniqueMobile(), email, branchLocation: 'Pune', roleId: ROLE_IDS.viewer },
    });
    expect(invited.status).toBe(200);
    const { id } = await env.deps.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const inviteToken = await env.lastLinkCode(email, 'invite');
    for (const [label, password, answer] of weakPasswords('sunil.menon')) {
      const res = await env.call('POST', '/auth/sign-up', { body: { email, password, inviteToken } });
      expect(res.status, label).toBe(400);
      expectAnswer(res, answer);
      const row = await adminRow(env, id);
      expect(row.status, label).toBe('INVITED');
      expect(row.password_hash, label).toBeNull();
    }
    expect((await env.call('POST', '/auth/sign-up', { body: { email, password: STRONG, inviteToken } })).status).toBe(200);
    const row = await adminRow(env, id);
    expect(row.status).toBe('ACTIVE');
    expect(await verifyPassword(row.password_hash!, STRONG)).toBe(true);
  });
});

describe('POST /api/auth/password/change', () => {
  it('refuses each weak password with its reason, keeps the password and the session, then takes a strong one', async () => {
    const ravi = await person('Ravi', 'Kumar');
    const token = await signIn(env, ravi);
    const before = (await adminRow(env, ravi.id)).password_hash;
    for (const [label, password, answer] of weakPasswords('ravi.kumar')) {
      const res = await env.call('POST', '/auth/password/change', { token, body: { currentPassword: READY, newPassword: password } });
      expect(res.status, label).toBe(400);
      expectAnswer(res, answer);
      expect((await adminRow(env, ravi.id)).password_hash, label).toBe(before);
    }
    expect((await env.call('GET', '/employer-admin', { token })).status).toBe(200);
    const res = await env.call('POST', '/auth/password/change', { token, body: { currentPassword: READY, newPassword: STRONG } });
    expect(res.status).toBe(200);
    expect(await verifyPassword((await adminRow(env, ravi.id)).password_hash!, STRONG)).toBe(true);
  });
});

describe('POST /api/auth/sign-in with a stored weak password', () => {
  it('answers the same reason with auth/password-expired (the screen shows "Password Expired...")', async () => {
    const anita = await person('Anita', 'Desai');
    for (const [label, password, answer] of weakPasswords('anita.desai').filter(notDemo)) {
      await env.deps.db.updateTable('admins').set({ password_hash: await hashPassword(password) }).where('id', '=', anita.id).execute();
      const res = await passwordStep(env, { email: anita.email, password });
      expect(res.status, label).toBe(400);
      expectAnswer(res, answer);
    }
    await env.deps.db.updateTable('admins').set({ password_hash: await hashPassword(STRONG) }).where('id', '=', anita.id).execute();
    expect((await passwordStep(env, { email: anita.email, password: STRONG })).body.status).toBe('MFA_REQUIRED');
  });
});

describe('ready admins of the demo seed and the tests (provisioning)', () => {
  it('refuses a weak password before writing the admin', async () => {
    const email = `kiran.shah@${DOMAIN}`;
    for (const [label, password] of weakPasswords('kiran.shah').filter(notDemo)) {
      await expect(
        provisionAdmin(env.deps, employerId, null, { name: 'Kiran Shah', email, mobile: uniqueMobile(), branchLocation: 'Pune', roleId: ROLE_IDS.viewer, ready: { password } }),
        label,
      ).rejects.toThrow(prefix);
    }
    expect(await env.deps.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses the published demo password in production mode (issue 22 item 4)', async () => {
    const prod = { ...env.deps, config: { ...env.deps.config, production: true } };
    const email = `kiran.prod@${DOMAIN}`;
    await expect(
      provisionAdmin(prod, employerId, null, { name: 'Kiran Prod', email, mobile: uniqueMobile(), branchLocation: 'Pune', roleId: ROLE_IDS.viewer, ready: { password: 'Sunrise-Demo-2026' } }),
    ).rejects.toThrow(MSG.passwordPublished);
    expect(await env.deps.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });
});
