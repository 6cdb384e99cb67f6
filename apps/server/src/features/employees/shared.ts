/**
 * What the employees use cases share (decision 0029): their deps, the business date, the stored
 * row as the wire record, and the workers of the caller's scope. Every query is scoped by the
 * caller's employer and by the context: the employer's own workers (`vendor_id is null`) without
 * `vendorId`, that vendor's workers with it. A worker outside the scope is not found (404),
 * whatever its id.
 */
import { BUSINESS_TIME_ZONE, EMPLOYEE_SERVER_MSG, isoDateInZone, type EmployeeRecord } from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import type { Database } from '../../platform/database.js';
import { notFound } from '../../platform/errors.js';
import { uuidOrNotFound } from '../../platform/ids.js';
import { inScope, type Scope } from '../../platform/scope.js';

export type { Scope };

/** The employees use cases need the database and the clock only. */
export type EmployeeDeps = Pick<Deps, 'db' | 'now' | 'protector'>;

/** The business date (IST) of the deps' clock. */
export const today = (deps: Pick<Deps, 'now'>) => isoDateInZone(deps.now(), BUSINESS_TIME_ZONE);

/** The workers of the caller's employer and context. */
export const workersInScope = (db: Database, ctx: Scope) => db.selectFrom('workers').where(inScope(ctx));

/** A worker of the caller's scope by its id, or 404. */
export async function findInScope(deps: EmployeeDeps, ctx: Scope, id: string): Promise<WorkerRecord> {
  const w = await workersInScope(deps.db, ctx).selectAll().where('id', '=', uuidOrNotFound(id, EMPLOYEE_SERVER_MSG.notFound)).executeTakeFirst();
  if (!w) throw notFound(EMPLOYEE_SERVER_MSG.notFound);
  return w;
}

/** The stored worker with its salary account number opened (sealed at rest, decision 0037), for the edit form and the sheet's comparison. */
export async function opened(deps: Pick<Deps, 'protector'>, w: WorkerRecord): Promise<WorkerRecord> {
  return w.salary_account_number === null ? w : { ...w, salary_account_number: await deps.protector.openTextFresh(w.salary_account_number) };
}

/**
 * Stored row -> wire record. `maskAccount`: lists show the salary account number masked but the
 * last 4 (its masked column, nothing opened); otherwise the row must be `opened`.
 */
export function toRecord(w: WorkerRecord, maskAccount = false): EmployeeRecord {
  return {
    _id: w.id,
    workerType: w.worker_type,
    fullName: w.full_name,
    email: w.email,
    mobile: w.mobile,
    employerEmployeeId: w.employer_worker_id,
    joinedAt: w.joined_at,
    terminatedAt: w.terminated_at,
    employmentStatus: w.employment_status,
    currentMonthlySalary: w.current_monthly_salary,
    isTransactionAllowed: w.is_transaction_allowed,
    userId: w.user_id,
    salaryAccountNumber: maskAccount ? w.salary_account_number_masked || null : w.salary_account_number,
    maxWithdrawalSalaryPercent: w.max_withdrawal_salary_percent,
    maxWithdrawalPerDay: w.max_withdrawal_per_day,
    maxWithdrawalPerTransaction: w.max_withdrawal_per_transaction,
    designation: w.designation,
    departmentId: w.department_id,
    gradeId: w.grade_id,
    branchId: w.branch_id,
    branchLocation: w.branch_location,
    vendorId: w.vendor_id,
  };
}
