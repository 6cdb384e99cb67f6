/** Admin users of an employer (Settings), the signed-in profile and the employer's own data. */
import { sql } from 'kysely';
import {
  MSG,
  mergeResources,
  rolesForContext,
  validateAdminForm,
  type AdminFormBody,
  type AdminProfile,
  type AdminRow,
  type ResourceMap,
} from '@portal/domain';
import type { AdminRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { ACTION_TYPES, recordAdminActivity } from '../../platform/activity.js';
import { vendorIs } from '../../platform/scope.js';
import { createAuthService } from '../auth/index.js';

export function createAdminService(deps: Deps) {
  const { db } = deps;
  const auth = createAuthService(deps);

  async function rolesById(): Promise<Map<string, { value: string; name: string; roleType: 'EMPLOYER' | 'VENDOR'; resources: ResourceMap }>> {
    const rows = await db.selectFrom('roles').selectAll().execute();
    return new Map(rows.map((r) => [r.id, { value: r.id, name: r.name, roleType: r.role_type, resources: r.resources }]));
  }

  function toRow(a: AdminRecord, roles: Awaited<ReturnType<typeof rolesById>>): AdminRow {
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
  const scopedAdmins = (ctx: AuthContext) =>
    db
      .selectFrom('admins')
      .selectAll()
      .where('employer_id', '=', ctx.admin.employer_id)
      .where('status', '<>', 'REMOVED')
      .where(vendorIs(ctx.vendorId));

  async function validateForm(ctx: AuthContext, body: AdminFormBody) {
    const errors = validateAdminForm(body);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first);
    const roles = await rolesById();
    const role = roles.get(body.roleId);
    if (!role || !rolesForContext([role], ctx.vendorId !== null).length) throw badRequest('Please choose a role');
    return { name: body.name.trim(), mobile: body.mobile.trim(), email: body.email.trim().toLowerCase(), branch_location: body.branchLocation.trim(), role_ids: [role.value] };
  }

  async function findManageable(ctx: AuthContext, id: string): Promise<AdminRecord> {
    // Another employer's or vendor's admin, or a malformed id, is simply not found here.
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Admin not found');
    const target = await scopedAdmins(ctx).where('id', '=', id).executeTakeFirst();
    if (!target) throw notFound('Admin not found');
    if (target.id === ctx.admin.id) throw forbidden('You cannot manage your own account here');
    return target;
  }

  const emailTaken = async (email: string, exceptId?: string) => {
    let q = db.selectFrom('admins').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).where('status', '<>', 'REMOVED');
    if (exceptId) q = q.where('id', '<>', exceptId);
    return Boolean(await q.executeTakeFirst());
  };

  return {
    async profile(ctx: AuthContext): Promise<AdminProfile> {
      const roles = await rolesById();
      const row = toRow(ctx.admin, roles);
      return {
        _id: row._id,
        employerId: ctx.admin.employer_id,
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        branchLocation: row.branchLocation,
        lastActiveAt: row.lastActiveAt,
        roleIds: row.roleIds,
        roles: row.roles,
        resources: mergeResources(ctx.admin.role_ids.flatMap((id) => (roles.get(id) ? [roles.get(id)!.resources] : []))),
        departmentId: ctx.admin.vendor_id,
      };
    },

    async list(ctx: AuthContext): Promise<AdminRow[]> {
      const [rows, roles] = await Promise.all([scopedAdmins(ctx).orderBy('created_at', 'asc').execute(), rolesById()]);
      return rows.map((a) => toRow(a, roles));
    },

    async create(ctx: AuthContext, body: AdminFormBody): Promise<string> {
      const values = await validateForm(ctx, body);
      if (await emailTaken(values.email)) throw conflict('An admin with this e-mail already exists');
      // The admin and the job of its invitation mail are written together (features/auth/mail-outbox.ts).
      const out = auth.mails.outbox();
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
    },

    async update(ctx: AuthContext, id: string, body: AdminFormBody): Promise<string> {
      const target = await findManageable(ctx, id);
      const values = await validateForm(ctx, body);
      if (await emailTaken(values.email, target.id)) throw conflict('An admin with this e-mail already exists');
      const emailChanged = values.email !== target.email.toLowerCase();
      // A new mobile number is how an admin whose number changed gets sign-in codes on it (decision
      // 0038): the phone enrolled on the old number is reset, the admin's sessions end, and the
      // admin is told by mail; the next sign-in sends the code to the new number.
      const phoneReset = values.mobile !== target.mobile && target.mfa_phone !== null && target.mfa_phone !== values.mobile;
      const out = auth.mails.outbox();
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
    },

    /**
     * Resets another admin's sign-in phone (decision 0038): the enrolled phone is cleared, the
     * admin's sessions end, the admin is mailed; the next sign-in enrols the registered mobile.
     */
    async resetSecondFactor(ctx: AuthContext, id: string): Promise<string> {
      const target = await findManageable(ctx, id);
      const out = auth.mails.outbox();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('admins').set({ mfa_phone: null, mfa_enrolled_at: null, updated_at: new Date() }).where('id', '=', target.id).execute();
        await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('admin_id', '=', target.id).where('revoked_at', 'is', null).execute();
        await out.add(trx, { kind: 'SECOND_FACTOR_RESET', adminId: target.id });
      });
      out.sent();
      await recordAdminActivity(db, ctx, { actionType: ACTION_TYPES.secondFactorReset, targetType: 'ADMIN', targetId: target.id, details: { name: target.name } });
      return `${MSG.secondFactorReset}.`;
    },

    async remove(ctx: AuthContext, id: string): Promise<string> {
      const target = await findManageable(ctx, id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('admins').set({ status: 'REMOVED', removed_at: new Date(), updated_at: new Date() }).where('id', '=', target.id).execute();
        await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('admin_id', '=', target.id).where('revoked_at', 'is', null).execute();
        await trx.updateTable('action_codes').set({ used_at: new Date() }).where('admin_id', '=', target.id).where('used_at', 'is', null).execute();
      });
      await recordAdminActivity(db, ctx, { actionType: ACTION_TYPES.adminRemoved, targetType: 'ADMIN', targetId: target.id, details: { name: target.name } });
      return MSG.userRemoved;
    },
  };
}
