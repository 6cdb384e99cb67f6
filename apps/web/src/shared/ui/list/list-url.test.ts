import { describe, expect, it } from 'vitest';
import { listStateFromUrl } from './list-url';

// The employees list's configuration (features/employees/api.ts EMPLOYEE_LIST).
const EMPLOYEES = {
  sorts: ['fullName', 'employerEmployeeId', 'joinedAt', 'currentMonthlySalary', 'createdAt'] as const,
  defaultSort: { by: 'createdAt', order: 'desc' } as const,
  firstOrder: { joinedAt: 'desc', currentMonthlySalary: 'desc', createdAt: 'desc' } as const,
  filterFields: ['signUpStatus', 'employmentStatus', 'branchId', 'gradeId', 'departmentId'] as const,
};
const read = (query: string) => listStateFromUrl(new URLSearchParams(query), EMPLOYEES);

describe('listStateFromUrl', () => {
  it('reads the defaults from a bare URL, as the employees page does', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 10, search: '', sort: { by: 'createdAt', order: 'desc' }, filters: [] });
  });

  it('reads page, size, search, sort and filters, and drops what it cannot read', () => {
    expect(read('page=3&pageSize=25&search=%20Asha%20&sortBy=joinedAt&filter=employmentStatus:IS:ACTIVE&filter=nope:IS:x&join=OR')).toEqual({
      page: 3,
      pageSize: 25,
      search: 'Asha',
      sort: { by: 'joinedAt', order: 'desc' },
      filters: [{ field: 'employmentStatus', operator: 'IS', value: 'ACTIVE', conjunction: 'WHERE' }],
    });
    expect(read('page=0&pageSize=7&sortBy=fullName&sortOrder=desc')).toMatchObject({ page: 1, pageSize: 10, sort: { by: 'fullName', order: 'desc' } });
    expect(read('sortBy=fullName').sort).toEqual({ by: 'fullName', order: 'asc' });
  });
});
