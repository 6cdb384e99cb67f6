/**
 * Settings (spec 2.16, 6): the admin list, invitations, updates and removals, scoped to the
 * caller's employer and, in vendor context, to one vendor; roles and activity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MSG, ROLE_IDS, SEED_ROLES } from '@portal/domain';
import { adminRow, createAdmin, createEmployer, createTestEnv, passwordStep, signIn, uniqueEmail, uniqueMobile, type ReadyAdmin, type TestEnv } from './harness.js';

let env: TestEnv;
/** Employer A: its owner (Super Admin), two vendors, and the owner's token. */
let A: { id: string; owner: ReadyAdmin; token: string; v1: string; v2: string };
/** Employer B, another tenant, with an employer admin and a vendor admin. */
let B: { id: string; owner: ReadyAdmin; token: string; v1: string; viewer: ReadyAdmin; vendorAdmin: ReadyAdmin };

beforeAll(async () => {
  env = await createTestEnv();
  const a = await createEmployer(env);
  const b = await createEmployer(env);
  A = { id: a.employer.id, owner: a.owner, token: await signIn(env, a.owner), v1: a.vendors[0]!.id, v2: a.vendors[1]!.id };
  B = {
    id: b.employer.id,
    owner: b.owner,
    token: await signIn(env, b.owner),
    v1: b.vendors[0]!.id,
    viewer: await createAdmin(env, b.employer.id, ROLE_IDS.viewer),
    vendorAdmin: await createAdmin(env, b.employer.id, ROLE_IDS.vendorAdmin, b.vendors[0]!.id),
  };
});
afterAll(() => env.close());

type Form = { name: string; mobile: string; email: string; branchLocation: string; roleId: string };
const form = (o: Partial<Form> = {}): Form => ({ name: 'New Person', mobile: uniqueMobile(), email: uniqueEmail('new'), branchLocation: 'Mumbai', roleId: ROLE_IDS.viewer, ...o });

const list = (token: string, vendorId?: string) => env.call('GET', '/employer-admin/employer-admins', { token, query: { vendorId } });
const create = (token: string, body: Form, vendorId?: string) => env.call('POST', '/employer-admin/create-employer-admin', { token, body, query: { vendorId } });
const update = (token: string, id: string, body: Form, vendorId?: string) => env.call('PUT', '/employer-admin/update-employer-admin', { token, body, query: { id, vendorId } });
const terminate = (token: string, id: string, vendorId?: string) => env.call('DELETE', `/employer-admin/terminate/${id}`, { token, query: { vendorId } });
const countByEmail = async (email: string) => (await env.deps.db.selectFrom('admins').select('id').where('email', '=', email.toLowerCase()).execute()).length;
const activitiesOf = (targetId: string) => env.deps.db.selectFrom('activities').selectAll().where('target_id', '=', targetId).orderBy('created_at').execute();
/** The stored fields a write could change, to prove a refused write changed nothing. */
const snapshot = async (id: string) => {
  const r = await adminRow(env, id);
  return { name: r.name, email: r.email, mobile: r.mobile, branch: r.branch_location, roles: r.role_ids, status: r.status };
};
const expectForbidden = (res: { status: number; body: any }) => {
  expect(res.status).toBe(403);
  expect(res.body.message.code).toBe(ERROR_CODES.forbidden);
};

