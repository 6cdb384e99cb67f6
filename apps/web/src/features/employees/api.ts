/** Employees list calls (spec 2.5, 4.6, 7): list search, report download, add / update, field checks, bulk actions. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EMPLOYEE_FILTER_FIELDS, type EmployeeFilterField, employeeCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { employeesKeys } from '../../shared/api/query-keys';
import type { EmployeeColumnKey } from './columns';
import type { BulkAction,} from './outcome';
import type { CheckedField, EmployeeRequestBody } from './employee-form-model';
import type { Filter } from '../../shared/ui/filter-model';
import type { ListStateConfig } from '../../shared/ui/list/use-list-state';

export type EmployeeFilter = Filter<EmployeeFilterField>;
/** Columns the list may be sorted by (the server's `sortby`). */
export const EMPLOYEE_SORTS = ['fullName', 'employerEmployeeId', 'joinedAt', 'currentMonthlySalary', 'createdAt'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];
/** The list's URL state: the page's useListState and the route's prefetch (app/route-data/employees.ts) read it alike. */
export const EMPLOYEE_LIST: ListStateConfig<EmployeeSort, EmployeeFilterField, never, Record<never, never>> = {
  sorts: EMPLOYEE_SORTS,
  defaultSort: { by: 'createdAt', order: 'desc' },
  firstOrder: { joinedAt: 'desc', currentMonthlySalary: 'desc', createdAt: 'desc' },
  filterFields: EMPLOYEE_FILTER_FIELDS,
};

export interface EmployeeListParams {
  page: number;
  pageSize: number;
  search: string;
  filters: readonly EmployeeFilter[];
  sortBy: EmployeeSort;
  sortOrder: 'asc' | 'desc';
}

export { employeesKeys } from '../../shared/api/query-keys';

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : undefined);

export const employeeListQuery = (vendorId: string | null, params: EmployeeListParams) =>
  queryOptions({
    queryKey: employeesKeys.list(vendorId, params),
    queryFn: () =>
      call(employeeCalls.search, { body: {
          filters: [...params.filters],
          limit: params.pageSize,
          pageNumber: params.page,
          searchText: params.search,
          sortby: params.sortBy,
          sortOrder: params.sortOrder,
        }, query: vendorQuery(vendorId) }),
    placeholderData: keepPreviousData,
  });

/** The xlsx report of the list as filtered and searched, with the given columns in order. */
export const downloadEmployeeReport = (
  vendorId: string | null,
  body: { filters: readonly EmployeeFilter[]; searchText: string; columns: EmployeeColumnKey[]; sortby: EmployeeSort; sortOrder: 'asc' | 'desc' },
) =>
  call(employeeCalls.report, { body: { ...body, filters: [...body.filters] }, query: vendorQuery(vendorId) });

export const addEmployee = (body: EmployeeRequestBody, vendorId: string | null) =>
  call(employeeCalls.add, { body, query: vendorQuery(vendorId) });
export const updateEmployee = (body: EmployeeRequestBody, vendorId: string | null) =>
  call(employeeCalls.update, { body, query: vendorQuery(vendorId) });

export const checkEmployeeField = (field: CheckedField, value: string, employeeId: string | undefined, vendorId: string | null) =>
  call(employeeCalls.fieldCheck, { body: { field, value, ...(employeeId ? { employeeId } : {}) }, query: vendorQuery(vendorId) });

export const bulkEmployeeAction = (action: BulkAction, employerEmployeeIds: string[], vendorId: string | null) =>
  call(action === 'terminate' ? employeeCalls.terminateMany : employeeCalls.activateMany, { body: { employerEmployeeIds }, query: vendorQuery(vendorId) });
