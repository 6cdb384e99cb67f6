import { sql, type Kysely } from 'kysely';
import {
  PAYROLL_FLAGS,
  PAYROLL_PER_PAGE_LIMIT,
  STORED_TYPES_OF,
  addMonths,
  businessDayStart,
  documentLocation,
  firstDayOf,
  isPayrollMonthOpen,
  monthYearOf,
  type CountAmount,
  type MonthYearValue,
  type PayrollDetails,
  type PayrollFlagCounts,
  type PayrollKind,
} from '@portal/domain';
import type { DB } from '../../../db/schema.js';
import type { AuthContext } from '../../../platform/guard.js';
import { inScope, type Scope } from '../../../platform/scope.js';
import { finalReportLocation } from '../report.js';
import { type PayrollDeps, configOf, currentPayroll, iso, noData, statusFigures, sumCount, today } from '../shared.js';

/**
 * Advances of the context taken in the month after `month` (past the deductions' cut-off, the
 * month's last day) and still outstanding: the next payroll deducts them. One range of the
 * dashboard's partial index on (employer_id[, vendor_id], created_at): a month of advances.
 */
async function laterAdvancesOf(db: Kysely<DB>, ctx: Scope, month: MonthYearValue): Promise<CountAmount> {
  const from = businessDayStart(firstDayOf(addMonths(month, 1)));
  const to = businessDayStart(firstDayOf(addMonths(month, 2)));
  const row = await db
    .selectFrom('transactions as t')
    .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(t.amount - t.repaid_amount), 0)::bigint`.as('amount')])
    .where(inScope(ctx, 't'))
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to)
    .where('t.status', '=', 'TRANSFERRED')
    .where(sql<boolean>`t.amount > t.repaid_amount`)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amount: Number(row.amount) };
}

/**
 * GET payroll-details: the month's current payroll with its figures; 404 "Oops! No Data found"
 * when there is none, or (with `kind`: streaming-account/payroll-details) when it is of another kind.
 */
export async function details(deps: PayrollDeps, ctx: AuthContext, month: MonthYearValue, kind?: PayrollKind): Promise<PayrollDetails> {
  const { db } = deps;
  const p = await currentPayroll(db, ctx, month);
  if (!p || (kind && p.kind !== kind)) throw noData();
  const [figures, upload, config, later, executor, returned, debit] = await Promise.all([
    statusFigures(db, p.id),
    db.selectFrom('document_uploads').select('file_name').where('id', '=', p.upload_id).executeTakeFirstOrThrow(),
    configOf(db, ctx.admin.employer_id),
    laterAdvancesOf(db, ctx, month),
    // Who executed it (decision 0033: a second tab's refused Execute names them); an admin of the same employer.
    p.executed_by
      ? db.selectFrom('admins').select('name').where('id', '=', p.executed_by).where('employer_id', '=', p.employer_id).executeTakeFirst()
      : Promise.resolve(undefined),
    // The return CREDITs of this payroll's payouts (issue 20 item 1; the employer's own ledger).
    db
      .selectFrom('ledger_entries as l')
      .innerJoin('payouts as o', 'o.id', 'l.payout_id')
      .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(l.amount), 0)::bigint`.as('amount')])
      .where('o.payroll_id', '=', p.id)
      .where('l.employer_id', '=', p.employer_id)
      .where('l.kind', '=', 'CREDIT')
      .executeTakeFirstOrThrow(),
    // What left the employer's account for this payroll: the execution's DEBIT (payouts + deductions), read from the ledger.
    db
      .selectFrom('ledger_entries')
      .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(amount), 0)::bigint`.as('amount')])
      .where('employer_id', '=', p.employer_id)
      .where('payroll_id', '=', p.id)
      .where('kind', '=', 'DEBIT')
      .executeTakeFirstOrThrow(),
  ]);
  const types = STORED_TYPES_OF[p.kind];
  const stored = p.flag_counts ?? {};
  const flags = Object.fromEntries(PAYROLL_FLAGS.map((f) => [f, Number(stored[f] ?? 0)])) as PayrollFlagCounts;
  return {
    _id: p.id,
    documentId: p.upload_id,
    kind: p.kind,
    status: p.status,
    month: monthYearOf(month),
    totalNumberOfEmployeeEntries: p.total_entries,
    finalizedEntries: p.finalized_entries,
    skippedEntries: p.skipped_entries,
    paid: sumCount(figures, ['TRANSFERRED']),
    pending: sumCount(figures, ['INITIATED', 'PENDING']),
    failed: sumCount(figures, ['FAILED', 'CANCELLED']),
    returned: { count: Number(returned.n), amount: Number(returned.amount) },
    completePayrollPayoutBreakup: { totalBalanceRequired: p.total_salary, totalEmployeePayoutAmount: p.total_payable, providerAmount: p.total_deductions },
    payrollFile: {
      uploadedFileUrl: documentLocation(p.employer_id, p.admin_id, types.original, p.original_file_id),
      processedFileUrl: p.processed_file_id && types.processed ? documentLocation(p.employer_id, p.admin_id, types.processed, p.processed_file_id) : null,
      finalReport: finalReportLocation(p),
      fileName: upload.file_name,
    },
    workingDays: p.working_days,
    uploadDate: p.created_at.toISOString(),
    freezedDate: iso(p.frozen_at),
    executedAt: iso(p.executed_at),
    executedBy: executor?.name ?? null,
    cancelledAt: iso(p.cancelled_at),
    failureReason: p.failure_reason,
    paginationInfo: { perPageLimit: PAYROLL_PER_PAGE_LIMIT },
    isReexecutionAllowed: p.status === 'DISBURSAL_FAILED' && isPayrollMonthOpen(month, today(deps), config),
    flags,
    laterAdvances: later,
    debited: Number(debit.n) > 0 ? Number(debit.amount) : null,
  };
}
