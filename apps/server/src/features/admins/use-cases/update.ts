import { MSG, type AdminFormBody } from '@portal/domain';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { conflict } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { emailTaken, findManageable, validateForm, type AdminDeps } from '../shared.js';

/** PUT /employer-admin/update-employer-admin?id=: another admin's details and role. */
export async function update(deps: AdminDeps, ctx: AuthContext, id: string, body: AdminFormBody): Promise<string> {
  const { db } = deps;
  const target = await findManageable(deps, ctx, id);
  const values = await validateForm(deps, ctx, body);
  if (await emailTaken(deps, values.email, target.id)) throw conflict('An admin with this e-mail already exists');
  const emailChanged = values.email !== target.email.toLowerCase();
  // A new mobile number is how an admin whose number changed gets sign-in codes on it (decision
  // 0038): the phone enrolled on the old number is reset, the admin's sessions end, and the
  // admin is told by mail; the next sign-in sends the code to the new number.
  const phoneReset = values.mobile !== target.mobile && target.mfa_phone !== null && target.mfa_phone !== values.mobile;
  const out = deps.mails.outbox();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ ...values, updated_at: new Date(), ...(emailChanged ? { email_verified_at: null } : {}), ...(phoneReset ? { mfa_phone: null, mfa_enrolled_at: null } : {}) })
      .where('id', '=', target.id)
      .execute();
    if (phoneReset) await out.add(trx, { kind: 'SECOND_FACTOR_RESET', adminId: target.id });
    if (emailChanged && target.status === 'INVITED') await out.add(trx, { kind: 'INVITATION', adminId: target.id });
    // New rights, a new e-mail or a reset phone take effect at the next sign-in.
    if (emailChanged || phoneReset || values.role_ids.join() !== target.role_ids.join()) {
      await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('admin_id', '=', target.id).where('revoked_at', 'is', null).execute();
    }
    // Links mailed to the old address (reset, verification, invitation) must not work for the new one.
    if (emailChanged) {
      await trx.updateTable('action_codes').set({ used_at: new Date() }).where('admin_id', '=', target.id).where('used_at', 'is', null).execute();
    }
  });
  out.sent();
  await recordAdminActivity(db, ctx, { actionType: ACTION_TYPES.adminUpdated, targetType: 'ADMIN', targetId: target.id, details: { name: values.name } });
  if (phoneReset) await recordAdminActivity(db, ctx, { actionType: ACTION_TYPES.secondFactorReset, targetType: 'ADMIN', targetId: target.id, details: { name: values.name } });
  return phoneReset ? `${MSG.updatedSuccessful} ${MSG.secondFactorReset}.` : MSG.updatedSuccessful;
}
