/** Webhooks in Settings (issue 26, decision 0045): endpoints, their secrets, the delivery log. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParam,
  Ok,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookEndpointBody,
  WebhookEndpointList,
  WebhookSecretResult,
  webhookCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { areaRoute, authOf } from '../../platform/guard.js';
import { createWebhookService } from './service.js';
import { route } from '../../platform/route.js';

export function registerWebhookRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const hooks = createWebhookService(deps);
  const tags = ['webhooks'];
  const read = areaRoute('ADMIN', 'READ');
  const write = areaRoute('ADMIN', 'WRITE');
  route(app, webhookCalls.list, { config: read, schema: { tags, response: { 200: WebhookEndpointList } } }, async (req) => ({ endpoints: await hooks.listEndpoints(authOf(req)) }));
  route(
    app,
    webhookCalls.add,
    { config: write, schema: { tags, description: 'Adds an endpoint; its signing secret is in this answer only.', body: WebhookEndpointBody, response: { 200: WebhookSecretResult } } },
    async (req) => hooks.addEndpoint(authOf(req), req.body),
  );
  route(
    app,
    webhookCalls.rotateSecret,
    { config: write, schema: { tags, description: 'A new signing secret; the previous one keeps signing for 24 hours.', params: IdParam, response: { 200: WebhookSecretResult } } },
    async (req) => hooks.rotateSecret(authOf(req), req.params.id),
  );
  route(app, webhookCalls.ping, { config: write, schema: { tags, description: 'Sends a `ping` event to this endpoint.', params: IdParam, response: { 200: Ok } } }, async (req) => ({
    message: await hooks.ping(authOf(req), req.params.id),
  }));
  route(app, webhookCalls.remove, { config: write, schema: { tags, params: IdParam, response: { 200: Ok } } }, async (req) => ({ message: await hooks.removeEndpoint(authOf(req), req.params.id) }));
  route(app, webhookCalls.deliveries, { config: read, schema: { tags, querystring: WebhookDeliveryQuery, response: { 200: WebhookDeliveryList } } }, async (req) =>
    hooks.deliveries(authOf(req), req.query),
  );
  route(app, webhookCalls.replay, { config: write, schema: { tags, params: IdParam, response: { 200: Ok } } }, async (req) => ({
    message: await hooks.replay(authOf(req), req.params.id),
  }));
}
