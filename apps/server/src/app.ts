/** Builds the Fastify application: plugins, the guard, every feature's routes, OpenAPI and the SPA. */
import { registerApiKeyRoutes } from './features/api-keys/index.js';
import { registerWebhookRoutes } from './features/webhooks/index.js';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, REQUEST_TIMEOUT_MS, ERROR_CODES, webhookOpenApi } from '@portal/domain';
import type { Deps } from './platform/context.js';
import { AppError, badRequest, notFound, sendError } from './platform/errors.js';
import { registerGuard } from './platform/guard.js';
import { registerDevOutboxPage, registerPlatformRoutes } from './features/platform/index.js';
import { registerAuthRoutes } from './features/auth/index.js';
import { registerActivityTrailRoutes, registerAdminRoutes } from './features/admins/index.js';
import { registerEmployeeRoutes } from './features/employees/index.js';
import { registerEmployeeProfileRoutes } from './features/employee-profile/index.js';
import { registerApprovalRoutes } from './features/approvals/index.js';
import { registerWorkerTransactionRoutes } from './features/worker-transactions/index.js';
import { registerWorkerApi } from './features/worker-side/index.js';
import { registerDocumentRoutes } from './features/documents/index.js';
import { registerPayoutRoutes } from './features/payouts/index.js';
import { payoutReportDocument, payrollSheetDocument, registerPayrollRoutes } from './features/payroll/index.js';
import { registerDashboardRoutes } from './features/dashboard/index.js';
import { registerVendorRoutes } from './features/vendors/index.js';
import { frameOrigins, registerAnalyticsRoutes } from './features/analytics/index.js';
import { registerFileLinkRoutes } from './features/file-link/index.js';
import { spaPage, staticAssetOptions } from './static-assets.js';
import { loggerOptions } from './platform/log-redaction.js';
import { postgresRateLimitStore } from './platform/rate-limit-store.js';

/**
 * Strict policy for the SPA: own scripts only, no plugins, nobody may frame it. Mantine sets inline
 * styles. It frames only the configured analytics dashboards' https origins (decision 0017).
 */
export const spaCsp = (frameSources: readonly string[]): string =>
  [...SPA_CSP_BASE, `frame-src ${frameSources.length ? frameSources.join(' ') : "'none'"}`].join('; ');
const SPA_CSP_BASE = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
export const SPA_CSP = spaCsp([]);

/** Whether a parsed JSON body holds a NUL byte in any string (key or value), however deep. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

export interface BuildOptions {
  logger?: boolean | object;
  serveSpa?: boolean;
}

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config.logLevel),
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Behind a load balancer (TRUST_PROXY), request.ip is the client's from X-Forwarded-For.
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    const e = error as { validation?: unknown; statusCode?: number; message?: string; code?: string };
    if (e.validation) {
      return sendError(reply, badRequest('Invalid request: please check the values sent'));
    }
    if (e.statusCode === 429) return sendError(reply, new AppError(ERROR_CODES.rateLimited));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.status(e.statusCode).send({ message: { description: e.message ?? MSG.somethingWentWrong } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: { description: MSG.somethingWentWrong } });
  });

  // A NUL byte cannot be stored or searched for (PostgreSQL text refuses it): 400, before any route runs.
  app.addHook('onRequest', async (request, reply) => {
    if (/%00/i.test(request.url)) return sendError(reply, badRequest(MSG.nulCharacter));
  });
  app.addHook('preValidation', async (request, reply) => {
    if (hasNul(request.body)) return sendError(reply, badRequest(MSG.nulCharacter));
  });

  // Counted in PostgreSQL, so that every API process of a deployment shares one count (issue 15).
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(deps.db, (err) => deps.log.warn(`rate-limit clean-up failed: ${err instanceof Error ? err.message : String(err)}`)),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Employer portal API', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: "A signed-in admin's session token (POST /api/auth/sign-in, then the second factor)." },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'epk_...',
            description: 'An API key made in Settings > API keys (docs/integrations.md): the same routes and rules as an admin with its scope; 600 requests a minute per key.',
          },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
      // Issue 26: what each webhook event delivers (decision 0045).
      webhooks: webhookOpenApi() as never,
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the docs page's own CSP (with the hashes of its inline parts); nosniff and DENY come from the onSend hook below.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerGuard(app, deps);
  await app.register(async (api) => {
    registerPlatformRoutes(api, deps);
    registerAuthRoutes(api, deps);
    registerAdminRoutes(api, deps);
    registerEmployeeRoutes(api, deps);
    registerEmployeeProfileRoutes(api, deps);
    await registerApprovalRoutes(api, deps);
    registerWorkerTransactionRoutes(api, deps);
    // FINAL_REPORT (the payout report) is built by the payroll feature when GET /employer-admin/doc asks for it.
    // PAYROLL and PROCESSED_PAYROLL go to roles without WRITE on payroll with account numbers masked (decision 0039).
    const payrollSheet = payrollSheetDocument();
    await registerDocumentRoutes(api, deps, { FINAL_REPORT: payoutReportDocument(deps), PAYROLL: payrollSheet, PROCESSED_PAYROLL: payrollSheet });
    await registerPayoutRoutes(api, deps);
    registerPayrollRoutes(api, deps);
    registerDashboardRoutes(api, deps);
    registerVendorRoutes(api, deps);
    registerAnalyticsRoutes(api, deps);
    await registerFileLinkRoutes(api, deps);
    registerActivityTrailRoutes(api, deps);
    registerApiKeyRoutes(api, deps);
    registerWebhookRoutes(api, deps);
  }, { prefix: '/api' });
  registerDevOutboxPage(app, deps);
  if (deps.config.workerApiToken) registerWorkerApi(app, deps, deps.config.workerApiToken);

  // Unknown API paths answer in the API's own error shape, never with the SPA.
  const spaIndex = path.join(deps.config.webDist, 'index.html');
  const serveSpa = (options.serveSpa ?? true) && fs.existsSync(spaIndex);
  if (serveSpa) {
    await app.register(fastifyStatic, staticAssetOptions(deps.config.webDist));
  }
  // index.html naming the requested page's chunks (issue 14).
  const spaPageFor = serveSpa ? spaPage(deps.config.webDist) : null;
  app.setNotFoundHandler(async (request, reply) => {
    // A missing /assets file (an old build's chunk) is a 404, never the app page sent as script.
    if (request.url.startsWith('/api') || request.url.startsWith('/assets/') || request.method !== 'GET' || !serveSpa) {
      return sendError(reply, notFound());
    }
    return reply
      .header('content-security-policy', spaCsp(await frameOrigins(deps.db)))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(spaPageFor ? spaPageFor(request.url) : fs.createReadStream(spaIndex));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // API answers (a signed-in admin's data, downloads, the API description at /api/docs/json) and
    // the dev outbox (codes and links) are never kept by a browser or a proxy, unless a route says
    // otherwise (the public sample sheets, the docs page's static files).
    if ((request.url.startsWith('/api') || request.url.startsWith('/dev/')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.url.startsWith('/api/docs')) return;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.getHeader('content-security-policy')) reply.header('content-security-policy', SPA_CSP);
  });
  return app;
}
