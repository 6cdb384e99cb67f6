/** The limits of an advance request: what the worker took, the worked half-days, and why a request is refused. */
import { sql } from 'kysely';
import {
  ADVANCE_HOLDING_STATUSES,
  HALF_DAYS,
  availableEarnedSalary,
  workedHalfDaysWithLeave,
  businessDayStart,
  monthStart,
  type TransactionStatus,
} from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import { type WorkerSideDeps, ADVANCE_REFUSALS, today } from './shared.js';

/** What the worker took since `from` (holding statuses), leaving out the advance `exceptId` (decision 0024's re-check). */
export async function withdrawnSince(deps: WorkerSideDeps, workerId: string, from: Date, exceptId?: string): Promise<number> {
  const { db } = deps;
  const row = await db
    .selectFrom('transactions')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('worker_id', '=', workerId)
    .where('created_at', '>=', from)
    .where('status', 'in', ADVANCE_HOLDING_STATUSES as TransactionStatus[])
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Worked half-days of [from, to]: attendance, with recorded leave deciding its days (decision 0025: paid leave a full day, unpaid none). */
export async function workedHalfDays(deps: WorkerSideDeps, workerId: string, from: string, to: string): Promise<number> {
  const { db } = deps;
  const [days, leaves] = await Promise.all([
    db.selectFrom('attendance_days').select(['day', 'status']).where('worker_id', '=', workerId).where('day', '>=', from).where('day', '<=', to).execute(),
    db
      .selectFrom('leaves')
      .select(['from_date as fromDate', 'to_date as toDate', 'leave_type as leaveType'])
      .where('worker_id', '=', workerId)
      .where('from_date', '<=', to)
      .where('to_date', '>=', from)
      .execute(),
  ]);
  if (leaves.length === 0) return days.reduce((sum, r) => sum + (HALF_DAYS[r.status] ?? 0), 0);
  return workedHalfDaysWithLeave(days, leaves, { from, to });
}

/**
 * Why the worker `w` may not take `amount` now, or null: the limits of a request. `exceptId` leaves
 * an advance out of what was already taken (an approved request re-checked as it moves on).
 */
export async function limitRefusal(deps: WorkerSideDeps, w: WorkerRecord, amount: number, exceptId?: string): Promise<string | null> {
  if (w.employment_status === 'INACTIVE') return ADVANCE_REFUSALS.inactive;
  if (w.approval_status === 'PENDING' || w.approval_status === 'REJECTED') return ADVANCE_REFUSALS.pendingApproval;
  if (!w.is_transaction_allowed) return ADVANCE_REFUSALS.notAllowed;
  if (w.max_withdrawal_per_transaction !== null && amount > w.max_withdrawal_per_transaction) return ADVANCE_REFUSALS.perTransaction;
  const day = today(deps);
  if (w.max_withdrawal_per_day !== null) {
    const takenToday = await withdrawnSince(deps, w.id, businessDayStart(day), exceptId);
    if (takenToday + amount > w.max_withdrawal_per_day) return ADVANCE_REFUSALS.perDay;
  }
  const start = monthStart(day);
  const available = availableEarnedSalary({
    monthlySalary: w.current_monthly_salary,
    workedHalfDays: await workedHalfDays(deps, w.id, start, day),
    cycleDate: day,
    maxWithdrawalPercent: w.max_withdrawal_salary_percent,
    withdrawnThisCycle: await withdrawnSince(deps, w.id, businessDayStart(start), exceptId),
  });
  return amount > available ? ADVANCE_REFUSALS.available : null;
}
