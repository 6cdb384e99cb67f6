/**
 * Who a payroll row names against who its Employee ID is (pre-freeze flags, shown and never
 * applied): the rules of NAME_DIFFERS and MOBILE_DIFFERS, which the payroll sheet's page statement
 * (processing.ts) sets with the entries' other flags as it writes them; and the active workers of
 * the payroll's context whom the sheet leaves out, a page at a time. The rules, in SQL:
 * - names: lower-cased, runs of whitespace and ASCII punctuation made one space, split into
 *   words; the same when the words joined without spaces are equal ("A. Rao" = "a.rao",
 *   "D'Souza" = "DSouza"), or when the words sorted are ("Rao, Ananya" = "Ananya Rao": a surname
 *   written first is common in Indian records); an initial is not the full name;
 * - mobiles: the last 10 digits; a blank on either side is no difference.
 * Every query is scoped by the payroll's employer and context (vendor or none).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { lastDayOf, monthOfDate, type MissingWorker } from '@portal/domain';
import type { DB, PayrollRecord } from '../../db/schema.js';
import { inScope } from '../../platform/scope.js';

type Scoped = Pick<PayrollRecord, 'id' | 'employer_id' | 'vendor_id'>;

/** Whitespace and ASCII punctuation, as a PostgreSQL bracket expression. */
const SEPARATORS = '[[:space:]!-/:-@[-`{-~]+';

/** A name's words (text[]). */
export const wordsOf = (name: RawBuilder<unknown>) => sql`regexp_split_to_array(trim(regexp_replace(lower(${name}), ${SEPARATORS}, ' ', 'g')), ' ')`;
/** A mobile's last 10 digits ('' for none). */
const mobileKeyOf = (mobile: RawBuilder<unknown>) => sql`right(regexp_replace(coalesce(${mobile}, ''), '[^0-9]', '', 'g'), 10)`;
/** `w` in the payroll's employer and context. */
const workerScope = (p: Scoped) => inScope({ employerId: p.employer_id, vendorId: p.vendor_id }, 'w');

/**
 * NAME_DIFFERS: true when a sheet's name is not the employee record's, by the words of each
 * (`wordsOf`, computed once per row by the caller): not when the words joined are equal, nor when
 * the words sorted are.
 */
export const namesDiffer = (sheetWords: RawBuilder<unknown>, recordWords: RawBuilder<unknown>) =>
  sql<boolean>`case when array_to_string(${sheetWords}, '') = array_to_string(${recordWords}, '') then false
    else array(select x from unnest(${sheetWords}) x order by x) <> array(select x from unnest(${recordWords}) x order by x) end`;

/** MOBILE_DIFFERS: true when both mobiles are given and their last 10 digits differ. */
export const mobilesDiffer = (sheetMobile: RawBuilder<unknown>, recordMobile: RawBuilder<unknown>) =>
  sql<boolean>`(${mobileKeyOf(sheetMobile)} <> '' and ${mobileKeyOf(recordMobile)} <> '' and ${mobileKeyOf(sheetMobile)} <> ${mobileKeyOf(recordMobile)})`;

/**
 * What the employee records hold for those of `entryIds` (of the payroll) that carry NAME_DIFFERS
 * or MOBILE_DIFFERS: the name and mobile the screens show beside the flag. One query for a page.
 */
export async function identityRecordsOf(db: Kysely<DB>, payroll: Scoped, entryIds: readonly string[]): Promise<Map<string, { name: string; mobile: string | null }>> {
  if (entryIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; name: string; mobile: string | null }>`
    select e.id, w.full_name as name, w.mobile
    from payroll_entries e
    join workers w on w.id = e.worker_id and ${workerScope(payroll)}
    where e.payroll_id = ${payroll.id}::uuid and e.id = any(${entryIds}::uuid[])
      and e.flags && array['NAME_DIFFERS', 'MOBILE_DIFFERS']::text[]
  `.execute(db);
  return new Map(rows.map((r) => [r.id, { name: r.name, mobile: r.mobile }]));
}

/**
 * The active workers of the payroll's context with no entry in it: employment status ACTIVE or
 * IN_PROBATION, approval not PENDING nor REJECTED, joined on or before the payroll month's last
 * day (or no joining date). By Employee ID; a page of `limit` from `offset`, and the total. Two
 * statements in parallel (an anti-join on the payroll's entries each): at 50,000 workers a page
 * reads the context's workers and the payroll's entries once, and returns `limit` rows.
 */
export async function missingWorkers(db: Kysely<DB>, payroll: Scoped & Pick<PayrollRecord, 'month'>, page: { limit: number; offset: number }): Promise<{ total: number; workers: MissingWorker[] }> {
  const last = lastDayOf(monthOfDate(payroll.month));
  const missing = sql`
    from workers w
    where ${workerScope(payroll)}
      and w.employment_status in ('ACTIVE', 'IN_PROBATION')
      and (w.approval_status is null or w.approval_status not in ('PENDING', 'REJECTED'))
      and (w.joined_at is null or w.joined_at <= ${last}::date)
      and not exists (select 1 from payroll_entries e where e.payroll_id = ${payroll.id}::uuid and e.worker_id = w.id)
  `;
  const [count, rows] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n ${missing}`.execute(db),
    sql<{ id: string; full_name: string; employer_worker_id: string; mobile: string | null }>`
      select w.id, w.full_name, w.employer_worker_id, w.mobile ${missing}
      order by lower(w.employer_worker_id), w.id
      limit ${page.limit} offset ${page.offset}
    `.execute(db),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    workers: rows.rows.map((w) => ({ _id: w.id, name: w.full_name, employerEmployeeId: w.employer_worker_id, mobile: w.mobile })),
  };
}
