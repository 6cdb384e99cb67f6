/**
 * What the identity use cases share: the clock, admin look-up, sessions, one-time links and SMS
 * codes. Each use case (sign-in.ts, enrolment.ts, sign-up.ts, password-reset.ts,
 * password-change.ts) is built on one kit; service.ts puts them together.
 */
import { sql } from 'kysely';
import {
  ERROR_CODES,
  
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MS,
  RESEND_COUNTDOWN_VERIFICATION_PAGE_S,
  SESSION_ABSOLUTE_TTL_MS,
} from '@portal/domain';
import type { ActionKind, AdminRecord, OtpPurpose } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';
import type { Deps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { assertPasswordPolicy, passwordOwnerOf } from '../../platform/passwords.js';
import { keyedHash, newOtp, newToken, sameBytes, sha256 } from '../../platform/secrets.js';
import { createLimits } from './limits.js';
import { createIdentityMails } from './mail-outbox.js';
import { otpSms, toE164 } from './mails.js';

export { ANONYMOUS_RESEND_MS } from './limits.js';

export const wrongCredentials = () => new AppError('auth/invalid-credential');
export const invalidCode = () => new AppError('auth/invalid-verification-code');
export const accountLocked = () => new AppError(ERROR_CODES.locked);

export function createAuthKit(deps: Deps) {
  const { db, config } = deps;
  const now = () => deps.now();
  const later = (ms: number) => new Date(now().getTime() + ms);
  const limits = createLimits(deps);

  const findLiveAdminByEmail = (email: string) =>
    db
      .selectFrom('admins')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
      .where('status', '<>', 'REMOVED')
      .executeTakeFirst();

  async function createSession(adminId: string, mfaVerified: boolean, passwordVerifiedAt: Date, trx: Database = db): Promise<string> {
    const token = newToken();
    await trx
      .insertInto('sessions')
      .values({ admin_id: adminId, token_hash: sha256(token), mfa_verified: mfaVerified, password_verified_at: passwordVerifiedAt, created_at: now(), last_seen_at: now(), expires_at: later(SESSION_ABSOLUTE_TTL_MS) })
      .execute();
    return token;
  }

  const revokeAllSessions = (adminId: string, trx: Database = db) =>
    trx.updateTable('sessions').set({ revoked_at: now() }).where('admin_id', '=', adminId).where('revoked_at', 'is', null).execute();

  async function issueActionCode(adminId: string, kind: ActionKind, ttlMs: number): Promise<string> {
    const code = newToken();
    // One live link of a kind per admin: a new one replaces the old.
    await db.updateTable('action_codes').set({ used_at: now() }).where('admin_id', '=', adminId).where('kind', '=', kind).where('used_at', 'is', null).execute();
    await db.insertInto('action_codes').values({ admin_id: adminId, kind, code_hash: sha256(code), expires_at: later(ttlMs), created_at: now() }).execute();
    return code;
  }

  /** Spends a link atomically: it works once, within its lifetime. Returns the admin id, or null. */
  async function consumeActionCode(code: string, kind: ActionKind, trx: Database = db): Promise<string | null> {
    const row = await trx
      .updateTable('action_codes')
      .set({ used_at: now() })
      .where('code_hash', '=', sha256(code))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now())
      .returning('admin_id')
      .executeTakeFirst();
    return row?.admin_id ?? null;
  }

  async function peekActionCode(code: string, kind: ActionKind): Promise<string | null> {
    const row = await db
      .selectFrom('action_codes')
      .select('admin_id')
      .where('code_hash', '=', sha256(code))
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now())
      .executeTakeFirst();
    return row?.admin_id ?? null;
  }

  // Identity mails go through the job queue, written with the change or answer that asks for them (mail-outbox.ts).
  const mails = createIdentityMails(deps, { findLiveAdminByEmail, issueActionCode });

  /** Queues the verification mail of a signed-up admin. */
  const sendVerificationMail = (admin: Pick<AdminRecord, 'id'>): Promise<void> => mails.queueMail({ kind: 'VERIFY_EMAIL', adminId: admin.id });

  /** Queues an invitation (a new link replaces the old when it is sent). */
  const sendInvitation = (admin: Pick<AdminRecord, 'id'>): Promise<void> => mails.queueMail({ kind: 'INVITATION', adminId: admin.id });

  /**
   * Sends a fresh code for `boundTo` (a sign-in attempt or a session), replacing any earlier one;
   * `boundTo` may be a function that makes the sign-in attempt in the same transaction, so that a
   * refused send leaves no attempt behind. At most `config.smsPerAdminPerHour` codes go to an admin
   * in an hour (sign-ins, resends and enrolment alike); past that, 429 and nothing is sent. Only
   * codes the provider accepted count: a failed send is undone and answers 503.
   */
  async function sendOtp(admin: AdminRecord, purpose: OtpPurpose, bind: string | ((trx: Database) => Promise<string>), phone: string): Promise<string> {
    const code = newOtp();
    let madeAttempt: string | null = null;
    const id = await db.transaction().execute(async (trx) => {
      // One sender per admin at a time, so two sends at the same moment cannot both pass the cap or the countdown.
      await sql`select pg_advisory_xact_lock(hashtext(${`otp-send:${admin.id}`}))`.execute(trx);
      const sent = await trx
        .selectFrom('otp_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('admin_id', '=', admin.id)
        .where('created_at', '>', new Date(now().getTime() - 60 * 60_000))
        .executeTakeFirstOrThrow();
      if (Number(sent.n) >= config.smsPerAdminPerHour) throw new AppError(ERROR_CODES.rateLimited);
      const boundTo = typeof bind === 'string' ? bind : (madeAttempt = await bind(trx));
      const last = await trx.selectFrom('otp_codes').select('created_at').where('bound_to', '=', boundTo).orderBy('created_at', 'desc').executeTakeFirst();
      if (last && now().getTime() - last.created_at.getTime() < RESEND_COUNTDOWN_VERIFICATION_PAGE_S * 1000 - 1000) {
        throw new AppError(ERROR_CODES.rateLimited);
      }
      await trx.updateTable('otp_codes').set({ invalidated_at: now() }).where('bound_to', '=', boundTo).where('consumed_at', 'is', null).where('invalidated_at', 'is', null).execute();
      const row = await trx
        .insertInto('otp_codes')
        .values({ admin_id: admin.id, purpose, bound_to: boundTo, phone, code_hash: keyedHash(deps.codeKey, boundTo, code), expires_at: later(OTP_TTL_MS), created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    try {
      await deps.sms.send({ to: toE164(phone), text: otpSms(code) });
    } catch (error) {
      // The provider did not take it: the code reached nobody, so it is not kept and does not count
      // against the admin's hourly sends (an outage must not lock admins out after it ends), and a
      // sign-in attempt made for it goes too. 503 says so (issue 22 item 4).
      deps.log.warn(`SMS send failed: ${error instanceof Error ? error.message : String(error)}`);
      await db.deleteFrom('otp_codes').where('id', '=', id).execute();
      if (madeAttempt) await db.deleteFrom('sign_in_attempts').where('id', '=', madeAttempt).execute();
      throw new AppError(ERROR_CODES.smsUnavailable);
    }
    return id;
  }

  /**
   * Checks a code against the live code of `boundTo`; 5 wrong tries spend it. Returns the code row on success.
   * A sign-in code also counts per admin, across attempts: the admin's 10th wrong code locks the
   * account as 10 wrong passwords do (limits.wrongCode), a locked admin gets 429, a right code
   * starts the count again.
   */
  async function checkOtp(boundTo: string, purpose: OtpPurpose, code: string, codeId?: string) {
    return db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('otp_codes')
        .selectAll()
        .where('bound_to', '=', boundTo)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('invalidated_at', 'is', null)
        .orderBy('created_at', 'desc')
        .forUpdate();
      if (codeId) q = q.where('id', '=', codeId);
      const row = await q.executeTakeFirst();
      if (!row || row.expires_at <= now() || row.wrong_tries >= OTP_MAX_WRONG_TRIES) return null;
      const perAdmin = purpose === 'SIGN_IN';
      if (perAdmin) {
        // The admin's row is held to the end, so codes checked at once on several attempts are counted one by one.
        const admin = await trx.selectFrom('admins').select('locked_until').where('id', '=', row.admin_id).forUpdate().executeTakeFirstOrThrow();
        if (admin.locked_until && admin.locked_until > now()) throw accountLocked();
      }
      if (!sameBytes(keyedHash(deps.codeKey, boundTo, code), row.code_hash)) {
        const tries = row.wrong_tries + 1;
        await trx
          .updateTable('otp_codes')
          .set({ wrong_tries: tries, ...(tries >= OTP_MAX_WRONG_TRIES ? { invalidated_at: now() } : {}) })
          .where('id', '=', row.id)
          .execute();
        if (perAdmin && (await limits.wrongCode(trx, row.admin_id))) {
          // Locked: no code of this admin's sign-ins works any more.
          await trx.updateTable('otp_codes').set({ invalidated_at: now() }).where('admin_id', '=', row.admin_id).where('purpose', '=', 'SIGN_IN').where('consumed_at', 'is', null).where('invalidated_at', 'is', null).execute();
        }
        return null;
      }
      await trx.updateTable('otp_codes').set({ consumed_at: now() }).where('id', '=', row.id).execute();
      if (perAdmin) await limits.clearWrongCodes(trx, row.admin_id);
      return row;
    });
  }

  /** The server's password rule (platform/passwords.ts) with the words of the admin with this e-mail. */
  async function assertPolicy(password: string, email: string): Promise<void> {
    const admin = await findLiveAdminByEmail(email);
    await assertPasswordPolicy(password, admin ? await passwordOwnerOf(db, admin.id) : { email });
  }

  return {
    deps,
    db,
    config,
    now,
    later,
    limits,
    findLiveAdminByEmail,
    createSession,
    revokeAllSessions,
    issueActionCode,
    consumeActionCode,
    peekActionCode,
    mails,
    sendVerificationMail,
    sendInvitation,
    sendOtp,
    checkOtp,
    assertPolicy,
  };
}

export type AuthKit = ReturnType<typeof createAuthKit>;
