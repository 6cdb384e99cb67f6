/** The zod wire schemas of ../dashboard.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { STATS_KINDS, TODO_KINDS } from '../dashboard.js';

// ---- the calls ----

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const paise = z.number().int();
const count = z.number().int().nonnegative();

export const CycleDatesSchema = z.object({ startDate: isoDate, endDate: isoDate });

/** GET /employer-admin/stats/{kind} */
export const StatsKindParam = z.object({ kind: z.enum(STATS_KINDS) });

export const CycleTransactionDetail = z.object({
  numberOfTransactions: count,
  startDate: isoDate,
  endDate: isoDate,
  /** paise */
  value: paise,
});
export type CycleTransactionDetail = z.infer<typeof CycleTransactionDetail>;

/**
 * kind EWA. The current cycle so far: salaryWithdrawalCompleted (completed withdrawals) and
 * withdrawalValue (their paise). totalNumberOfTransactions / totalTransactionalValue: the same over
 * the chart's periods (`completeCycleTransactionDetails`, oldest first, the last one cut at today).
 */
export const EwaStats = z.object({
  kind: z.literal('EWA'),
  totalEmployees: count,
  salaryWithdrawalCompleted: count,
  withdrawalValue: paise,
  totalNumberOfTransactions: count,
  totalTransactionalValue: paise,
  attendanceCycleDates: CycleDatesSchema,
  completeCycleTransactionDetails: z.array(CycleTransactionDetail),
});
export type EwaStats = z.infer<typeof EwaStats>;

/** kind STU: top-up applications of the current cycle so far, and of the chart's periods; disbursed values in paise. */
export const StuStats = z.object({
  kind: z.literal('STU'),
  totalEmployees: count,
  salaryTopupApplications: count,
  salaryTopupDisbursedValue: paise,
  totalSalaryTopupApplications: count,
  totalSalaryTopupDisbursedValue: paise,
  attendanceCycleDates: CycleDatesSchema,
  /** The window of the totals (the chart's periods). */
  totalsFrom: isoDate,
  totalsTo: isoDate,
});
export type StuStats = z.infer<typeof StuStats>;

export const DashboardStats = z.discriminatedUnion('kind', [EwaStats, StuStats]);
export type DashboardStats = z.infer<typeof DashboardStats>;

/** GET /employer-admin/stats/attendance-cycle */
export const AttendanceCycleResult = z.object({ attendanceCycleDates: CycleDatesSchema, attendanceCycleStartDay: z.number().int() });
export type AttendanceCycleResult = z.infer<typeof AttendanceCycleResult>;

/** GET /employer-admin/salary-topup-stats?employerId= (the caller's own employer only). */
export const SalaryTopupStatsQuery = z.object({ employerId: z.string().uuid(), vendorId: z.string().uuid().optional() });
export const SalaryTopupStatsResult = z.object({
  totalSalaryTopupApplications: count,
  totalSalaryTopupDisbursedValue: paise,
  startDate: isoDate,
  endDate: isoDate,
});
export type SalaryTopupStatsResult = z.infer<typeof SalaryTopupStatsResult>;

/** GET /employer-admin/current-attendance-cycle-salarytopup-stats */
export const CurrentCycleTopupStatsResult = z.object({
  attendanceCycleDates: CycleDatesSchema,
  salaryTopupApplications: count,
  salaryTopupDisbursedValue: paise,
});
export type CurrentCycleTopupStatsResult = z.infer<typeof CurrentCycleTopupStatsResult>;

/** GET /employer-admin/to-do */
export const TodoItem = z.object({ kind: z.enum(TODO_KINDS), title: z.string(), link: z.string() });
export type TodoItem = z.infer<typeof TodoItem>;
export const TodoResult = z.object({ items: z.array(TodoItem), attendanceCycleDates: CycleDatesSchema });
export type TodoResult = z.infer<typeof TodoResult>;

/** GET /employer-admin/vendor-stats?vendorId= (spec 3 "Vendor stats"), the current cycle so far. */
export const VendorStatsQuery = z.object({ vendorId: z.string().uuid().optional(), employerId: z.string().uuid().optional() });
export const VendorStatsResult = z.object({
  totalEmployees: count,
  salaryWithdrawalCompleted: count,
  /** paise of the completed withdrawals */
  withdrawalValue: paise,
  /** every withdrawal asked for, whatever became of it */
  salaryWithdrawalRequests: count,
  salaryWithdrawalPending: count,
  attendanceCycleDates: CycleDatesSchema,
});
export type VendorStatsResult = z.infer<typeof VendorStatsResult>;