describe('GET /api/employer-admin/employer-admins', () => {
  it("lists the caller's employer's own admins only, with the row fields and nothing more", async () => {
    const viewer = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const vendorBound = await createAdmin(env, A.id, ROLE_IDS.vendorAdmin, A.v1);
    const res = await list(A.token);
    expect(res.status).toBe(200);
    const ids = res.body.admins.map((r: any) => r._id);
    expect(ids).toContain(A.owner.id);
    expect(ids).toContain(viewer.id);
    expect(ids).not.toContain(vendorBound.id);
    for (const other of [B.owner.id, B.viewer.id, B.vendorAdmin.id]) expect(ids).not.toContain(other);
    const row = res.body.admins.find((r: any) => r._id === viewer.id);
    expect(row).toEqual({
      _id: viewer.id,
      name: 'Test Admin',
      email: viewer.email,
      mobile: viewer.mobile,
      branchLocation: 'Pune',
      roleIds: [ROLE_IDS.viewer],
      roles: [{ value: ROLE_IDS.viewer, name: 'Viewer' }],
      status: 'ACTIVE',
      lastActiveAt: null,
    });
  });

  it("in vendor context lists only that vendor's admins", async () => {
    const inV1 = await createAdmin(env, A.id, ROLE_IDS.vendorViewer, A.v1);
    const inV2 = await createAdmin(env, A.id, ROLE_IDS.vendorViewer, A.v2);
    const res = await list(A.token, A.v1);
    expect(res.status).toBe(200);
    const ids = res.body.admins.map((r: any) => r._id);
    expect(ids).toContain(inV1.id);
    expect(ids).not.toContain(inV2.id);
    expect(ids).not.toContain(A.owner.id);
    expect(ids).not.toContain(B.vendorAdmin.id);
  });

  it("answers 403 for a vendor of another employer, and never B's admins", async () => {
    expectForbidden(await list(A.token, B.v1));
    const res = await list(B.token);
    expect(res.body.admins.map((r: any) => r._id)).not.toContain(A.owner.id);
  });

  it('a vendor-bound admin: its vendor only; 403 without vendorId, for the other vendor, and for another employer\'s vendor', async () => {
    const bound = await createAdmin(env, A.id, ROLE_IDS.vendorAdmin, A.v1);
    const token = await signIn(env, bound);
    const own = await list(token, A.v1);
    expect(own.status).toBe(200);
    expect(own.body.admins.map((r: any) => r._id)).toContain(bound.id);
    expectForbidden(await list(token));
    expectForbidden(await list(token, A.v2));
    expectForbidden(await list(token, B.v1));
  });

  it('answers 403 to an admin without the admin resource (Payroll Manager)', async () => {
    const pm = await createAdmin(env, A.id, ROLE_IDS.payrollManager);
    expectForbidden(await list(await signIn(env, pm)));
  });
});

