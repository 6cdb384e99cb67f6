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
import { sql } from 'kysely';
import {
  EMPLOYEE_SERVER_MSG,
  LEAVE_CANCEL,
  LEAVE_MSG,
  LEAVE_SHEET_COLUMNS,
  LEAVE_TYPE_LABELS,
  formatDdMmYyyy,
  parseLeaveRow,
  type LeaveSheetKey,
  type LeaveSheetRow,
  type LeaveType,
} from '@portal/domain';
import { vendorIs } from '../../platform/scope.js';
import { unnest } from '../../platform/sql.js';
import type { Outcome } from './staging.js';
import { created, failed, unchanged, updated, type SheetKind } from './sheet-kind.js';

const code = (id: string): string => id.trim().toLowerCase();

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
    // The rows' keys taken out of the JSON once, so the self-join is a hash join on the Employee ID
    // (joined on the JSON itself it compared every pair of rows: 24 s for 2,000 rows; issue 21).
    const { rows: overlaps } = await sql<{ row_number: number; others: number[] }>`
      with r as materialized (
        select row_number, lower(trim(value->>'employerEmployeeId')) as code, (value->>'fromDate')::date as from_date, (value->>'toDate')::date as to_date
        from sheet_rows
        where upload_id = ${scope.uploadId}::uuid and value is not null and status is null
      )
      select a.row_number, array_agg(b.row_number order by b.row_number) as others
      from r a
      join r b on b.code = a.code and b.row_number <> a.row_number and b.from_date <= a.to_date and a.from_date <= b.to_date
      group by a.row_number
    `.execute(trx);
    const overlapping = new Map(overlaps.map((o) => [o.row_number, o.others]));
    // What this sheet did, kept on its upload (decision 0025): its list row must not change when a later sheet undoes some of it.
    const effects = { recorded: 0, changed: 0, replaced: 0, cancelled: 0 };

    for await (const page of run.pages()) {
      // The page's workers (of the upload's context), the leave recorded for the same dates, and the recorded leaves of other dates sharing a day.
      const { rows: found } = await sql<{
        n: number;
        worker_id: string | null;
        joined_at: string | null;
        terminated_at: string | null;
        same_id: string | null;
        same_type: LeaveType | null;
        others: { id: string; from: string; to: string; type: LeaveType }[] | null;
      }>`
        select k.n, w.id as worker_id, w.joined_at, w.terminated_at,
          s.id as same_id, s.leave_type as same_type, o.others
        from ${unnest([
          { values: page.map((_, n) => n), type: 'int4' },
          { values: page.map((r) => code(r.value.employerEmployeeId)), type: 'text' },
          { values: page.map((r) => r.value.fromDate), type: 'date' },
          { values: page.map((r) => r.value.toDate), type: 'date' },
        ])} as k(n, code, from_date, to_date)
        left join workers w on w.employer_id = ${scope.employerId}::uuid and lower(w.employer_worker_id) = k.code
          and ${vendorIs(scope.vendorId, 'w.vendor_id')}
        left join leaves s on s.worker_id = w.id and s.from_date = k.from_date and s.to_date = k.to_date
        left join lateral (
          select json_agg(json_build_object('id', l.id, 'from', l.from_date, 'to', l.to_date, 'type', l.leave_type) order by l.from_date) as others
          from leaves l
          where l.worker_id = w.id and l.from_date <= k.to_date and k.from_date <= l.to_date
            and not (l.from_date = k.from_date and l.to_date = k.to_date)
        ) o on true
      `.execute(trx);
      const facts = new Map(found.map((f) => [f.n, f]));
      const inserts: { worker: string; from: string; to: string; type: string }[] = [];
      const changes: { id: string; type: string }[] = [];
      const deletes: string[] = [];
      const outcomes = page.map(({ value, rowNumber }, n): Outcome => {
        const others = overlapping.get(rowNumber);
        if (others) return failed(rowNumber, LEAVE_MSG.overlapsInSheet(others.join(', ')), ['fromDate', 'toDate']);
        const w = facts.get(n);
        if (!w?.worker_id) return failed(rowNumber, EMPLOYEE_SERVER_MSG.unknownEmployeeId, ['employerEmployeeId']);
        const from = formatDdMmYyyy(value.fromDate);
        const to = formatDdMmYyyy(value.toDate);
        if (value.leaveType === LEAVE_CANCEL) {
          if (!w.same_id || !w.same_type) return failed(rowNumber, LEAVE_MSG.cancelUnknown(from, to), ['fromDate', 'toDate']);
          deletes.push(w.same_id);
          effects.cancelled += 1;
          return updated(rowNumber, LEAVE_MSG.cancelled(from, to, LEAVE_TYPE_LABELS[w.same_type]));
        }
        if (w.joined_at && value.fromDate < w.joined_at) return failed(rowNumber, `${LEAVE_MSG.beforeJoining} (${formatDdMmYyyy(w.joined_at)})`, ['fromDate']);
        if (w.terminated_at && value.toDate > w.terminated_at) return failed(rowNumber, `${LEAVE_MSG.afterTermination} (${formatDdMmYyyy(w.terminated_at)})`, ['toDate']);
        if (w.others?.length) {
          // Recorded leave of other dates sharing a day: the row replaces it (there is no leave of the same dates then, as recorded leaves never share a day).
          deletes.push(...w.others.map((o) => o.id));
          effects.recorded += 1;
          effects.replaced += w.others.length;
          inserts.push({ worker: w.worker_id, from: value.fromDate, to: value.toDate, type: value.leaveType });
          return updated(rowNumber, LEAVE_MSG.replaces(w.others.map((o) => ({ from: formatDdMmYyyy(o.from), to: formatDdMmYyyy(o.to), type: LEAVE_TYPE_LABELS[o.type] }))));
        }
        if (w.same_id && w.same_type) {
          if (w.same_type === value.leaveType) return unchanged(rowNumber);
          changes.push({ id: w.same_id, type: value.leaveType });
          effects.changed += 1;
          return updated(rowNumber, `Leave Type: ${LEAVE_TYPE_LABELS[w.same_type]} -> ${LEAVE_TYPE_LABELS[value.leaveType]}`);
        }
        inserts.push({ worker: w.worker_id, from: value.fromDate, to: value.toDate, type: value.leaveType });
        effects.recorded += 1;
        return created(rowNumber);
      });
      // Removed first: a replaced leave's days are free for the row's leave.
      if (deletes.length) {
        await sql`delete from leaves where id = any(${deletes}::uuid[])`.execute(trx);
      }
      if (inserts.length) {
        await sql`
          insert into leaves (employer_id, vendor_id, worker_id, from_date, to_date, leave_type, upload_id)
          select ${scope.employerId}::uuid, ${scope.vendorId}::uuid, u.worker_id, u.from_date, u.to_date, u.leave_type, ${scope.uploadId}::uuid
          from ${unnest([
            { values: inserts.map((i) => i.worker), type: 'uuid' },
            { values: inserts.map((i) => i.from), type: 'date' },
            { values: inserts.map((i) => i.to), type: 'date' },
            { values: inserts.map((i) => i.type), type: 'text' },
          ])} as u(worker_id, from_date, to_date, leave_type)
        `.execute(trx);
      }
      if (changes.length) {
        await sql`
          update leaves l set leave_type = u.leave_type, upload_id = ${scope.uploadId}::uuid, updated_at = now()
          from ${unnest([
            { values: changes.map((c) => c.id), type: 'uuid' },
            { values: changes.map((c) => c.type), type: 'text' },
          ])} as u(id, leave_type)
          where l.id = u.id
        `.execute(trx);
      }
      await run.setOutcomes(outcomes);
    }
    await trx
      .updateTable('document_uploads')
      .set({ leave_recorded: effects.recorded, leave_changed: effects.changed, leave_replaced: effects.replaced, leave_cancelled: effects.cancelled })
      .where('id', '=', scope.uploadId)
      .execute();
    return {};
  },
};
