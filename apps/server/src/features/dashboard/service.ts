/**
 * Dashboard figures (spec 2.4, 3 "Dashboard stats", "Vendor stats", "To-do item"; decision 0016).
 * Every figure is an SQL aggregate over one employer and one context (the employer's own workers
 * without `vendorId`, that vendor's with it) and a business-date window in Asia/Kolkata, counted
 * the way the Transactions and Salary Topups screens count the same window: transactions by
 * `created_at` with the screen's "All" statuses, top-up applications by `created_at`, any status.
 * The windows are read through the covering indexes of migration 0010.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  COMPLETED_WITHDRAWAL_STATUSES,
  DISBURSED_TOPUP_STATUSES,
  PENDING_WITHDRAWAL_STATUSES,
  attendanceCycleOf,
  attendanceCycleStartDayOf,
  leaveUploadTodoOf,
  businessDate,
  businessDayStart,
  cycleSoFar,
  firstDayOf,
  nextDay,
  payrollMonthOf,
  recentAttendanceCycles,
  todoItems,
  type CurrentCycleTopupStatsResult,
  type CycleTransactionDetail,
  type CycleDates,
  type EwaStats,
  type SalaryTopupStatsResult,
  type StuStats,
  type TodoResult,
  type VendorStatsResult,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { inScope } from '../../platform/scope.js';

type Scope = Pick<AuthContext, 'admin' | 'vendorId' | 'resources'>;

/** worker_context_counts.vendor_key of the employer's own workers (migration 0006). */
const NO_VENDOR = '00000000-0000-0000-0000-000000000000';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );

/** The caller's context on a table alias, written so that the partial indexes apply. */
function inContext(ctx: Scope, alias: string): RawBuilder<SqlBool> {
  return inScope(ctx, alias);
}

/** [from, until) instants of business dates from..to (both inclusive). */
const instants = (p: CycleDates) => ({ from: businessDayStart(p.startDate), until: businessDayStart(nextDay(p.endDate)) });

const num = (v: unknown) => Number(v ?? 0);

/** How long the figures of closed cycles are remembered (decision 0016), and for how many employer contexts. */
export const CLOSED_CYCLES_TTL_MS = 60_000;
const CLOSED_CYCLES_MAX = 10_000;

