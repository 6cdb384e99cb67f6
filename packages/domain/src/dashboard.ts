/**
 * Dashboard (spec 2.4, 3 "Dashboard stats", "Activity", "To-do item", "Vendor stats", 7
 * "Dashboard"): the attendance cycle, the figures' definitions, the to-do rules and the zod
 * schemas of every dashboard call. Decision 0016. Money is integer paise on the wire.
 */
import { type MonthYearValue, firstDayOf, monthOfDate, addMonths } from './months.js';
import { type TransactionStatus, TRANSACTION_FILTER_STATUSES } from './advances.js';
import { type AccessType, type ResourceMap, canAccessArea } from './access.js';
import type { TodoItem } from './wire/dashboard.js';

// ---- the attendance cycle ----

/** How many attendance-cycle periods the Summary chart shows (the current one included). */
export const DASHBOARD_CYCLE_PERIODS = 6;
/** The latest start day a configured cycle may have, so that every month has that day. */
export const ATTENDANCE_CYCLE_START_DAY_MAX = 28;

export interface CycleDates {
  /** yyyy-mm-dd, first day of the cycle (inclusive) */
  startDate: string;
  /** yyyy-mm-dd, last day of the cycle (inclusive) */
  endDate: string;
}

/**
 * The employer config's `attendanceCycleStartDay` as a day 1..28, or 1 (the calendar month) when
 * it is missing or not such a day.
 */
