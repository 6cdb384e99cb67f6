/** Use case: a forgotten password: ask for a reset link, check it, set a new password with it. */
import { sql } from 'kysely';
import { ERROR_CODES, MSG } from '@portal/domain';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { AuthKit } from './kit.js';
import { RESET_MAILS_PER_HOUR, RESET_MAIL_INTERVAL_MS } from './limits.js';

export function passwordResetUseCase(kit: AuthKit) {
  const { db, now } = kit;

  /**
   * Answers the same, after the same work, for every e-mail (issue 15, security 3): the look-up and
   * the per-e-mail throttle are done for all, the link is made and mailed by the queue's worker. At most
   * one link a minute and 5 an hour per e-mail; past that, 429 saying when to ask again, nothing sent.
   * Returns the answer's message.
   */
  async function requestReset(email: string): Promise<string> {
    // The same job for every e-mail, written with the slot; the worker mails a link only to an active admin (mail-outbox.ts).
    const out = kit.mails.outbox();
    const slot = await kit.limits.takeMailSlot('RESET_MAIL', email, RESET_MAIL_INTERVAL_MS, RESET_MAILS_PER_HOUR, (trx) =>
      out.add(trx, { kind: 'RESET_LINK', email: email.trim().toLowerCase() }),
    );
    if (!slot.allowed) throw new AppError(ERROR_CODES.rateLimited, MSG.mailsAskedTooOften(slot.retryInSeconds));
    out.sent();
    return `${MSG.resetLinkSent} ${MSG.askAgainIn(slot.nextInSeconds)}`;
  }

  async function checkResetCode(oobCode: string): Promise<string> {
    const adminId = await kit.peekActionCode(oobCode, 'RESET_PASSWORD');
    const admin = adminId ? await db.selectFrom('admins').select(['email', 'status']).where('id', '=', adminId).executeTakeFirst() : undefined;
    if (!admin || admin.status !== 'ACTIVE') throw new AppError('auth/invalid-action-code', MSG.invalidResetLink);
    return admin.email;
  }

  async function confirmReset(oobCode: string, newPassword: string): Promise<void> {
    const email = await checkResetCode(oobCode);
    await kit.assertPolicy(newPassword, email);
    const hash = await hashPassword(newPassword);
    const out = kit.mails.outbox();
    const admin = await db.transaction().execute(async (trx) => {
      const adminId = await kit.consumeActionCode(oobCode, 'RESET_PASSWORD', trx);
      if (!adminId) return null;
      // The link proves the mailbox, so it also verifies the e-mail; a reset ends every session and any lock.
      const a = await trx
        .updateTable('admins')
        .set({ password_hash: hash, password_changed_at: now(), failed_logins: 0, locked_until: null, email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: now() })
        .where('id', '=', adminId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await kit.revokeAllSessions(adminId, trx);
      await kit.limits.clearWrongCodes(trx, adminId);
      await out.add(trx, { kind: 'PASSWORD_CHANGED', adminId });
      return a;
    });
    if (!admin) throw new AppError('auth/invalid-action-code', MSG.invalidResetLink);
    out.sent();
    await recordActivity(db, { employerId: admin.employer_id, vendorId: admin.vendor_id, adminId: admin.id, actionType: ACTION_TYPES.passwordReset, targetType: 'ADMIN', targetId: admin.id });
  }

  return { requestReset, checkResetCode, confirmReset };
}
