/**
 * API keys as callers (issue 26, decision 0044): the guard's other way in. A key is looked up by
 * the SHA-256 of its secret and acts as its creator would with the key's own resources and vendor:
 * the same rules, the same scope of every query. Its requests are counted per key in PostgreSQL
 * (`rate_limit_hits`, shared by every API process), and its last use is noted at most once a minute.
 */
import { sql } from 'kysely';
import { API_KEY_PREFIX, API_KEY_REQUESTS_PER_MINUTE, ERROR_CODES, type ResourceMap } from '@portal/domain';
import type { AdminRecord } from '../db/schema.js';
import type { Deps } from './context.js';
import { AppError } from './errors.js';
import { newToken, sha256 } from './secrets.js';

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** A new key's secret (256 random bits after the prefix) and what is kept of it. */
export function newApiKeySecret(): { secret: string; hash: Buffer } {
  const secret = `${API_KEY_PREFIX}${newToken()}`;
  return { secret, hash: sha256(secret) };
}

export interface KeyCaller {
  /** The creator, bound to the key's vendor (or none): handlers scope by it as for any admin. */
  admin: AdminRecord;
  resources: ResourceMap;
  apiKey: { id: string; name: string };
}

/** The caller a key stands for, or null: unknown, revoked, or its creator no longer an active admin of the employer. */
export async function loadKeyCaller(deps: Deps, token: string): Promise<KeyCaller | null> {
  const row = await deps.db
    .selectFrom('api_keys as k')
    .innerJoin('admins as a', 'a.id', 'k.created_by')
    .selectAll('a')
    .select(['k.id as key_id', 'k.name as key_name', 'k.vendor_id as key_vendor_id', 'k.resources as key_resources', 'k.revoked_at', 'k.last_used_at', 'k.employer_id as key_employer_id'])
    .where('k.secret_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.status !== 'ACTIVE' || row.employer_id !== row.key_employer_id) return null;
  const now = deps.now();
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000) {
    await deps.db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.key_id).execute();
  }
  const { key_id, key_name, key_vendor_id, key_resources, revoked_at: _r, last_used_at: _l, key_employer_id: _e, ...admin } = row;
  return { admin: { ...admin, vendor_id: key_vendor_id }, resources: key_resources, apiKey: { id: key_id, name: key_name } };
}

/** Counts one request of the key; over the minute's limit, 429 with the seconds to wait. */
export async function countKeyRequest(deps: Deps, keyId: string): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_hits as r (key, hits, window_ends_at)
    values (${`api-key ${keyId}`}, 1, now() + interval '1 minute')
    on conflict (key) do update set
      hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
      window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
    returning hits, greatest(1, ceil(extract(epoch from (window_ends_at - now()))))::int as ttl`.execute(deps.db);
  const r = rows[0]!;
  return r.hits <= API_KEY_REQUESTS_PER_MINUTE ? { ok: true } : { ok: false, retryAfterS: r.ttl };
}

export const keyRateLimited = () => new AppError(ERROR_CODES.rateLimited);
