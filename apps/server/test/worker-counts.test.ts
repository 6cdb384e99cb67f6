/**
 * The per-context worker counts (migration 0006, mended by 0011) follow every change of
 * `workers`: inserts, a worker moved to a vendor and back, and deletions, in one statement or
 * several, and always equal a plain count of the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createEmployer, createTestEnv, type TestEnv } from './harness.js';
import { insertWorker } from './workers-fixtures.js';

const ZERO = '00000000-0000-0000-0000-000000000000';
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

/** Kept counts and real counts of one employer, by context. */
async function counts(employerId: string) {
  const kept = await env.deps.db.selectFrom('worker_context_counts').select(['vendor_key', 'n']).where('employer_id', '=', employerId).execute();
  const real = await sql<{ vendor_key: string; n: string }>`
    select coalesce(vendor_id, ${ZERO}::uuid) as vendor_key, count(*) as n from workers where employer_id = ${employerId} group by 1`.execute(env.deps.db);
  const asMap = (rows: { vendor_key: string; n: string | number }[]) => Object.fromEntries(rows.filter((r) => Number(r.n) > 0).map((r) => [r.vendor_key, Number(r.n)]));
  return { kept: asMap(kept), real: asMap(real.rows) };
}

describe('worker_context_counts', () => {
  it('follows inserts, moves between contexts and deletions', async () => {
    const e = await createEmployer(env);
    const [v1] = e.vendors;
    const a = await insertWorker(env, { employer_id: e.employer.id });
    const b = await insertWorker(env, { employer_id: e.employer.id });
    await insertWorker(env, { employer_id: e.employer.id, vendor_id: v1!.id });
    let c = await counts(e.employer.id);
    expect(c.kept).toEqual({ [ZERO]: 2, [v1!.id]: 1 });

    // Both own workers move to the vendor in one statement: the own count reaches zero.
    await env.deps.db.updateTable('workers').set({ vendor_id: v1!.id }).where('id', 'in', [a.id, b.id]).execute();
    c = await counts(e.employer.id);
    expect(c.kept).toEqual(c.real);
    expect(c.kept).toEqual({ [v1!.id]: 3 });

    // One moves back, one is deleted.
    await env.deps.db.updateTable('workers').set({ vendor_id: null }).where('id', '=', a.id).execute();
    await env.deps.db.deleteFrom('workers').where('id', '=', b.id).execute();
    c = await counts(e.employer.id);
    expect(c.kept).toEqual(c.real);
    expect(c.kept).toEqual({ [ZERO]: 1, [v1!.id]: 1 });
  });
});
