/**
 * The owner of the payroll lifecycle (issue 23): the only writer of `payrolls.status`. A payroll
 * begins UPLOADED (`startPayroll`) and moves only by `movePayroll`, a conditional update that
 * refuses a move the domain's PAYROLL_MOVES does not list, before it touches the database. Other
 * features move a payroll through payroll's index.ts; a guard test
 * (apps/server/test/status-owners.test.ts) fails when another file writes the column.
 */
import type { Insertable, Kysely, UpdateObject } from 'kysely';
import { canMove, type PayrollStatus } from '@portal/domain';
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
  const moved = await query.executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

/** A new payroll upload's row, UPLOADED; its id. */
export async function startPayroll(db: Kysely<DB>, values: Omit<Insertable<DB['payrolls']>, 'status'>): Promise<string> {
  const row = await db
    .insertInto('payrolls')
    .values({ ...values, status: 'UPLOADED' satisfies PayrollStatus })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
