/**
 * The single server-side guard. Every /api route declares `config.access`; one preHandler reads
 * the bearer token, loads the session and admin, and checks the declared rule (spec 6) with the
 * domain's permission functions. A route without a declaration refuses to register.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  API_KEY_MSG,
  APPROVAL_ENTITY_AREA,
  DOCUMENT_AREA,
  ERROR_CODES,
  SESSION_IDLE_TTL_MS,
  STORED_TYPE_AREA,
  canEnterVendor,
  mergeResources,
  resourceFor,
  hasAccess,
  hasAnyEmployerRead,
  hasAnyVendorRead,
  type AccessType,
  type Area,
  type DocumentType,
  type ResourceMap,
  type StoredDocumentType,
} from '@portal/domain';
import type { AdminRecord } from '../db/schema.js';
import type { Deps } from './context.js';
import { AppError, forbidden, notForThisCaller, unauthenticated } from './errors.js';
import { isUuid } from './ids.js';
import { countKeyRequest, isApiKey, keyRateLimited, loadKeyCaller } from './api-keys.js';
import { sha256 } from './secrets.js';

export type AccessRule =
  | { kind: 'public' }
  /**
   * Signed in; `allowUnenrolled` lets a session without a second factor through (enrolment, profile
   * fetch). A session rule is for people: an API key is refused unless `keys` lets it through (the
   * employer's own data that a key's caller needs: vendors, employer info and config, roles).
   */
  | { kind: 'session'; allowUnenrolled?: boolean; keys?: boolean }
  /** Signed in with READ or WRITE on the area's resource; the vendor variant when `vendorId` is in the query. */
  | { kind: 'area'; area: Area; need: AccessType }
  /** Signed in with READ on any resource of the context (employer, or the vendor of `vendorId`). */
  | { kind: 'context' }
  /**
   * Signed in with `need` on the area of the document type in the query (`docType`, an upload
   * type, or `documentType`, a stored type: spec 6's matching resources). An unknown type passes
   * as a context rule and is refused by the route's validation.
   */
  | { kind: 'document'; need: AccessType }
  /**
   * Signed in with `need` on the area of the approval's `entityType` (in the query, or the body):
   * WORKER needs employees, TRANSACTION transactions (decision 0024). An unknown type passes as a
   * context rule and is refused by the route's validation.
   */
  | { kind: 'entity'; need: AccessType };

export interface AuthContext {
  admin: AdminRecord;
  sessionId: string;
  mfaVerified: boolean;
  passwordVerifiedAt: Date;
  resources: ResourceMap;
  /** Set in vendor context, after checking the vendor belongs to the employer and the admin may enter it. */
  vendorId: string | null;
  /** A call made with an API key (issue 26): the key, whose creator is `admin` and whose scope is `resources`. */
  apiKey?: { id: string; name: string } | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const publicRoute = { access: { kind: 'public' } } as const;
export const sessionRoute = (allowUnenrolled = false) => ({ access: { kind: 'session', allowUnenrolled } }) as const;
/** A session route an API key may call too (the employer's own reference data). */
export const sessionOrKeyRoute = { access: { kind: 'session', keys: true } } as const;
export const areaRoute = (area: Area, need: AccessType) => ({ access: { kind: 'area', area, need } }) as const;
export const contextRoute = { access: { kind: 'context' } } as const;
export const documentRoute = (need: AccessType) => ({ access: { kind: 'document', need } }) as const;
export const entityRoute = (need: AccessType) => ({ access: { kind: 'entity', need } }) as const;

/** The area of the approval entity type a request names (query, else body), or null. */
function entityAreaOf(query: Record<string, unknown>, body: unknown): Area | null {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).entityType : undefined;
  const type = typeof query.entityType === 'string' ? query.entityType : fromBody;
  if (typeof type === 'string' && Object.hasOwn(APPROVAL_ENTITY_AREA, type)) return APPROVAL_ENTITY_AREA[type as keyof typeof APPROVAL_ENTITY_AREA];
  return null;
}

/** The area of the document type a request names, or null. */
function documentAreaOf(query: Record<string, unknown>): Area | null {
  const { docType, documentType } = query;
  if (typeof docType === 'string' && Object.hasOwn(DOCUMENT_AREA, docType)) return DOCUMENT_AREA[docType as DocumentType];
  if (typeof documentType === 'string' && Object.hasOwn(STORED_TYPE_AREA, documentType)) return STORED_TYPE_AREA[documentType as StoredDocumentType];
  return null;
}

