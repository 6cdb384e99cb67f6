/**
 * What the admins use cases share (decision 0029): their deps (with identity's mail outbox), the
 * roles, the wire row of an admin, the admins of the caller's scope, the form's check, the admin
 * the caller may manage and the e-mail's uniqueness.
 */
import { sql } from 'kysely';
import { rolesForContext, validateAdminForm, type AdminFormBody, type AdminRow, type ResourceMap } from '@portal/domain';
import type { AdminRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { vendorIs } from '../../platform/scope.js';
import { createAuthService } from '../auth/index.js';

/** The admins use cases' deps: the app's, and identity's mails written with a change (features/auth/mail-outbox.ts). */
export interface AdminDeps extends Deps {
  mails: ReturnType<typeof createAuthService>['mails'];
}

export const adminDeps = (deps: Deps): AdminDeps => ({ ...deps, mails: createAuthService(deps).mails });

export async function rolesById(deps: Pick<Deps, 'db'>): Promise<Map<string, { value: string; name: string; roleType: 'EMPLOYER' | 'VENDOR'; resources: ResourceMap }>> {
  const { db } = deps;
  const rows = await db.selectFrom('roles').selectAll().execute();
  return new Map(rows.map((r) => [r.id, { value: r.id, name: r.name, roleType: r.role_type, resources: r.resources }]));
}

export function toRow(a: AdminRecord, roles: Awaited<ReturnType<typeof rolesById>>): AdminRow {
  return {
    _id: a.id,
    name: a.name,
    email: a.email,
    mobile: a.mobile,
    branchLocation: a.branch_location,
    roleIds: a.role_ids,
    roles: a.role_ids.flatMap((id) => {
      const r = roles.get(id);
      return r ? [{ value: r.value, name: r.name }] : [];
    }),
    status: a.status === 'INVITED' ? 'INVITED' : 'ACTIVE',
    lastActiveAt: a.last_active_at?.toISOString() ?? null,
  };
}

/** The admins of the caller's employer, of one vendor in vendor context, otherwise the employer's own. */
export const scopedAdmins = (deps: Pick<Deps, 'db'>, ctx: AuthContext) =>
  deps.db
    .selectFrom('admins')
    .selectAll()
    .where('employer_id', '=', ctx.admin.employer_id)
    .where('status', '<>', 'REMOVED')
    .where(vendorIs(ctx.vendorId));

export async function validateForm(deps: Pick<Deps, 'db'>, ctx: AuthContext, body: AdminFormBody) {
  const errors = validateAdminForm(body);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first);
  const roles = await rolesById(deps);
  const role = roles.get(body.roleId);
  if (!role || !rolesForContext([role], ctx.vendorId !== null).length) throw badRequest('Please choose a role');
  return { name: body.name.trim(), mobile: body.mobile.trim(), email: body.email.trim().toLowerCase(), branch_location: body.branchLocation.trim(), role_ids: [role.value] };
}

export async function findManageable(deps: Pick<Deps, 'db'>, ctx: AuthContext, id: string): Promise<AdminRecord> {
  // Another employer's or vendor's admin, or a malformed id, is simply not found here.
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Admin not found');
  const target = await scopedAdmins(deps, ctx).where('id', '=', id).executeTakeFirst();
  if (!target) throw notFound('Admin not found');
  if (target.id === ctx.admin.id) throw forbidden('You cannot manage your own account here');
  return target;
}

export const emailTaken = async (deps: Pick<Deps, 'db'>, email: string, exceptId?: string) => {
  let q = deps.db.selectFrom('admins').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).where('status', '<>', 'REMOVED');
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
};

/** The caller's employer row (its name, config and metadata). */
export const employerOf = (deps: Pick<Deps, 'db'>, ctx: AuthContext) => deps.db.selectFrom('employers').selectAll().where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
