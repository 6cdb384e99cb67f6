/**
 * ATTENDANCE_UPLOAD: one row per worker and date, kept in attendance_days, which the worker side
 * reads for the available earned salary. A day already recorded with the same status is UNCHANGED.
 */
import { sql } from 'kysely';
import {
  ATTENDANCE_SHEET_COLUMNS,
  EMPLOYEE_SERVER_MSG,
  SHEET_MSG,
  formatDdMmYyyy,
  parseAttendanceRow,
  type AttendanceSheetKey,
  type AttendanceSheetRow,
} from '@portal/domain';
import { unnest } from '../../platform/sql.js';
import { applied, chunks, failed, unchanged, type RowOutcome, type SheetKind } from './sheet-kind.js';

export const attendanceSheet: SheetKind<AttendanceSheetKey, AttendanceSheetRow> = {
  columns: ATTENDANCE_SHEET_COLUMNS,
  dateColumns: ['date'],
  parse: parseAttendanceRow,
  key: (row) => `${row.employerEmployeeId.trim().toLowerCase()}|${row.date}`,
  keyLabel: 'Employee ID and Date',
  keyColumns: ['employerEmployeeId', 'date'],

  async apply(trx, scope, rows) {
    const byId = new Map<string, { id: string; joined_at: string | null; terminated_at: string | null }>();
    const ids = [...new Set(rows.map((r) => r.value.employerEmployeeId.trim().toLowerCase()))];
    for (const part of chunks(ids)) {
      const found = await trx
        .selectFrom('workers')
        .select(['id', 'employer_worker_id', 'joined_at', 'terminated_at'])
        .where('employer_id', '=', scope.employerId)
        .where((eb) => (scope.vendorId ? eb('vendor_id', '=', scope.vendorId) : eb('vendor_id', 'is', null)))
        .where(sql<boolean>`lower(employer_worker_id) = any(${part}::text[])`)
        .execute();
      for (const w of found) byId.set(w.employer_worker_id.toLowerCase(), w);
    }
    // What is already recorded for the rows' (worker, day) pairs.
    const known = rows.flatMap((r) => {
      const w = byId.get(r.value.employerEmployeeId.trim().toLowerCase());
      return w ? [{ id: w.id, day: r.value.date }] : [];
    });
    const stored = new Map<string, string>();
    for (const part of chunks(known)) {
      const { rows: found } = await sql<{ worker_id: string; day: string; status: string }>`
        select a.worker_id, a.day, a.status from attendance_days a
        join ${unnest([{ values: part.map((k) => k.id), type: 'uuid' }, { values: part.map((k) => k.day), type: 'date' }])} as k(worker_id, day)
          on a.worker_id = k.worker_id and a.day = k.day
      `.execute(trx);
      for (const a of found) stored.set(`${a.worker_id}|${a.day}`, a.status);
    }
    const writes: { id: string; day: string; status: string }[] = [];
    let latestDate: string | null = null;
    const outcomes = rows.map(({ value }): RowOutcome<AttendanceSheetKey> => {
      const w = byId.get(value.employerEmployeeId.trim().toLowerCase());
      if (!w) return failed(EMPLOYEE_SERVER_MSG.unknownEmployeeId, ['employerEmployeeId']);
      if (w.joined_at && value.date < w.joined_at) return failed(`${SHEET_MSG.beforeJoining} (${formatDdMmYyyy(w.joined_at)})`, ['date']);
      if (w.terminated_at && value.date > w.terminated_at) return failed(`${SHEET_MSG.afterTermination} (${formatDdMmYyyy(w.terminated_at)})`, ['date']);
      if (!latestDate || value.date > latestDate) latestDate = value.date;
      if (stored.get(`${w.id}|${value.date}`) === value.status) return unchanged;
      writes.push({ id: w.id, day: value.date, status: value.status });
      return applied;
    });
    for (const part of chunks(writes)) {
      await sql`
        insert into attendance_days (worker_id, day, status, source_document_id)
        select u.worker_id, u.day, u.status, ${scope.uploadId}::uuid
        from ${unnest([
          { values: part.map((w) => w.id), type: 'uuid' },
          { values: part.map((w) => w.day), type: 'date' },
          { values: part.map((w) => w.status), type: 'text' },
        ])} as u(worker_id, day, status)
        on conflict (worker_id, day) do update set status = excluded.status, source_document_id = excluded.source_document_id
      `.execute(trx);
    }
    return { outcomes, latestDate };
  },
};
