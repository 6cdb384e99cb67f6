import {
  BUSINESS_TIME_ZONE,
  EXPIRABLE_STATUSES,
  firstDayOf,
  isPayrollWindowClosed,
  isoDateInZone,
  monthOfDate,
  payrollConfigOf,
  payrollMonthOf,
} from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import { movePayroll } from '../lifecycle.js';

/**
 * The daily expiry: PROCESSED, PAYROLL_FROZEN and PAYROLL_PROCESSING_FAILED payrolls whose month's
 * window has closed (by each employer's config, in IST) become EXPIRED. Returns how many moved.
 */
export async function expirePayrolls(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
  const day = isoDateInZone(now, BUSINESS_TIME_ZONE);
  // A month whose window may have closed is before the current payroll month's run month.
  const candidates = await deps.db
    .selectFrom('payrolls as p')
    .innerJoin('employers as e', 'e.id', 'p.employer_id')
    .select(['p.id', 'p.month', 'e.config'])
    .where('p.status', 'in', EXPIRABLE_STATUSES)
    .where('p.month', '<=', firstDayOf(payrollMonthOf(day)))
    .execute();
  const ids = candidates.filter((c) => isPayrollWindowClosed(monthOfDate(c.month), day, payrollConfigOf(c.config))).map((c) => c.id);
  if (ids.length === 0) return 0;
  return movePayroll(deps.db, ids, EXPIRABLE_STATUSES, 'EXPIRED', { expired_at: now, updated_at: now });
}
