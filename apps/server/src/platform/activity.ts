/** Activity rows: every admin change writes one (actor, action type, time); Recent Activities reads them. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export const ACTION_TYPES = {
  adminInvited: 'ADMIN_INVITED',
  adminUpdated: 'ADMIN_UPDATED',
  adminRemoved: 'ADMIN_REMOVED',
  passwordChanged: 'PASSWORD_CHANGED',
  passwordReset: 'PASSWORD_RESET',
  secondFactorEnrolled: 'SECOND_FACTOR_ENROLLED',
  signedUp: 'SIGNED_UP',
  employeeAdded: 'EMPLOYEE_ADDED',
  employeeUpdated: 'EMPLOYEE_UPDATED',
  employeeTerminated: 'EMPLOYEE_TERMINATED',
  employeesTerminated: 'EMPLOYEES_TERMINATED',
  employeesActivated: 'EMPLOYEES_ACTIVATED',
  workerApproved: 'WORKER_APPROVED',
  workerRejected: 'WORKER_REJECTED',
  // EWA requests (issue 13, decision 0024)
  ewaRequestApproved: 'EWA_REQUEST_APPROVED',
  ewaRequestRejected: 'EWA_REQUEST_REJECTED',
  documentUploaded: 'DOCUMENT_UPLOADED',
  // payouts feature (issue 5)
  payrollExecuted: 'PAYROLL_EXECUTED',
  payrollPayoutsReinitiated: 'PAYROLL_PAYOUTS_REINITIATED',
  payrollFrozen: 'PAYROLL_FROZEN',
  payrollCancelled: 'PAYROLL_CANCELLED',
} as const;
export type ActionType = (typeof ACTION_TYPES)[keyof typeof ACTION_TYPES];

export interface ActivityInput {
  employerId: string;
  vendorId?: string | null;
  adminId: string;
  actionType: ActionType;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

export async function recordActivity(db: Kysely<DB>, a: ActivityInput): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      employer_id: a.employerId,
      vendor_id: a.vendorId ?? null,
      admin_id: a.adminId,
      action_type: a.actionType,
      target_type: a.targetType ?? null,
      target_id: a.targetId ?? null,
      details: JSON.stringify(a.details ?? {}),
    })
    .execute();
}
