/**
 * Identity mails through the job queue (issue 22 item 4, decision 0038): the reset link, the
 * invitation and the verification mail are jobs written with the answer, in its transaction, so a
 * process that dies right after answering loses none of them: the next process to work the queue
 * sends them. Real pg-boss, no mail worker in the answering process (as if it crashed after the
 * answer); a second runtime on the same database plays the restarted portal.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@portal/domain';
import { createAuthService, workIdentityMailJobs } from '../src/features/auth/index.js';
import { IDENTITY_MAIL_QUEUE } from '../src/features/auth/mail-outbox.js';
import { startRuntime, type Runtime } from '../src/platform/runtime.js';
import { createAdmin, createEmployer, createTestEnv, queuedMailsSent, signIn, uniqueEmail, uniqueMobile, type ReadyAdmin, type TestEnv } from './harness.js';

let env: TestEnv;
let owner: ReadyAdmin;
let ownerToken: string;
let restarted: Runtime | null = null;
beforeAll(async () => {
  env = await createTestEnv({ queue: true, mailWorker: false });
  const e = await createEmployer(env);
  owner = e.owner;
  ownerToken = await signIn(env, owner);
}, 60_000);
afterAll(async () => {
  await restarted?.stop();
  await env.close();
});

const jobs = async () =>
  (await sql<{ state: string; data: Record<string, string> }>`select state, data from pgboss.job where name = ${IDENTITY_MAIL_QUEUE} order by created_on`.execute(env.deps.db)).rows;
const mailsTo = (email: string) => env.deps.db.selectFrom('outbox_messages').select(['subject', 'body']).where('recipient', '=', email).execute();

describe('identity mails are queued with the answer and survive a crash after it', () => {
  it('reset link, invitation and verification mail: jobs in the queue, no code in them, sent by the next process', async () => {
    const admin = await createAdmin(env, owner.employerId, ROLE_IDS.viewer);
    const stranger = uniqueEmail('nobody');
    expect((await env.call('POST', '/auth/password-reset/request', { body: { email: admin.email } })).status).toBe(200);
    expect((await env.call('POST', '/auth/password-reset/request', { body: { email: stranger } })).status).toBe(200);
    const invitee = uniqueEmail('invitee');
    const invited = await env.call('POST', '/employer-admin/create-employer-admin', {
      token: ownerToken,
      body: { name: 'Queued Invitee', email: invitee, mobile: uniqueMobile(), branchLocation: 'Pune', roleId: ROLE_IDS.viewer },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);

    // The answers are out; the process "dies" before any mail goes: nothing sent, everything queued.
    expect(await mailsTo(admin.email)).toHaveLength(0);
    expect(await mailsTo(invitee)).toHaveLength(0);
    const queued = await jobs();
    expect(queued.map((j) => j.data.kind).sort()).toEqual(['INVITATION', 'RESET_LINK', 'RESET_LINK']);
    expect(queued.every((j) => j.state === 'created')).toBe(true);
    // A job names the admin or the e-mail, never a link or a code.
    for (const j of queued) expect(Object.keys(j.data).sort()).toEqual(j.data.kind === 'INVITATION' ? ['adminId', 'kind'] : ['email', 'kind']);
    // Only an answer's job: no reset code was made yet.
    const codes = await env.deps.db.selectFrom('action_codes').select('kind').where('admin_id', '=', admin.id).execute();
    expect(codes).toEqual([]);

    // The restarted portal (another runtime on the same database) works the queue and sends them.
    restarted = await startRuntime(env.deps.config, { log: { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console });
    restarted.deps.config = { ...restarted.deps.config, publicUrl: env.baseUrl };
    await workIdentityMailJobs(restarted.deps, createAuthService(restarted.deps).mails);
    await queuedMailsSent(env.deps);
    const [reset] = await mailsTo(admin.email);
    expect(reset!.subject).toBe('Reset your Employer Portal password');
    const oobCode = decodeURIComponent(/oobCode=([^&\s]+)/.exec(reset!.body)![1]!);
    expect((await env.call('POST', '/auth/password-reset/verify', { body: { oobCode } })).body).toEqual({ email: admin.email });
    const [invitation] = await mailsTo(invitee);
    expect(invitation!.subject).toBe('You are invited to the Employer Portal');
    // The unknown e-mail's job found nobody and sent nothing.
    expect(await mailsTo(stranger)).toHaveLength(0);
    expect((await jobs()).every((j) => j.state === 'completed')).toBe(true);

    // Sign-up with the invitation: the verification mail is a job too, sent by the worker.
    const token = decodeURIComponent(/[?&]invite=([^&\s]+)/.exec(invitation!.body)![1]!);
    const signUp = await env.call('POST', '/auth/sign-up', { body: { email: invitee, password: 'Brisk-Otter-Lantern-58', inviteToken: token } });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    await queuedMailsSent(env.deps);
    expect((await mailsTo(invitee)).map((m) => m.subject)).toContain('Verify your e-mail for the Employer Portal');
  });
});
