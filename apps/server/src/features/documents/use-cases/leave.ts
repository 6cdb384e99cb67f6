import { sql } from 'kysely';
import { LEAVE_ENTRIES_SHOWN, isPaidLeave, leaveDays, type LeaveListResult } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { page, toAuditRecord, type DocumentDeps } from '../shared.js';

/**
 * GET /employer-admin/leave: leave sheet uploads, newest first, each with the leave it recorded
 * (or last changed), at most LEAVE_ENTRIES_SHOWN of them, and how many in all (issue 13).
 */
export async function leave(deps: Pick<DocumentDeps, 'db'>, ctx: AuthContext, pageNumber: number, limit: number): Promise<LeaveListResult> {
  const { db } = deps;
  const { rows, total } = await page(deps, ctx, 'LEAVE_UPLOAD', pageNumber, limit);
  const ids = rows.map((r) => r.id);
  const [entries, counts] = ids.length
    ? await Promise.all([
        db
          .selectFrom('leaves as l')
          .innerJoin('workers as w', 'w.id', 'l.worker_id')
          .select(['l.id', 'l.upload_id', 'l.from_date', 'l.to_date', 'l.leave_type', 'w.employer_worker_id', 'w.full_name'])
          .select(sql<number>`row_number() over (partition by l.upload_id order by l.from_date, w.employer_worker_id, l.id)`.as('k'))
          .where('l.upload_id', 'in', ids)
          .where('l.employer_id', '=', ctx.admin.employer_id)
          .orderBy('l.from_date')
          .orderBy('w.employer_worker_id')
          .execute(),
        db
          .selectFrom('leaves')
          .select(['upload_id', (eb) => eb.fn.countAll<string>().as('n')])
          .where('upload_id', 'in', ids)
          .where('employer_id', '=', ctx.admin.employer_id)
          .groupBy('upload_id')
          .execute(),
      ])
    : [[], []];
  const totals = new Map(counts.map((c) => [c.upload_id, Number(c.n)]));
  return {
    leaves_data: rows.map((u) => {
      const r = toAuditRecord(u);
      return {
        _id: r._id,
        fileName: r.fileName,
        processedDocumentId: r.processedDocumentId,
        processedDocumentURL: r.processedDocumentURL,
        uploadedDate: r.uploadedDate,
        uploadedBy: r.uploadedBy,
        status: r.status,
        employerAdminId: r.employerAdminId,
        counts: r.counts,
        failureReason: r.failureReason,
        leaves: entries
          .filter((e) => e.upload_id === u.id && Number(e.k) <= LEAVE_ENTRIES_SHOWN)
          .map((e) => ({
            _id: e.id,
            employeeId: e.employer_worker_id,
            employeeName: e.full_name,
            fromDate: e.from_date.replace(/-/g, ''),
            toDate: e.to_date.replace(/-/g, ''),
            leaveType: e.leave_type,
            paid: isPaidLeave(e.leave_type),
            days: leaveDays(e.from_date, e.to_date),
          })),
        leavesTotal: totals.get(u.id) ?? 0,
        effects:
          u.leave_recorded === null
            ? null
            : { recorded: u.leave_recorded, changed: u.leave_changed ?? 0, replaced: u.leave_replaced ?? 0, cancelled: u.leave_cancelled ?? 0 },
      };
    }),
    total,
  };
}
