/** API keys in Settings (issue 26): the employer's keys, in the employer's own context. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyList,
  IdParam,
  Ok,
  apiKeyCalls,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { areaRoute, authOf } from '../../platform/guard.js';
import { createApiKeyService } from './service.js';
import { route } from '../../platform/route.js';

export function registerApiKeyRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const keys = createApiKeyService(deps);
  const tags = ['api-keys'];
  route(app, apiKeyCalls.list, { config: areaRoute('ADMIN', 'READ'), schema: { tags, response: { 200: ApiKeyList } } }, async (req) => ({ keys: await keys.list(authOf(req)) }));
  route(
    app,
    apiKeyCalls.create,
    { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, description: 'Creates a key; its secret is in this answer only.', body: ApiKeyCreateBody, response: { 200: ApiKeyCreated } } },
    async (req) => keys.create(authOf(req), req.body),
  );
  route(app, apiKeyCalls.revoke, { config: areaRoute('ADMIN', 'WRITE'), schema: { tags, params: IdParam, response: { 200: Ok } } }, async (req) => ({
    message: await keys.revoke(authOf(req), req.params.id),
  }));
}
