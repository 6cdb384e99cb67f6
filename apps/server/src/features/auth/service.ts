/**
 * Identity: password sign-in, the SMS second factor, invitations, e-mail verification, password
 * reset and change, sessions. Built on argon2id (@node-rs/argon2) and node:crypto; see
 * docs/decisions/0002-identity-without-better-auth.md for why no auth framework.
 */
import { sql } from 'kysely';
import {
  ERROR_CODES,
  INVITE_LINK_TTL_MS,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  MSG,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MS,
  RECENT_LOGIN_MS,
  RESEND_COUNTDOWN_VERIFICATION_PAGE_S,
  RESET_LINK_TTL_MS,
  SESSION_ABSOLUTE_TTL_MS,
  SIGN_IN_ATTEMPT_TTL_MS,
  VERIFY_LINK_TTL_MS,
  isValidEmail,
  passwordPolicyMessage,
  passwordPolicyProblems,
  phoneHint,
  type SignInResult,
} from '@portal/domain';
import type { ActionKind, AdminRecord, OtpPurpose } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';
import type { Deps } from '../../platform/context.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../platform/passwords.js';
import { keyedHash, newOtp, newToken, sameBytes, sha256 } from '../../platform/secrets.js';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import {
  invitationMail,
  otpSms,
  passwordChangedMail,
  resetPasswordMail,
  secondFactorChangedMail,
  toE164,
  verifyEmailMail,
} from './mails.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How often an anonymous caller may have an invitation or verification mail sent again. */
export const ANONYMOUS_RESEND_MS = 2 * 60_000;

const wrongCredentials = () => badRequest(MSG.wrongCredentials, 'auth/invalid-credential');
const invalidCode = () => badRequest(MSG.invalidCode, 'auth/invalid-verification-code');

