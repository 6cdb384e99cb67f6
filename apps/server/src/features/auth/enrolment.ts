/** Use case: register the phone that receives sign-in codes (the second factor), from an enrolment-only session. */
import { ERROR_CODES, RECENT_LOGIN_MS, phoneHint } from '@portal/domain';
import { AppError } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import { isUuid } from '../../platform/ids.js';
import { invalidCode, type AuthKit } from './kit.js';

export function enrolmentUseCase(kit: AuthKit) {
  const { db, now } = kit;

  async function startEnrolment(auth: AuthContext, phone: string) {
    if (auth.admin.mfa_phone || auth.mfaVerified) throw new AppError(ERROR_CODES.secondFactorInUse);
    if (now().getTime() - auth.passwordVerifiedAt.getTime() > RECENT_LOGIN_MS) {
      throw new AppError(ERROR_CODES.requiresRecentLogin);
    }
    // Spec 4.2 step 5: when the employer registered the admin's mobile, the code goes to it and no
    // other phone is enrolled on the admin's word (issue 22 item 1, decision 0038). A changed number
    // is set by another admin with WRITE on admins (the admin form), which resets the second factor.
    if (auth.admin.mobile && phone !== auth.admin.mobile) throw new AppError(ERROR_CODES.phoneNotRegistered);
    const verificationId = await kit.sendOtp(auth.admin, 'ENROL', auth.sessionId, phone);
    return { verificationId, phoneHint: phoneHint(phone) };
  }

  async function finishEnrolment(auth: AuthContext, verificationId: string, code: string): Promise<string> {
    if (auth.admin.mfa_phone || auth.mfaVerified) throw new AppError(ERROR_CODES.secondFactorInUse);
    // A verificationId that is not a uuid cannot match; without this check PostgreSQL refuses the query (500).
    const row = isUuid(verificationId) ? await kit.checkOtp(auth.sessionId, 'ENROL', code, verificationId) : null;
    if (!row) throw invalidCode();
    const out = kit.mails.outbox();
    const token = await db.transaction().execute(async (trx) => {
      await trx.updateTable('admins').set({ mfa_phone: row.phone, mfa_enrolled_at: now(), updated_at: now() }).where('id', '=', auth.admin.id).execute();
      await trx.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', auth.sessionId).execute();
      await out.add(trx, { kind: 'SECOND_FACTOR_CHANGED', adminId: auth.admin.id });
      return kit.createSession(auth.admin.id, true, auth.passwordVerifiedAt, trx);
    });
    out.sent();
    await recordActivity(db, { employerId: auth.admin.employer_id, vendorId: auth.admin.vendor_id, adminId: auth.admin.id, actionType: ACTION_TYPES.secondFactorEnrolled, targetType: 'ADMIN', targetId: auth.admin.id });
    return token;
  }

  return { startEnrolment, finishEnrolment };
}
