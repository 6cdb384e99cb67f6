/** The job queue: pg-boss on the same PostgreSQL. Runs in the API process by default, or alone as a worker. */
import { PgBoss } from 'pg-boss';

export type Queue = PgBoss;

export async function startQueue(databaseUrl: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
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
