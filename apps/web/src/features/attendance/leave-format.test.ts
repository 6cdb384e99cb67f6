import { describe, expect, it } from 'vitest';
import { attendanceHref, leaveDatesText, leaveEffectsText, leaveFileName, leaveHref, leaveKindText, leaveUndoneLater, leaveUploadHref } from './leave-format';

describe('Leave screen texts and links (issue 13)', () => {
  it('dates as dd/mm/yyyy, one day once', () => {
    expect(leaveDatesText({ fromDate: '20261005', toDate: '20261007' })).toBe('05/10/2026 – 07/10/2026');
    expect(leaveDatesText({ fromDate: '20261012', toDate: '20261012' })).toBe('12/10/2026');
  });
  it('type, days and whether paid', () => {
    expect(leaveKindText({ leaveType: 'CASUAL_LEAVE', days: 3, paid: true })).toBe('Casual Leave, 3 days (paid)');
    expect(leaveKindText({ leaveType: 'UNPAID_LEAVE', days: 1, paid: false })).toBe('Unpaid Leave, 1 day (unpaid)');
  });
  it('links keep the context', () => {
    expect(leaveFileName('abc')).toBe('leave_abc.xlsx');
    expect(leaveUploadHref(null, '/leave')).toBe('/documentUpload?document=LEAVE_UPLOAD&returnTo=%2Fleave');
    expect(leaveUploadHref('v1', '/leave?vendorId=v1')).toBe('/documentUpload?document=LEAVE_UPLOAD&vendorId=v1&returnTo=%2Fleave%3FvendorId%3Dv1');
    expect(leaveHref(null)).toBe('/leave');
    expect(leaveHref('v1')).toBe('/leave?vendorId=v1');
    expect(attendanceHref('v1')).toBe('/vendors/attendance?vendorId=v1');
    expect(attendanceHref(null)).toBe('/attendance');
  });
});

describe('what a leave upload did (issue 20)', () => {
  it('counts kept at processing, zeros left out', () => {
    expect(leaveEffectsText({ recorded: 2, changed: 0, replaced: 0, cancelled: 1 })).toBe('2 recorded, 1 cancelled');
    expect(leaveEffectsText({ recorded: 1, changed: 2, replaced: 3, cancelled: 0 })).toBe('1 recorded, 2 types changed, 3 replaced');
    expect(leaveEffectsText({ recorded: 0, changed: 1, replaced: 0, cancelled: 0 })).toBe('1 type changed');
    expect(leaveEffectsText({ recorded: 0, changed: 0, replaced: 0, cancelled: 0 })).toBe('Nothing recorded');
  });
  it('how much of it later uploads undid', () => {
    expect(leaveUndoneLater({ effects: { recorded: 2, changed: 1, replaced: 0, cancelled: 0 }, leavesTotal: 1 })).toBe(2);
    expect(leaveUndoneLater({ effects: { recorded: 2, changed: 0, replaced: 0, cancelled: 0 }, leavesTotal: 2 })).toBe(0);
    expect(leaveUndoneLater({ effects: null, leavesTotal: 0 })).toBe(0);
  });
});
