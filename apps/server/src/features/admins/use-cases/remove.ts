import { MSG } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import type { AuthContext } from '../../../platform/guard.js';
import { findManageable } from '../shared.js';

/** DELETE /employer-admin/terminate/:id: the admin removed, its sessions and mailed links ended. */
export async function remove(deps: Pick<Deps, 'db'>, ctx: AuthContext, id: string): Promise<string> {
  const { db } = deps;
  const target = await findManageable(deps, ctx, id);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('admins').set({ status: 'REMOVED', removed_at: new Date(), updated_at: new Date() }).where('id', '=', target.id).execute();
    await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('admin_id', '=', target.id).where('revoked_at', 'is', null).execute();
    await trx.updateTable('action_codes').set({ used_at: new Date() }).where('admin_id', '=', target.id).where('used_at', 'is', null).execute();
  });
  await recordAdminActivity(db, ctx, { actionType: ACTION_TYPES.adminRemoved, targetType: 'ADMIN', targetId: target.id, details: { name: target.name } });
  return MSG.userRemoved;
}