export function createDashboardService(deps: Deps) {
  const { db } = deps;
  const closedCycles = new Map<string, { at: number; value: Promise<CycleTransactionDetail[]> }>();

  /** Today (IST), the cycle start day of the employer's config, the current cycle and the chart's periods (the last cut at today). */
  async function cycles(ctx: Scope) {
    const today = businessDate(deps.now());
    const employer = await db.selectFrom('employers').select('config').where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
    const startDay = attendanceCycleStartDayOf(employer.config);
    const current = attendanceCycleOf(today, startDay);
    const periods = recentAttendanceCycles(today, startDay).map((c) => cycleSoFar(c, today));
    return { today, startDay, current, soFar: cycleSoFar(current, today), periods, leaveUploadWanted: leaveUploadTodoOf(employer.config) };
  }

  async function totalEmployees(ctx: Scope): Promise<number> {
    const row = await db
      .selectFrom('worker_context_counts')
      .select('n')
      .where('employer_id', '=', ctx.admin.employer_id)
      .where('vendor_key', '=', ctx.vendorId ?? NO_VENDOR)
      .executeTakeFirst();
    return row?.n ?? 0;
  }

  /** Completed withdrawals (count, paise) per period, in one index-only scan of their window. */
  async function sumPerPeriod(ctx: Scope, periods: CycleDates[]): Promise<CycleTransactionDetail[]> {
    const first = instants(periods[0]!).from;
    const last = instants(periods.at(-1)!).until;
    const columns = periods.map((p, k) => {
      const { from, until } = instants(p);
      const inPeriod = sql`t.created_at >= ${from} and t.created_at < ${until}`;
      return sql`count(*) filter (where ${inPeriod}) as ${sql.ref(`n${k}`)}, coalesce(sum(t.amount) filter (where ${inPeriod}), 0) as ${sql.ref(`v${k}`)}`;
    });
    const { rows } = await sql<Record<string, string | number>>`
      select ${sql.join(columns, sql`, `)}
      from transactions t
      where ${inContext(ctx, 't')} and t.created_at >= ${first} and t.created_at < ${last}
        and t.status in (${list(COMPLETED_WITHDRAWAL_STATUSES)})`.execute(db);
    const row = rows[0] ?? {};
    return periods.map((p, k) => ({ numberOfTransactions: num(row[`n${k}`]), startDate: p.startDate, endDate: p.endDate, value: num(row[`v${k}`]) }));
  }

  /**
   * The chart's periods: the current one read live; the closed ones (five months of rows, most of
   * the work at scale) remembered per employer, context and dates for CLOSED_CYCLES_TTL_MS, shared
   * by concurrent requests. A closed cycle changes only when one of its advances completes late.
   */
  async function withdrawalsPerPeriod(ctx: Scope, periods: CycleDates[]): Promise<CycleTransactionDetail[]> {
    const closed = periods.slice(0, -1);
    const key = `${ctx.admin.employer_id}:${ctx.vendorId ?? ''}:${closed.map((p) => `${p.startDate}/${p.endDate}`).join(',')}`;
    const now = deps.now().getTime();
    let hit = closedCycles.get(key);
    if (!hit || now - hit.at > CLOSED_CYCLES_TTL_MS) {
      if (closedCycles.size >= CLOSED_CYCLES_MAX) for (const [k, v] of closedCycles) if (now - v.at > CLOSED_CYCLES_TTL_MS || closedCycles.size >= CLOSED_CYCLES_MAX) closedCycles.delete(k);
      hit = { at: now, value: closed.length ? sumPerPeriod(ctx, closed) : Promise.resolve([]) };
      closedCycles.set(key, hit);
      hit.value.catch(() => closedCycles.delete(key));
    }
    const [past, current] = await Promise.all([hit.value, sumPerPeriod(ctx, periods.slice(-1))]);
    return [...past, ...current];
  }

  /** Top-up applications (all statuses) and the paise of the disbursed ones, in a window. */
  async function topups(ctx: Scope, window: CycleDates) {
    const { from, until } = instants(window);
    const { rows } = await sql<{ n: string; v: string }>`
      select count(*) as n, coalesce(sum(a.amount) filter (where a.status in (${list(DISBURSED_TOPUP_STATUSES)})), 0) as v
      from salary_topup_applications a
      where ${inContext(ctx, 'a')} and a.created_at >= ${from} and a.created_at < ${until}`.execute(db);
    return { applications: num(rows[0]?.n), disbursed: num(rows[0]?.v) };
  }

  const windowOf = (periods: CycleDates[]): CycleDates => ({ startDate: periods[0]!.startDate, endDate: periods.at(-1)!.endDate });

  return {
    cycles,

    /** GET /employer-admin/stats/EWA */
    async ewaStats(ctx: Scope): Promise<EwaStats> {
      const c = await cycles(ctx);
      const [employees, periods] = await Promise.all([totalEmployees(ctx), withdrawalsPerPeriod(ctx, c.periods)]);
      const current = periods.at(-1)!;
      return {
        kind: 'EWA',
        totalEmployees: employees,
        salaryWithdrawalCompleted: current.numberOfTransactions,
        withdrawalValue: current.value,
        totalNumberOfTransactions: periods.reduce((s, p) => s + p.numberOfTransactions, 0),
        totalTransactionalValue: periods.reduce((s, p) => s + p.value, 0),
        attendanceCycleDates: c.current,
        completeCycleTransactionDetails: periods,
      };
    },

    /** GET /employer-admin/stats/STU */
    async stuStats(ctx: Scope): Promise<StuStats> {
      const c = await cycles(ctx);
      const window = windowOf(c.periods);
      const [employees, current, total] = await Promise.all([totalEmployees(ctx), topups(ctx, c.soFar), topups(ctx, window)]);
      return {
        kind: 'STU',
        totalEmployees: employees,
        salaryTopupApplications: current.applications,
        salaryTopupDisbursedValue: current.disbursed,
        totalSalaryTopupApplications: total.applications,
        totalSalaryTopupDisbursedValue: total.disbursed,
        attendanceCycleDates: c.current,
        totalsFrom: window.startDate,
        totalsTo: window.endDate,
      };
    },

    /** GET /employer-admin/salary-topup-stats?employerId= : the chart's window; another employer's id is not found. */
    async salaryTopupStats(ctx: Scope, employerId: string): Promise<SalaryTopupStatsResult> {
      if (employerId !== ctx.admin.employer_id) throw notFound('Employer not found');
      const c = await cycles(ctx);
      const window = windowOf(c.periods);
      const t = await topups(ctx, window);
      return { totalSalaryTopupApplications: t.applications, totalSalaryTopupDisbursedValue: t.disbursed, ...window };
    },

    /** GET /employer-admin/current-attendance-cycle-salarytopup-stats */
    async currentCycleTopupStats(ctx: Scope): Promise<CurrentCycleTopupStatsResult> {
      const c = await cycles(ctx);
      const t = await topups(ctx, c.soFar);
      return { attendanceCycleDates: c.current, salaryTopupApplications: t.applications, salaryTopupDisbursedValue: t.disbursed };
    },

    /** GET /employer-admin/vendor-stats?vendorId= : the vendor's withdrawals of the current cycle so far. */
    async vendorStats(ctx: Scope, employerId: string | undefined): Promise<VendorStatsResult> {
      if (employerId !== undefined && employerId !== ctx.admin.employer_id) throw notFound('Employer not found');
      if (!ctx.vendorId) throw badRequest('Choose a vendor: vendorId is required');
      const c = await cycles(ctx);
      const { from, until } = instants(c.soFar);
      const [employees, { rows }] = await Promise.all([
        totalEmployees(ctx),
        sql<{ completed: string; value: string; requests: string; pending: string }>`
          select count(*) filter (where t.status in (${list(COMPLETED_WITHDRAWAL_STATUSES)})) as completed,
            coalesce(sum(t.amount) filter (where t.status in (${list(COMPLETED_WITHDRAWAL_STATUSES)})), 0) as value,
            count(*) as requests,
            count(*) filter (where t.status in (${list(PENDING_WITHDRAWAL_STATUSES)})) as pending
          from transactions t
          where ${inContext(ctx, 't')} and t.created_at >= ${from} and t.created_at < ${until}`.execute(db),
      ]);
      const r = rows[0];
      return {
        totalEmployees: employees,
        salaryWithdrawalCompleted: num(r?.completed),
        withdrawalValue: num(r?.value),
        salaryWithdrawalRequests: num(r?.requests),
        salaryWithdrawalPending: num(r?.pending),
        attendanceCycleDates: c.current,
      };
    },

    /** GET /employer-admin/to-do */
    async todo(ctx: Scope): Promise<TodoResult> {
      const c = await cycles(ctx);
      const since = businessDayStart(c.current.startDate);
      const payrollMonth = firstDayOf(payrollMonthOf(c.today));
      const [attendance, employees, added, payroll, leave] = await Promise.all([
        db
          .selectFrom('document_uploads as d')
          .select('d.id')
          .where(inContext(ctx, 'd'))
          .where('d.doc_type', '=', 'ATTENDANCE_UPLOAD')
          .where('d.status', '=', 'PROCESSED')
          .where('d.created_at', '>=', since)
          .limit(1)
          .executeTakeFirst(),
        totalEmployees(ctx),
        db.selectFrom('workers as w').select('w.id').where(inContext(ctx, 'w')).where('w.created_at', '>=', since).limit(1).executeTakeFirst(),
        ctx.vendorId
          ? Promise.resolve(null)
          : db
              // The month's newest upload (the current payroll): a cancelled one leaves the month to do.
              .selectFrom('payrolls as p')
              .select('p.status')
              .where(inContext(ctx, 'p'))
              .where('p.month', '=', payrollMonth)
              .orderBy('p.created_at', 'desc')
              .orderBy('p.id', 'desc')
              .limit(1)
              .executeTakeFirst(),
        c.leaveUploadWanted
          ? db
              .selectFrom('document_uploads as d')
              .select('d.id')
              .where(inContext(ctx, 'd'))
              .where('d.doc_type', '=', 'LEAVE_UPLOAD')
              .where('d.status', '=', 'PROCESSED')
              .where('d.created_at', '>=', since)
              .limit(1)
              .executeTakeFirst()
          : Promise.resolve(null),
      ]);
      const items = todoItems(
        {
          attendanceProcessedThisCycle: Boolean(attendance),
          employeeCount: employees,
          employeesAddedThisCycle: added ? 1 : 0,
          payrollUploaded: ctx.vendorId ? null : Boolean(payroll && payroll.status !== 'CANCELLED'),
          leaveUploadWanted: c.leaveUploadWanted,
          leaveProcessedThisCycle: Boolean(leave),
        },
        ctx.resources,
        ctx.vendorId,
      );
      return { items, attendanceCycleDates: c.current };
    },
  };
}