/** The signed-in context, for handlers behind a session or area rule. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * What only a person manages in the employer's own context (API keys, webhook endpoints): refused
 * to an API key, and in a vendor's context (where a vendor admin works), each in its feature's
 * words, so no key and no vendor admin reaches beyond what they were given.
 */
export function personInEmployerContext(ctx: AuthContext, refusal: { key: string; vendorContext: string }): void {
  if (ctx.apiKey) throw notForThisCaller(refusal.key);
  if (ctx.vendorId || ctx.admin.vendor_id) throw notForThisCaller(refusal.vendorContext);
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(h);
  return m ? m[1]! : null;
}

async function loadSession(deps: Deps, token: string): Promise<Omit<AuthContext, 'vendorId'> | null> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .selectAll('a')
    .select(['s.id as session_id', 's.mfa_verified', 's.password_verified_at', 's.last_seen_at', 's.expires_at', 's.revoked_at'])
    // The roles' resource maps in the same round trip: this runs on every request.
    .select(sql<ResourceMap[]>`(select coalesce(json_agg(r.resources), '[]'::json) from roles r where r.id = any(a.role_ids))`.as('role_resources'))
    .where('s.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= now || row.status !== 'ACTIVE') return null;
  if (now.getTime() - row.last_seen_at.getTime() > SESSION_IDLE_TTL_MS) return null;
  // Sliding idle window; written at most once a minute per session.
  if (now.getTime() - row.last_seen_at.getTime() > 60_000) {
    await deps.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.session_id).execute();
    await deps.db.updateTable('admins').set({ last_active_at: now }).where('id', '=', row.id).execute();
  }
  const { session_id, mfa_verified, password_verified_at, role_resources, last_seen_at: _l, expires_at: _e, revoked_at: _r, ...admin } = row;
  return {
    admin,
    sessionId: session_id,
    mfaVerified: mfa_verified,
    passwordVerifiedAt: password_verified_at,
    resources: mergeResources(role_resources),
  };
}

export function registerGuard(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  // Before validation, so that a call without a valid token is 401 whatever its body.
  app.addHook('preValidation', async (request, reply) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    if (rule.kind === 'public') return;
    const token = bearer(request);
    if (!token) throw unauthenticated();
    let session: Omit<AuthContext, 'vendorId'> | null;
    if (isApiKey(token)) {
      const caller = await loadKeyCaller(deps, token);
      if (!caller) throw unauthenticated(API_KEY_MSG.invalid);
      const counted = await countKeyRequest(deps, caller.apiKey.id);
      if (!counted.ok) {
        reply.header('retry-after', String(counted.retryAfterS));
        throw keyRateLimited();
      }
      if (rule.kind === 'session' && !rule.keys) throw notForThisCaller(API_KEY_MSG.notForKeys);
      session = { ...caller, sessionId: '', mfaVerified: true, passwordVerifiedAt: new Date(0) };
    } else {
      session = await loadSession(deps, token);
    }
    if (!session) throw unauthenticated();
    const allowUnenrolled = rule.kind === 'session' && rule.allowUnenrolled;
    if (!session.mfaVerified && !allowUnenrolled) {
      throw new AppError(ERROR_CODES.mfaNotEnrolled);
    }
    let vendorId: string | null = null;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const rawVendor = typeof query.vendorId === 'string' && query.vendorId !== '' ? query.vendorId : null;
    if (rule.kind === 'area' || rule.kind === 'context' || rule.kind === 'document' || rule.kind === 'entity') {
      if (rawVendor) {
        // Another tenant's vendor, a malformed id, or one the admin may not enter all look the same.
        if (!isUuid(rawVendor) || !canEnterVendor({ departmentId: session.admin.vendor_id, resources: session.resources }, rawVendor)) throw forbidden();
        const vendor = await deps.db
          .selectFrom('vendors')
          .select('id')
          .where('id', '=', rawVendor)
          .where('employer_id', '=', session.admin.employer_id)
          .executeTakeFirst();
        if (!vendor) throw forbidden();
        vendorId = vendor.id;
      } else if (session.admin.vendor_id) {
        // A vendor-bound admin works only inside its vendor.
        throw forbidden();
      }
      const area =
        rule.kind === 'area' ? rule.area : rule.kind === 'document' ? documentAreaOf(query) : rule.kind === 'entity' ? entityAreaOf(query, request.body) : null;
      const need = rule.kind === 'context' ? 'READ' : rule.need;
      const allowed = area
        ? hasAccess(session.resources, resourceFor(area, vendorId !== null), need)
        : vendorId !== null
            ? hasAnyVendorRead(session.resources)
            : hasAnyEmployerRead(session.resources);
      if (!allowed) throw forbidden();
    }
    request.auth = { ...session, vendorId };
  });
}
