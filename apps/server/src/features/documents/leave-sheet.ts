/**
 * LEAVE_UPLOAD (issue 13, decision 0025): one row per leave of a worker (From and To both
 * counted), kept in `leaves`. A leave recorded for the first time is CREATED; the same dates with
 * another type are UPDATED ("Leave Type: Sick Leave -> Casual Leave"); the same leave again is
 * UNCHANGED. Rows of one sheet whose dates overlap for the same Employee ID are all refused with
 * each other's row numbers; a row overlapping recorded leave of other dates replaces it (UPDATED,
 * "Replaces Casual Leave 03/11/2026 to 05/11/2026"), so a worker's leaves never share a day. A row
 * of Leave Type Cancel deletes the recorded leave with exactly its dates (UPDATED, "Cancelled ..."),
 * or is refused when there is none. All of it in the apply's one transaction.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  EMPLOYEE_SERVER_MSG,
  LEAVE_CANCEL,
  LEAVE_MSG,
  LEAVE_SHEET_COLUMNS,
  LEAVE_TYPE_LABELS,
  parseLeaveRow,
  type LeaveSheetKey,
  type LeaveSheetRow,
} from '@portal/domain';
import { unnest } from '../../platform/sql.js';
import { workerOfRow, type SheetKind } from './sheet-kind.js';

const code = (id: string): string => id.trim().toLowerCase();

/**
 * A domain message with its blanks filled in SQL: the message is built by the domain with markers
 * in its blanks, and the statement puts each blank's value in its marker's place (so the wording
 * stays the domain's).
 */
const BLANKS = ['\u0001a', '\u0001b', '\u0001c'] as const;
function filled(message: (...blanks: string[]) => string, ...values: RawBuilder<unknown>[]): RawBuilder<string> {
  let out: RawBuilder<unknown> = sql`${message(...BLANKS.slice(0, values.length))}::text`;
  values.forEach((v, i) => (out = sql`replace(${out}, ${BLANKS[i]}::text, ${v})`));
  return out as RawBuilder<string>;
}
/** LEAVE_MSG.replaces as its prefix, one leave's text and the separator between leaves. */
const REPLACES = (() => {
  const item = { type: BLANKS[0], from: BLANKS[1], to: BLANKS[2] };
  const prefix = LEAVE_MSG.replaces([]);
  const one = LEAVE_MSG.replaces([item]).slice(prefix.length);
  const two = LEAVE_MSG.replaces([item, item]);
  const separator = two.slice(prefix.length + one.length, two.length - one.length);
  if (prefix + one + separator + one !== two) throw new Error('LEAVE_MSG.replaces is no longer a prefix and a list');
  return { prefix, one: (..._: string[]) => one, separator };
})();
const ddmmyyyy = (column: string) => sql`to_char(${sql.ref(column)}, 'DD/MM/YYYY')`;

/**
 * The staged rows of the upload that overlap another row of the same Employee ID, each with the
 * others' row numbers. Each Employee ID's rows are compared only with each other (its rows' numbers
 * and dates gathered into arrays, then paired within those arrays), whatever the planner makes of
 * the staged rows: a self-join of the rows on the Employee ID relied on the planner choosing a hash
 * join, and with the statistics of `sheet_rows` taken while it held other sheets (the rows estimated
 * at one) it compared every row with every other, 6 s for a 10,000-row leave sheet (issue 21).
 */
export const overlapsInSheet = (uploadId: string) => sql<{ row_number: number; others: number[] }>`
  with r as materialized (
    select row_number, lower(trim(value->>'employerEmployeeId')) as code, (value->>'fromDate')::date as from_date, (value->>'toDate')::date as to_date
    from sheet_rows
    where upload_id = ${uploadId}::uuid and value is not null and status is null
  ),
  g as (
    select array_agg(row_number) as n, array_agg(from_date) as f, array_agg(to_date) as t
    from r group by code having count(*) > 1
  )
  select a.n as row_number, array_agg(b.n order by b.n) as others
  from g
  cross join lateral unnest(g.n, g.f, g.t) as a(n, f, t)
  cross join lateral unnest(g.n, g.f, g.t) as b(n, f, t)
  where b.n <> a.n and b.f <= a.t and a.f <= b.t
  group by a.n
  order by a.n
`;

