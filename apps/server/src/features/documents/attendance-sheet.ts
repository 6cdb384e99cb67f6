/**
 * ATTENDANCE_UPLOAD: one row per worker and date, kept in attendance_days, which the worker side
 * reads for the available earned salary. A day recorded for the first time is CREATED; a day whose
 * status changes is UPDATED ("Status: Absent -> Present"); the same status again is UNCHANGED.
 */
import { sql } from 'kysely';
import { ATTENDANCE_DAY_STATUS_LABELS, ATTENDANCE_SHEET_COLUMNS, EMPLOYEE_SERVER_MSG, SHEET_MSG, parseAttendanceRow, type AttendanceSheetKey, type AttendanceSheetRow } from '@portal/domain';
import { workerOfRow, type SheetKind } from './sheet-kind.js';

export const attendanceSheet: SheetKind<AttendanceSheetKey, AttendanceSheetRow> = {
  columns: ATTENDANCE_SHEET_COLUMNS,
  dateColumns: ['date'],
  parse: parseAttendanceRow,
  key: (row) => `${row.employerEmployeeId.trim().toLowerCase()}|${row.date}`,
  keyLabel: 'Employee ID and Date',
  keyColumns: ['employerEmployeeId', 'date'],

  async apply(run) {
    const { trx, scope } = run;
    const [codes, labels] = [Object.keys(ATTENDANCE_DAY_STATUS_LABELS), Object.values(ATTENDANCE_DAY_STATUS_LABELS)];
    const label = (column: string) => sql`coalesce((select l.label from unnest(${codes}::text[], ${labels}::text[]) as l(code, label) where l.code = ${sql.ref(column)}), ${sql.ref(column)})`;
    let latestDate: string | null = null;
    // Set-based (issue 21), a page of rows at a time: each row's worker (of the upload's context)
    // and what is stored for its day are looked up, the rule applied, the day written and the
    // outcome set, in one statement; nothing of the rows comes back to Node.
    for await (const { after, upTo, open } of run.ranges()) {
      if (open === 0) continue;
      const { rows } = await sql<{ latest: string | null }>`
        with k as materialized (
          select s.row_number, lower(btrim(s.value->>'employerEmployeeId')) as code, (s.value->>'date')::date as day, s.value->>'status' as status
          from sheet_rows s
          where s.upload_id = ${scope.uploadId}::uuid and s.row_number > ${after} and s.row_number <= ${upTo} and s.status is null
            and not exists (select 1 from sheet_outcomes o where o.upload_id = s.upload_id and o.row_number = s.row_number)
        ),
        f as materialized (
          select k.*, w.id as worker_id, w.joined_at, w.terminated_at, a.status as stored,
            case
              when w.id is null then 1
              when w.joined_at is not null and k.day < w.joined_at then 2
              when w.terminated_at is not null and k.day > w.terminated_at then 3
            end as failure
          from k
          left join lateral ${workerOfRow(scope, sql`k.code`)} w on true
          left join attendance_days a on a.worker_id = w.id and a.day = k.day
        ),
        written as (
          insert into attendance_days (worker_id, day, status, source_document_id)
          select f.worker_id, f.day, f.status, ${scope.uploadId}::uuid from f
          where f.failure is null and f.stored is distinct from f.status
          on conflict (worker_id, day) do update set status = excluded.status, source_document_id = excluded.source_document_id
        ),
        outcomes as (
          insert into sheet_outcomes (upload_id, row_number, status, reason, columns)
          select ${scope.uploadId}::uuid, f.row_number,
            case when f.failure is not null then 'FAILED' when f.stored is null then 'CREATED' when f.stored = f.status then 'UNCHANGED' else 'UPDATED' end,
            case f.failure
              when 1 then ${EMPLOYEE_SERVER_MSG.unknownEmployeeId}
              when 2 then ${SHEET_MSG.beforeJoining} || ' (' || to_char(f.joined_at, 'DD/MM/YYYY') || ')'
              when 3 then ${SHEET_MSG.afterTermination} || ' (' || to_char(f.terminated_at, 'DD/MM/YYYY') || ')'
              else case when f.stored is not null and f.stored <> f.status then 'Status: ' || ${label('f.stored')} || ' -> ' || ${label('f.status')} end
            end,
            case f.failure when 1 then array['employerEmployeeId'] when 2 then array['date'] when 3 then array['date'] end
          from f
        )
        select max(f.day)::text as latest from f where f.failure is null
      `.execute(trx);
      const latest = rows[0]?.latest ?? null;
      if (latest && (!latestDate || latest > latestDate)) latestDate = latest;
    }
    return { latestDate };
  },
};
