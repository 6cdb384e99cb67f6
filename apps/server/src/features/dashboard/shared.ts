/**
 * What the dashboard use cases share (decision 0029): their deps (with the memory of closed
 * cycles), the caller's context as SQL, the windows of business dates, the employer's cycles, the
 * worker count and the top-up figures. Every figure is an SQL aggregate over one employer and one
 * context (the employer's own workers without `vendorId`, that vendor's with it).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  DISBURSED_TOPUP_STATUSES,
  attendanceCycleOf,
  attendanceCycleStartDayOf,
  leaveUploadTodoOf,
  businessDate,
  businessDayStart,
  cycleSoFar,
  nextDay,
  recentAttendanceCycles,
  type CycleTransactionDetail,
  type CycleDates,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import type { AuthContext } from '../../platform/guard.js';
import { inScope } from '../../platform/scope.js';
import { contextCount } from '../employees/index.js';

export type Scope = Pick<AuthContext, 'admin' | 'vendorId' | 'resources'>;

/** The dashboard's deps: the database, the clock, and the closed cycles' figures this service remembers. */
export interface DashboardDeps extends Pick<Deps, 'db' | 'now'> {
  closedCycles: Map<string, { at: number; value: Promise<CycleTransactionDetail[]> }>;
}

export const dashboardDeps = (deps: Deps): DashboardDeps => ({ db: deps.db, now: deps.now, closedCycles: new Map() });

export const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );

/** The caller's context on a table alias, written so that the partial indexes apply. */
export function inContext(ctx: Scope, alias: string): RawBuilder<SqlBool> {
  return inScope(ctx, alias);
}

/** [from, until) instants of business dates from..to (both inclusive). */
export const instants = (p: CycleDates) => ({ from: businessDayStart(p.startDate), until: businessDayStart(nextDay(p.endDate)) });

export const num = (v: unknown) => Number(v ?? 0);

/** Today (IST), the cycle start day of the employer's config, the current cycle and the chart's periods (the last cut at today). */
export async function cycles(deps: DashboardDeps, ctx: Scope) {
  const { db } = deps;
  const today = businessDate(deps.now());
  const employer = await db.selectFrom('employers').select('config').where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
  const startDay = attendanceCycleStartDayOf(employer.config);
  const current = attendanceCycleOf(today, startDay);
  const periods = recentAttendanceCycles(today, startDay).map((c) => cycleSoFar(c, today));
  return { today, startDay, current, soFar: cycleSoFar(current, today), periods, leaveUploadWanted: leaveUploadTodoOf(employer.config) };
}

export async function totalEmployees(deps: DashboardDeps, ctx: Scope): Promise<number> {
  return (await contextCount(deps, ctx)).n;
}

/** Top-up applications (all statuses) and the paise of the disbursed ones, in a window. */
export async function topups(deps: DashboardDeps, ctx: Scope, window: CycleDates) {
  const { db } = deps;
  const { from, until } = instants(window);
  const { rows } = await sql<{ n: string; v: string }>`
    select count(*) as n, coalesce(sum(a.amount) filter (where a.status in (${list(DISBURSED_TOPUP_STATUSES)})), 0) as v
    from salary_topup_applications a
    where ${inContext(ctx, 'a')} and a.created_at >= ${from} and a.created_at < ${until}`.execute(db);
  return { applications: num(rows[0]?.n), disbursed: num(rows[0]?.v) };
}

export const windowOf = (periods: CycleDates[]): CycleDates => ({ startDate: periods[0]!.startDate, endDate: periods.at(-1)!.endDate });
