import { WEBHOOK_MSG } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { conflict } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { endpointOf, humansOnly } from '../shared.js';

/** Removes an endpoint (it stays in the list, marked removed); twice is a 409. */
export async function removeEndpoint(deps: Deps, ctx: AuthContext, id: string): Promise<string> {
  humansOnly(ctx);
  const endpoint = await endpointOf(deps, ctx, id);
  if (endpoint.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  await deps.db.updateTable('webhook_endpoints').set({ removed_at: deps.now() }).where('id', '=', id).execute();
  return WEBHOOK_MSG.removed;
}
