/** The job queue: pg-boss on the same PostgreSQL. Runs in the API process by default, or alone as a worker. */
import { PgBoss } from 'pg-boss';

export type Queue = PgBoss;

/**
 * How often the supervisor looks for jobs whose heartbeat stopped (a killed process) or whose time
 * ran out, and retries them (decision 0019). pg-boss's default is 60 s; with a 30 s heartbeat this
 * keeps a dead sheet job's return under a minute. One process does each pass (pg-boss claims it).
 */
export const SUPERVISE_SECONDS = 10;

let stopping = false;
/** Says the process has begun to stop (main's signal handler): the database closing is then not an error. */
export function queueStopping(): void {
  stopping = true;
}
const GOING_AWAY_CODES = new Set(['57P01', '57P02', '57P03']); // admin_shutdown, crash_shutdown, cannot_connect_now
function isDatabaseGoingAway(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  if (code && GOING_AWAY_CODES.has(code)) return true;
  const message = e instanceof Error ? e.message : String(e);
  return /Connection terminated|ECONNREFUSED|ECONNRESET|Client was closed|pool (is|has been) (ended|closed)/i.test(message);
}

export async function startQueue(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS });
  boss.on('error', (e: unknown) => {
    // While the process stops, the database going away under the queue's connections (an embedded
    // PostgreSQL stopped by the same Ctrl-C, its 57P01 "terminating connection") is expected.
    // Ctrl-C reaches the whole process group at once, so PostgreSQL's goodbye can be read before this
    // process's own signal handler has run: a going-away error is judged a moment later.
    if (!isDatabaseGoingAway(e)) return void console.error('queue error', e);
    setTimeout(() => {
      if (!stopping) console.error('queue error', e);
    }, 1000).unref();
  });
  await boss.start();
  return boss;
}

/** The workers this process runs, by queue name (noteLocalWorker): a job this process enqueues wakes them. */
const localWorkers = new WeakMap<PgBoss, Map<string, string[]>>();

/** Notes a worker of this process (the id queue.work returned) for wakeLocalWorkers. */
export function noteLocalWorker(boss: PgBoss, name: string, workerId: string): void {
  const byName = localWorkers.get(boss) ?? new Map<string, string[]>();
  localWorkers.set(boss, byName);
  byName.set(name, [...(byName.get(name) ?? []), workerId]);
}

/**
 * Wakes this process's workers of `name` to fetch now instead of at their next poll (call it after
 * the transaction that enqueued the job committed). Workers of other processes still poll.
 */
export function wakeLocalWorkers(boss: PgBoss, name: string): void {
  for (const id of localWorkers.get(boss)?.get(name) ?? []) boss.notifyWorker(id);
}

/** True when the queue's tables answer. */
export async function queueHealthy(boss: PgBoss): Promise<boolean> {
  try {
    await boss.getQueues();
    return true;
  } catch {
    return false;
  }
}
