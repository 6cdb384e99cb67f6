/**
 * ATTENDANCE_UPLOAD: one row per worker and date, kept in attendance_days, which the worker side
 * reads for the available earned salary. A day recorded for the first time is CREATED; a day whose
 * status changes is UPDATED ("Status: Absent -> Present"); the same status again is UNCHANGED.
 */
import { sql } from 'kysely';
import {
  ATTENDANCE_DAY_STATUS_LABELS,
  ATTENDANCE_SHEET_COLUMNS,
  EMPLOYEE_SERVER_MSG,
  SHEET_MSG,
  formatDdMmYyyy,
  parseAttendanceRow,
  type AttendanceDayStatus,
  type AttendanceSheetKey,
  type AttendanceSheetRow,
} from '@portal/domain';
import { vendorIs } from '../../platform/scope.js';
import { unnest } from '../../platform/sql.js';
import type { Outcome } from './staging.js';
import { created, failed, unchanged, updated, type SheetKind } from './sheet-kind.js';

export const attendanceSheet: SheetKind<AttendanceSheetKey, AttendanceSheetRow> = {
  columns: ATTENDANCE_SHEET_COLUMNS,
  dateColumns: ['date'],
  parse: parseAttendanceRow,
  key: (row) => `${row.employerEmployeeId.trim().toLowerCase()}|${row.date}`,
  keyLabel: 'Employee ID and Date',
  keyColumns: ['employerEmployeeId', 'date'],

  async apply(run) {
    const { trx, scope } = run;
    let latestDate: string | null = null;
    for await (const page of run.pages()) {
      // The page's workers (of the upload's context) and what is recorded for its (worker, day) pairs, in one statement.
      const { rows: found } = await sql<{ n: number; worker_id: string | null; joined_at: string | null; terminated_at: string | null; stored: string | null }>`
        select k.n, w.id as worker_id, w.joined_at, w.terminated_at, a.status as stored
        from ${unnest([
          { values: page.map((_, n) => n), type: 'int4' },
          { values: page.map((r) => r.value.employerEmployeeId.trim().toLowerCase()), type: 'text' },
          { values: page.map((r) => r.value.date), type: 'date' },
        ])} as k(n, code, day)
        left join workers w on w.employer_id = ${scope.employerId}::uuid and lower(w.employer_worker_id) = k.code
          and ${vendorIs(scope.vendorId, 'w.vendor_id')}
        left join attendance_days a on a.worker_id = w.id and a.day = k.day
      `.execute(trx);
      const facts = new Map(found.map((f) => [f.n, f]));
      const writes: { id: string; day: string; status: string }[] = [];
      const outcomes = page.map(({ value, rowNumber }, n): Outcome => {
        const w = facts.get(n);
        if (!w?.worker_id) return failed(rowNumber, EMPLOYEE_SERVER_MSG.unknownEmployeeId, ['employerEmployeeId']);
        if (w.joined_at && value.date < w.joined_at) return failed(rowNumber, `${SHEET_MSG.beforeJoining} (${formatDdMmYyyy(w.joined_at)})`, ['date']);
        if (w.terminated_at && value.date > w.terminated_at) return failed(rowNumber, `${SHEET_MSG.afterTermination} (${formatDdMmYyyy(w.terminated_at)})`, ['date']);
        if (!latestDate || value.date > latestDate) latestDate = value.date;
        if (w.stored === value.status) return unchanged(rowNumber);
        writes.push({ id: w.worker_id, day: value.date, status: value.status });
        if (w.stored === null) return created(rowNumber);
        const label = (s: string) => ATTENDANCE_DAY_STATUS_LABELS[s as AttendanceDayStatus] ?? s;
        return updated(rowNumber, `Status: ${label(w.stored)} -> ${label(value.status)}`);
      });
      if (writes.length) {
        await sql`
          insert into attendance_days (worker_id, day, status, source_document_id)
          select u.worker_id, u.day, u.status, ${scope.uploadId}::uuid
          from ${unnest([
            { values: writes.map((w) => w.id), type: 'uuid' },
            { values: writes.map((w) => w.day), type: 'date' },
            { values: writes.map((w) => w.status), type: 'text' },
          ])} as u(worker_id, day, status)
          on conflict (worker_id, day) do update set status = excluded.status, source_document_id = excluded.source_document_id
        `.execute(trx);
      }
      await run.setOutcomes(outcomes);
    }
    return { latestDate };
  },
};
