/** Spec 5.4: the worker-approval salary edit (Modify), whole rupees as typed. */
import * as z from 'zod/mini';
import { APPROVAL_MSG, MAX_APPROVAL_MONTHLY_SALARY_RUPEES } from '../approvals.js';
import { filled, firstError, rule, text } from './schema.js';

/**
 * Required, a whole number (anything else, a decimal point, letters or an exponent, is "cannot
 * have decimals"), above zero, not above the maximum (which the message names, the screen not).
 */
export const ApprovalSalary = text(
  rule(filled, APPROVAL_MSG.required),
  rule((v) => !filled(v) || /^-?\d+$/.test(v.trim()), APPROVAL_MSG.decimals),
  rule((v) => !/^-?\d+$/.test(v.trim()) || Number(v.trim()) > 0, APPROVAL_MSG.positive),
  rule((v) => !/^\d+$/.test(v.trim()) || Number(v.trim()) <= MAX_APPROVAL_MONTHLY_SALARY_RUPEES, APPROVAL_MSG.max(MAX_APPROVAL_MONTHLY_SALARY_RUPEES)),
);
export const ApprovalSalaryForm = z.object({ currentMonthlySalary: ApprovalSalary });
export type ApprovalSalaryForm = z.infer<typeof ApprovalSalaryForm>;

/** The 5.4 message of a typed salary, null when valid (the server answers with it). */
export const validateApprovalSalary = (value: string): string | null => firstError(ApprovalSalary, value);
