import { availableEarnedSalary, businessDayStart, monthStart } from '@portal/domain';
import { withdrawnSince, workedHalfDays } from '../limits.js';
import { type WorkerSideDeps, today, workerOrThrow } from '../shared.js';

/** What the worker may still take today (paise) and why not, if nothing. */
export async function availability(deps: WorkerSideDeps, workerId: string) {
  const w = await workerOrThrow(deps, workerId);
  const day = today(deps);
  const start = monthStart(day);
  const withdrawn = await withdrawnSince(deps, workerId, businessDayStart(start));
  const available = availableEarnedSalary({
    monthlySalary: w.current_monthly_salary,
    workedHalfDays: await workedHalfDays(deps, workerId, start, day),
    cycleDate: day,
    maxWithdrawalPercent: w.max_withdrawal_salary_percent,
    withdrawnThisCycle: withdrawn,
  });
  const allowed = w.employment_status !== 'INACTIVE' && w.is_transaction_allowed && w.approval_status !== 'PENDING' && w.approval_status !== 'REJECTED';
  return { available: allowed ? available : 0, withdrawn, isWithdrawalAllowed: allowed };
}
