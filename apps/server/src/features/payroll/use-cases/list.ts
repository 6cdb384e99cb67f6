import { sql } from 'kysely';
import {
  STORED_TYPES_OF,
  documentLocation,
  firstDayOf,
  isDisbursalStatus,
  lastDayOf,
  monthOfDate,
  monthYearOf,
  type PayrollHistoryRow,
  type PayrollListResult,
} from '@portal/domain';
import type { PayrollRecord } from '../../../db/schema.js';
import type { AuthContext } from '../../../platform/guard.js';
import { inScope } from '../../../platform/scope.js';
import { finalReportLocation } from '../report.js';
import { type PayrollDeps, configOf, iso } from '../shared.js';

function toHistoryRow(p: PayrollRecord & { admin_name: string; key_name: string | null; file_name: string; superseded_at: Date | null }): PayrollHistoryRow {
  const types = STORED_TYPES_OF[p.kind];
  const month = monthOfDate(p.month);
  return {
    _id: p.id,
    documentId: p.upload_id,
    kind: p.kind,
    status: p.status,
    month: monthYearOf(month),
    fileName: p.file_name,
    uploadedAt: p.created_at.toISOString(),
    // Made with an API key (issue 26, decision 0046): the key, then the admin it acts for, as the sheet histories say.
    uploadedBy: p.key_name !== null ? `API key ${p.key_name} (${p.admin_name})` : p.admin_name,
    employerAdminId: p.admin_id,
    startDate: firstDayOf(month),
    endDate: lastDayOf(month),
    originalPayrollId: p.original_file_id,
    processedPayrollId: p.processed_file_id,
    originalDocumentURL: documentLocation(p.employer_id, p.admin_id, types.original, p.original_file_id),
    processedDocumentURL: p.processed_file_id && types.processed ? documentLocation(p.employer_id, p.admin_id, types.processed, p.processed_file_id) : null,
    freezedDate: iso(p.frozen_at),
    failureReason: p.failure_reason,
    totalEntries: p.status === 'UPLOADED' || p.status === 'PROCESSING' || p.status === 'PAYROLL_PROCESSING_FAILED' ? null : p.total_entries,
    cancelledAt: iso(p.cancelled_at),
    supersededAt: p.status === 'CANCELLED' || isDisbursalStatus(p.status) ? null : iso(p.superseded_at),
    finalReport: finalReportLocation(p),
  };
}

/** GET /employer-admin/payroll: the upload history, newest first. */
export async function list(deps: PayrollDeps, ctx: AuthContext, pageNumber: number, limit: number): Promise<PayrollListResult> {
  const { db } = deps;
  const [rows, count, config] = await Promise.all([
    db
      .selectFrom('payrolls as p')
      .innerJoin('admins as a', 'a.id', 'p.admin_id')
      .innerJoin('document_uploads as u', 'u.id', 'p.upload_id')
      .leftJoin('api_keys as k', 'k.id', 'u.api_key_id')
      .selectAll('p')
      .select(['a.name as admin_name', 'k.name as key_name', 'u.file_name'])
      // The next upload of the same month and context, if any: it replaced this one.
      .select(
        sql<Date | null>`(select min(q.created_at) from payrolls q where q.employer_id = p.employer_id and q.vendor_id is not distinct from p.vendor_id and q.month = p.month and (q.created_at, q.id) > (p.created_at, p.id))`.as(
          'superseded_at',
        ),
      )
      .where(inScope(ctx, 'p'))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset((pageNumber - 1) * limit)
      .execute(),
    db.selectFrom('payrolls as p').select(sql<number>`count(*)::int`.as('n')).where(inScope(ctx, 'p')).executeTakeFirstOrThrow(),
    configOf(db, ctx.admin.employer_id),
  ]);
  return { payrolls: rows.map(toHistoryRow), total: Number(count.n), hasEmployerOptedForStreamingAccount: config.hasEmployerOptedForStreamingAccount };
}
