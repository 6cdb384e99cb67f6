import { payrollInfoOf, type PayrollInfo } from '@portal/domain';
import type { AuthContext } from '../../../platform/guard.js';
import { type PayrollDeps, configOf, today } from '../shared.js';

/** GET payroll-info: this month's cycle in IST from the employer's config. */
export async function info(deps: PayrollDeps, ctx: AuthContext): Promise<PayrollInfo> {
  const { db } = deps;
  return payrollInfoOf(today(deps), await configOf(db, ctx.admin.employer_id));
}
