import { API_KEY_MSG, API_KEY_SHOWN_CHARS, checkApiKeyScope, type ApiKeyCreateBody, type ApiKeyCreated } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { newApiKeySecret } from '../../../platform/api-keys.js';
import { badRequest, conflict } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { humansOnly } from '../shared.js';
import { list } from './list.js';

/** A new key, its resources checked against the caller's (`checkApiKeyScope`); the secret is answered once and kept as its hash. */
export async function create(deps: Deps, ctx: AuthContext, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  humansOnly(ctx);
  const vendorId = body.vendorId ?? null;
  const problem = checkApiKeyScope(body.resources, vendorId !== null, ctx.resources);
  if (problem) throw badRequest(problem);
  const { db } = deps;
  if (vendorId) {
    const vendor = await db.selectFrom('vendors').select('id').where('id', '=', vendorId).where('employer_id', '=', ctx.admin.employer_id).executeTakeFirst();
    if (!vendor) throw badRequest(API_KEY_MSG.vendorUnknown);
  }
  const { secret, hash } = newApiKeySecret();
  const resources = Object.fromEntries(Object.entries(body.resources).filter(([, t]) => (t?.length ?? 0) > 0));
  const id = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('api_keys')
      .select('id')
      .where('employer_id', '=', ctx.admin.employer_id)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', body.name.toLowerCase()))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (taken) throw conflict(API_KEY_MSG.nameTaken);
    const row = await trx
      .insertInto('api_keys')
      .values({ employer_id: ctx.admin.employer_id, vendor_id: vendorId, name: body.name, shown: secret.slice(0, API_KEY_SHOWN_CHARS), secret_hash: hash, resources: JSON.stringify(resources), created_by: ctx.admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAdminActivity(trx, { ...ctx, vendorId: null }, { actionType: ACTION_TYPES.apiKeyCreated, targetType: 'API_KEY', targetId: row.id, details: { name: body.name } });
    return row.id;
  });
  const key = (await list(deps, ctx)).find((k) => k.id === id)!;
  return { key, secret, message: API_KEY_MSG.created };
}
