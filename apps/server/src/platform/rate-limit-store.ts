/**
 * The request counters of @fastify/rate-limit in PostgreSQL (table `rate_limit_hits`, migration
 * 0017), so that N API processes on one database allow a client the limit once, not N times.
 *
 * Same fixed-window rule as the plugin's in-memory store: the first hit opens a window of
 * `timeWindow` ms, later hits in it count up, the first hit after it ends opens a new one. Each hit
 * is one atomic upsert (INSERT ... ON CONFLICT DO UPDATE ... RETURNING) on the key
 * "<method> <route> <client key>", so hits arriving at the same moment through different processes
 * are all counted. Windows are measured on the database's clock, the one clock every process shares.
 * Rows whose window has ended are deleted by each process at most once a minute.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from './database.js';

/** How often a process deletes the rows whose window has ended (by default). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin's store contract, with the `read` its `{ increment: false }` calls use. */
export interface RateLimitStore extends FastifyRateLimitStore {
  read(key: string, callback: Callback, timeWindow?: number, max?: number): void;
  child(routeOptions: unknown): RateLimitStore;
}

interface Shared {
  db: Database;
  onError: (err: unknown) => void;
  sweepMs: number;
  lastSweep: number;
}

/** Where the plugin hands a route's options to `child` (its merged rate-limit params with the route). */
interface ChildOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

class PostgresRateLimitStore implements RateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly prefix: string,
    private readonly continueExceeding: boolean,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.sweepNowAndThen();
    const window = Math.max(0, Math.trunc(timeWindow));
    // A new window when none is open (no row, or its window has ended); with continueExceeding, a
    // hit past the limit also starts the window again (the plugin's own store does the same).
    sql<{ hits: number; ttl: number }>`
      insert into rate_limit_hits as r (key, hits, window_ends_at)
      values (${this.prefix + key}, 1, now() + make_interval(secs => ${window}::double precision / 1000))
      on conflict (key) do update set
        hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
        window_ends_at = case
          when r.window_ends_at <= now() then excluded.window_ends_at
          when ${this.continueExceeding}::boolean and r.hits + 1 > ${max}::bigint then excluded.window_ends_at
          else r.window_ends_at end
      returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::float8 as ttl`
      .execute(this.shared.db)
      .then(
        (r) => callback(null, { current: r.rows[0]!.hits, ttl: r.rows[0]!.ttl }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
  }

  /** The count of the open window without counting a hit (the plugin's `{ increment: false }`). */
  read(key: string, callback: Callback): void {
    sql<{ hits: number; ttl: number }>`
      select hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::float8 as ttl
      from rate_limit_hits where key = ${this.prefix + key} and window_ends_at > now()`
      .execute(this.shared.db)
      .then(
        (r) => callback(null, r.rows[0] ? { current: r.rows[0].hits, ttl: r.rows[0].ttl } : { current: 0, ttl: 0 }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
  }

  /**
   * The store of one route: its own counters, keyed by method and URL. A limiter made with the
   * plugin's `createRateLimit` has no route: its counters are keyed "limiter <key>", so its
   * keyGenerator must name what it counts (e.g. "sms:<admin id>").
   */
  child(routeOptions: unknown): RateLimitStore {
    const o = routeOptions as ChildOptions;
    if (o.exponentialBackoff) throw new Error('the PostgreSQL rate-limit store does not implement exponentialBackoff');
    const url = o.routeInfo?.url;
    const method = Array.isArray(o.routeInfo?.method) ? o.routeInfo.method.join(',') : (o.routeInfo?.method ?? '');
    return new PostgresRateLimitStore(this.shared, url ? `${method} ${url} ` : 'limiter ', o.continueExceeding ?? false);
  }

  /** Deletes the ended windows, at most once per `sweepMs` in this process, without holding up the request. */
  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.shared.lastSweep < this.shared.sweepMs) return;
    this.shared.lastSweep = now;
    sweepRateLimits(this.shared.db).catch(this.shared.onError);
  }
}

/** Deletes the rows whose window has ended; returns how many. */
export async function sweepRateLimits(db: Database): Promise<number> {
  const r = await sql`delete from rate_limit_hits where window_ends_at <= now()`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * The `store` option of @fastify/rate-limit: a class the plugin instantiates with its options,
 * bound here to the database. `onError` hears a failed clean-up (a failed count fails the request).
 */
export function postgresRateLimitStore(
  db: Database,
  onError: (err: unknown) => void = () => {},
  options: { sweepMs?: number } = {},
): new (options: FastifyRateLimitOptions) => RateLimitStore {
  const shared: Shared = { db, onError, sweepMs: options.sweepMs ?? RATE_LIMIT_SWEEP_MS, lastSweep: Date.now() };
  return class extends PostgresRateLimitStore {
    constructor(options: FastifyRateLimitOptions) {
      const o = options as ChildOptions;
      if (o.exponentialBackoff) throw new Error('the PostgreSQL rate-limit store does not implement exponentialBackoff');
      super(shared, 'global ', o.continueExceeding ?? false);
    }
  };
}
