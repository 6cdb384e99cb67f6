/** The zod wire schemas of ../approvals.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { APPROVAL_ENTITY_TYPES, APPROVAL_DECISIONS } from '../approvals.js';

export const PendingApprovalsQuery = z.object({
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  /** Contains, case-insensitive, on the name, the worker id and the mobile. */
  search: z.string().max(100).optional(),
  vendorId: z.string().uuid().optional(),
});
export type PendingApprovalsQuery = z.infer<typeof PendingApprovalsQuery>;

export const PendingWorkerApproval = z.object({
  employeeId: z.string(),
  fullName: z.string(),
  employersWorkerId: z.string(),
  mobile: z.string().nullable(),
  /** paise */
  currentMonthlySalary: z.number().int(),
  /** When the worker signed up (an instant, ISO). */
  dateRequested: z.string().nullable(),
  /** yyyy-mm-dd */
  joinedAt: z.string().nullable(),
});
export type PendingWorkerApproval = z.infer<typeof PendingWorkerApproval>;
export const PendingApprovalsResult = z.object({ data: z.array(PendingWorkerApproval) });
export type PendingApprovalsResult = z.infer<typeof PendingApprovalsResult>;

export const ApprovalDecisionBody = z.object({
  entityId: z.string().uuid(),
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  status: z.enum(APPROVAL_DECISIONS),
  /**
   * Rupees as typed in the Modify box. Any text, number or null passes this shape: the salary
   * schema (ApprovalSalary, 5.4) answers with the spec's message, never a generic one.
   */
  modifiedFields: z.object({ currentMonthlySalary: z.union([z.string().max(100), z.number(), z.null()]).optional() }).strict().default({}),
});
export type ApprovalDecisionBody = z.infer<typeof ApprovalDecisionBody>;

export const ApprovalDecisionResult = z.object({
  entityId: z.string(),
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  status: z.enum(APPROVAL_DECISIONS),
  fullName: z.string(),
  /** paise, after the decision */
  currentMonthlySalary: z.number().int(),
  isTransactionAllowed: z.boolean(),
});
export type ApprovalDecisionResult = z.infer<typeof ApprovalDecisionResult>;

export const PendingTransactionApproval = z.object({
  /** The advance (transaction) id: the decision's entityId. */
  entityId: z.string(),
  /** The worker's id (for the profile link). */
  employeeId: z.string(),
  fullName: z.string(),
  employersWorkerId: z.string(),
  workerType: z.enum(['EMPLOYEE', 'CONTRACTOR']),
  /** paise */
  amount: z.number().int(),
  /** When the worker asked (an instant, ISO). */
  dateRequested: z.string(),
  /** What the worker can still withdraw now (paise), beyond this and the other pending requests. */
  availableNow: z.number().int(),
  isWithdrawalAllowed: z.boolean(),
});
export type PendingTransactionApproval = z.infer<typeof PendingTransactionApproval>;
export const PendingTransactionApprovalsResult = z.object({ data: z.array(PendingTransactionApproval) });
export type PendingTransactionApprovalsResult = z.infer<typeof PendingTransactionApprovalsResult>;

export const TransactionDecisionResult = z.object({
  entityId: z.string(),
  entityType: z.literal('TRANSACTION'),
  status: z.enum(APPROVAL_DECISIONS),
  fullName: z.string(),
  /** paise */
  amount: z.number().int(),
  /** The advance's status after the decision (USER_REQUESTED when approved: it moves on from there; LENDER_REJECTED when rejected). */
  transactionStatus: z.string(),
  reason: z.string().nullable(),
});
export type TransactionDecisionResult = z.infer<typeof TransactionDecisionResult>;

/** The pending list's answer and the decision's, by entity type (the contracts' answers, decision 0051). */
export const PendingApprovalsAnswer = z.union([PendingApprovalsResult, PendingTransactionApprovalsResult]);
export const ApprovalDecisionAnswer = z.union([ApprovalDecisionResult, TransactionDecisionResult]);
