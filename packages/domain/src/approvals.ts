/** Worker approval (spec 2.17, 4.7, 5.4). */
import { z } from 'zod';

/** Spec 9 says a maximum exists but not its value; a monthly salary above ₹5,00,000 is refused. */
export const MAX_APPROVAL_MONTHLY_SALARY_RUPEES = 500_000;

export const APPROVAL_MSG = {
  required: 'Monthly Salary is required',
  decimals: 'Monthly Salary cannot have decimals',
  positive: 'Monthly Salary cannot be negative or equal to zero',
  max: (max: number) => `Monthly Salary cannot be greater than ${max}`,
  approved: (name: string) => `${name} approved!`,
  rejected: 'rejected!',
} as const;

/** 5.4: the salary edit of a pending worker, in rupees as typed. Null when valid. */
export function validateApprovalSalary(value: string): string | null {
  const v = value.trim();
  if (v === '') return APPROVAL_MSG.required;
  if (!/^-?\d+(\.\d+)?$/.test(v)) return APPROVAL_MSG.decimals;
  if (v.includes('.')) return APPROVAL_MSG.decimals;
  const n = Number(v);
  if (n <= 0) return APPROVAL_MSG.positive;
  if (n > MAX_APPROVAL_MONTHLY_SALARY_RUPEES) return APPROVAL_MSG.max(MAX_APPROVAL_MONTHLY_SALARY_RUPEES);
  return null;
}

/** 5.4: key presses in the salary box are limited to digits. */
export const isDigitKey = (key: string): boolean => /^\d$/.test(key);

export const APPROVAL_ENTITY_TYPES = ['WORKER', 'TRANSACTION'] as const;
export const APPROVAL_DECISIONS = ['APPROVED', 'REJECTED'] as const;

export const PendingWorkerApproval = z.object({
  employeeId: z.string(),
  fullName: z.string(),
  employersWorkerId: z.string(),
  /** paise */
  currentMonthlySalary: z.number().int(),
  dateRequested: z.string().nullable(),
  joinedAt: z.string().nullable(),
});
export const PendingApprovalsResult = z.object({ data: z.array(PendingWorkerApproval) });
export const ApprovalDecisionBody = z.object({
  entityId: z.string().uuid(),
  entityType: z.enum(APPROVAL_ENTITY_TYPES),
  status: z.enum(APPROVAL_DECISIONS),
  /** Rupees as typed in the Modify box; validated with validateApprovalSalary. */
  modifiedFields: z.object({ currentMonthlySalary: z.string().max(20).optional() }).default({}),
});
