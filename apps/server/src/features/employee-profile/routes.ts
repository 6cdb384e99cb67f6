/** Employee profile calls (spec 2.6, 6, 7 "Profile, transactions and agreements"): READ on EMPLOYEES (vendor resource in vendor context). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AgreementLink,
  AgreementSignedLinkQuery,
  AgreementsMetadata,
  EmployeeProfile,
  ProfileDocumentQuery,
  ProfileIdParams,
  ProfileQuery,
  ProfileTransactions,
  SalaryDetails,
  VendorQuery,
  WorkerTypeQuery,
  employeeProfileCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { areaRoute, authOf, publicRoute } from '../../platform/guard.js';
import { createEmployeeProfileService } from './service.js';
import type { StoredFile } from './shared.js';
import { route } from '../../platform/route.js';

function sendFile(reply: FastifyReply, file: StoredFile) {
  const inline = file.mimeType !== 'application/octet-stream';
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

export function registerEmployeeProfileRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const profiles = createEmployeeProfileService(deps);
  const tags = ['employee profile'];
  const read = areaRoute('EMPLOYEES', 'READ');

  route(app, employeeProfileCalls.profile, { config: read, schema: { tags, querystring: ProfileQuery, response: { 200: EmployeeProfile } } }, async (req) =>
    profiles.profile(authOf(req), req.query.employeeId),
  );

  route(app, employeeProfileCalls.document, { config: read, schema: { tags, querystring: ProfileDocumentQuery } }, async (req, reply) =>
    sendFile(reply, await profiles.document(authOf(req), req.query.employeeId, req.query.docType)),
  );

  route(app, employeeProfileCalls.transactions, { config: read, schema: { tags, querystring: ProfileQuery, response: { 200: ProfileTransactions } } }, async (req) =>
    profiles.transactions(authOf(req), req.query.employeeId),
  );

  route(
    app,
    employeeProfileCalls.salaryDetails,
    { config: read, schema: { tags, params: ProfileIdParams, querystring: VendorQuery, response: { 200: SalaryDetails } } },
    async (req) => profiles.salaryDetails(authOf(req), req.params.id),
  );

  route(
    app,
    employeeProfileCalls.agreements,
    { config: read, schema: { tags, params: ProfileIdParams, querystring: WorkerTypeQuery, response: { 200: AgreementsMetadata } } },
    async (req) => profiles.agreements(authOf(req), req.params.id, req.query.workerType),
  );

  route(
    app,
    employeeProfileCalls.agreementLink,
    { config: read, schema: { tags, params: ProfileIdParams, querystring: VendorQuery, response: { 200: AgreementLink } } },
    async (req) => profiles.agreementLink(authOf(req), req.params.id),
  );

  // The signed link: no bearer token (it opens in a new tab); the HMAC signature and expiry are the authorisation.
  route(
    app,
    employeeProfileCalls.signedAgreement,
    { config: publicRoute, schema: { tags, params: ProfileIdParams, querystring: AgreementSignedLinkQuery } },
    async (req, reply) => sendFile(reply, await profiles.signedAgreementDocument(req.params.id, req.query.expires, req.query.signature)),
  );
}
