import { sql } from 'kysely';
import { COMPLETED_WITHDRAWAL_STATUSES, type CycleDates, type CycleTransactionDetail, type EwaStats } from '@portal/domain';
import { cycles, inContext, instants, list, num, totalEmployees, type DashboardDeps, type Scope } from '../shared.js';

/** How long the figures of closed cycles are remembered (decision 0016), and for how many employer contexts. */
export const CLOSED_CYCLES_TTL_MS = 60_000;
const CLOSED_CYCLES_MAX = 10_000;

/** Completed withdrawals (count, paise) per period, in one index-only scan of their window. */
async function sumPerPeriod(deps: DashboardDeps, ctx: Scope, periods: CycleDates[]): Promise<CycleTransactionDetail[]> {
  const { db } = deps;
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
async function withdrawalsPerPeriod(deps: DashboardDeps, ctx: Scope, periods: CycleDates[]): Promise<CycleTransactionDetail[]> {
  const { closedCycles } = deps;
  const closed = periods.slice(0, -1);
  const key = `${ctx.admin.employer_id}:${ctx.vendorId ?? ''}:${closed.map((p) => `${p.startDate}/${p.endDate}`).join(',')}`;
  const now = deps.now().getTime();
  let hit = closedCycles.get(key);
  if (!hit || now - hit.at > CLOSED_CYCLES_TTL_MS) {
    if (closedCycles.size >= CLOSED_CYCLES_MAX) for (const [k, v] of closedCycles) if (now - v.at > CLOSED_CYCLES_TTL_MS || closedCycles.size >= CLOSED_CYCLES_MAX) closedCycles.delete(k);
    hit = { at: now, value: closed.length ? sumPerPeriod(deps, ctx, closed) : Promise.resolve([]) };
    closedCycles.set(key, hit);
    hit.value.catch(() => closedCycles.delete(key));
  }
  const [past, current] = await Promise.all([hit.value, sumPerPeriod(deps, ctx, periods.slice(-1))]);
  return [...past, ...current];
}

/** GET /employer-admin/stats/EWA */
export async function ewaStats(deps: DashboardDeps, ctx: Scope): Promise<EwaStats> {
  const c = await cycles(deps, ctx);
  const [employees, periods] = await Promise.all([totalEmployees(deps, ctx), withdrawalsPerPeriod(deps, ctx, c.periods)]);
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
}
