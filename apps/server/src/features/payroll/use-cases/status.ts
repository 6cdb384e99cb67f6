import { PAYROLL_MSG, canMove, firstDayOf, isPayrollWindowClosed, lastDayOf, monthLabel, monthOfDate, type PayrollStatusResult } from '@portal/domain';
import { AppError, badRequest } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { ACTION_TYPES, recordAdminActivity } from '../../../platform/activity.js';
import { movePayroll } from '../lifecycle.js';
import { type PayrollDeps, configOf, currentPayroll, notAllowed, payrollOf, today } from '../shared.js';

/**
 * Finalize (PROCESSED -> PAYROLL_FROZEN) or cancel (PAYROLL_FROZEN -> CANCELLED) under a lock on
 * the payroll row; every other move is refused (409). A freeze is only of the month's current
 * payroll and only while its window has not closed.
 */
async function move(deps: PayrollDeps, ctx: AuthContext, payrollId: string, to: 'PAYROLL_FROZEN' | 'CANCELLED', via: 'STATUS' | 'HR_ACTION', dates?: { startDate: string; endDate: string }): Promise<PayrollStatusResult> {
  const { db } = deps;
  const now = deps.now();
  const config = await configOf(db, ctx.admin.employer_id);
  return db.transaction().execute(async (trx) => {
    const p = await payrollOf(trx, ctx, payrollId, true);
    const month = monthOfDate(p.month);
    const label = monthLabel(month);
    if (dates && (dates.startDate !== firstDayOf(month) || dates.endDate !== lastDayOf(month))) throw badRequest(PAYROLL_MSG.freezeDates);
    // Spec 4.5: the screen's finalize sets the status and also issues the freeze as an HR action.
    // The action on a payroll already frozen is recorded and answered, not refused.
    if (via === 'HR_ACTION' && p.status === 'PAYROLL_FROZEN') {
      await recordAdminActivity(trx, ctx, {
        actionType: ACTION_TYPES.payrollFrozen,
        targetType: 'PAYROLL',
        targetId: p.id,
        details: { month: firstDayOf(month), from: p.status, via, ...(dates ?? {}) },
      });
      return { payrollId: p.id, status: p.status, message: PAYROLL_MSG.finalizedFor(label) };
    }
    if (!canMove(p.status, to)) throw notAllowed(p.status);
    if (to === 'PAYROLL_FROZEN') {
      if (isPayrollWindowClosed(month, today(deps), config)) throw new AppError('PAYROLL_EXPIRED');
      const current = await currentPayroll(trx, ctx, month);
      if (current && current.id !== p.id) throw new AppError('PAYROLL_NOT_CURRENT', PAYROLL_MSG.notCurrent(label));
    }
    await movePayroll(trx, p.id, p.status, to, to === 'PAYROLL_FROZEN' ? { frozen_at: now, frozen_by: ctx.admin.id, updated_at: now } : { cancelled_at: now, cancelled_by: ctx.admin.id, updated_at: now });
    await recordAdminActivity(trx, ctx, {
      actionType: to === 'PAYROLL_FROZEN' ? ACTION_TYPES.payrollFrozen : ACTION_TYPES.payrollCancelled,
      targetType: 'PAYROLL',
      targetId: p.id,
      details: { month: firstDayOf(month), from: p.status, via, ...(dates ?? {}) },
    });
    return { payrollId: p.id, status: to, message: to === 'PAYROLL_FROZEN' ? PAYROLL_MSG.finalizedFor(label) : PAYROLL_MSG.cancelled(label) };
  });
}

/** PUT update-payroll-status */
export const updateStatus = (deps: PayrollDeps, ctx: AuthContext, payrollId: string, status: 'PAYROLL_FROZEN' | 'CANCELLED') => move(deps, ctx, payrollId, status, 'STATUS');

/** POST /hrAction FREEZE_PAYROLL */
export const freeze = (deps: PayrollDeps, ctx: AuthContext, data: { payrollId: string; startDate: string; endDate: string }) =>
  move(deps, ctx, data.payrollId, 'PAYROLL_FROZEN', 'HR_ACTION', data);
