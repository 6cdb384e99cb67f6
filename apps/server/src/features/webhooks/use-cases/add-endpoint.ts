import { WEBHOOK_MSG, type WebhookEndpointBody, type WebhookSecretResult } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { badRequest } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { checkEndpointUrl, humansOnly, newSecret } from '../shared.js';
import { rowOf } from './list-endpoints.js';

/** A new endpoint at an address `checkEndpointUrl` accepts; its signing secret is answered once. */
export async function addEndpoint(deps: Deps, ctx: AuthContext, body: WebhookEndpointBody): Promise<WebhookSecretResult> {
  humansOnly(ctx);
  const problem = checkEndpointUrl(body.url, deps.config.production);
  if (problem) throw badRequest(problem);
  const secret = newSecret();
  const row = await deps.db
    .insertInto('webhook_endpoints')
    .values({ employer_id: ctx.admin.employer_id, url: body.url, events: [...new Set(body.events)], secret: deps.protector.sealText(secret), created_by: ctx.admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { endpoint: await rowOf(deps, ctx, row.id), secret, message: WEBHOOK_MSG.created };
}
