import { sql } from 'kysely';
import {
  DISBURSAL_STATUSES,
  monthOfDate,
  monthYearOf,
  payrollMonthOf,
  type MonthYearValue,
  type PayrollDonut,
  type PayrollMonthlySummary,
} from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { inScope } from '../../../platform/scope.js';
import { type PayrollDeps, currentPayroll, statusFigures, sumCount, today } from '../shared.js';

/** GET payroll-monthly-summary: executed months, and the donut's figures of a month (default: the latest executed, else the current payroll month). */
export async function monthlySummary(deps: PayrollDeps, ctx: AuthContext, asked: { month?: number; year?: number }): Promise<PayrollMonthlySummary> {
  const { db } = deps;
  const executed = await db
    .selectFrom('payrolls as p')
    .select([sql<string | null>`min(p.month)`.as('first'), sql<string | null>`max(p.month)`.as('latest')])
    .where(inScope(ctx, 'p'))
    .where('p.status', 'in', DISBURSAL_STATUSES)
    .executeTakeFirstOrThrow();
  const first = executed.first ? monthOfDate(executed.first) : null;
  const latest = executed.latest ? monthOfDate(executed.latest) : null;
  const month: MonthYearValue = asked.month && asked.year ? { month: asked.month, year: asked.year } : (latest ?? payrollMonthOf(today(deps)));
  const p = await currentPayroll(db, ctx, month);
  // A cancelled payroll paid nothing and will not: it has a status, no figures.
  const figures = p && p.status !== 'CANCELLED' ? await statusFigures(db, p.id) : [];
  const summary: PayrollDonut = {
    payrollId: p?.id ?? null,
    status: p?.status ?? null,
    total: sumCount(figures, null),
    paid: sumCount(figures, ['TRANSFERRED']),
    // Pending is money sent and not settled; a payroll not executed has sent nothing (decision 0033).
    pending: sumCount(figures, ['INITIATED', 'PENDING']),
    finalized: sumCount(figures, ['FINALIZED']),
    failed: sumCount(figures, ['FAILED', 'CANCELLED']),
    skipped: sumCount(figures, ['SKIPPED']),
  };
  return {
    firstExecutedPayrollMonthYear: first ? monthYearOf(first) : null,
    latestExecutedPayrollMonthYear: latest ? monthYearOf(latest) : null,
    hasExecutedAnyPayrollBefore: latest !== null,
    month: monthYearOf(month),
    summary,
  };
}
