/** Profile, employer data, roles, admins (Settings) and activity routes. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityResult,
  actionLabel,
  AdminFormBody,
  AdminIdQuery,
  AdminListResult,
  AdminMfaInfo,
  AdminProfile,
  EmployerConfig,
  EmployerInfo,
  EmployerMetadata,
  ERROR_CODES,
  IdParam,
  Ok,
  RolesQuery,
  RolesResult,
  VendorQuery,
  payrollConfigOf,
  rolesForContext,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { areaRoute, authOf, contextRoute, sessionOrKeyRoute, sessionRoute } from '../../platform/guard.js';
import { vendorIs } from '../../platform/scope.js';
import { createAdminService } from './service.js';

export function registerAdminRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const admins = createAdminService(deps);
  const { db } = deps;
  const tags = ['admins'];

  app.get('/employer-admin', { config: sessionRoute(true), schema: { tags, response: { 200: AdminProfile } } }, async (req) => {
    const ctx = authOf(req);
    // The guard lets an enrolment-only session through so that it gets the spec's E11023 here.
    if (!ctx.mfaVerified) throw new AppError(ERROR_CODES.mfaNotEnrolled);
    return admins.profile(ctx);
  });
  app.get('/employer-admin/mfa', { config: sessionRoute(true), schema: { tags, response: { 200: AdminMfaInfo } } }, async (req) => {
    const { admin } = authOf(req);
    return { phone: admin.mfa_phone ?? admin.mobile ?? null, enrolled: Boolean(admin.mfa_phone) };
  });

  const employer = (id: string) => db.selectFrom('employers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  app.get('/employer-admin/employer-info', { config: sessionOrKeyRoute, schema: { tags, response: { 200: EmployerInfo } } }, async (req) => {
    const e = await employer(authOf(req).admin.employer_id);
    return { _id: e.id, name: e.name };
  });
  app.get('/employer-admin/employer-config', { config: sessionOrKeyRoute, schema: { tags, response: { 200: EmployerConfig } } }, async (req) => {
    const e = await employer(authOf(req).admin.employer_id);
    return { isEmployeeApprovalEnabled: Boolean(e.config.isEmployeeApprovalEnabled), fileUploadLinkEnabled: Boolean(e.config.fileUploadLinkEnabled), ...payrollConfigOf(e.config) };
  });
  app.get('/employer-admin/employer-metadata', { config: sessionOrKeyRoute, schema: { tags, response: { 200: EmployerMetadata } } }, async (req) => {
    const { metadata } = await employer(authOf(req).admin.employer_id);
    return { departmentIds: metadata.departmentIds ?? [], gradeIds: metadata.gradeIds ?? [], branchIds: metadata.branchIds ?? [] };
  });

  app.get('/roles', { config: sessionOrKeyRoute, schema: { tags, querystring: RolesQuery, response: { 200: RolesResult } } }, async () => {
    const rows = await db.selectFrom('roles').selectAll().orderBy('name').execute();
    const roles = rows.map((r) => ({ value: r.id, name: r.name, roleType: r.role_type, description: r.description, resources: r.resources }));
    return { roles: [...rolesForContext(roles, false), ...rolesForContext(roles, true)] };
  });

  app.get('/employer-admin/employer-admins', { config: areaRoute('ADMIN', 'READ'), schema: { tags, querystring: VendorQuery, response: { 200: AdminListResult } } }, async (req) => ({
    admins: await admins.list(authOf(req)),
  }));
  app.post('/employer-admin/create-employer-admin', { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, querystring: VendorQuery, body: AdminFormBody, response: { 200: Ok } } }, async (req) => ({
    message: await admins.create(authOf(req), req.body),
  }));
  app.put('/employer-admin/update-employer-admin', { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, querystring: AdminIdQuery, body: AdminFormBody, response: { 200: Ok } } }, async (req) => {
    if (!req.query.id) throw badRequest('Admin id missing');
    return { message: await admins.update(authOf(req), req.query.id, req.body) };
  });
  app.post(
    '/employer-admin/reset-second-factor/:id',
    {
      config: areaRoute('ADMIN', 'WRITE'),
      schema: {
        tags,
        description: "Resets another admin's sign-in phone (decision 0038): sessions end, the admin is mailed, the next sign-in enrols the mobile the employer registered.",
        params: IdParam,
        querystring: VendorQuery,
        response: { 200: Ok },
      },
    },
    async (req) => ({ message: await admins.resetSecondFactor(authOf(req), req.params.id) }),
  );
  app.delete('/employer-admin/terminate/:id', { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, params: IdParam, querystring: VendorQuery, response: { 200: Ok } } }, async (req) => ({
    message: await admins.remove(authOf(req), req.params.id),
  }));

  app.get(
    '/employer-admin/activity',
    { config: contextRoute, schema: { tags, querystring: VendorQuery.extend({ isRecentActivity: z.enum(['true', 'false']).optional() }), response: { 200: ActivityResult } } },
    async (req) => {
      const ctx = authOf(req);
      let q = db
        .selectFrom('activities as a')
        .innerJoin('admins as ad', 'ad.id', 'a.admin_id')
        .select(['a.id', 'a.action_type', 'a.admin_id', 'a.created_at', 'a.details', 'ad.name', 'ad.email'])
        .where('a.employer_id', '=', ctx.admin.employer_id)
        .where(vendorIs(ctx.vendorId, 'a.vendor_id'))
        .orderBy('a.created_at', 'desc');
      q = q.limit(req.query.isRecentActivity === 'true' ? 20 : 200);
      const rows = await q.execute();
      const admins = new Map(rows.map((r) => [r.admin_id, { _id: r.admin_id, name: r.name, email: r.email }]));
      return {
        activities: rows.map((r) => ({
          _id: r.id,
          actionType: r.action_type,
          employerAdminId: r.admin_id,
          updatedAt: r.created_at.toISOString(),
          description: describeActivity(r.action_type, r.details),
        })),
        employerAdminsDetails: [...admins.values()],
      };
    },
  );
}

/**
 * One sentence style for every activity, the same as the activity trail's Action column: the
 * action type in sentence case with the object first ("Admin invited", "Password changed",
 * "Document uploaded"), then what it was done to when the row names it ("Admin invited: Asha Rao").
 */
function describeActivity(type: string, details: Record<string, unknown>): string {
  const text = (k: string) => (typeof details[k] === 'string' && details[k] !== '' ? details[k] : null);
  const what = text('name') ?? text('fileName') ?? text('month') ?? (typeof details.count === 'number' ? `${details.count} ${details.count === 1 ? 'record' : 'records'}` : null);
  return what ? `${actionLabel(type)}: ${what}` : actionLabel(type);
}
