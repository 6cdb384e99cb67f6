/** The job queue: pg-boss on the same PostgreSQL. Runs in the API process by default, or alone as a worker. */
import { PgBoss } from 'pg-boss';

export type Queue = PgBoss;

/**
 * How often the supervisor looks for jobs whose heartbeat stopped (a killed process) or whose time
 * ran out, and retries them (decision 0019). pg-boss's default is 60 s; with a 30 s heartbeat this
 * keeps a dead sheet job's return under a minute. One process does each pass (pg-boss claims it).
 */
export const SUPERVISE_SECONDS = 10;

export async function startQueue(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS });
  boss.on('error', (e: unknown) => console.error('queue error', e));
  await boss.start();
  return boss;
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
