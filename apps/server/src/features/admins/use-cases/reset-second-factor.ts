import { MSG } from '@portal/domain';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import type { AuthContext } from '../../../platform/guard.js';
import { findManageable, type AdminDeps } from '../shared.js';

/**
 * Resets another admin's sign-in phone (decision 0038): the enrolled phone is cleared, the
 * admin's sessions end, the admin is mailed; the next sign-in enrols the registered mobile.
 */
export async function resetSecondFactor(deps: AdminDeps, ctx: AuthContext, id: string): Promise<string> {
  const { db } = deps;
  const target = await findManageable(deps, ctx, id);
  const out = deps.mails.outbox();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ mfa_phone: null, mfa_enrolled_at: null, updated_at: new Date() }).where('id', '=', target.id).execute();
    await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('admin_id', '=', target.id).where('revoked_at', 'is', null).execute();
    await out.add(trx, { kind: 'SECOND_FACTOR_RESET', adminId: target.id });
  });
  out.sent();
  await recordAdminActivity(db, ctx, { actionType: ACTION_TYPES.secondFactorReset, targetType: 'ADMIN', targetId: target.id, details: { name: target.name } });
  return `${MSG.secondFactorReset}.`;
}
