/** Use case: a signed-in admin changes the password (every other session ends), or signs out. */
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import { AppError } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { AuthKit } from './kit.js';

export function passwordChangeUseCase(kit: AuthKit) {
  const { db, now } = kit;

  async function logout(auth: AuthContext): Promise<void> {
    await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', auth.sessionId).execute();
  }

  async function changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<string> {
    const admin = await db.selectFrom('admins').selectAll().where('id', '=', auth.admin.id).executeTakeFirstOrThrow();
    if (!admin.password_hash || !(await verifyPassword(admin.password_hash, currentPassword))) throw new AppError('auth/wrong-password');
    await kit.assertPolicy(newPassword, admin.email);
    const hash = await hashPassword(newPassword);
    const out = kit.mails.outbox();
    const token = await db.transaction().execute(async (trx) => {
      await trx.updateTable('admins').set({ password_hash: hash, password_changed_at: now(), updated_at: now() }).where('id', '=', admin.id).execute();
      await kit.revokeAllSessions(admin.id, trx);
      await out.add(trx, { kind: 'PASSWORD_CHANGED', adminId: admin.id });
      return kit.createSession(admin.id, true, now(), trx);
    });
    out.sent();
    await recordActivity(db, { employerId: admin.employer_id, vendorId: admin.vendor_id, adminId: admin.id, actionType: ACTION_TYPES.passwordChanged, targetType: 'ADMIN', targetId: admin.id });
    return token;
  }

  return { logout, changePassword };
}
