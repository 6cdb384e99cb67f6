/** Use case: sign in with e-mail and password, then the SMS code (the second factor). */
import { sql } from 'kysely';
import {
  ERROR_CODES,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  
  RESEND_COUNTDOWN_VERIFICATION_PAGE_S,
  SIGN_IN_ATTEMPT_TTL_MS,
  isValidEmail,
  phoneHint,
  type SignInResult,
} from '@portal/domain';
import { AppError } from '../../platform/errors.js';
import { assertPasswordPolicy, dummyHash, hashPassword, needsRehash, passwordOwnerOf, verifyPassword } from '../../platform/passwords.js';
import { newToken, sha256 } from '../../platform/secrets.js';
import type { Database } from '../../platform/database.js';
import { accountLocked, invalidCode, wrongCredentials, type AuthKit } from './kit.js';

export function signInUseCase(kit: AuthKit) {
  const { db, now, later } = kit;

  async function signIn(email: string, password: string): Promise<SignInResult> {
    const admin = isValidEmail(email) ? await kit.findLiveAdminByEmail(email) : undefined;
    if (!admin || admin.status !== 'ACTIVE' || !admin.password_hash) {
      // Counted per e-mail as an account counts wrong passwords, so the lock answers alike (issue 15).
      const locked = await kit.limits.signInFailureOfUnknown(email);
      await verifyPassword(await dummyHash(), password);
      throw locked ? accountLocked() : wrongCredentials();
    }
    if (admin.locked_until && admin.locked_until > now()) {
      await verifyPassword(await dummyHash(), password);
      throw accountLocked();
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
      throw accountLocked();
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
      await kit.sendVerificationMail(admin);
      throw new AppError(ERROR_CODES.emailNotVerified);
    }
    // A stored password that no longer meets the rule has expired ("Password Expired..." on the sign-in screen).
    await assertPasswordPolicy(password, await passwordOwnerOf(db, admin.id), { acceptPublished: !kit.config.production });

    if (admin.mfa_phone) {
      const resolverToken = newToken();
      // The attempt is made with its code, under the admin's hourly cap of codes: refused, neither is kept.
      const newAttempt = async (trx: Database) => {
        const attempt = await trx
          .insertInto('sign_in_attempts')
          .values({ admin_id: admin.id, token_hash: sha256(resolverToken), created_at: now(), expires_at: later(SIGN_IN_ATTEMPT_TTL_MS) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return attempt.id;
      };
      await kit.sendOtp(admin, 'SIGN_IN', newAttempt, admin.mfa_phone);
      return { status: 'MFA_REQUIRED', code: ERROR_CODES.mfaRequired, resolverToken, phoneHint: phoneHint(admin.mfa_phone) };
    }
    // No second factor yet: an enrolment-only session (the profile fetch answers E11023).
    return { status: 'SIGNED_IN', token: await kit.createSession(admin.id, false, now()) };
  }

  async function attemptOf(resolverToken: string) {
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
    // Locked (wrong passwords or wrong codes) since the password step: no code is checked or sent.
    if (row.locked_until && row.locked_until > now()) throw accountLocked();
    return row;
  }

  async function resendSignInCode(resolverToken: string) {
    const attempt = await attemptOf(resolverToken);
    await kit.sendOtp(attempt, 'SIGN_IN', attempt.attempt_id, attempt.mfa_phone!);
    return { phoneHint: phoneHint(attempt.mfa_phone!), resendAfterSeconds: RESEND_COUNTDOWN_VERIFICATION_PAGE_S };
  }

  async function verifySignInCode(resolverToken: string, code: string): Promise<string> {
    const attempt = await attemptOf(resolverToken);
    if (!(await kit.checkOtp(attempt.attempt_id, 'SIGN_IN', code))) throw invalidCode();
    const done = await db
      .updateTable('sign_in_attempts')
      .set({ completed_at: now() })
      .where('id', '=', attempt.attempt_id)
      .where('completed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw invalidCode();
    return kit.createSession(attempt.id, true, attempt.attempt_created_at);
  }

  return { signIn, attemptOf, resendSignInCode, verifySignInCode };
}
