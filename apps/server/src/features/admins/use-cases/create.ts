import { MSG, type AdminFormBody } from '@portal/domain';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { conflict } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { emailTaken, validateForm, type AdminDeps } from '../shared.js';

/** POST /employer-admin/create-employer-admin: the admin invited, with its invitation mail. */
export async function create(deps: AdminDeps, ctx: AuthContext, body: AdminFormBody): Promise<string> {
  const { db } = deps;
  const values = await validateForm(deps, ctx, body);
  if (await emailTaken(deps, values.email)) throw conflict('An admin with this e-mail already exists');
  // The admin and the job of its invitation mail are written together (features/auth/mail-outbox.ts).
  const out = deps.mails.outbox();
  const created = await db.transaction().execute(async (trx) => {
    const a = await trx
      .insertInto('admins')
      .values({ ...values, employer_id: ctx.admin.employer_id, vendor_id: ctx.vendorId, invited_by: ctx.admin.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    await out.add(trx, { kind: 'INVITATION', adminId: a.id });
    return a;
  });
  out.sent();
  await recordAdminActivity(db, ctx, { actionType: ACTION_TYPES.adminInvited, targetType: 'ADMIN', targetId: created.id, details: { name: created.name } });
  return MSG.invitationSent(created.name);
}
