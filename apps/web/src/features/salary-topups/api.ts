/** Salary Topups calls (spec 2.12, 7): one page of the applications of a period (paged on the server) and the Download. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SalaryTopupResult, SalaryTopupSortBy, SortOrder } from '@portal/domain';
import { api } from '../../shared/api/client';
import { topupsKeys } from '../../shared/api/query-keys';

export interface TopupsSearch {
  startDate: string;
  endDate: string;
  status: string;
}

export interface TopupsPage {
  page: number;
  pageSize: number;
  sortBy: SalaryTopupSortBy;
  sortOrder: SortOrder;
}

const queryOf = (s: TopupsSearch) => ({ startDate: s.startDate, endDate: s.endDate, status: s.status || undefined });

export const topupsQuery = (s: TopupsSearch, p: TopupsPage) =>
  queryOptions({
    queryKey: topupsKeys.search({ ...s, ...p }),
    queryFn: () => api.get<SalaryTopupResult>('/employer-admin/salary-topup/applications', { ...queryOf(s), ...p }),
    placeholderData: keepPreviousData,
  });

/** The whole search (up to the cap), newest first: paging and sort do not apply. */
export const downloadTopupsReport = (s: TopupsSearch) => api.get<Blob>('/employer-admin/salary-topup/applications/report', queryOf(s));
