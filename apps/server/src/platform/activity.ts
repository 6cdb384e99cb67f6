/** Activity rows: every admin change writes one (actor, action type, time); Recent Activities reads them. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Scope } from './scope.js';

export const ACTION_TYPES = {
  adminInvited: 'ADMIN_INVITED',
  adminUpdated: 'ADMIN_UPDATED',
  adminRemoved: 'ADMIN_REMOVED',
  passwordChanged: 'PASSWORD_CHANGED',
  passwordReset: 'PASSWORD_RESET',
  secondFactorEnrolled: 'SECOND_FACTOR_ENROLLED',
  secondFactorReset: 'SECOND_FACTOR_RESET',
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
  // API keys (issue 26)
  apiKeyCreated: 'API_KEY_CREATED',
  apiKeyRevoked: 'API_KEY_REVOKED',
} as const;
export type ActionType = (typeof ACTION_TYPES)[keyof typeof ACTION_TYPES];

export interface ActivityInput {
  employerId: string;
  vendorId?: string | null;
  adminId: string;
  /** The API key the change was made with (issue 26): the trail names it beside its creator. */
  apiKeyId?: string | null;
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
      api_key_id: a.apiKeyId ?? null,
      action_type: a.actionType,
      target_type: a.targetType ?? null,
      target_id: a.targetId ?? null,
      details: JSON.stringify(a.details ?? {}),
    })
    .execute();
}

/** What an admin's change records beyond who made it and in which context. */
export type AdminActivity = Omit<ActivityInput, 'employerId' | 'vendorId' | 'adminId' | 'apiKeyId'>;

/** The row of an admin's change in their own scope: the caller's employer, context (vendor) and admin (decision 0029). */
export function recordAdminActivity(db: Kysely<DB>, ctx: Scope, a: AdminActivity): Promise<void> {
  return recordActivity(db, { employerId: ctx.admin.employer_id, vendorId: ctx.vendorId, adminId: ctx.admin.id, apiKeyId: ctx.apiKey?.id ?? null, ...a });
}
