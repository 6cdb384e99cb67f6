/**
 * The owner of the payroll lifecycle (issue 23): the only writer of `payrolls.status`. A payroll
 * begins UPLOADED (`startPayroll`) and moves only by `movePayroll`, a conditional update that
 * refuses a move the domain's PAYROLL_MOVES does not list, before it touches the database. Other
 * features move a payroll through payroll's index.ts; a guard test
 * (apps/server/test/status-owners.test.ts) fails when another file writes the column.
 */
import type { Insertable, Kysely, UpdateObject } from 'kysely';
import { canMove, type PayrollStatus, type WebhookEventType } from '@portal/domain';
import { emitEvent } from '../../platform/events.js';
import type { DB } from '../../db/schema.js';

/** A move the table does not list: a programming error, never an answer to a caller. */
export class ForbiddenPayrollMove extends Error {
  constructor(from: PayrollStatus, to: PayrollStatus) {
    super(`a payroll cannot move from ${from} to ${to} (PAYROLL_MOVES)`);
  }
}

/** Which payrolls: one by id, several by id, or the payroll of an upload. */
type Target = string | readonly string[] | { uploadId: string };
/** Columns written with the move (who and when, totals, the failure reason; `updated_at` is now unless given); never `status`. */
type Alongside = Omit<UpdateObject<DB, 'payrolls'>, 'status'>;

/**
 * Moves the target payrolls that are in one of `from` to `to`, with `alongside` written in the same
 * statement; the number moved (0 when none was in `from`: moved meanwhile, or never there). Throws
 * ForbiddenPayrollMove when any of `from` -> `to` is not in PAYROLL_MOVES.
 */
export async function movePayroll(db: Kysely<DB>, target: Target, from: PayrollStatus | readonly PayrollStatus[], to: PayrollStatus, alongside: Alongside = {}): Promise<number> {
  const sources: readonly PayrollStatus[] = typeof from === 'string' ? [from] : from;
  for (const f of sources) if (!canMove(f, to)) throw new ForbiddenPayrollMove(f, to);
  if (sources.length === 0 || (Array.isArray(target) && target.length === 0)) return 0;
  let query = db
    .updateTable('payrolls')
    .set({ updated_at: new Date(), ...alongside, status: to })
    .where('status', 'in', sources);
  if (typeof target === 'string') query = query.where('id', '=', target);
  else if ('uploadId' in target) query = query.where('upload_id', '=', target.uploadId);
  else query = query.where('id', 'in', target);
  const moved = await query.returning(['id', 'employer_id', 'vendor_id', 'month', 'kind', 'failure_reason']).execute();
  // Issue 26: the moves an employer's systems hear of (decision 0045), written with the move; the
  // webhook relay queues their deliveries.
  const type = PAYROLL_EVENT_OF[to];
  if (type) {
    for (const p of moved) {
      await emitEvent(null, db, p.employer_id, type, { payrollId: p.id, vendorId: p.vendor_id, month: p.month.slice(0, 7), kind: p.kind, status: to, failureReason: p.failure_reason ?? null });
    }
  }
  return moved.length;
}

/** The payroll statuses that are events of their own (issue 26). */
const PAYROLL_EVENT_OF: Partial<Record<PayrollStatus, WebhookEventType>> = {
  PROCESSED: 'payroll.processed',
  PAYROLL_FROZEN: 'payroll.frozen',
  DISBURSAL_INITIATED: 'payroll.executed',
  DISBURSAL_COMPLETED: 'payroll.completed',
  PAYROLL_PROCESSING_FAILED: 'payroll.failed',
  DISBURSAL_FAILED: 'payroll.failed',
};

/** A new payroll upload's row, UPLOADED; its id. */
export async function startPayroll(db: Kysely<DB>, values: Omit<Insertable<DB['payrolls']>, 'status'>): Promise<string> {
  const row = await db
    .insertInto('payrolls')
    .values({ ...values, status: 'UPLOADED' satisfies PayrollStatus })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
