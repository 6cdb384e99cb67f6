/**
 * Per-account identity limits (issue 15, security 2, 3 and 8), kept in PostgreSQL (auth_limits,
 * migration 0016) so that they hold across processes. Per-IP route limits are @fastify/rate-limit's.
 *
 * - failures: wrong sign-in codes of an admin across attempts, and failed sign-ins of an e-mail
 *   without an account, counted and locked like wrong passwords (10, then 30 minutes);
 * - mail slots: reset links and mails asked for without signing in, per e-mail, at most one per
 *   interval and a few per hour, the same for known and unknown e-mails.
 */
import { sql } from 'kysely';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@portal/domain';
import type { AuthLimitKind } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';
import type { Deps } from '../../platform/context.js';
import { keyedHash } from '../../platform/secrets.js';

const HOUR_MS = 60 * 60_000;
/** Rows no longer holding anything (a quiet mail window, a count back at 0) are dropped a day after their last use. */
const FORGET_AFTER_MS = 24 * HOUR_MS;
const FORGET_EVERY_MS = 60_000;

/** A password-reset link per e-mail: at most one a minute, 5 an hour. */
export const RESET_MAIL_INTERVAL_MS = 60_000;
export const RESET_MAILS_PER_HOUR = 5;
/** Invitation or verification mails asked for without signing in, per e-mail: one in 2 minutes, 5 an hour. */
export const ANONYMOUS_RESEND_MS = 2 * 60_000;
export const ANONYMOUS_MAILS_PER_HOUR = 5;

export type MailSlot = { allowed: true; nextInSeconds: number } | { allowed: false; retryInSeconds: number };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createLimits(deps: Deps) {
  const { db } = deps;
  const now = () => deps.now();

  /** The subject of an e-mail's limits: a keyed hash of it, lower-cased, whether or not it has an account. */
  const emailSubject = (email: string) => keyedHash(deps.codeKey, 'auth-limit-email', email.trim().toLowerCase()).toString('hex');

  /** The row of (kind, subject), created empty if missing, locked until the transaction ends. */
  async function lockRow(trx: Database, kind: AuthLimitKind, subject: string) {
    await trx.insertInto('auth_limits').values({ kind, subject, count: 0, last_at: now() }).onConflict((oc) => oc.columns(['kind', 'subject']).doNothing()).execute();
    return trx.selectFrom('auth_limits').selectAll().where('kind', '=', kind).where('subject', '=', subject).forUpdate().executeTakeFirstOrThrow();
  }

  // Quiet rows are looked for at most once a minute per process, not on every request.
  let lastForget = -Infinity;
  async function forgetQuietRows(): Promise<void> {
    const t = now().getTime();
    if (t - lastForget < FORGET_EVERY_MS) return;
    lastForget = t;
    const cutoff = new Date(t - FORGET_AFTER_MS);
    await db
      .deleteFrom('auth_limits')
      .where('last_at', '<', cutoff)
      .where((eb) =>
        eb.or([
          eb('kind', 'in', ['RESET_MAIL', 'ANONYMOUS_MAIL']),
          eb.and([eb('count', '=', 0), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now())])]),
        ]),
      )
      .execute();
  }

  /**
   * A failed sign-in of an e-mail without an account, counted as a real account counts wrong
   * passwords: the 10th failure locks it for 30 minutes. Returns true when it is locked already
   * (the failure is then not counted, as for an account).
   */
  async function signInFailureOfUnknown(email: string): Promise<boolean> {
    const subject = emailSubject(email);
    const locked = await db.transaction().execute(async (trx) => {
      const row = await lockRow(trx, 'SIGN_IN_FAILURE', subject);
      if (row.locked_until && row.locked_until > now()) return true;
      const count = row.count + 1;
      const lock = count >= LOGIN_MAX_FAILURES;
      await trx
        .updateTable('auth_limits')
        .set({ count: lock ? 0 : count, locked_until: lock ? new Date(now().getTime() + LOGIN_LOCK_MS) : null, last_at: now() })
        .where('kind', '=', 'SIGN_IN_FAILURE')
        .where('subject', '=', subject)
        .execute();
      return false;
    });
    await forgetQuietRows();
    return locked;
  }

  /**
   * A wrong sign-in code of an admin, counted across sign-in attempts in the caller's transaction
   * (which holds the admin's row). The 10th locks the admin as 10 wrong passwords do. Returns true
   * when this one locked it.
   */
  async function wrongCode(trx: Database, adminId: string): Promise<boolean> {
    const row = await trx
      .insertInto('auth_limits')
      .values({ kind: 'WRONG_CODE', subject: adminId, count: 1, last_at: now() })
      .onConflict((oc) => oc.columns(['kind', 'subject']).doUpdateSet({ count: sql`auth_limits.count + 1`, last_at: now() }))
      .returning('count')
      .executeTakeFirstOrThrow();
    if (row.count < LOGIN_MAX_FAILURES) return false;
    await trx.updateTable('auth_limits').set({ count: 0 }).where('kind', '=', 'WRONG_CODE').where('subject', '=', adminId).execute();
    await trx.updateTable('admins').set({ failed_logins: 0, locked_until: new Date(now().getTime() + LOGIN_LOCK_MS) }).where('id', '=', adminId).execute();
    return true;
  }

  /** A right code (or a password reset) starts the count of wrong codes again. */
  const clearWrongCodes = (trx: Database, adminId: string) =>
    trx.deleteFrom('auth_limits').where('kind', '=', 'WRONG_CODE').where('subject', '=', adminId).execute();

  /**
   * Takes a mail slot of an e-mail: allowed when the last accepted request is at least
   * `intervalMs` old and fewer than `perHour` were accepted in the current hour. Says when the next
   * request would be allowed (or, refused, when it will be).
   */
  async function takeMailSlot(
    kind: 'RESET_MAIL' | 'ANONYMOUS_MAIL',
    email: string,
    intervalMs: number,
    perHour: number,
    /** Runs in the slot's transaction when it is allowed: the mail's job is written with the slot (mail-outbox.ts). */
    onAllowed?: (trx: Database) => Promise<void>,
  ): Promise<MailSlot> {
    const subject = emailSubject(email);
    const slot = await db.transaction().execute(async (trx): Promise<MailSlot> => {
      const row = await lockRow(trx, kind, subject);
      const t = now().getTime();
      const started = row.window_started_at?.getTime() ?? null; // null: nothing accepted yet
      const windowLive = started !== null && t < started + HOUR_MS;
      const count = windowLive ? row.count : 0;
      const gapUntil = started !== null ? row.last_at.getTime() + intervalMs : 0;
      const capUntil = windowLive && count >= perHour ? started + HOUR_MS : 0;
      const waitUntil = Math.max(gapUntil, capUntil);
      if (waitUntil > t) return { allowed: false, retryInSeconds: seconds(waitUntil - t) };
      const windowStart = windowLive ? started : t;
      await trx
        .updateTable('auth_limits')
        .set({ count: count + 1, window_started_at: new Date(windowStart), last_at: new Date(t) })
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .execute();
      await onAllowed?.(trx);
      const nextAt = Math.max(t + intervalMs, count + 1 >= perHour ? windowStart + HOUR_MS : 0);
      return { allowed: true, nextInSeconds: seconds(nextAt - t) };
    });
    await forgetQuietRows();
    return slot;
  }

  return { emailSubject, signInFailureOfUnknown, wrongCode, clearWrongCodes, takeMailSlot };
}
