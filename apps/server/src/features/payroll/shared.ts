/**
 * What the payroll use cases share (decision 0029): their deps, the payroll of the caller's scope,
 * the month's current payroll, the employer's payroll config, the status figures and the refusals.
 * Every query is scoped by the caller's employer and context (own workers without `vendorId`, that
 * vendor's with it); a payroll outside the scope is not found.
 */
import type { Kysely } from 'kysely';
import {
  BUSINESS_TIME_ZONE,
  PAYROLL_MSG,
  firstDayOf,
  isoDateInZone,
  payrollConfigOf,
  payrollStatusText,
  type CountAmount,
  type MonthYearValue,
  type PayrollConfig,
} from '@portal/domain';
import type { DB, PayrollRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { inScope, type Scope } from '../../platform/scope.js';
import { createDocumentService } from '../documents/index.js';

export type { Scope };

/** The payroll use cases' deps: the app's, and the documents service the upload stores through. */
export interface PayrollDeps extends Deps {
  documents: ReturnType<typeof createDocumentService>;
}

export const payrollDeps = (deps: Deps): PayrollDeps => ({ ...deps, documents: createDocumentService(deps) });

export const notFoundPayroll = () => notFound(PAYROLL_MSG.notFound);
export const noData = () => notFound(PAYROLL_MSG.noData);
export const notAllowed = (status: string) => new AppError('PAYROLL_STATUS', PAYROLL_MSG.notAllowed(payrollStatusText(status)));

/** The business date (IST) of the deps' clock. */
export const today = (deps: Pick<Deps, 'now'>) => isoDateInZone(deps.now(), BUSINESS_TIME_ZONE);

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function configOf(db: Kysely<DB>, employerId: string): Promise<PayrollConfig> {
  const e = await db.selectFrom('employers').select('config').where('id', '=', employerId).executeTakeFirstOrThrow();
  return payrollConfigOf(e.config);
}

/**
 * The month's current payroll in a context: its newest upload, a CANCELLED one included. A cancel
 * leaves the month cancelled (the screens say so and offer a new upload); an older upload it had
 * replaced never comes back as current.
 */
export async function currentPayroll(db: Kysely<DB>, ctx: Scope, month: MonthYearValue, forUpdate = false): Promise<PayrollRecord | undefined> {
  let q = db
    .selectFrom('payrolls as p')
    .selectAll('p')
    .where(inScope(ctx, 'p'))
    .where('p.month', '=', firstDayOf(month))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A payroll of the caller's scope, or 404. */
export async function payrollOf(db: Kysely<DB>, ctx: Scope, id: string, forUpdate = false): Promise<PayrollRecord> {
  if (!isUuid(id)) throw notFoundPayroll();
  let query = db.selectFrom('payrolls as p').selectAll('p').where('p.id', '=', id).where(inScope(ctx, 'p'));
  if (forUpdate) query = query.forUpdate();
  const p = await query.executeTakeFirst();
  if (!p) throw notFoundPayroll();
  return p;
}

/** Entry counts and net amounts per entry status (kept by triggers: never a count of the entries). */
export async function statusFigures(db: Kysely<DB>, payrollId: string) {
  const rows = await db.selectFrom('payroll_entry_counts').select(['status', 'n', 'amount']).where('payroll_id', '=', payrollId).execute();
  return rows.map((r) => ({ status: r.status, n: r.n, amount: r.amount }));
}

export const sumCount = (rows: readonly { status: string; n: number; amount: number }[], statuses: readonly string[] | null): CountAmount => {
  let count = 0;
  let amount = 0;
  for (const r of rows) {
    if (statuses && !statuses.includes(r.status)) continue;
    count += r.n;
    amount += Math.max(0, r.amount);
  }
  return { count, amount };
};
