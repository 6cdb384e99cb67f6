import { describe, expect, it } from 'vitest';
import { availableColumns, defaultVisibleColumns, displayColumns, hideAllColumns, showAllColumns, toggleColumn, visibleColumnsInOrder } from './columns';

const none = { branchIds: [], gradeIds: [], departmentIds: [] };
const all = { branchIds: ['Surat'], gradeIds: ['G1'], departmentIds: ['Weaving'] };

describe('employee columns', () => {
  it('has Branch, Grade and Department only when the metadata lists them', () => {
    expect(availableColumns(none)).not.toContain('branchId');
    expect(availableColumns(undefined)).toHaveLength(10);
    expect(availableColumns({ ...none, gradeIds: ['G1'] })).toEqual(expect.arrayContaining(['gradeId']));
    expect(availableColumns({ ...none, gradeIds: ['G1'] })).not.toContain('departmentId');
    expect(availableColumns(all).slice(-3)).toEqual(['branchId', 'gradeId', 'departmentId']);
  });

  it('hides the metadata columns by default', () => {
    const visible = defaultVisibleColumns(availableColumns(all));
    expect(visible.has('branchId') || visible.has('gradeId') || visible.has('departmentId')).toBe(false);
    expect(visible.has('email')).toBe(true);
    // Withdrawal Allowed is shown (issue 24 item 4: the spec hides only Branch, Grade and Department).
    expect(visible.has('withdrawalAllowed')).toBe(true);
    expect(visible.size).toBe(10);
  });

  it('stacks contact, status and dates in one cell each when both of a pair are visible', () => {
    const shown = visibleColumnsInOrder(availableColumns(none), defaultVisibleColumns(availableColumns(none)));
    expect(displayColumns(shown)).toEqual([
      { key: 'fullName' },
      { key: 'employerEmployeeId' },
      { key: 'mobile', under: 'email' },
      { key: 'employmentStatus', under: 'signUpStatus' },
      { key: 'joinedAt', under: 'terminatedAt' },
      { key: 'currentMonthlySalary', under: 'withdrawalAllowed' },
    ]);
    // one of a pair hidden: the other is a column of its own, in its place
    expect(displayColumns(['fullName', 'employerEmployeeId', 'email', 'signUpStatus', 'joinedAt'])).toEqual([
      { key: 'fullName' },
      { key: 'employerEmployeeId' },
      { key: 'email' },
      { key: 'signUpStatus' },
      { key: 'joinedAt' },
    ]);
  });

  it('never hides Full Name and Employee ID', () => {
    const available = availableColumns(all);
    const start = defaultVisibleColumns(available);
    expect(toggleColumn(start, 'fullName', false).has('fullName')).toBe(true);
    expect(toggleColumn(start, 'employerEmployeeId', false).has('employerEmployeeId')).toBe(true);
    expect(toggleColumn(start, 'email', false).has('email')).toBe(false);
    expect([...hideAllColumns()]).toEqual(['fullName', 'employerEmployeeId']);
    expect(visibleColumnsInOrder(available, new Set())).toEqual(['fullName', 'employerEmployeeId']);
  });

  it('Select All shows every available column; the order is the table order', () => {
    const available = availableColumns(all);
    expect(visibleColumnsInOrder(available, showAllColumns(available))).toEqual(available);
    const some = toggleColumn(toggleColumn(hideAllColumns(), 'departmentId', true), 'mobile', true);
    expect(visibleColumnsInOrder(available, some)).toEqual(['fullName', 'employerEmployeeId', 'mobile', 'departmentId']);
    // a column the employer does not have is never asked for
    expect(visibleColumnsInOrder(availableColumns(none), some)).toEqual(['fullName', 'employerEmployeeId', 'mobile']);
  });
});
