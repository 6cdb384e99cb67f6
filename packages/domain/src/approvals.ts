/** Worker approval (spec 2.17, 3 "Pending worker approval", 4.7, 5.4, 7, 8). */
import { NUMERIC_LIMIT } from './constants.js';

/**
 * Spec 9 says a maximum exists but not its value. The spec's numeric limit constant (9999999), in
 * rupees, is the ceiling (docs/decisions/0010-approval-salary-maximum.md).
 */
export const MAX_APPROVAL_MONTHLY_SALARY_RUPEES = NUMERIC_LIMIT;

export const APPROVAL_MSG = {
  required: 'Monthly Salary is required',
  decimals: 'Monthly Salary cannot have decimals',
  positive: 'Monthly Salary cannot be negative or equal to zero',
  max: (max: number) => `Monthly Salary cannot be greater than ${max}`,
  approved: (name: string) => `${name} approved!`,
  rejected: 'rejected!',
} as const;

/** The server's own answers beyond 5.4 (spec silent), shared so that the screen and the tests agree. */
export const APPROVAL_SERVER_MSG = {
  disabled: 'Worker approval is not enabled for your organisation',
  notFound: 'No pending approval found for this worker',
  alreadyApproved: (name: string) => `${name} has already been approved`,
  alreadyRejected: (name: string) => `${name} has already been rejected`,
  notPending: (name: string) => `${name} is not waiting for approval`,
} as const;

/** The code of the 403 given when the employer config has worker approval off (not the guard's `forbidden`). */
export const APPROVAL_DISABLED_CODE = 'approval-disabled';

/** 5.4's rules, with these messages, are the schema ApprovalSalary (forms/approval.ts). */

/** A valid salary edit (see ApprovalSalary) -> integer paise. */
export const approvalSalaryToPaise = (value: string): number => Number(value.trim()) * 100;

/** 5.4: key presses in the salary box are limited to digits. */
export const isDigitKey = (key: string): boolean => /^\d$/.test(key);

/**
 * Whether a key press may reach the salary box: digits, and the keys that edit or move without
 * typing (Backspace, arrows, Tab...) or come with Ctrl/Cmd (copy, paste, select all).
 */
export const isAllowedSalaryKey = (key: string, withModifier = false): boolean => withModifier || key.length > 1 || isDigitKey(key);

export const APPROVAL_ENTITY_TYPES = ['WORKER', 'TRANSACTION'] as const;
export type ApprovalEntityType = (typeof APPROVAL_ENTITY_TYPES)[number];
export const APPROVAL_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

// ---------------------------------------------------------------------------------------------
// EWA requests (issue 13, decision 0024): advances held for the employer's approval, entity type
// TRANSACTION of the same calls.
// ---------------------------------------------------------------------------------------------

/** The area (spec 6 resource) each entity type's approvals need: workers are employees, advances transactions. */
export const APPROVAL_ENTITY_AREA = { WORKER: 'EMPLOYEES', TRANSACTION: 'TRANSACTIONS' } as const satisfies Record<ApprovalEntityType, string>;

/** The screen's success toasts (issue 13): "{name} approved!" / "{name} rejected!". */
export const EWA_REQUEST_MSG = {
  approved: (name: string) => `${name} approved!`,
  rejected: (name: string) => `${name} rejected!`,
} as const;

/** The server's answers about advance requests, shared so that the screen and the tests agree. */
export const EWA_REQUEST_SERVER_MSG = {
  notFound: 'No pending request found for this advance',
  alreadyApproved: (name: string) => `${name}'s request has already been approved`,
  alreadyRejected: (name: string) => `${name}'s request has already been rejected`,
  notPending: (name: string) => `${name}'s request is not waiting for approval`,
  noModifiedFields: 'An advance request cannot be modified, only approved or rejected',
} as const;

/** The reason stored on an advance the employer rejected (the worker side returns it). */
export const EMPLOYER_REJECTION_REASON = 'Rejected by your employer';
