import { WEBHOOK_MSG, WEBHOOK_PING } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { conflict } from '../../../platform/errors.js';
import { emitEvent } from '../../../platform/events.js';
import type { AuthContext } from '../../../platform/guard.js';
import { endpointOf, humansOnly } from '../shared.js';

/** Sends a test event (WEBHOOK_PING) to an endpoint not removed, through the same delivery as any event. */
export async function ping(deps: Deps, ctx: AuthContext, id: string): Promise<string> {
  humansOnly(ctx);
  const endpoint = await endpointOf(deps, ctx, id);
  if (endpoint.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  await deps.db.transaction().execute((trx) => emitEvent(deps, trx, ctx.admin.employer_id, WEBHOOK_PING, { endpointId: id, sentBy: ctx.admin.name }, id));
  return WEBHOOK_MSG.pinged;
}
