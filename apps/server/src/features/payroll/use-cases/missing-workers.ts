import type { MissingWorkersResult } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { missingWorkers as workersNotInSheet } from '../identity.js';
import { type PayrollDeps, notAllowed, payrollOf } from '../shared.js';

/**
 * GET missing-workers: the active workers of the payroll's context who are not in its sheet, a
 * page by Employee ID with the total; only while the entries stand for the sheet before the
 * money moves (PROCESSED, PAYROLL_FROZEN), 409 otherwise.
 */
export async function missingWorkers(deps: PayrollDeps, ctx: AuthContext, q: { payrollId: string; pageNumber: number; limit: number }): Promise<MissingWorkersResult> {
  const { db } = deps;
  const p = await payrollOf(db, ctx, q.payrollId);
  if (p.status !== 'PROCESSED' && p.status !== 'PAYROLL_FROZEN') throw notAllowed(p.status);
  const found = await workersNotInSheet(db, p, { limit: q.limit, offset: (q.pageNumber - 1) * q.limit });
  return { payrollId: p.id, total: found.total, workers: found.workers, pageNumber: q.pageNumber, perPageLimit: q.limit };
}