describe('POST /api/employer-admin/create-employer-admin', () => {
  it('invites the admin: message, invitation mail, stored row and an activity row', async () => {
    const body = form({ name: 'Asha Rao', email: uniqueEmail('Asha.RAO') }); // stored in lower case
    const res = await create(A.token, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'An invitation link has been sent to Asha Rao' });
    expect(res.body.message).toBe(MSG.invitationSent('Asha Rao'));
    const email = body.email.toLowerCase();
    const row = await env.deps.db.selectFrom('admins').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ employer_id: A.id, vendor_id: null, name: 'Asha Rao', mobile: body.mobile, branch_location: 'Mumbai', role_ids: [ROLE_IDS.viewer], status: 'INVITED', password_hash: null, invited_by: A.owner.id });
    const mails = await env.outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/[?&]invite=[^&\s]+&email=/);
    expect(await env.lastLinkCode(email, 'invite')).toBeTruthy();
    const acts = await activitiesOf(row.id);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ employer_id: A.id, vendor_id: null, admin_id: A.owner.id, action_type: 'ADMIN_INVITED', target_type: 'ADMIN', details: { name: 'Asha Rao' } });
  });

  it('in vendor context binds the new admin to the vendor', async () => {
    const body = form({ roleId: ROLE_IDS.vendorViewer });
    expect((await create(A.token, body, A.v1)).status).toBe(200);
    const row = await env.deps.db.selectFrom('admins').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row.vendor_id).toBe(A.v1);
    expect((await activitiesOf(row.id))[0]!.vendor_id).toBe(A.v1);
  });

  it.each([
    ['name', { name: 'X' }, MSG.invalidName],
    ['name', { name: 'R2D2 Unit' }, MSG.invalidName],
    ['mobile', { mobile: '12345' }, MSG.invalidMobile],
    ['mobile', { mobile: '1234567890' }, MSG.invalidMobile],
    ['email', { email: 'not-an-email' }, MSG.invalidEmail],
    ['branchLocation', { branchLocation: '   ' }, MSG.invalidBranchLocation],
  ] as const)('answers 400 for an invalid %s (%j)', async (_field, override, message) => {
    const body = form(override);
    const res = await create(A.token, body);
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(message);
    expect(await countByEmail(body.email)).toBe(0);
  });

  it('answers 409 for an e-mail already in use, whatever its case or employer', async () => {
    const res1 = await create(A.token, form({ email: A.owner.email.toUpperCase() }));
    expect(res1.status).toBe(409);
    expect(res1.body.message.code).toBe(ERROR_CODES.conflict);
    expect((await create(A.token, form({ email: B.viewer.email }))).status).toBe(409);
    expect(await countByEmail(B.viewer.email)).toBe(1);
  });

  it('answers 400 for a vendor role in employer context and an employer role in vendor context', async () => {
    const vendorRole = form({ roleId: ROLE_IDS.vendorAdmin });
    expect((await create(A.token, vendorRole)).status).toBe(400);
    const employerRole = form({ roleId: ROLE_IDS.superAdmin });
    expect((await create(A.token, employerRole, A.v1)).status).toBe(400);
    const unknownRole = form({ roleId: '00000000-0000-4000-8000-0000000000ff' });
    expect((await create(A.token, unknownRole)).status).toBe(400);
    for (const b of [vendorRole, employerRole, unknownRole]) expect(await countByEmail(b.email)).toBe(0);
  });

  it.each([
    ['Viewer', ROLE_IDS.viewer],
    ['HR Manager', ROLE_IDS.hrManager],
  ])('answers 403 to a %s (READ only on admins)', async (_label, roleId) => {
    const reader = await createAdmin(env, A.id, roleId);
    const body = form();
    expectForbidden(await create(await signIn(env, reader), body));
    expect(await countByEmail(body.email)).toBe(0);
  });

  it("a vendor-bound admin: 403 without vendorId, for the other vendor and another employer's vendor", async () => {
    const bound = await createAdmin(env, A.id, ROLE_IDS.vendorAdmin, A.v1);
    const token = await signIn(env, bound);
    const bodies = [form({ roleId: ROLE_IDS.vendorViewer }), form({ roleId: ROLE_IDS.vendorViewer }), form({ roleId: ROLE_IDS.vendorViewer })];
    expectForbidden(await create(token, bodies[0]!));
    expectForbidden(await create(token, bodies[1]!, A.v2));
    expectForbidden(await create(token, bodies[2]!, B.v1));
    for (const b of bodies) expect(await countByEmail(b.email)).toBe(0);
    const ok = form({ roleId: ROLE_IDS.vendorViewer });
    expect((await create(token, ok, A.v1)).status).toBe(200);
  });
});

