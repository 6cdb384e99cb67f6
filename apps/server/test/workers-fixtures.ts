/** Workers for the employee suites, inserted straight into `workers` (the worker side is not under test here). */
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { uniqueMobile, type TestEnv } from './harness.js';

let seq = 0;
export const uniqueTag = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;

export type WorkerSeed = Partial<Insertable<DB['workers']>> & { employer_id: string };

/** One worker with sensible defaults (unique id, e-mail and mobile; 25,000 rupees a month). */
export function insertWorker(env: TestEnv, seed: WorkerSeed) {
  const tag = uniqueTag();
  return env.deps.db
    .insertInto('workers')
    .values({
      employer_worker_id: `EMP-${tag}`,
      full_name: 'Test Worker',
      email: `w-${tag}@example.com`,
      mobile: uniqueMobile(),
      current_monthly_salary: 2_500_000,
      joined_at: '2026-01-15',
      ...seed,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const workerRow = (env: TestEnv, id: string) => env.deps.db.selectFrom('workers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const activitiesOf = (env: TestEnv, employerId: string, actionType: string) =>
  env.deps.db.selectFrom('activities').selectAll().where('employer_id', '=', employerId).where('action_type', '=', actionType).orderBy('created_at').execute();
