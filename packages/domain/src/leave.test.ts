import { describe, expect, it } from 'vitest';
import {
  LEAVE_CANCEL,
  LEAVE_MSG,
  MAX_LEAVE_SPAN_DAYS,
  dayCreditHalfDays,
  leaveDays,
  leaveOn,
  paidDaysExceedLeave,
  parseLeaveRow,
  parseLeaveSheetType,
  unpaidLeaveDaysIn,
  workedHalfDaysWithLeave,
  type RecordedLeave,
} from './leave.js';
import { LEAVE_SHEET_COLUMNS, SHEET_MSG, type CellValue, type LeaveSheetKey, type SheetColumn } from './sheets.js';
import { EMPLOYEE_MSG } from './employees.js';
import { leaveUploadTodoOf, todoItems } from './dashboard.js';
import { ROLE_IDS, SEED_ROLES } from './roles.js';

const rowOf = (values: readonly CellValue[]): Partial<Record<LeaveSheetKey, CellValue>> =>
  Object.fromEntries(LEAVE_SHEET_COLUMNS.map((c, i) => [c.key, values[i] ?? null]));

const options = { today: '2026-11-23', date1904: false };

/** The sample file's rows for a column list: the header row, then one row per example. */
function sampleSheetRows<K extends string>(columns: readonly SheetColumn<K>[]): (string | number)[][] {
  const count = Math.max(0, ...columns.map((c) => c.examples.length));
  return [columns.map((c) => c.header), ...Array.from({ length: count }, (_, i) => columns.map((c) => c.examples[i] ?? ''))];
}

describe('leave types', () => {
  it('reads the sample values, aliases, case and spacing; refuses others', () => {
    expect(parseLeaveSheetType('Casual Leave')).toBe('CASUAL_LEAVE');
    expect(parseLeaveSheetType(' sick  leave ')).toBe('SICK_LEAVE');
    expect(parseLeaveSheetType('Earned Leave')).toBe('EARNED_LEAVE');
    expect(parseLeaveSheetType('Paid Leave')).toBe('EARNED_LEAVE');
    expect(parseLeaveSheetType('Loss of Pay')).toBe('UNPAID_LEAVE');
    expect(parseLeaveSheetType('LOP')).toBe('UNPAID_LEAVE');
    expect(parseLeaveSheetType('Unpaid Leave')).toBe('UNPAID_LEAVE');
    expect(parseLeaveSheetType('Vacation')).toBeNull();
    expect(parseLeaveSheetType(null)).toBeNull();
  });

  it('the sheet also accepts Cancel (or Cancelled) to remove a recorded leave', () => {
    expect(parseLeaveSheetType('Cancel')).toBe(LEAVE_CANCEL);
    expect(parseLeaveSheetType(' CANCELLED ')).toBe(LEAVE_CANCEL);
    expect(parseLeaveSheetType('canceled')).toBe(LEAVE_CANCEL);
    expect(parseLeaveSheetType('Cancelled Leave')).toBe(LEAVE_CANCEL);
    expect(parseLeaveSheetType('Sick Leave')).toBe('SICK_LEAVE');
    expect(parseLeaveSheetType('Cancellation')).toBeNull();
    expect(parseLeaveSheetType('')).toBeNull();
  });

  it('every sample row of the leave sheet passes the row rule', () => {
    for (const r of sampleSheetRows(LEAVE_SHEET_COLUMNS).slice(1)) {
      const cells = rowOf(r);
      expect(parseLeaveRow(cells, options).ok, JSON.stringify(r)).toBe(true);
    }
  });
});

describe('parseLeaveRow', () => {
  const row = (employerEmployeeId: unknown, fromDate: unknown, toDate: unknown, leaveType: unknown) =>
    parseLeaveRow({ employerEmployeeId, fromDate, toDate, leaveType } as never, options);

  it('reads dd/mm/yyyy day first, both days counted', () => {
    expect(row('E1', '05/10/2026', '07/10/2026', 'Casual Leave')).toEqual({
      ok: true,
      value: { employerEmployeeId: 'E1', fromDate: '2026-10-05', toDate: '2026-10-07', leaveType: 'CASUAL_LEAVE' },
    });
    expect(leaveDays('2026-10-05', '2026-10-07')).toBe(3);
    expect(leaveDays('2026-12-31', '2027-01-01')).toBe(2);
    expect(row('E1', '05/10/2026', '07/10/2026', 'Cancelled')).toEqual({
      ok: true,
      value: { employerEmployeeId: 'E1', fromDate: '2026-10-05', toDate: '2026-10-07', leaveType: LEAVE_CANCEL },
    });
  });

  it('the reasons of a correcting row', () => {
    expect(LEAVE_MSG.replaces([{ from: '03/11/2026', to: '05/11/2026', type: 'Casual Leave' }])).toBe('Replaces Casual Leave 03/11/2026 to 05/11/2026');
    expect(
      LEAVE_MSG.replaces([
        { from: '03/11/2026', to: '05/11/2026', type: 'Casual Leave' },
        { from: '07/11/2026', to: '07/11/2026', type: 'Sick Leave' },
      ]),
    ).toBe('Replaces Casual Leave 03/11/2026 to 05/11/2026, Sick Leave 07/11/2026 to 07/11/2026');
    expect(LEAVE_MSG.cancelled('03/11/2026', '05/11/2026', 'Casual Leave')).toBe('Cancelled Casual Leave 03/11/2026 to 05/11/2026');
  });

  it('says what is wrong with each cell', () => {
    expect(row('', '', '', '')).toEqual({
      ok: false,
      errors: { employerEmployeeId: EMPLOYEE_MSG.employeeId, fromDate: LEAVE_MSG.fromDate, toDate: LEAVE_MSG.toDate, leaveType: LEAVE_MSG.leaveType },
    });
    expect(row('E1', '13/31/2026', '01/10/2026', 'Sick Leave')).toMatchObject({ ok: false, errors: { fromDate: SHEET_MSG.dateFormat('From Date', '13/31/2026') } });
    expect(row('E1', '08/10/2026', '07/10/2026', 'Sick Leave')).toEqual({ ok: false, errors: { toDate: LEAVE_MSG.toBeforeFrom } });
  });

  it(`allows at most ${MAX_LEAVE_SPAN_DAYS} days a row`, () => {
    expect(row('E1', '01/10/2026', '31/10/2026', 'Sick Leave').ok).toBe(true);
    expect(row('E1', '01/10/2026', '01/11/2026', 'Sick Leave')).toEqual({ ok: false, errors: { toDate: LEAVE_MSG.tooLong } });
  });

});