export function attendanceCycleStartDayOf(config: { attendanceCycleStartDay?: unknown } | null | undefined): number {
  const d = config?.attendanceCycleStartDay;
  return typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= ATTENDANCE_CYCLE_START_DAY_MAX ? d : 1;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dayIn = (m: MonthYearValue, day: number) => `${firstDayOf(m).slice(0, 8)}${pad2(day)}`;
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The attendance cycle holding a business date (Asia/Kolkata): the calendar month when the start
 * day is 1, else from that day of a month to the day before it in the next month.
 */
export function attendanceCycleOf(isoDate: string, startDay = 1): CycleDates {
  const month = monthOfDate(isoDate);
  const day = Number(isoDate.slice(8, 10));
  const startMonth = day >= startDay ? month : addMonths(month, -1);
  const startDate = dayIn(startMonth, startDay);
  return { startDate, endDate: dayBefore(dayIn(addMonths(startMonth, 1), startDay)) };
}

/** The last `count` cycles up to the one holding `isoDate`, oldest first. */
export function recentAttendanceCycles(isoDate: string, startDay = 1, count = DASHBOARD_CYCLE_PERIODS): CycleDates[] {
  const cycles: CycleDates[] = [attendanceCycleOf(isoDate, startDay)];
  while (cycles.length < count) cycles.unshift(attendanceCycleOf(dayBefore(cycles[0]!.startDate), startDay));
  return cycles;
}

/** A cycle cut at today: the part of it that has happened (the current cycle ends today for the figures). */
export const cycleSoFar = (cycle: CycleDates, today: string): CycleDates => ({ startDate: cycle.startDate, endDate: cycle.endDate < today ? cycle.endDate : today });

// ---- what the figures count ----

/** A completed salary withdrawal: money reached the worker (the Transactions screen's "All"). */
export const COMPLETED_WITHDRAWAL_STATUSES: readonly TransactionStatus[] = TRANSACTION_FILTER_STATUSES;
/** A withdrawal request still on its way (vendor stats' salaryWithdrawalPending). */
export const PENDING_WITHDRAWAL_STATUSES: readonly TransactionStatus[] = ['USER_REQUESTED', 'LENDER_APPROVED', 'AGREEMENT_SIGNED', 'TRANSFER_INITIATED'];
/** A salary top-up whose money reached the worker. */
export const DISBURSED_TOPUP_STATUSES = ['DISBURSED', 'REPAID'] as const;

// ---- the to-do list ----

export const TODO_KINDS = ['ATTENDANCE_UPLOAD', 'ADD_EMPLOYEES_BULK_UPLOAD', 'PAYROLL_UPLOAD', 'LEAVE_UPLOAD'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export const TODO_TITLES: Record<TodoKind, string> = {
  ATTENDANCE_UPLOAD: 'Upload attendance',
  ADD_EMPLOYEES_BULK_UPLOAD: 'Bulk employee upload',
  PAYROLL_UPLOAD: 'Upload payroll',
  LEAVE_UPLOAD: 'Upload leave',
};

/** Issue 13 (decision 0025): the employer config's `leaveUploadTodo` asks for a leave upload each cycle; off unless exactly true. */
export const leaveUploadTodoOf = (config: { leaveUploadTodo?: unknown } | null | undefined): boolean => config?.leaveUploadTodo === true;

/** What the server found for the current cycle and payroll month, in one context. */
export interface TodoFacts {
  /** An attendance upload of this context reached PROCESSED within the current cycle. */
  attendanceProcessedThisCycle: boolean;
  /** Workers in the context. */
  employeeCount: number;
  /** Workers added to the context within the current cycle (any way: form, sheet, sign-up). */
  employeesAddedThisCycle: number;
  /** The payroll month (the previous calendar month) has a payroll that is not CANCELLED. Null in vendor context (no vendor payroll screen). */
  payrollUploaded: boolean | null;
  /** The employer's config wants a leave upload each cycle (`leaveUploadTodo`; default off). */
  leaveUploadWanted?: boolean;
  /** A leave upload of this context reached PROCESSED within the current cycle. */
  leaveProcessedThisCycle?: boolean;
}

/** The link of a to-do, with vendorId in vendor context. */
export function todoLink(kind: TodoKind, vendorId: string | null = null): string {
  if (kind === 'PAYROLL_UPLOAD') return '/payroll';
  return `/documentUpload?document=${kind}${vendorId ? `&vendorId=${encodeURIComponent(vendorId)}` : ''}`;
}

const TODO_AREA = { ATTENDANCE_UPLOAD: 'ATTENDANCE', ADD_EMPLOYEES_BULK_UPLOAD: 'EMPLOYEES', PAYROLL_UPLOAD: 'PAYROLL', LEAVE_UPLOAD: 'ATTENDANCE' } as const;
const TODO_NEED: AccessType = 'WRITE';

/**
 * The to-do items (decision 0016), each only for an admin who may act on it (WRITE on its area in
 * the context):
 * - Upload attendance: no attendance upload PROCESSED within the current cycle;
 * - Bulk employee upload: no workers in the context yet, or none added within the current cycle;
 * - Upload payroll (employer context): no payroll of the payroll month other than a cancelled one;
 * - Upload leave (when the employer's config has `leaveUploadTodo: true`): no leave upload PROCESSED within the current cycle.
 */
export function todoItems(facts: TodoFacts, resources: ResourceMap | undefined, vendorId: string | null = null): TodoItem[] {
  const due: TodoKind[] = [];
  if (!facts.attendanceProcessedThisCycle) due.push('ATTENDANCE_UPLOAD');
  if (facts.employeeCount === 0 || facts.employeesAddedThisCycle === 0) due.push('ADD_EMPLOYEES_BULK_UPLOAD');
  if (facts.payrollUploaded === false) due.push('PAYROLL_UPLOAD');
  if (facts.leaveUploadWanted && !facts.leaveProcessedThisCycle) due.push('LEAVE_UPLOAD');
  return due
    .filter((kind) => canAccessArea(resources, TODO_AREA[kind], TODO_NEED, vendorId !== null))
    .map((kind) => ({ kind, title: TODO_TITLES[kind], link: todoLink(kind, vendorId) }));
}

// ---- quick stats cards (web) ----

export const STATS_KINDS = ['EWA', 'STU'] as const;
export type StatsKind = (typeof STATS_KINDS)[number];
export const STATS_KIND_LABELS: Record<StatsKind, string> = { EWA: 'Earned Wage', STU: 'Salary Topups' };

/** The screens the cards open, in the context (vendor pages with vendorId), for a period. */
export function dashboardLinks(vendorId: string | null, period: CycleDates) {
  const dates = `startDate=${period.startDate}&endDate=${period.endDate}`;
  const vendor = vendorId ? `vendorId=${encodeURIComponent(vendorId)}` : '';
  return {
    employees: vendorId ? `/vendors/employees?${vendor}` : '/employees',
    transactions: vendorId ? `/vendors/transactions?${vendor}&${dates}` : `/employerTransactions?${dates}`,
    // There is no vendor Salary Topups screen (spec 2.2): the top-up card opens the employer's.
    salaryTopups: vendorId ? null : `/salary-topups?${dates}`,
  };
}

/** paise -> rupees for the chart (whole rupees are enough for a bar's height). */
export const paiseToRupees = (paise: number): number => paise / 100;
