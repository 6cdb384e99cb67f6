/** The payouts part's own texts (the spec and the design are silent on these); the rest are PAYROLL_MSG's. */
import { formatRupees } from '@portal/domain';

export const PAYOUT_MSG = {
  insufficientBalance: (balance: number, required: number) =>
    `Insufficient Balance! The account balance is ${formatRupees(balance)} and this payroll needs ${formatRupees(required)}. Please add balance and try again.`,
  executionClosed: (from: string, to: string) => `Payroll can be executed only from ${from} to ${to}.`,
  reexecutionClosed: 'Failed payouts can be re-run only while the payroll window is open.',
  nothingToPay: 'This payroll has no finalized entries to pay.',
  nothingToRerun: 'There are no failed payouts to re-run.',
  deductionsChanged:
    'Some advances or EMIs deducted in this payroll were repaid or changed after it was processed. Please cancel this payroll and upload the sheet again.',
  rerunStarted: (n: number) => `Re-run of ${n} failed payout(s) started.`,
} as const;
