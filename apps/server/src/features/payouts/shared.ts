/**
 * What the payouts use cases share (decision 0029): their deps and the payroll of the caller's
 * scope, locked. Scoped by the caller's employer and context: another tenant's (or context's)
 * payroll is not found.
 */
import { sql, type Transaction } from 'kysely';
import { PAYROLL_MSG, type PayrollKind, type PayrollStatus } from '@portal/domain';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import type { Scope } from '../../platform/scope.js';

export type { Scope };

/** The payouts use cases need the database, the clock, the queue (the payout jobs) and the bank (its recharge page). */
export type PayoutDeps = Pick<Deps, 'db' | 'now' | 'queue' | 'bank'>;

export interface LockedPayroll {
  id: string;
  employer_id: string;
  month: string;
  kind: PayrollKind;
  status: PayrollStatus;
  config: Record<string, unknown>;
}

/** The payroll of the caller's scope, locked for the rest of the transaction; 404 outside the scope. */
export async function lockPayroll(trx: Transaction<DB>, ctx: Scope, payrollId: string): Promise<LockedPayroll> {
  if (!isUuid(payrollId)) throw notFound(PAYROLL_MSG.notFound);
  const r = await sql<LockedPayroll>`
    select p.id, p.employer_id, p.month, p.kind, p.status, e.config
    from payrolls p join employers e on e.id = p.employer_id
    where p.id = ${payrollId} and p.employer_id = ${ctx.admin.employer_id}
      and p.vendor_id is not distinct from ${ctx.vendorId}
    for update of p`.execute(trx);
  const p = r.rows[0];
  if (!p) throw notFound(PAYROLL_MSG.notFound);
  return p;
}
