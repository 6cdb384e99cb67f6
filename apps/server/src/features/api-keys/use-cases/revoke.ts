import { API_KEY_MSG } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { conflict, notFound } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { isUuid } from '../../../platform/ids.js';
import { humansOnly } from '../shared.js';

/** Revokes one of the employer's keys, with its activity row; a key already revoked is a 409. */
export async function revoke(deps: Deps, ctx: AuthContext, id: string): Promise<string> {
  humansOnly(ctx);
  if (!isUuid(id)) throw notFound(API_KEY_MSG.notFound);
  return deps.db.transaction().execute(async (trx) => {
    const key = await trx.selectFrom('api_keys').select(['id', 'name', 'revoked_at']).where('id', '=', id).where('employer_id', '=', ctx.admin.employer_id).forUpdate().executeTakeFirst();
    if (!key) throw notFound(API_KEY_MSG.notFound);
    if (key.revoked_at) throw conflict(API_KEY_MSG.alreadyRevoked);
    await trx.updateTable('api_keys').set({ revoked_at: deps.now(), revoked_by: ctx.admin.id }).where('id', '=', id).execute();
    await recordAdminActivity(trx, { ...ctx, vendorId: null }, { actionType: ACTION_TYPES.apiKeyRevoked, targetType: 'API_KEY', targetId: id, details: { name: key.name } });
    return API_KEY_MSG.revoked;
  });
}