describe('PUT /api/employer-admin/update-employer-admin', () => {
  it('updates the admin: "Updated successful!", stored values and an activity row', async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const body = form({ name: 'Renamed Person', email: target.email, mobile: uniqueMobile(), branchLocation: 'Delhi', roleId: ROLE_IDS.viewer });
    const res = await update(A.token, target.id, body);
    expect(res.status).toBe(200);
    // The new mobile also resets the sign-in phone enrolled on the old one (issue 22 item 1).
    expect(res.body).toEqual({ message: `${MSG.updatedSuccessful} ${MSG.secondFactorReset}.` });
    expect(await snapshot(target.id)).toEqual({ name: 'Renamed Person', email: target.email, mobile: body.mobile, branch: 'Delhi', roles: [ROLE_IDS.viewer], status: 'ACTIVE' });
    const acts = await activitiesOf(target.id);
    expect(acts.map((a) => a.action_type)).toEqual(['ADMIN_UPDATED', 'SECOND_FACTOR_RESET']);
    expect(acts[0]!.admin_id).toBe(A.owner.id);
  });

  it('a new mobile resets the sign-in phone: sessions end, the admin is told by mail, and codes go to the new number only (issue 22 item 1)', async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const token = await signIn(env, target);
    const newMobile = uniqueMobile();
    const res = await update(A.token, target.id, form({ name: 'Test Admin', email: target.email, mobile: newMobile }));
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(MSG.secondFactorReset);
    expect((await env.call('GET', '/employer-admin', { token })).status).toBe(401);
    const row = await env.deps.db.selectFrom('admins').select(['mfa_phone', 'mfa_enrolled_at']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ mfa_phone: null, mfa_enrolled_at: null });
    const [mail] = await env.outbox(target.email);
    expect(mail!.subject).toBe('Your Employer Portal sign-in phone was reset');
    expect(mail!.body).toContain(`+91 ******${newMobile.slice(-4)}`);
    // The next sign-in enrols the new number, and only it.
    const first = await env.call('POST', '/auth/sign-in', { body: { email: target.email, password: target.password } });
    expect(first.body.status).toBe('SIGNED_IN');
    const enrol = first.body.token as string;
    expect((await env.call('POST', '/auth/mfa/enroll/start', { token: enrol, body: { phone: target.mobile } })).status).toBe(403);
    const started = await env.call('POST', '/auth/mfa/enroll/start', { token: enrol, body: { phone: newMobile } });
    expect(started.status).toBe(200);
    const code = await env.lastCode(newMobile);
    expect((await env.call('POST', '/auth/mfa/enroll/verify', { token: enrol, body: { verificationId: started.body.verificationId, code } })).status).toBe(200);
    // A name change alone resets nothing.
    expect((await update(A.token, target.id, form({ name: 'Renamed Again', email: target.email, mobile: newMobile }))).body).toEqual({ message: MSG.updatedSuccessful });
  });

  it('POST reset-second-factor/:id: WRITE on admins resets another admin\'s sign-in phone to the registered mobile, and the admin is mailed (issue 22 item 1)', async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    // A phone enrolled before the rule, not the registered mobile.
    await env.deps.db.updateTable('admins').set({ mfa_phone: uniqueMobile() }).where('id', '=', target.id).execute();
    const token = await signIn(env, { ...target, mobile: (await adminRow(env, target.id)).mfa_phone! });
    const viewer = await signIn(env, await createAdmin(env, A.id, ROLE_IDS.viewer));
    expect((await env.call('POST', `/employer-admin/reset-second-factor/${target.id}`, { token: viewer })).status).toBe(403);
    expect((await env.call('POST', `/employer-admin/reset-second-factor/${A.owner.id}`, { token: A.token })).status).toBe(403);
    const res = await env.call('POST', `/employer-admin/reset-second-factor/${target.id}`, { token: A.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `${MSG.secondFactorReset}.` });
    expect((await adminRow(env, target.id)).mfa_phone).toBeNull();
    expect((await env.call('GET', '/employer-admin', { token })).status).toBe(401);
    const [mail] = await env.outbox(target.email);
    expect(mail!.subject).toBe('Your Employer Portal sign-in phone was reset');
    expect((await activitiesOf(target.id)).map((a) => a.action_type)).toContain('SECOND_FACTOR_RESET');
    // The next sign-in enrols the registered mobile.
    const first = await env.call('POST', '/auth/sign-in', { body: { email: target.email, password: target.password } });
    expect(first.body.status).toBe('SIGNED_IN');
    expect((await env.call('POST', '/auth/mfa/enroll/start', { token: first.body.token, body: { phone: target.mobile } })).status).toBe(200);
  });

  it("a role change ends the admin's sessions; a name change does not", async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const token = await signIn(env, target);
    expect((await update(A.token, target.id, form({ name: 'Only Renamed', email: target.email, mobile: target.mobile }))).status).toBe(200);
    expect((await env.call('GET', '/employer-admin', { token })).status).toBe(200);
    expect((await update(A.token, target.id, form({ email: target.email, mobile: target.mobile, roleId: ROLE_IDS.hrManager }))).status).toBe(200);
    expect((await env.call('GET', '/employer-admin', { token })).status).toBe(401);
  });

  it("an e-mail change ends the admin's sessions, asks for verification again and voids links mailed to the old address", async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const token = await signIn(env, target);
    expect((await env.call('POST', '/auth/password-reset/request', { body: { email: target.email } })).status).toBe(200);
    const oldLink = await env.lastLinkCode(target.email, 'resetPassword');
    const newEmail = uniqueEmail('moved');
    expect((await update(A.token, target.id, form({ email: newEmail, mobile: target.mobile }))).status).toBe(200);
    expect((await env.call('GET', '/employer-admin', { token })).status).toBe(401);
    const row = await adminRow(env, target.id);
    expect(row.email).toBe(newEmail);
    expect(row.email_verified_at).toBeNull();
    const reset = await env.call('POST', '/auth/password-reset/confirm', { body: { oobCode: oldLink, newPassword: 'Old-Mailbox-Pass-1' } });
    expect(reset.status).toBe(400);
    expect(reset.body.message.description).toBe(MSG.invalidResetLink);
    expect((await adminRow(env, target.id)).email_verified_at).toBeNull();
    // Sign-in with the new address asks to verify it, by a mail to the new address.
    const res = await passwordStep(env, { email: newEmail, password: target.password });
    expect(res.status).toBe(403);
    expect(res.body.message.code).toBe(ERROR_CODES.emailNotVerified);
    expect(await env.lastLinkCode(newEmail, 'verifyEmail')).toBeTruthy();
  });

  it('an e-mail change of an invited admin sends a new invitation and voids the old one', async () => {
    const oldEmail = uniqueEmail('invited');
    expect((await create(A.token, form({ email: oldEmail }))).status).toBe(200);
    const oldInvite = await env.lastLinkCode(oldEmail, 'invite');
    const id = (await env.deps.db.selectFrom('admins').select('id').where('email', '=', oldEmail).executeTakeFirstOrThrow()).id;
    const newEmail = uniqueEmail('invited-new');
    expect((await update(A.token, id, form({ email: newEmail }))).status).toBe(200);
    await env.call('POST', '/auth/sign-up', { body: { email: newEmail, password: 'Hijack-Attempt-1', inviteToken: oldInvite } });
    expect((await adminRow(env, id)).password_hash).toBeNull();
    const newInvite = await env.lastLinkCode(newEmail, 'invite');
    expect((await env.call('POST', '/auth/sign-up', { body: { email: newEmail, password: 'Rightful-Owner-1', inviteToken: newInvite } })).status).toBe(200);
    expect((await adminRow(env, id)).status).toBe('ACTIVE');
  });

  it('answers 409 for an e-mail of another admin', async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const before = await snapshot(target.id);
    expect((await update(A.token, target.id, form({ email: A.owner.email }))).status).toBe(409);
    expect(await snapshot(target.id)).toEqual(before);
  });

  it('answers 400 for an invalid field and changes nothing', async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const before = await snapshot(target.id);
    const res = await update(A.token, target.id, form({ email: target.email, mobile: '000' }));
    expect(res.status).toBe(400);
    expect(res.body.message.description).toBe(MSG.invalidMobile);
    expect(await snapshot(target.id)).toEqual(before);
  });

  it('answers 400 without an id', async () => {
    const res = await env.call('PUT', '/employer-admin/update-employer-admin', { token: A.token, body: form() });
    expect(res.status).toBe(400);
  });

  it('answers 403 for one\'s own row', async () => {
    const before = await snapshot(A.owner.id);
    const res = await update(A.token, A.owner.id, form({ email: A.owner.email, name: 'Self Promoted' }));
    expect(res.status).toBe(403);
    expect(await snapshot(A.owner.id)).toEqual(before);
  });

  it('answers 403 to a Viewer and changes nothing', async () => {
    const viewer = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const before = await snapshot(target.id);
    expectForbidden(await update(await signIn(env, viewer), target.id, form({ email: target.email, roleId: ROLE_IDS.superAdmin })));
    expect(await snapshot(target.id)).toEqual(before);
  });

  it("answers 403 or 404 for every admin of another employer, and changes nothing", async () => {
    for (const other of [B.owner, B.viewer, B.vendorAdmin]) {
      const before = await snapshot(other.id);
      for (const vendorId of [undefined, A.v1, B.v1]) {
        const res = await update(A.token, other.id, form({ email: other.email, name: 'Hijacked Name' }), vendorId);
        expect([403, 404]).toContain(res.status);
        expect(JSON.stringify(res.body)).not.toContain(other.email);
      }
      expect(await snapshot(other.id)).toEqual(before);
    }
  });

  it('in vendor context reaches only that vendor\'s admins', async () => {
    const inV2 = await createAdmin(env, A.id, ROLE_IDS.vendorViewer, A.v2);
    const before = await snapshot(inV2.id);
    expect((await update(A.token, inV2.id, form({ email: inV2.email, roleId: ROLE_IDS.vendorViewer }), A.v1)).status).toBe(404);
    expect((await update(A.token, inV2.id, form({ email: inV2.email, roleId: ROLE_IDS.vendorViewer }))).status).toBe(404);
    expect(await snapshot(inV2.id)).toEqual(before);
    expect((await update(A.token, inV2.id, form({ email: inV2.email, roleId: ROLE_IDS.vendorViewer }), A.v2)).status).toBe(200);
  });
});

