/**
 * Wage advances (transactions) and salary top-ups (spec 3, 4.1): statuses, the moves between them,
 * and the earned-salary arithmetic that limits an advance. Integer paise throughout.
 */
export const TRANSACTION_STATUSES = [
  'USER_REQUESTED',
  'LENDER_APPROVED',
  'LENDER_REJECTED',
  'AGREEMENT_SIGNED',
  'TRANSFER_INITIATED',
  'TRANSFERRED',
  'TRANSFER_FAILED',
  'REPAID',
  'DEDUCTED_FROM_SALARY',
  'CANCELLED',
  'EXPIRED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The moves an advance may make; anything else is refused. */
export const TRANSACTION_MOVES: Record<TransactionStatus, readonly TransactionStatus[]> = {
  USER_REQUESTED: ['LENDER_APPROVED', 'LENDER_REJECTED', 'CANCELLED', 'EXPIRED'],
  LENDER_APPROVED: ['AGREEMENT_SIGNED', 'CANCELLED', 'EXPIRED'],
  LENDER_REJECTED: [],
  AGREEMENT_SIGNED: ['TRANSFER_INITIATED', 'CANCELLED'],
  TRANSFER_INITIATED: ['TRANSFERRED', 'TRANSFER_FAILED'],
  TRANSFERRED: ['REPAID', 'DEDUCTED_FROM_SALARY'],
  TRANSFER_FAILED: [],
  REPAID: [],
  DEDUCTED_FROM_SALARY: [],
  CANCELLED: [],
  EXPIRED: [],
};
export const canMoveTransaction = (from: TransactionStatus, to: TransactionStatus): boolean => TRANSACTION_MOVES[from].includes(to);

/** Statuses whose amount counts against what the worker may still withdraw this cycle. */
export const ADVANCE_HOLDING_STATUSES: readonly TransactionStatus[] = [
  'USER_REQUESTED',
  'LENDER_APPROVED',
  'AGREEMENT_SIGNED',
  'TRANSFER_INITIATED',
  'TRANSFERRED',
  'REPAID',
  'DEDUCTED_FROM_SALARY',
];

/** The transactions screen's filter (2.13): All plus these. */
export const TRANSACTION_FILTER_STATUSES = ['TRANSFERRED', 'DEDUCTED_FROM_SALARY', 'REPAID'] as const;

export const SALARY_ADVANCE_STATUSES = [
  'INITIATED',
  'USER_DOC_UPLOAD_PENDING',
  'VERIFICATION_PENDING',
  'AGREEMENT_PENDING',
  'ENACH_PENDING',
  'APPLICATION_APPROVED',
  'REJECTED',
  'DISBURSAL_INITIATED',
  'DISBURSAL_FAILED',
  'DISBURSED',
  'REPAID',
] as const;
export type SalaryAdvanceStatus = (typeof SALARY_ADVANCE_STATUSES)[number];
/** 2.12: underscores shown as spaces. */
export const statusLabel = (status: string): string => status.replace(/_/g, ' ');

/** Days in the month of a yyyy-mm-dd date. */
export function daysInMonth(isoDate: string): number {
  const [y, m] = isoDate.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Attendance credit of a day: a present or holiday day counts 1, a half day 1/2, else 0. In halves, to stay integral. */
export const HALF_DAYS: Record<string, number> = { PRESENT: 2, HOLIDAY: 2, HALF_DAY: 1, LEAVE: 0, ABSENT: 0 };

export interface EarnedSalaryInput {
  /** paise a month */
  monthlySalary: number;
  /** worked days of the cycle so far, in half-days */
  workedHalfDays: number;
  /** any date inside the cycle */
  cycleDate: string;
  /** 0..100, null for the product default */
  maxWithdrawalPercent: number | null;
  /** paise already taken this cycle (holding statuses) */
  withdrawnThisCycle: number;
}

export const DEFAULT_MAX_WITHDRAWAL_PERCENT = 50;

/**
 * Available earned salary: the salary earned by attendance so far this month, times the allowed
 * percentage, less what was already taken. Rounded down to the paisa, never negative.
 */
export function availableEarnedSalary(i: EarnedSalaryInput): number {
  const earned = Math.floor((i.monthlySalary * i.workedHalfDays) / (2 * daysInMonth(i.cycleDate)));
  const percent = i.maxWithdrawalPercent ?? DEFAULT_MAX_WITHDRAWAL_PERCENT;
  const allowed = Math.floor((earned * Math.round(percent * 100)) / 10_000);
  return Math.max(0, allowed - i.withdrawnThisCycle);
}

/** EMI of a top-up: principal spread evenly, the last paisa on the first instalment. Interest is outside the portal. */
export function emiSchedule(amount: number, months: number): number[] {
  const base = Math.floor(amount / months);
  const rest = amount - base * months;
  return Array.from({ length: months }, (_, k) => base + (k === 0 ? rest : 0));
}