export const leaveSheet: SheetKind<LeaveSheetKey, LeaveSheetRow> = {
  columns: LEAVE_SHEET_COLUMNS,
  dateColumns: ['fromDate', 'toDate'],
  parse: parseLeaveRow,
  key: (row) => `${code(row.employerEmployeeId)}|${row.fromDate}|${row.toDate}`,
  keyLabel: 'Employee ID, From Date and To Date',
  keyColumns: ['employerEmployeeId', 'fromDate', 'toDate'],
  processedSheetName: 'Leave',

  async apply(run) {
    const { trx, scope } = run;
    // Rows of this sheet overlapping another row of the same Employee ID (rows repeated exactly
    // were refused already, by the pipeline's repeated keys): all refused, each naming the others.
    const { rows: overlaps } = await overlapsInSheet(scope.uploadId).execute(trx);
    // What this sheet did, kept on its upload (decision 0025): its list row must not change when a later sheet undoes some of it.
    const effects = { recorded: 0, changed: 0, replaced: 0, cancelled: 0 };
    const [types, labels] = [Object.keys(LEAVE_TYPE_LABELS), Object.values(LEAVE_TYPE_LABELS)];
    const label = (column: string) => sql`(select t.label from unnest(${types}::text[], ${labels}::text[]) as t(code, label) where t.code = ${sql.ref(column)})`;

    // Set-based (issue 21), a page of rows at a time, in row order (a page sees what the pages
    // before it wrote): each row's worker (of the upload's context), the recorded leave of the
    // same dates and the recorded leaves of other dates sharing a day looked up, the rules applied
    // in the order of the row-by-row apply before it, the leave deleted, inserted and re-typed and
    // every outcome set, in one statement; nothing of the rows comes back to Node.
    for await (const { after: from, upTo: to, open } of run.ranges()) {
      if (open === 0) continue;
      const inPage = overlaps.filter((o) => o.row_number > from && o.row_number <= to);
      const { rows } = await sql<{ recorded: number; changed: number; replaced: number; cancelled: number }>`
        with k as materialized (
          select s.row_number, lower(btrim(s.value->>'employerEmployeeId')) as code,
            (s.value->>'fromDate')::date as from_date, (s.value->>'toDate')::date as to_date, s.value->>'leaveType' as leave_type
          from sheet_rows s
          where s.upload_id = ${scope.uploadId}::uuid and s.row_number > ${from} and s.row_number <= ${to} and s.status is null
            and not exists (select 1 from sheet_outcomes o where o.upload_id = s.upload_id and o.row_number = s.row_number)
        ),
        f as materialized (
          select k.*, ov.reason as overlap, w.id as worker_id, w.joined_at, w.terminated_at,
            same.id as same_id, same.leave_type as same_type, o.ids as other_ids, o.n as others, o.text as replaced,
            case
              when ov.reason is not null then 'OVERLAP'
              when w.id is null then 'UNKNOWN'
              when k.leave_type = ${LEAVE_CANCEL} then case when same.id is null then 'CANCEL_UNKNOWN' else 'CANCEL' end
              when k.from_date < w.joined_at then 'BEFORE_JOINING'
              when k.to_date > w.terminated_at then 'AFTER_TERMINATION'
              -- recorded leave of other dates sharing a day: the row replaces it (there is no leave of the same dates then, as recorded leaves never share a day)
              when o.ids is not null then 'REPLACE'
              when same.id is null then 'CREATE'
              when same.leave_type = k.leave_type then 'UNCHANGED'
              else 'RETYPE'
            end as action
          from k
          left join ${unnest([
            { values: inPage.map((o) => o.row_number), type: 'int4' },
            { values: inPage.map((o) => LEAVE_MSG.overlapsInSheet(o.others.join(', '))), type: 'text' },
          ])} as ov(row_number, reason) on ov.row_number = k.row_number
          left join lateral ${workerOfRow(scope, sql`k.code`)} w on true
          left join leaves same on same.worker_id = w.id and same.from_date = k.from_date and same.to_date = k.to_date
          left join lateral (
            select array_agg(l.id) as ids, count(*)::int as n,
              string_agg(${filled(REPLACES.one, label('l.leave_type'), ddmmyyyy('l.from_date'), ddmmyyyy('l.to_date'))}, ${REPLACES.separator}::text order by l.from_date) as text
            from leaves l
            where l.worker_id = w.id and l.from_date <= k.to_date and k.from_date <= l.to_date
              and not (l.from_date = k.from_date and l.to_date = k.to_date)
            having count(*) > 0
          ) o on true
        ),
        -- A replaced leave and a cancelled one go; no row of the page deletes what another row of it writes (those rows would overlap each other).
        deleted as (
          delete from leaves where id in (select unnest(f.other_ids) from f where f.action = 'REPLACE' union select f.same_id from f where f.action = 'CANCEL')
        ),
        inserted as (
          insert into leaves (employer_id, vendor_id, worker_id, from_date, to_date, leave_type, upload_id)
          select ${scope.employerId}::uuid, ${scope.vendorId}::uuid, f.worker_id, f.from_date, f.to_date, f.leave_type, ${scope.uploadId}::uuid
          from f where f.action in ('CREATE', 'REPLACE')
        ),
        retyped as (
          update leaves l set leave_type = f.leave_type, upload_id = ${scope.uploadId}::uuid, updated_at = now()
          from f where f.action = 'RETYPE' and l.id = f.same_id
        ),
        outcomes as (
          insert into sheet_outcomes (upload_id, row_number, status, reason, columns)
          select ${scope.uploadId}::uuid, f.row_number,
            case f.action when 'CREATE' then 'CREATED' when 'UNCHANGED' then 'UNCHANGED' when 'REPLACE' then 'UPDATED' when 'RETYPE' then 'UPDATED' when 'CANCEL' then 'UPDATED' else 'FAILED' end,
            case f.action
              when 'OVERLAP' then f.overlap
              when 'UNKNOWN' then ${EMPLOYEE_SERVER_MSG.unknownEmployeeId}
              when 'CANCEL_UNKNOWN' then ${filled(LEAVE_MSG.cancelUnknown, ddmmyyyy('f.from_date'), ddmmyyyy('f.to_date'))}
              when 'CANCEL' then ${filled(LEAVE_MSG.cancelled, ddmmyyyy('f.from_date'), ddmmyyyy('f.to_date'), label('f.same_type'))}
              when 'BEFORE_JOINING' then ${LEAVE_MSG.beforeJoining} || ' (' || to_char(f.joined_at, 'DD/MM/YYYY') || ')'
              when 'AFTER_TERMINATION' then ${LEAVE_MSG.afterTermination} || ' (' || to_char(f.terminated_at, 'DD/MM/YYYY') || ')'
              when 'REPLACE' then ${REPLACES.prefix}::text || f.replaced
              when 'RETYPE' then 'Leave Type: ' || ${label('f.same_type')} || ' -> ' || ${label('f.leave_type')}
            end,
            case f.action
              when 'OVERLAP' then array['fromDate', 'toDate']
              when 'UNKNOWN' then array['employerEmployeeId']
              when 'CANCEL_UNKNOWN' then array['fromDate', 'toDate']
              when 'BEFORE_JOINING' then array['fromDate']
              when 'AFTER_TERMINATION' then array['toDate']
            end
          from f
        )
        select count(*) filter (where action in ('CREATE', 'REPLACE'))::int as recorded,
          count(*) filter (where action = 'RETYPE')::int as changed,
          coalesce(sum(others) filter (where action = 'REPLACE'), 0)::int as replaced,
          count(*) filter (where action = 'CANCEL')::int as cancelled
        from f
      `.execute(trx);
      const done = rows[0];
      if (done) {
        effects.recorded += done.recorded;
        effects.changed += done.changed;
        effects.replaced += done.replaced;
        effects.cancelled += done.cancelled;
      }
    }
    await trx
      .updateTable('document_uploads')
      .set({ leave_recorded: effects.recorded, leave_changed: effects.changed, leave_replaced: effects.replaced, leave_cancelled: effects.cancelled })
      .where('id', '=', scope.uploadId)
      .execute();
    return {};
  },
};
