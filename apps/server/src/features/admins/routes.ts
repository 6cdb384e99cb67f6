/** Profile, employer data, roles, admins (Settings) and activity routes. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActivityQuery,
  ActivityResult,
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
  adminCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { areaRoute, authOf, contextRoute, sessionOrKeyRoute, sessionRoute } from '../../platform/guard.js';
import { createAdminService } from './service.js';
import { route } from '../../platform/route.js';

export function registerAdminRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const admins = createAdminService(deps);
  const tags = ['admins'];

  route(app, adminCalls.profile, { config: sessionRoute(true), schema: { tags, response: { 200: AdminProfile } } }, async (req) => {
    const ctx = authOf(req);
    // The guard lets an enrolment-only session through so that it gets the spec's E11023 here.
    if (!ctx.mfaVerified) throw new AppError(ERROR_CODES.mfaNotEnrolled);
    return admins.profile(ctx);
  });
  route(app, adminCalls.mfaInfo, { config: sessionRoute(true), schema: { tags, response: { 200: AdminMfaInfo } } }, async (req) => {
    const { admin } = authOf(req);
    return { phone: admin.mfa_phone ?? admin.mobile ?? null, enrolled: Boolean(admin.mfa_phone) };
  });

  route(app, adminCalls.employerInfo, { config: sessionOrKeyRoute, schema: { tags, response: { 200: EmployerInfo } } }, async (req) => admins.employerInfo(authOf(req)));
  route(app, adminCalls.employerConfig, { config: sessionOrKeyRoute, schema: { tags, response: { 200: EmployerConfig } } }, async (req) => admins.employerConfig(authOf(req)));
  route(app, adminCalls.employerMetadata, { config: sessionOrKeyRoute, schema: { tags, response: { 200: EmployerMetadata } } }, async (req) =>
    admins.employerMetadata(authOf(req)),
  );

  route(app, adminCalls.roles, { config: sessionOrKeyRoute, schema: { tags, querystring: RolesQuery, response: { 200: RolesResult } } }, async () => admins.roles());

  route(app, adminCalls.list, { config: areaRoute('ADMIN', 'READ'), schema: { tags, querystring: VendorQuery, response: { 200: AdminListResult } } }, async (req) => ({
    admins: await admins.list(authOf(req)),
  }));
  route(app, adminCalls.create, { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, querystring: VendorQuery, body: AdminFormBody, response: { 200: Ok } } }, async (req) => ({
    message: await admins.create(authOf(req), req.body),
  }));
  route(app, adminCalls.update, { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, querystring: AdminIdQuery, body: AdminFormBody, response: { 200: Ok } } }, async (req) => {
    if (!req.query.id) throw badRequest('Admin id missing');
    return { message: await admins.update(authOf(req), req.query.id, req.body) };
  });
  route(
    app,
    adminCalls.resetSecondFactor,
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
  route(app, adminCalls.remove, { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, params: IdParam, querystring: VendorQuery, response: { 200: Ok } } }, async (req) => ({
    message: await admins.remove(authOf(req), req.params.id),
  }));

  route(
    app,
    adminCalls.activity,
    { config: contextRoute, schema: { tags, querystring: ActivityQuery, response: { 200: ActivityResult } } },
    async (req) => admins.recentActivity(authOf(req), req.query.isRecentActivity === 'true'),
  );
}

