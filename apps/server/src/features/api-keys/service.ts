/**
 * API keys in Settings (issue 26, decision 0044): list, create (the secret answered once), revoke.
 * An admin with WRITE on the admin resource manages them; a key never manages keys.
 */
import { API_KEY_MSG, API_KEY_SHOWN_CHARS, checkApiKeyScope, type ApiKeyCreateBody, type ApiKeyCreated, type ApiKeyRow } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { ACTION_TYPES, recordAdminActivity } from '../../platform/activity.js';
import { newApiKeySecret } from '../../platform/api-keys.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { personInEmployerContext, type AuthContext } from '../../platform/guard.js';
import { isUuid } from '../../platform/ids.js';

/** Keys are managed by a person, in the employer's own context: a key never makes or revokes keys. */
const humansOnly = (ctx: AuthContext) => personInEmployerContext(ctx, { key: API_KEY_MSG.keysCannotManageKeys, vendorContext: API_KEY_MSG.employerContextOnly });

/** The employer's keys, newest first, revoked ones included (the list says when and by whom). */
async function list(deps: Deps, ctx: AuthContext): Promise<ApiKeyRow[]> {
  humansOnly(ctx);
  const rows = await deps.db
    .selectFrom('api_keys as k')
    .innerJoin('admins as c', 'c.id', 'k.created_by')
    .leftJoin('admins as r', 'r.id', 'k.revoked_by')
    .leftJoin('vendors as v', 'v.id', 'k.vendor_id')
    .select(['k.id', 'k.name', 'k.shown', 'k.vendor_id', 'v.name as vendor_name', 'k.resources', 'c.name as created_by', 'k.created_at', 'k.last_used_at', 'k.revoked_at', 'r.name as revoked_by'])
    .where('k.employer_id', '=', ctx.admin.employer_id)
    .orderBy('k.revoked_at', (ob) => ob.desc().nullsFirst())
    .orderBy('k.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    shown: r.shown,
    vendorId: r.vendor_id,
    vendorName: r.vendor_name,
    resources: r.resources,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    revokedAt: r.revoked_at?.toISOString() ?? null,
    revokedBy: r.revoked_by,
  }));
}

async function create(deps: Deps, ctx: AuthContext, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
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

async function revoke(deps: Deps, ctx: AuthContext, id: string): Promise<string> {
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

export const createApiKeyService = (deps: Deps) => ({
  list: (ctx: AuthContext) => list(deps, ctx),
  create: (ctx: AuthContext, body: ApiKeyCreateBody) => create(deps, ctx, body),
  revoke: (ctx: AuthContext, id: string) => revoke(deps, ctx, id),
});
