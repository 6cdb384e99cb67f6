/**
 * Who a payroll row names against who its Employee ID is (pre-freeze flags, shown and never
 * applied): NAME_DIFFERS and MOBILE_DIFFERS appended to the entries' flags once the entries are
 * written, set-based in one statement; and the active workers of the payroll's context whom the
 * sheet leaves out, a page at a time. The name and mobile rules, in SQL:
 * - names: lower-cased, runs of whitespace and ASCII punctuation made one space, split into
 *   words; the same when the words joined without spaces are equal ("A. Rao" = "a.rao",
 *   "D'Souza" = "DSouza"), or when the words sorted are ("Rao, Ananya" = "Ananya Rao": a surname
 *   written first is common in Indian records); an initial is not the full name;
 * - mobiles: the last 10 digits; a blank on either side is no difference.
 * Every query is scoped by the payroll's employer and context (vendor or none).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { lastDayOf, monthOfDate, type MissingWorker, type PayrollFlag } from '@portal/domain';
import type { DB, PayrollRecord } from '../../db/schema.js';
import { inScope } from '../../platform/scope.js';

type Scoped = Pick<PayrollRecord, 'id' | 'employer_id' | 'vendor_id'>;

/** Whitespace and ASCII punctuation, as a PostgreSQL bracket expression. */
const SEPARATORS = '[[:space:]!-/:-@[-`{-~]+';

/** A name's words (text[]). */
const wordsOf = (name: RawBuilder<unknown>) => sql`regexp_split_to_array(trim(regexp_replace(lower(${name}), ${SEPARATORS}, ' ', 'g')), ' ')`;
/** A mobile's last 10 digits ('' for none). */
const mobileKeyOf = (mobile: RawBuilder<unknown>) => sql`right(regexp_replace(coalesce(${mobile}, ''), '[^0-9]', '', 'g'), 10)`;
/** `w` in the payroll's employer and context. */
const workerScope = (p: Scoped) => inScope({ employerId: p.employer_id, vendorId: p.vendor_id }, 'w');

export type IdentityFlagCounts = Record<Extract<PayrollFlag, 'NAME_DIFFERS' | 'MOBILE_DIFFERS'>, number>;

/**
 * After the payroll's entries are inserted (same transaction): appends NAME_DIFFERS and
 * MOBILE_DIFFERS to the entries whose sheet name or mobile is not the employee record's, in
 * PAYROLL_FLAGS order after the others. One statement; an entry already carrying either is left
 * alone, so a repeated call changes nothing. Returns how many entries carry each.
 */
export async function applyIdentityFlags(trx: Kysely<DB>, payroll: Scoped): Promise<IdentityFlagCounts> {
  const { rows } = await sql<{ name: number; mobile: number }>`
    with d as (
      select e.id,
        -- the words sorted only when the letters differ (case: evaluated in order)
        case when array_to_string(sn.a, '') = array_to_string(rn.a, '') then false
          else array(select x from unnest(sn.a) x order by x) <> array(select x from unnest(rn.a) x order by x) end as name_differs,
        (${mobileKeyOf(sql`e.mobile`)} <> '' and ${mobileKeyOf(sql`w.mobile`)} <> '' and ${mobileKeyOf(sql`e.mobile`)} <> ${mobileKeyOf(sql`w.mobile`)}) as mobile_differs
      from payroll_entries e
      join workers w on w.id = e.worker_id and ${workerScope(payroll)}
      cross join lateral (select ${wordsOf(sql`e.name`)} as a) sn
      cross join lateral (select ${wordsOf(sql`w.full_name`)} as a) rn
      where e.payroll_id = ${payroll.id}::uuid and e.employer_id = ${payroll.employer_id}::uuid
        and not (e.flags && array['NAME_DIFFERS', 'MOBILE_DIFFERS']::text[])
    ),
    u as (
      update payroll_entries e
      set flags = e.flags || array_remove(array[case when d.name_differs then 'NAME_DIFFERS' end, case when d.mobile_differs then 'MOBILE_DIFFERS' end]::text[], null)
      from d
      where e.id = d.id and (d.name_differs or d.mobile_differs)
      returning d.name_differs, d.mobile_differs
    )
    select (count(*) filter (where name_differs))::int as name, (count(*) filter (where mobile_differs))::int as mobile from u
  `.execute(trx);
  return { NAME_DIFFERS: Number(rows[0]?.name ?? 0), MOBILE_DIFFERS: Number(rows[0]?.mobile ?? 0) };
}

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
