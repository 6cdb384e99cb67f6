/**
 * Identity mails through the job queue (issue 22 item 4, decision 0038): reset links, invitations,
 * verification mails and the notices of a changed password or second factor are written as a job
 * of the `identity-mail` queue (pg-boss, on the same PostgreSQL) in the transaction of the change
 * or of the answer that asks for them, and a worker sends them. A crash after the answer loses
 * nothing: the job is there at the restart, and a failing mail server is retried.
 *
 * A job names what to send and to whom (an admin id, or for requests made without signing in the
 * e-mail as typed), never a link: the link's code is made when the mail is sent (a retry makes a
 * new one, replacing the old), so no usable code is ever stored in clear. A request for an unknown
 * e-mail queues the same job as for a known one; the worker finds nobody and sends nothing, so
 * the answer is the same work either way (issue 15, security 3).
 *
 * Without a queue (the tests that start none, the operators' CLI) the same jobs are sent in this
 * process once the transaction has committed (background.ts).
 */
import { CompiledQuery } from 'kysely';
import { INVITE_LINK_TTL_MS, RESET_LINK_TTL_MS, VERIFY_LINK_TTL_MS, phoneHint } from '@portal/domain';
import type { ActionKind, AdminRecord } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';
import type { Deps } from '../../platform/context.js';
import type { Queue } from '../../platform/queue.js';
import { inBackground } from './background.js';
import { invitationMail, passwordChangedMail, resetPasswordMail, secondFactorChangedMail, secondFactorResetMail, verifyEmailMail } from './mails.js';

export const IDENTITY_MAIL_QUEUE = 'identity-mail';

export type IdentityMailJob =
  | { kind: 'RESET_LINK'; email: string }
  | { kind: 'ANONYMOUS'; email: string; purpose: 'SIGN_UP' | 'RESEND' }
  | { kind: 'INVITATION' | 'VERIFY_EMAIL' | 'PASSWORD_CHANGED' | 'SECOND_FACTOR_CHANGED' | 'SECOND_FACTOR_RESET'; adminId: string };

/** Idempotent; an API process creates it before its first send, a worker before it works it. */
export async function createIdentityMailQueue(queue: Queue): Promise<void> {
  await queue.createQueue(IDENTITY_MAIL_QUEUE, { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 120 });
}

interface KitParts {
  findLiveAdminByEmail(email: string): Promise<AdminRecord | undefined>;
  issueActionCode(adminId: string, kind: ActionKind, ttlMs: number): Promise<string>;
}

export function createIdentityMails(deps: Deps, kit: KitParts) {
  const { db } = deps;
  let queueReady: Promise<void> | null = null;

  const adminById = (id: string) => db.selectFrom('admins').selectAll().where('id', '=', id).where('status', '<>', 'REMOVED').executeTakeFirst();
  const mail = (admin: AdminRecord, content: { subject: string; text: string }) => deps.mailer.send({ to: admin.email, ...content });

  async function invitation(admin: AdminRecord): Promise<void> {
    const code = await kit.issueActionCode(admin.id, 'INVITE', INVITE_LINK_TTL_MS);
    await mail(admin, invitationMail(deps.config.publicUrl, admin.name, admin.email, code));
  }
  async function verification(admin: AdminRecord): Promise<void> {
    const code = await kit.issueActionCode(admin.id, 'VERIFY_EMAIL', VERIFY_LINK_TTL_MS);
    await mail(admin, verifyEmailMail(deps.config.publicUrl, admin.name, code));
  }

  /** Sends what a job asks for, as the admin is now; nothing when it no longer applies. */
  async function deliver(job: IdentityMailJob): Promise<void> {
    if (job.kind === 'RESET_LINK' || job.kind === 'ANONYMOUS') {
      const admin = await kit.findLiveAdminByEmail(job.email);
      if (!admin) return;
      if (job.kind === 'RESET_LINK') {
        if (admin.status !== 'ACTIVE') return;
        const code = await kit.issueActionCode(admin.id, 'RESET_PASSWORD', RESET_LINK_TTL_MS);
        return mail(admin, resetPasswordMail(deps.config.publicUrl, admin.name, code));
      }
      if (admin.status === 'INVITED') return invitation(admin);
      if (job.purpose === 'RESEND' && admin.status === 'ACTIVE' && !admin.email_verified_at) return verification(admin);
      return;
    }
    const admin = await adminById(job.adminId);
    if (!admin) return;
    switch (job.kind) {
      case 'INVITATION':
        return admin.status === 'INVITED' ? invitation(admin) : undefined;
      case 'VERIFY_EMAIL':
        return admin.status === 'ACTIVE' && !admin.email_verified_at ? verification(admin) : undefined;
      case 'PASSWORD_CHANGED':
        return mail(admin, passwordChangedMail(admin.name));
      case 'SECOND_FACTOR_CHANGED':
        return admin.mfa_phone ? mail(admin, secondFactorChangedMail(admin.name, phoneHint(admin.mfa_phone))) : undefined;
      case 'SECOND_FACTOR_RESET':
        return mail(admin, secondFactorResetMail(admin.name, admin.mobile ? phoneHint(admin.mobile) : null));
    }
  }

  /**
   * Mails to send once a transaction commits: `add` writes each as a job through the transaction
   * (committed with it, or not at all); `sent` is called after the commit and, without a queue,
   * sends them in this process.
   */
  function outbox() {
    const later: IdentityMailJob[] = [];
    return {
      async add(trx: Database, job: IdentityMailJob): Promise<void> {
        if (!deps.queue) {
          later.push(job);
          return;
        }
        await (queueReady ??= createIdentityMailQueue(deps.queue));
        await deps.queue.send(IDENTITY_MAIL_QUEUE, job, {
          db: { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) },
        } as never);
      },
      sent(): void {
        for (const job of later.splice(0)) inBackground(deps, job.kind, () => deliver(job));
      },
    };
  }

  /** One mail on its own, not part of another change (in a transaction, use `outbox`). */
  async function queueMail(job: IdentityMailJob): Promise<void> {
    const out = outbox();
    await out.add(db, job);
    out.sent();
  }

  return { deliver, outbox, queueMail };
}

export type IdentityMails = ReturnType<typeof createIdentityMails>;

/** Works the identity-mail queue in this process (roles `all` and `worker`). */
export async function workIdentityMailJobs(deps: Deps, mails: Pick<IdentityMails, 'deliver'>): Promise<void> {
  if (!deps.queue) return;
  await createIdentityMailQueue(deps.queue);
  await deps.queue.work<IdentityMailJob>(IDENTITY_MAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (job) await mails.deliver(job.data);
  });
}
