import { WEBHOOK_MSG, WEBHOOK_PREVIOUS_SECRET_MS, type WebhookSecretResult } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { conflict } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { endpointOf, humansOnly, newSecret } from '../shared.js';
import { rowOf } from './list-endpoints.js';

/** A new signing secret for an endpoint not removed; the previous one keeps signing for WEBHOOK_PREVIOUS_SECRET_MS. */
export async function rotateSecret(deps: Deps, ctx: AuthContext, id: string): Promise<WebhookSecretResult> {
  humansOnly(ctx);
  const endpoint = await endpointOf(deps, ctx, id);
  if (endpoint.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  const secret = newSecret();
  await deps.db
    .updateTable('webhook_endpoints')
    .set({ secret: deps.protector.sealText(secret), previous_secret: endpoint.secret, previous_secret_until: new Date(deps.now().getTime() + WEBHOOK_PREVIOUS_SECRET_MS) })
    .where('id', '=', id)
    .execute();
  return { endpoint: await rowOf(deps, ctx, id), secret, message: WEBHOOK_MSG.rotated };
}