describe('what leave counts for (decision 0025)', () => {
  const leaves: RecordedLeave[] = [
    { fromDate: '2026-11-02', toDate: '2026-11-03', leaveType: 'SICK_LEAVE' },
    { fromDate: '2026-11-05', toDate: '2026-11-06', leaveType: 'UNPAID_LEAVE' },
    { fromDate: '2026-10-30', toDate: '2026-11-01', leaveType: 'UNPAID_LEAVE' },
  ];
  const november = { from: '2026-11-01', to: '2026-11-30' };

  it('a day: paid leave a full day, unpaid none, whatever the attendance; else the attendance', () => {
    expect(dayCreditHalfDays('ABSENT', 'CASUAL_LEAVE')).toBe(2);
    expect(dayCreditHalfDays(null, 'EARNED_LEAVE')).toBe(2);
    expect(dayCreditHalfDays('PRESENT', 'UNPAID_LEAVE')).toBe(0);
    expect(dayCreditHalfDays('HALF_DAY', null)).toBe(1);
    expect(dayCreditHalfDays('LEAVE', null)).toBe(0);
    expect(leaveOn('2026-11-03', leaves)).toBe('SICK_LEAVE');
    expect(leaveOn('2026-11-04', leaves)).toBeNull();
  });

  it('worked half-days of a period: attendance days and leave days, each day once, inside the period only', () => {
    const attendance = [
      { day: '2026-11-01', status: 'PRESENT' }, // unpaid leave recorded: 0
      { day: '2026-11-02', status: 'ABSENT' }, // sick leave: 2
      { day: '2026-11-04', status: 'HALF_DAY' }, // 1
      { day: '2026-11-05', status: 'PRESENT' }, // unpaid leave: 0
      { day: '2026-10-31', status: 'PRESENT' }, // outside
    ];
    // 11-03 (sick leave, no attendance): 2
    expect(workedHalfDaysWithLeave(attendance, leaves, november)).toBe(0 + 2 + 1 + 0 + 2);
    expect(workedHalfDaysWithLeave(attendance, [], november)).toBe(2 + 0 + 1 + 2);
    expect(workedHalfDaysWithLeave([], leaves, { from: '2026-11-01', to: '2026-11-02' })).toBe(2);
  });

  it('unpaid leave days of a month, clipped to it', () => {
    expect(unpaidLeaveDaysIn(leaves, november)).toBe(2 + 1);
    expect(unpaidLeaveDaysIn(leaves, { from: '2026-10-01', to: '2026-10-31' })).toBe(2);
    expect(unpaidLeaveDaysIn([], november)).toBe(0);
  });

  it('payroll flag: Paid Days over Working Days less unpaid leave', () => {
    expect(paidDaysExceedLeave({ workingDays: 26, paidHundredths: 2600 }, 0)).toBe(false);
    expect(paidDaysExceedLeave({ workingDays: 26, paidHundredths: 2600 }, 3)).toBe(true);
    expect(paidDaysExceedLeave({ workingDays: 26, paidHundredths: 2300 }, 3)).toBe(false);
    expect(paidDaysExceedLeave({ workingDays: 26, paidHundredths: 2350 }, 3)).toBe(true);
    expect(paidDaysExceedLeave({ workingDays: 2, paidHundredths: 0 }, 5)).toBe(false);
  });
});

describe('the leave to-do', () => {
  const facts = { attendanceProcessedThisCycle: true, employeeCount: 1, employeesAddedThisCycle: 1, payrollUploaded: true };
  const owner = SEED_ROLES.find((r) => r.value === ROLE_IDS.superAdmin)!.resources;
  it('only when the config says exactly true, until a leave sheet is processed this cycle', () => {
    expect(leaveUploadTodoOf({ leaveUploadTodo: true })).toBe(true);
    expect(leaveUploadTodoOf({ leaveUploadTodo: 'yes' })).toBe(false);
    expect(leaveUploadTodoOf(null)).toBe(false);
    expect(todoItems(facts, owner)).toEqual([]);
    expect(todoItems({ ...facts, leaveUploadWanted: true }, owner)).toEqual([{ kind: 'LEAVE_UPLOAD', title: 'Upload leave', link: '/documentUpload?document=LEAVE_UPLOAD' }]);
    expect(todoItems({ ...facts, leaveUploadWanted: true, leaveProcessedThisCycle: true }, owner)).toEqual([]);
  });
});
