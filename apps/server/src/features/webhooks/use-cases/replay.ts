import { WEBHOOK_MSG } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { queueDelivery } from '../../../platform/events.js';
import type { AuthContext } from '../../../platform/guard.js';
import { isUuid } from '../../../platform/ids.js';
import { humansOnly } from '../shared.js';

/** Sends a delivery's event again to its endpoint: a new delivery with the same event id (receivers deduplicate by it). */
export async function replay(deps: Deps, ctx: AuthContext, deliveryId: string): Promise<string> {
  humansOnly(ctx);
  if (!isUuid(deliveryId)) throw notFound(WEBHOOK_MSG.deliveryNotFound);
  const d = await deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(['d.event_id', 'd.endpoint_id', 'w.removed_at'])
    .where('d.id', '=', deliveryId)
    .where('d.employer_id', '=', ctx.admin.employer_id)
    .executeTakeFirst();
  if (!d) throw notFound(WEBHOOK_MSG.deliveryNotFound);
  if (d.removed_at) throw conflict(WEBHOOK_MSG.removedAlready);
  await deps.db.transaction().execute(async (trx) => {
    const fresh = await trx.insertInto('webhook_deliveries').values({ event_id: d.event_id, endpoint_id: d.endpoint_id, employer_id: ctx.admin.employer_id }).returning('id').executeTakeFirstOrThrow();
    await queueDelivery(deps, trx, fresh.id);
  });
  return WEBHOOK_MSG.replayed;
}
