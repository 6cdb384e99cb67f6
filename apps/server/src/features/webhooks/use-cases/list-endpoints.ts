import type { WebhookEndpointRow } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { humansOnly } from '../shared.js';

/** The employer's endpoints, removed ones last; the previous secret's end only while it still signs. */
export async function listEndpoints(deps: Deps, ctx: AuthContext): Promise<WebhookEndpointRow[]> {
  humansOnly(ctx);
  const rows = await deps.db
    .selectFrom('webhook_endpoints as w')
    .innerJoin('admins as a', 'a.id', 'w.created_by')
    .select(['w.id', 'w.url', 'w.events', 'a.name as created_by', 'w.created_at', 'w.previous_secret_until', 'w.removed_at'])
    .where('w.employer_id', '=', ctx.admin.employer_id)
    .orderBy('w.removed_at', (ob) => ob.desc().nullsFirst())
    .orderBy('w.created_at', 'desc')
    .execute();
  const now = deps.now();
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    previousSecretUntil: r.previous_secret_until && r.previous_secret_until > now ? r.previous_secret_until.toISOString() : null,
    removedAt: r.removed_at?.toISOString() ?? null,
  }));
}

/** One endpoint as the list gives it. */
export const rowOf = async (deps: Deps, ctx: AuthContext, id: string) => (await listEndpoints(deps, ctx)).find((e) => e.id === id)!;