export function createAuthService(deps: Deps) {
  const { db, config } = deps;
  const now = () => deps.now();
  const later = (ms: number) => new Date(now().getTime() + ms);

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

  async function sendVerificationMail(admin: AdminRecord): Promise<void> {
    const code = await issueActionCode(admin.id, 'VERIFY_EMAIL', VERIFY_LINK_TTL_MS);
    await deps.mailer.send({ to: admin.email, ...(verifyEmailMail(config.publicUrl, admin.name, code)) });
  }

  async function sendInvitation(admin: Pick<AdminRecord, 'id' | 'name' | 'email'>): Promise<void> {
    const code = await issueActionCode(admin.id, 'INVITE', INVITE_LINK_TTL_MS);
    await deps.mailer.send({ to: admin.email, ...(invitationMail(config.publicUrl, admin.name, admin.email, code)) });
  }

  /**
   * Re-sends asked for by an anonymous caller (sign-up without a token, "resend the mail") go out
   * at most once per ANONYMOUS_RESEND_MS per admin and kind, so nobody can flood a mailbox or keep
   * an invitee's link changing.
   */
  async function recentlySent(adminId: string, kind: ActionKind): Promise<boolean> {
    const row = await db
      .selectFrom('action_codes')
      .select('id')
      .where('admin_id', '=', adminId)
      .where('kind', '=', kind)
      .where('created_at', '>', new Date(now().getTime() - ANONYMOUS_RESEND_MS))
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Sends a fresh code for `boundTo` (a sign-in attempt or a session), replacing any earlier one. */
  async function sendOtp(admin: AdminRecord, purpose: OtpPurpose, boundTo: string, phone: string): Promise<string> {
    const code = newOtp();
    const id = await db.transaction().execute(async (trx) => {
      // One sender per attempt at a time, so two resends at the same moment cannot both pass the countdown.
      await sql`select pg_advisory_xact_lock(hashtext(${boundTo}))`.execute(trx);
      const last = await trx.selectFrom('otp_codes').select('created_at').where('bound_to', '=', boundTo).orderBy('created_at', 'desc').executeTakeFirst();
      if (last && now().getTime() - last.created_at.getTime() < RESEND_COUNTDOWN_VERIFICATION_PAGE_S * 1000 - 1000) {
        throw new AppError(429, MSG.tooManyRequests, ERROR_CODES.rateLimited);
      }
      await trx.updateTable('otp_codes').set({ invalidated_at: now() }).where('bound_to', '=', boundTo).where('consumed_at', 'is', null).where('invalidated_at', 'is', null).execute();
      const row = await trx
        .insertInto('otp_codes')
        .values({ admin_id: admin.id, purpose, bound_to: boundTo, phone, code_hash: keyedHash(deps.codeKey, boundTo, code), expires_at: later(OTP_TTL_MS), created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    await deps.sms.send({ to: toE164(phone), text: otpSms(code) });
    return id;
  }

  /** Checks a code against the live code of `boundTo`; 5 wrong tries spend it. Returns the code row on success. */
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
      if (!sameBytes(keyedHash(deps.codeKey, boundTo, code), row.code_hash)) {
        const tries = row.wrong_tries + 1;
        await trx
          .updateTable('otp_codes')
          .set({ wrong_tries: tries, ...(tries >= OTP_MAX_WRONG_TRIES ? { invalidated_at: now() } : {}) })
          .where('id', '=', row.id)
          .execute();
        return null;
      }
      await trx.updateTable('otp_codes').set({ consumed_at: now() }).where('id', '=', row.id).execute();
      return row;
    });
  }

  function assertPolicy(password: string, email: string): void {
    const problems = passwordPolicyProblems(password, { email });
    if (problems.length) throw badRequest(passwordPolicyMessage(problems), ERROR_CODES.passwordExpired);
  }

  return {
    sendInvitation,

    async signIn(email: string, password: string): Promise<SignInResult> {
      const admin = isValidEmail(email) ? await findLiveAdminByEmail(email) : undefined;
      if (!admin || admin.status !== 'ACTIVE' || !admin.password_hash) {
        await verifyPassword(await dummyHash(), password);
        throw wrongCredentials();
      }
      if (admin.locked_until && admin.locked_until > now()) {
        await verifyPassword(await dummyHash(), password);
        throw new AppError(429, MSG.accountLocked, ERROR_CODES.locked);
      }
      // Count the attempt as a failure before checking it, so that guesses sent in parallel cannot
      // get more than LOGIN_MAX_FAILURES passwords checked; a right password resets the count below.
      const row = await db
        .updateTable('admins')
        .set({ failed_logins: sql`failed_logins + 1` })
        .where('id', '=', admin.id)
        .where('failed_logins', '<', LOGIN_MAX_FAILURES)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now())]))
        .returning('failed_logins')
        .executeTakeFirst();
      if (!row) {
        // 10 attempts already counted (some may still be in flight, or were cut short): lock now, so that the count cannot stick.
        await db
          .updateTable('admins')
          .set({ failed_logins: 0, locked_until: later(LOGIN_LOCK_MS) })
          .where('id', '=', admin.id)
          .where('failed_logins', '>=', LOGIN_MAX_FAILURES)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now())]))
          .execute();
        await verifyPassword(await dummyHash(), password);
        throw new AppError(429, MSG.accountLocked, ERROR_CODES.locked);
      }
      if (!(await verifyPassword(admin.password_hash, password))) {
        if (row.failed_logins >= LOGIN_MAX_FAILURES) {
          await db.updateTable('admins').set({ failed_logins: 0, locked_until: later(LOGIN_LOCK_MS) }).where('id', '=', admin.id).execute();
        }
        throw wrongCredentials();
      }
      await db
        .updateTable('admins')
        .set({ failed_logins: 0, locked_until: null, ...(needsRehash(admin.password_hash) ? { password_hash: await hashPassword(password) } : {}) })
        .where('id', '=', admin.id)
        .execute();
      if (!admin.email_verified_at) {
        await sendVerificationMail(admin);
        throw new AppError(403, MSG.verificationMailSent, ERROR_CODES.emailNotVerified);
      }
      const problems = passwordPolicyProblems(password, { email: admin.email });
      if (problems.length) throw badRequest(passwordPolicyMessage(problems), ERROR_CODES.passwordExpired);

      if (admin.mfa_phone) {
        const resolverToken = newToken();
        const attempt = await db
          .insertInto('sign_in_attempts')
          .values({ admin_id: admin.id, token_hash: sha256(resolverToken), created_at: now(), expires_at: later(SIGN_IN_ATTEMPT_TTL_MS) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sendOtp(admin, 'SIGN_IN', attempt.id, admin.mfa_phone);
        return { status: 'MFA_REQUIRED', code: ERROR_CODES.mfaRequired, resolverToken, phoneHint: phoneHint(admin.mfa_phone) };
      }
      // No second factor yet: an enrolment-only session (the profile fetch answers E11023).
      return { status: 'SIGNED_IN', token: await createSession(admin.id, false, now()) };
    },

    async attemptOf(resolverToken: string) {
      const row = await db
        .selectFrom('sign_in_attempts as t')
        .innerJoin('admins as a', 'a.id', 't.admin_id')
        .selectAll('a')
        .select(['t.id as attempt_id', 't.created_at as attempt_created_at', 't.expires_at as attempt_expires_at', 't.completed_at as attempt_completed_at'])
        .where('t.token_hash', '=', sha256(resolverToken))
        .executeTakeFirst();
      if (!row || row.attempt_completed_at || row.attempt_expires_at <= now() || row.status !== 'ACTIVE' || !row.mfa_phone) throw invalidCode();
      // A password change or reset since the password step ends the attempt, as it ends every session.
      if (row.password_changed_at && row.attempt_created_at <= row.password_changed_at) throw invalidCode();
      return row;
    },

    async resendSignInCode(resolverToken: string) {
      const attempt = await this.attemptOf(resolverToken);
      await sendOtp(attempt, 'SIGN_IN', attempt.attempt_id, attempt.mfa_phone!);
      return { phoneHint: phoneHint(attempt.mfa_phone!), resendAfterSeconds: RESEND_COUNTDOWN_VERIFICATION_PAGE_S };
    },

    async verifySignInCode(resolverToken: string, code: string): Promise<string> {
      const attempt = await this.attemptOf(resolverToken);
      if (!(await checkOtp(attempt.attempt_id, 'SIGN_IN', code))) throw invalidCode();
      const done = await db
        .updateTable('sign_in_attempts')
        .set({ completed_at: now() })
        .where('id', '=', attempt.attempt_id)
        .where('completed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!done) throw invalidCode();
      return createSession(attempt.id, true, attempt.attempt_created_at);
    },

    async startEnrolment(auth: AuthContext, phone: string) {
      if (auth.admin.mfa_phone || auth.mfaVerified) throw conflict('A second factor is already registered', ERROR_CODES.secondFactorInUse);
      if (now().getTime() - auth.passwordVerifiedAt.getTime() > RECENT_LOGIN_MS) {
        throw new AppError(403, 'Please sign in again to register your phone', ERROR_CODES.requiresRecentLogin);
      }
      const verificationId = await sendOtp(auth.admin, 'ENROL', auth.sessionId, phone);
      return { verificationId, phoneHint: phoneHint(phone) };
    },

    async finishEnrolment(auth: AuthContext, verificationId: string, code: string): Promise<string> {
      if (auth.admin.mfa_phone || auth.mfaVerified) throw conflict('A second factor is already registered', ERROR_CODES.secondFactorInUse);
      // A verificationId that is not a uuid cannot match; without this check PostgreSQL refuses the query (500).
      const row = UUID_RE.test(verificationId) ? await checkOtp(auth.sessionId, 'ENROL', code, verificationId) : null;
      if (!row) throw invalidCode();
      const token = await db.transaction().execute(async (trx) => {
        await trx.updateTable('admins').set({ mfa_phone: row.phone, mfa_enrolled_at: now(), updated_at: now() }).where('id', '=', auth.admin.id).execute();
        await trx.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', auth.sessionId).execute();
        return createSession(auth.admin.id, true, auth.passwordVerifiedAt, trx);
      });
      await recordActivity(db, { employerId: auth.admin.employer_id, vendorId: auth.admin.vendor_id, adminId: auth.admin.id, actionType: ACTION_TYPES.secondFactorEnrolled, targetType: 'ADMIN', targetId: auth.admin.id });
      await deps.mailer.send({ to: auth.admin.email, ...(secondFactorChangedMail(auth.admin.name, phoneHint(row.phone))) });
      return token;
    },

    async logout(auth: AuthContext): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', auth.sessionId).execute();
    },

    async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<string> {
      const admin = await db.selectFrom('admins').selectAll().where('id', '=', auth.admin.id).executeTakeFirstOrThrow();
      if (!admin.password_hash || !(await verifyPassword(admin.password_hash, currentPassword))) throw badRequest(MSG.currentPasswordWrong, 'auth/wrong-password');
      assertPolicy(newPassword, admin.email);
      const hash = await hashPassword(newPassword);
      const token = await db.transaction().execute(async (trx) => {
        await trx.updateTable('admins').set({ password_hash: hash, password_changed_at: now(), updated_at: now() }).where('id', '=', admin.id).execute();
        await revokeAllSessions(admin.id, trx);
        return createSession(admin.id, true, now(), trx);
      });
      await recordActivity(db, { employerId: admin.employer_id, vendorId: admin.vendor_id, adminId: admin.id, actionType: ACTION_TYPES.passwordChanged, targetType: 'ADMIN', targetId: admin.id });
      await deps.mailer.send({ to: admin.email, ...(passwordChangedMail(admin.name)) });
      return token;
    },

    /** Same answer whatever the e-mail; only a holder of the invitation link can set a password. */
    async signUp(email: string, password: string, inviteToken: string | undefined): Promise<void> {
      if (inviteToken) {
        const adminId = await peekActionCode(inviteToken, 'INVITE');
        const admin = adminId ? await db.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirst() : undefined;
        if (admin && admin.status === 'INVITED' && admin.email.toLowerCase() === email.trim().toLowerCase()) {
          assertPolicy(password, admin.email);
          const hash = await hashPassword(password);
          const claimed = await db.transaction().execute(async (trx) => {
            if (!(await consumeActionCode(inviteToken, 'INVITE', trx))) return false;
            await trx.updateTable('admins').set({ password_hash: hash, password_changed_at: now(), status: 'ACTIVE', updated_at: now() }).where('id', '=', admin.id).execute();
            return true;
          });
          if (claimed) {
            await recordActivity(db, { employerId: admin.employer_id, vendorId: admin.vendor_id, adminId: admin.id, actionType: ACTION_TYPES.signedUp, targetType: 'ADMIN', targetId: admin.id });
            await sendVerificationMail(admin);
          }
          return;
        }
      }
      await hashPassword(password); // the same work as a real sign-up
      const admin = isValidEmail(email) ? await findLiveAdminByEmail(email) : undefined;
      if (admin && admin.status === 'INVITED' && !(await recentlySent(admin.id, 'INVITE'))) await sendInvitation(admin);
    },

    async resendVerification(email: string): Promise<void> {
      const admin = isValidEmail(email) ? await findLiveAdminByEmail(email) : undefined;
      if (admin && admin.status === 'ACTIVE' && !admin.email_verified_at && !(await recentlySent(admin.id, 'VERIFY_EMAIL'))) await sendVerificationMail(admin);
      else if (admin && admin.status === 'INVITED' && !(await recentlySent(admin.id, 'INVITE'))) await sendInvitation(admin);
    },

    async verifyEmail(oobCode: string): Promise<void> {
      const adminId = await consumeActionCode(oobCode, 'VERIFY_EMAIL');
      if (!adminId) throw badRequest(MSG.invalidActionLink, 'auth/invalid-action-code');
      await db.updateTable('admins').set({ email_verified_at: now(), updated_at: now() }).where('id', '=', adminId).execute();
    },

    async requestReset(email: string): Promise<void> {
      const admin = isValidEmail(email) ? await findLiveAdminByEmail(email) : undefined;
      if (!admin || admin.status !== 'ACTIVE') return;
      const code = await issueActionCode(admin.id, 'RESET_PASSWORD', RESET_LINK_TTL_MS);
      await deps.mailer.send({ to: admin.email, ...(resetPasswordMail(config.publicUrl, admin.name, code)) });
    },

    async checkResetCode(oobCode: string): Promise<string> {
      const adminId = await peekActionCode(oobCode, 'RESET_PASSWORD');
      const admin = adminId ? await db.selectFrom('admins').select(['email', 'status']).where('id', '=', adminId).executeTakeFirst() : undefined;
      if (!admin || admin.status !== 'ACTIVE') throw badRequest(MSG.invalidResetLink, 'auth/invalid-action-code');
      return admin.email;
    },

    async confirmReset(oobCode: string, newPassword: string): Promise<void> {
      const email = await this.checkResetCode(oobCode);
      assertPolicy(newPassword, email);
      const hash = await hashPassword(newPassword);
      const admin = await db.transaction().execute(async (trx) => {
        const adminId = await consumeActionCode(oobCode, 'RESET_PASSWORD', trx);
        if (!adminId) return null;
        // The link proves the mailbox, so it also verifies the e-mail; a reset ends every session and any lock.
        const a = await trx
          .updateTable('admins')
          .set({ password_hash: hash, password_changed_at: now(), failed_logins: 0, locked_until: null, email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: now() })
          .where('id', '=', adminId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await revokeAllSessions(adminId, trx);
        return a;
      });
      if (!admin) throw badRequest(MSG.invalidResetLink, 'auth/invalid-action-code');
      await recordActivity(db, { employerId: admin.employer_id, vendorId: admin.vendor_id, adminId: admin.id, actionType: ACTION_TYPES.passwordReset, targetType: 'ADMIN', targetId: admin.id });
      await deps.mailer.send({ to: admin.email, ...(passwordChangedMail(admin.name)) });
    },

    revokeAllSessions,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
