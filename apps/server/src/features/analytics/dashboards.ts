/**
 * The employer's external analytics dashboards (spec 2.14), kept in its config as
 * `externalDashboards`, and the origins the portal's Content-Security-Policy lets it frame.
 *
 * The SPA is one HTML document for every employer, fetched before anyone is signed in, so its
 * `frame-src` is the union of every employer's configured https origins (decision 0017). It is
 * read from the database and cached for FRAME_ORIGINS_TTL_MS: the operators' CLI runs in another
 * process, so a change is live for new page loads within that time (at once in this process).
 */
import { ExternalDashboard, dashboardOrigins, embeddableOrigin, parseDashboardSpec } from '@portal/domain';
import { sql } from 'kysely';
import type { EmployerConfigJson } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';

export const FRAME_ORIGINS_TTL_MS = 30_000;

/** The configured items that are still embeddable (an item edited by hand into something else is left out). */
export function dashboardsOf(config: Pick<EmployerConfigJson, 'externalDashboards'> | null | undefined): ExternalDashboard[] {
  const raw = Array.isArray(config?.externalDashboards) ? config.externalDashboards : [];
  return raw.filter((i): i is ExternalDashboard => ExternalDashboard.safeParse(i).success && embeddableOrigin(i.embeddedLink) !== null);
}

let cache: { at: number; origins: string[] } | null = null;

/** Every employer's dashboard origins, for the SPA's frame-src; cached briefly. */
export async function frameOrigins(db: Database, now = Date.now()): Promise<string[]> {
  if (cache && now - cache.at < FRAME_ORIGINS_TTL_MS) return cache.origins;
  const rows = await db
    .selectFrom('employers')
    .select(sql<unknown>`config->'externalDashboards'`.as('items'))
    .where(sql<boolean>`jsonb_typeof(config->'externalDashboards') = 'array'`)
    .execute();
  const origins = dashboardOrigins(rows.flatMap((r) => dashboardsOf({ externalDashboards: r.items as ExternalDashboard[] })));
  cache = { at: now, origins };
  return origins;
}
export const forgetFrameOrigins = (): void => {
  cache = null;
};

async function readConfig(db: Database, employerId: string): Promise<{ name: string; config: EmployerConfigJson } | undefined> {
  return db.selectFrom('employers').select(['name', 'config']).where('id', '=', employerId).executeTakeFirst();
}

async function writeDashboards(db: Database, employerId: string, items: ExternalDashboard[]): Promise<void> {
  // Only this key of the config changes, whatever else is in it.
  await db
    .updateTable('employers')
    .set({ config: sql`jsonb_set(config, '{externalDashboards}', ${JSON.stringify(items)}::jsonb, true)` })
    .where('id', '=', employerId)
    .execute();
  forgetFrameOrigins();
}

/** The operators' CLI: list, add ("Description|https://...") or remove (1-based number, link or description). */
export async function manageDashboards(
  db: Database,
  employerId: string,
  op: { add?: string; remove?: string },
): Promise<{ employer: string; items: ExternalDashboard[] }> {
  const found = await readConfig(db, employerId);
  if (!found) throw new Error(`no employer ${employerId} (see list-employers)`);
  let items = dashboardsOf(found.config);
  if (op.add !== undefined) {
    const parsed = parseDashboardSpec(op.add);
    if ('error' in parsed) throw new Error(`--add: ${parsed.error}`);
    if (items.some((i) => i.embeddedLink === parsed.item.embeddedLink)) throw new Error('--add: this link is configured already');
    items = [...items, parsed.item];
    await writeDashboards(db, employerId, items);
  } else if (op.remove !== undefined) {
    const key = op.remove.trim();
    const n = /^\d+$/.test(key) ? Number(key) : NaN;
    const index = Number.isInteger(n) ? n - 1 : items.findIndex((i) => i.embeddedLink === key || i.description === key);
    if (index < 0 || index >= items.length) throw new Error(`--remove: no dashboard ${key} (see --list)`);
    items = items.filter((_, k) => k !== index);
    await writeDashboards(db, employerId, items);
  }
  return { employer: found.name, items };
}
