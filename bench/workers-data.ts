/**
 * Bench data (not demo data): one employer's workers and transactions, generated inside
 * PostgreSQL with `INSERT ... SELECT generate_series`, so 100,000 workers and 1,000,000
 * transactions take seconds rather than minutes. Deterministic: worker n has employee id
 * `BE0000n`, e-mail `bench.n@example.com` and mobile 9000000000 + n. Their salary account numbers
 * are sealed as the portal writes them (decision 0037): sealed, masked and hashed in Node, then
 * passed as arrays.
 *
 * Workers go in with every trigger (the per-context counts of migration 0006 must follow). For the
 * transactions, foreign-key triggers are switched off for the generating session only
 * (`session_replication_role = replica`, the embedded server's superuser may do so): every
 * generated row refers to a worker generated just before, so nothing is lost by not checking.
 */
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/platform/database.js';
import type { DataProtector } from '../apps/server/src/platform/data-protection.js';

export const BENCH_BRANCHES = ['Pune', 'Mumbai', 'Delhi', 'Chennai', 'Kolkata'];
export const BENCH_GRADES = ['G1', 'G2', 'G3', 'G4'];
export const BENCH_DEPARTMENTS = ['Operations', 'Finance', 'Sales', 'Warehouse', 'Support', 'IT'];

const FIRST = ['Asha', 'Ravi', 'Priya', 'Arjun', 'Meera', 'Vikram', 'Sunita', 'Karan', 'Divya', 'Rahul', 'Anita', 'Suresh', 'Pooja', 'Manoj', 'Kavita', 'Amit', 'Neha', 'Deepak', 'Lakshmi', 'Imran'];
const LAST = ['Sharma', 'Patel', 'Reddy', 'Iyer', 'Singh', 'Khan', 'Das', 'Nair', 'Gupta', 'Joshi', 'Menon', 'Rao', 'Kulkarni', 'Bose', 'Pillai', 'Verma', 'Mehta', 'Chopra', 'Desai', 'Yadav', 'Shetty', 'Ghosh', 'Mishra', 'Jain', 'Saxena'];

const textArray = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** Inserts `count` workers of the employer (employer context, no vendor) in batches; returns the seconds it took. */
export async function generateWorkers(deps: { db: Database; protector: DataProtector }, employerId: string, count: number): Promise<number> {
  const { db, protector } = deps;
  const t = performance.now();
  const BATCH = 50_000;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    // Worker g's account number (none for every 4th), as stored: sealed, masked, keyed hash.
    const accounts = Array.from({ length: to - from + 1 }, (_, i) => protector.protectText((from + i) % 4 === 0 ? null : String(100_000_000_000 + from + i).padStart(12, '0')));
    await db.connection().execute(async (c) => {
      await sql`
        insert into workers (employer_id, employer_worker_id, full_name, email, mobile, joined_at, terminated_at,
          employment_status, current_monthly_salary, salary_account_number, salary_account_number_masked, salary_account_number_hash, branch_id, grade_id, department_id,
          is_transaction_allowed, user_id, approval_status, created_at, updated_at)
        select ${employerId}::uuid,
          'BE' || lpad(g::text, 7, '0'),
          (${textArray(FIRST)})[1 + g % 20] || ' ' || (${textArray(LAST)})[1 + (g / 20) % 25],
          case when g % 10 = 3 then null else 'bench.' || g || '@example.com' end,
          (9000000000 + g)::text,
          date '2019-01-01' + (g % 2500),
          case when g % 10 = 0 then date '2026-01-01' + (g % 300) end,
          case when g % 10 = 0 then 'INACTIVE' when g % 7 = 0 then 'IN_PROBATION' else 'ACTIVE' end,
          (12000 + (g * 37) % 60000) * 100,
          a.sealed, a.masked, a.hash,
          (${textArray(BENCH_BRANCHES)})[1 + g % 5],
          (${textArray(BENCH_GRADES)})[1 + g % 4],
          (${textArray(BENCH_DEPARTMENTS)})[1 + g % 6],
          g % 9 <> 0,
          case when g % 3 <> 0 then gen_random_uuid() end,
          case when g % 3 <> 0 then 'APPROVED' end,
          timestamptz '2026-01-01 00:00:00+05:30' + g * interval '1 minute',
          timestamptz '2026-01-01 00:00:00+05:30' + g * interval '1 minute'
        from generate_series(${from}::int, ${to}::int) g
        join unnest(${accounts.map((a) => a.sealed)}::text[], ${accounts.map((a) => a.masked)}::text[], ${accounts.map((a) => a.hash)}::bytea[]) with ordinality
          as a(sealed, masked, hash, n) on a.n = g - ${from} + 1`.execute(c);
    });
  }
  return (performance.now() - t) / 1000;
}

/**
 * Inserts `count` transactions spread over the employer's workers and over the last 700 days
 * (settled statuses: TRANSFERRED, DEDUCTED_FROM_SALARY, REPAID), in batches; returns the seconds.
 */
export async function generateTransactions(db: Database, employerId: string, count: number, now = new Date()): Promise<number> {
  const t = performance.now();
  const BATCH = 250_000;
  await db.connection().execute(async (c) => {
    await sql`set session_replication_role = replica`.execute(c);
    await sql`create temp table bench_w as select row_number() over (order by created_at, id) - 1 as n, id, full_name, employer_worker_id from workers where employer_id = ${employerId}::uuid`.execute(c);
    await sql`create unique index on bench_w (n)`.execute(c);
    await sql`analyze bench_w`.execute(c);
    const workers = Number((await sql<{ n: string }>`select count(*) as n from bench_w`.execute(c)).rows[0]!.n);
    for (let from = 0; from < count; from += BATCH) {
      const to = Math.min(count, from + BATCH) - 1;
      await sql`
        insert into transactions (employer_id, worker_id, amount, status, repaid_amount, latest_repayment_date, worker_snapshot, created_at, updated_at)
        select ${employerId}::uuid, w.id,
          (500 + (g * 13) % 9500) * 100,
          s.status,
          case when s.status = 'TRANSFERRED' then 0 else (500 + (g * 13) % 9500) * 100 end,
          case when s.status = 'TRANSFERRED' then null else (s.at + interval '20 days')::date end,
          jsonb_build_object('fullName', w.full_name, 'employerWorkerId', w.employer_worker_id, 'workerType', 'EMPLOYEE'),
          s.at, s.at
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select
          (array['TRANSFERRED','DEDUCTED_FROM_SALARY','REPAID'])[1 + g % 3] as status,
          ${now.toISOString()}::timestamptz - ((g::bigint * 7919) % (700 * 86400)) * interval '1 second' as at) s
        join bench_w w on w.n = g % ${workers}::int`.execute(c);
    }
    await sql`drop table bench_w`.execute(c);
    await sql`set session_replication_role = origin`.execute(c);
  });
  return (performance.now() - t) / 1000;
}

/** Visibility map and statistics, as autovacuum would leave them after a while. */
export async function settle(db: Database): Promise<number> {
  const t = performance.now();
  await sql`vacuum (analyze) workers`.execute(db);
  await sql`vacuum (analyze) transactions`.execute(db);
  return (performance.now() - t) / 1000;
}
