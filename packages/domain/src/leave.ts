/**
 * Leave (issue 13, decision 0025): the leave sheet's row rule, the leave types and what paid and
 * unpaid leave count for, the leave list's wire shapes. Dates are yyyy-mm-dd.
 */
import { type CellValue, normalizeHeader, cellText, type LeaveSheetKey, type RowOptions, type RowResult, cellDate, SHEET_MSG } from './sheets.js';
import { EMPLOYEE_MSG } from './employees.js';
import { HALF_DAYS } from './advances.js';

export const LEAVE_TYPES = ['CASUAL_LEAVE', 'SICK_LEAVE', 'EARNED_LEAVE', 'UNPAID_LEAVE'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_TYPE_LABELS: Record<LeaveType, string> = {
  CASUAL_LEAVE: 'Casual Leave',
  SICK_LEAVE: 'Sick Leave',
  EARNED_LEAVE: 'Earned Leave',
  UNPAID_LEAVE: 'Unpaid Leave',
};
/** Paid leave counts as a worked day; unpaid leave (loss of pay) as no day (decision 0025). */
export const PAID_LEAVE_TYPES: readonly LeaveType[] = ['CASUAL_LEAVE', 'SICK_LEAVE', 'EARNED_LEAVE'];
export const isPaidLeave = (type: LeaveType): boolean => PAID_LEAVE_TYPES.includes(type);

/** The texts a sheet may hold for each type (compared without case, spaces or punctuation). */
const LEAVE_TYPE_ALIASES: Record<string, LeaveType> = {
  casualleave: 'CASUAL_LEAVE',
  casual: 'CASUAL_LEAVE',
  cl: 'CASUAL_LEAVE',
  sickleave: 'SICK_LEAVE',
  sick: 'SICK_LEAVE',
  sl: 'SICK_LEAVE',
  medicalleave: 'SICK_LEAVE',
  earnedleave: 'EARNED_LEAVE',
  earned: 'EARNED_LEAVE',
  el: 'EARNED_LEAVE',
  paidleave: 'EARNED_LEAVE',
  privilegeleave: 'EARNED_LEAVE',
  pl: 'EARNED_LEAVE',
  unpaidleave: 'UNPAID_LEAVE',
  unpaid: 'UNPAID_LEAVE',
  lossofpay: 'UNPAID_LEAVE',
  lop: 'UNPAID_LEAVE',
  leavewithoutpay: 'UNPAID_LEAVE',
  lwp: 'UNPAID_LEAVE',
};

/**
 * The sheet's Leave Type that removes a recorded leave instead of recording one: the row deletes
 * the worker's recorded leave with exactly its From and To (decision 0025).
 */
export const LEAVE_CANCEL = 'CANCEL';
export type LeaveSheetType = LeaveType | typeof LEAVE_CANCEL;
const LEAVE_CANCEL_ALIASES = new Set(['cancel', 'cancelled', 'canceled', 'cancelleave', 'cancelledleave', 'canceledleave']);
/** A Leave Type cell of the sheet: one of the types, or Cancel (also "Cancelled"). */
export function parseLeaveSheetType(value: CellValue): LeaveSheetType | null {
  const text = normalizeHeader(cellText(value)).replace(/[^a-z]/g, '');
  return LEAVE_CANCEL_ALIASES.has(text) ? LEAVE_CANCEL : (LEAVE_TYPE_ALIASES[text] ?? null);
}

/** At most this many days in one row (a longer leave is entered as several rows). */
export const MAX_LEAVE_SPAN_DAYS = 31;

export const LEAVE_MSG = {
  fromDate: 'Please enter a valid From Date',
  toDate: 'Please enter a valid To Date',
  toBeforeFrom: 'To Date cannot be before the From Date',
  tooLong: `A leave row can span at most ${MAX_LEAVE_SPAN_DAYS} days. Please split a longer leave into several rows.`,
  leaveType: 'Leave Type must be one of Casual Leave, Sick Leave, Earned Leave (or Paid Leave), Unpaid Leave (or Loss of Pay), or Cancel to remove a recorded leave',
  overlapsInSheet: (rows: string) => `This leave overlaps the leave of the same Employee ID in this sheet (rows ${rows})`,
  /** UPDATED: the row's leave replaced the worker's recorded leave(s) it overlaps. */
  replaces: (replaced: readonly { from: string; to: string; type: string }[]) =>
    `Replaces ${replaced.map((r) => `${r.type} ${r.from} to ${r.to}`).join(', ')}`,
  /** UPDATED: a Cancel row removed the recorded leave of its dates. */
  cancelled: (from: string, to: string, type: string) => `Cancelled ${type} ${from} to ${to}`,
  cancelUnknown: (from: string, to: string) => `No leave is recorded for this Employee ID from ${from} to ${to}. Please enter the exact dates of the leave to cancel.`,
  beforeJoining: 'From Date cannot be before the Joining Date',
  afterTermination: 'To Date cannot be after the Termination Date',
} as const;

export interface LeaveSheetRow {
  employerEmployeeId: string;
  fromDate: string;
  toDate: string;
  /** a type to record, or LEAVE_CANCEL to remove the recorded leave of these dates */
  leaveType: LeaveSheetType;
}

const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
/** Days from `from` to `to`, both counted. */
export const leaveDays = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/** The leave sheet's row rule: a known-format Employee ID, From/To dd/mm/yyyy with To >= From within the span, a Leave Type of the list. */
export function parseLeaveRow(cells: Partial<Record<LeaveSheetKey, CellValue>>, options: RowOptions): RowResult<LeaveSheetRow, LeaveSheetKey> {
  const errors: Partial<Record<LeaveSheetKey, string>> = {};
  const employerEmployeeId = cellText(cells.employerEmployeeId ?? null);
  if (!employerEmployeeId) errors.employerEmployeeId = EMPLOYEE_MSG.employeeId;
  const fromRaw = cellText(cells.fromDate ?? null);
  const fromDate = cellDate(cells.fromDate ?? null, options.date1904);
  if (!fromDate) errors.fromDate = fromRaw ? SHEET_MSG.dateFormat('From Date', fromRaw) : LEAVE_MSG.fromDate;
  const toRaw = cellText(cells.toDate ?? null);
  const toDate = cellDate(cells.toDate ?? null, options.date1904);
  if (!toDate) errors.toDate = toRaw ? SHEET_MSG.dateFormat('To Date', toRaw) : LEAVE_MSG.toDate;
  else if (fromDate && toDate < fromDate) errors.toDate = LEAVE_MSG.toBeforeFrom;
  else if (fromDate && leaveDays(fromDate, toDate) > MAX_LEAVE_SPAN_DAYS) errors.toDate = LEAVE_MSG.tooLong;
  const leaveType = parseLeaveSheetType(cells.leaveType ?? null);
  if (!leaveType) errors.leaveType = LEAVE_MSG.leaveType;
  if (Object.keys(errors).length || !fromDate || !toDate || !leaveType) return { ok: false, errors };
  return { ok: true, value: { employerEmployeeId, fromDate, toDate, leaveType } };
}


// ---- what leave counts for (decision 0025) ----

export interface RecordedLeave {
  fromDate: string;
  toDate: string;
  leaveType: LeaveType;
}

/** The leave type recorded for a day, if any. */
export function leaveOn(day: string, leaves: readonly RecordedLeave[]): LeaveType | null {
  for (const l of leaves) if (l.fromDate <= day && day <= l.toDate) return l.leaveType;
  return null;
}

/**
 * A day's credit toward earned salary, in half-days: recorded paid leave counts as a full day and
 * recorded unpaid leave as none, whatever the attendance says; otherwise the attendance decides
 * (HALF_DAYS: present or holiday 2, half day 1, leave or absent 0).
 */
export function dayCreditHalfDays(attendance: string | null, leave: LeaveType | null): number {
  if (leave) return isPaidLeave(leave) ? 2 : 0;
  return attendance ? (HALF_DAYS[attendance] ?? 0) : 0;
}

/**
 * The worked half-days of a period: every day with an attendance status or a recorded leave,
 * each credited by dayCreditHalfDays. Days are counted once.
 */
export function workedHalfDaysWithLeave(attendance: readonly { day: string; status: string }[], leaves: readonly RecordedLeave[], period: { from: string; to: string }): number {
  const days = new Map<string, string | null>();
  for (const a of attendance) if (a.day >= period.from && a.day <= period.to) days.set(a.day, a.status);
  for (const l of leaves) {
    const from = l.fromDate > period.from ? l.fromDate : period.from;
    const to = l.toDate < period.to ? l.toDate : period.to;
    for (let d = dayNumber(from); d <= dayNumber(to); d++) {
      const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      if (!days.has(iso)) days.set(iso, null);
    }
  }
  let total = 0;
  for (const [day, status] of days) total += dayCreditHalfDays(status, leaveOn(day, leaves));
  return total;
}

/** Unpaid leave days inside [from, to] (a month, for payroll). */
export function unpaidLeaveDaysIn(leaves: readonly RecordedLeave[], period: { from: string; to: string }): number {
  let n = 0;
  for (const l of leaves) {
    if (isPaidLeave(l.leaveType)) continue;
    const from = l.fromDate > period.from ? l.fromDate : period.from;
    const to = l.toDate < period.to ? l.toDate : period.to;
    if (from <= to) n += leaveDays(from, to);
  }
  return n;
}

/**
 * Payroll's leave flag PAID_DAYS_OVER_UNPAID_LEAVE (shown, never applied): the sheet's Paid Days
 * (in hundredths) exceed its Working Days less the unpaid leave days recorded for the month.
 */
export function paidDaysExceedLeave(row: { workingDays: number; paidHundredths: number }, unpaidLeaveDays: number): boolean {
  if (unpaidLeaveDays <= 0) return false;
  return row.paidHundredths > Math.max(0, row.workingDays - unpaidLeaveDays) * 100;
}
export const LEAVE_ENTRIES_SHOWN = 20;