describe('DELETE /api/employer-admin/terminate/:id', () => {
  it('removes the admin: "User has been removed!", sessions end, sign-in refused, gone from the list', async () => {
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const token = await signIn(env, target);
    const res = await terminate(A.token, target.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.userRemoved });
    expect((await adminRow(env, target.id)).status).toBe('REMOVED');
    expect((await env.call('GET', '/employer-admin', { token })).status).toBe(401);
    const live = await env.deps.db.selectFrom('sessions').select('id').where('admin_id', '=', target.id).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(0);
    const again = await passwordStep(env, target);
    expect(again.status).toBe(400);
    expect(again.body.message.description).toBe(MSG.wrongCredentials);
    expect((await list(A.token)).body.admins.map((r: any) => r._id)).not.toContain(target.id);
    expect((await activitiesOf(target.id)).map((a) => a.action_type)).toEqual(['ADMIN_REMOVED']);
    // Removing twice finds nothing.
    expect((await terminate(A.token, target.id)).status).toBe(404);
  });

  it("answers 403 for one's own row", async () => {
    expect((await terminate(A.token, A.owner.id)).status).toBe(403);
    expect((await adminRow(env, A.owner.id)).status).toBe('ACTIVE');
  });

  it('answers 403 to a Viewer and removes nothing', async () => {
    const viewer = await createAdmin(env, A.id, ROLE_IDS.viewer);
    const target = await createAdmin(env, A.id, ROLE_IDS.viewer);
    expectForbidden(await terminate(await signIn(env, viewer), target.id));
    expect((await adminRow(env, target.id)).status).toBe('ACTIVE');
  });

  it('answers 403 or 404 for every admin of another employer, and removes nothing', async () => {
    for (const other of [B.owner, B.viewer, B.vendorAdmin]) {
      for (const vendorId of [undefined, A.v1, B.v1]) {
        const res = await terminate(A.token, other.id, vendorId);
        expect([403, 404]).toContain(res.status);
      }
      expect((await adminRow(env, other.id)).status).toBe('ACTIVE');
    }
  });

  it('answers 404 for an id that is not an admin id', async () => {
    expect((await terminate(A.token, 'not-a-uuid')).status).toBe(404);
    expect((await terminate(A.token, '00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
  });

  it("a vendor-bound admin: removes in its vendor; 403 without vendorId, for the other vendor and another employer's vendor", async () => {
    const bound = await createAdmin(env, A.id, ROLE_IDS.vendorAdmin, A.v1);
    const token = await signIn(env, bound);
    const inV1 = await createAdmin(env, A.id, ROLE_IDS.vendorViewer, A.v1);
    const inV2 = await createAdmin(env, A.id, ROLE_IDS.vendorViewer, A.v2);
    expectForbidden(await terminate(token, inV1.id));
    expectForbidden(await terminate(token, inV2.id, A.v2));
    expectForbidden(await terminate(token, B.vendorAdmin.id, B.v1));
    expect((await terminate(token, inV2.id, A.v1)).status).toBe(404);
    expect((await terminate(token, A.owner.id, A.v1)).status).toBe(404);
    for (const id of [inV1.id, inV2.id, B.vendorAdmin.id, A.owner.id]) expect((await adminRow(env, id)).status).toBe('ACTIVE');
    expect((await terminate(token, inV1.id, A.v1)).status).toBe(200);
    expect((await adminRow(env, inV1.id)).status).toBe('REMOVED');
  });
});

describe('GET /api/roles', () => {
  it('returns the six seeded roles', async () => {
    const res = await env.call('GET', '/roles', { token: A.token, query: { userType: 'EMPLOYER_ADMIN' } });
    expect(res.status).toBe(200);
    expect(res.body.roles).toHaveLength(6);
    const byId = new Map(res.body.roles.map((r: any) => [r.value, r]));
    for (const seed of SEED_ROLES) {
      expect(byId.get(seed.value)).toEqual({ value: seed.value, name: seed.name, roleType: seed.roleType, description: seed.description, resources: seed.resources });
    }
  });
});

describe('GET /api/employer-admin/activity', () => {
  it("lists the employer's activity with the acting admins' details, and nothing of another employer", async () => {
    const body = form({ name: 'Tracked Person' });
    expect((await create(A.token, body)).status).toBe(200);
    const bBody = form({ name: 'Other Tenant' });
    expect((await create(B.token, bBody)).status).toBe(200);
    const res = await env.call('GET', '/employer-admin/activity', { token: A.token, query: { isRecentActivity: 'true' } });
    expect(res.status).toBe(200);
    const row = res.body.activities.find((a: any) => a.description === 'Admin invited: Tracked Person');
    expect(row).toMatchObject({ actionType: 'ADMIN_INVITED', employerAdminId: A.owner.id, updatedAt: expect.any(String) });
    expect(res.body.employerAdminsDetails).toContainEqual({ _id: A.owner.id, name: 'Owner Admin', email: A.owner.email });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Other Tenant');
    expect(text).not.toContain(B.owner.id);
    expect(text).not.toContain(B.owner.email);
    // Every row listed belongs to employer A.
    const ids = res.body.activities.map((a: any) => a._id);
    const stored = await env.deps.db.selectFrom('activities').select(['id', 'employer_id', 'vendor_id']).where('id', 'in', ids).execute();
    expect(stored).toHaveLength(ids.length);
    for (const s of stored) expect(s).toMatchObject({ employer_id: A.id, vendor_id: null });
  });

  it("in vendor context lists only that vendor's activity", async () => {
    const inV1 = form({ name: 'Vendor One Person', roleId: ROLE_IDS.vendorViewer });
    const inV2 = form({ name: 'Vendor Two Person', roleId: ROLE_IDS.vendorViewer });
    expect((await create(A.token, inV1, A.v1)).status).toBe(200);
    expect((await create(A.token, inV2, A.v2)).status).toBe(200);
    const res = await env.call('GET', '/employer-admin/activity', { token: A.token, query: { vendorId: A.v1 } });
    expect(res.status).toBe(200);
    const descriptions = res.body.activities.map((a: any) => a.description);
    expect(descriptions).toContain('Admin invited: Vendor One Person');
    expect(descriptions).not.toContain('Admin invited: Vendor Two Person');
    expect(descriptions).not.toContain('Admin invited: Tracked Person');
    expectForbidden(await env.call('GET', '/employer-admin/activity', { token: A.token, query: { vendorId: B.v1 } }));
  });
});
