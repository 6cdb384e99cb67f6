/** Use case: an invited admin signs up with the invitation link, asks for a mail again, verifies the e-mail. */
import { ERROR_CODES, MSG } from '@portal/domain';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { AuthKit } from './kit.js';
import { ANONYMOUS_MAILS_PER_HOUR, ANONYMOUS_RESEND_MS } from './limits.js';

export function signUpUseCase(kit: AuthKit) {
  const { db, now } = kit;

  /**
   * Mails asked for without signing in (sign-up without a working invitation link, "resend the
   * mail") are throttled per e-mail, known or not (one in 2 minutes, 5 an hour), so nobody can
   * flood a mailbox or keep an invitee's link changing; the answer says when to ask again, and
   * past the limit 429 says so and nothing is sent. The mail's job is written with the slot and
   * sent by the queue's worker, for known and unknown e-mails alike.
   */
  async function anonymousMail(email: string, purpose: 'SIGN_UP' | 'RESEND'): Promise<number> {
    // The job is queued for every e-mail, known or not; the worker sends only what applies (mail-outbox.ts).
    const out = kit.mails.outbox();
    const slot = await kit.limits.takeMailSlot('ANONYMOUS_MAIL', email, ANONYMOUS_RESEND_MS, ANONYMOUS_MAILS_PER_HOUR, (trx) =>
      out.add(trx, { kind: 'ANONYMOUS', email: email.trim().toLowerCase(), purpose }),
    );
    if (!slot.allowed) throw new AppError(ERROR_CODES.rateLimited, MSG.mailsAskedTooOften(slot.retryInSeconds));
    out.sent();
    return slot.nextInSeconds;
  }

  /**
   * Only a holder of the invitation link can set a password. Without a working link the answer
   * is the same whatever the e-mail (and true for each): the invitation mail goes out again if
   * there is an open one.
   */
  async function signUp(email: string, password: string, inviteToken: string | undefined): Promise<{ signedUp: boolean; message: string }> {
    if (inviteToken) {
      const adminId = await kit.peekActionCode(inviteToken, 'INVITE');
      const admin = adminId ? await db.selectFrom('admins').selectAll().where('id', '=', adminId).executeTakeFirst() : undefined;
      if (admin && admin.status === 'INVITED' && admin.email.toLowerCase() === email.trim().toLowerCase()) {
        await kit.assertPolicy(password, admin.email);
        const hash = await hashPassword(password);
        const out = kit.mails.outbox();
        const claimed = await db.transaction().execute(async (trx) => {
          if (!(await kit.consumeActionCode(inviteToken, 'INVITE', trx))) return false;
          await trx.updateTable('admins').set({ password_hash: hash, password_changed_at: now(), status: 'ACTIVE', updated_at: now() }).where('id', '=', admin.id).execute();
          await out.add(trx, { kind: 'VERIFY_EMAIL', adminId: admin.id });
          return true;
        });
        if (claimed) {
          out.sent();
          await recordActivity(db, { employerId: admin.employer_id, vendorId: admin.vendor_id, adminId: admin.id, actionType: ACTION_TYPES.signedUp, targetType: 'ADMIN', targetId: admin.id });
          return { signedUp: true, message: MSG.verificationMailSent };
        }
      }
    }
    await hashPassword(password); // the same work as a real sign-up
    const next = await anonymousMail(email, 'SIGN_UP');
    return { signedUp: false, message: `${MSG.signUpNeedsInvitation} ${MSG.askAgainIn(next)}` };
  }

  /** `/resendEmail`: the verification mail of a signed-up, unconfirmed e-mail, or the invitation of an invited one. */
  async function resendVerification(email: string): Promise<string> {
    const next = await anonymousMail(email, 'RESEND');
    return `${MSG.confirmationMailAgain} ${MSG.askAgainIn(next)}`;
  }

  async function verifyEmail(oobCode: string): Promise<void> {
    const adminId = await kit.consumeActionCode(oobCode, 'VERIFY_EMAIL');
    if (!adminId) throw new AppError('auth/invalid-action-code', MSG.invalidActionLink);
    await db.updateTable('admins').set({ email_verified_at: now(), updated_at: now() }).where('id', '=', adminId).execute();
  }

  return { signUp, resendVerification, verifyEmail };
}
