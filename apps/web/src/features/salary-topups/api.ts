/** Salary Topups calls (spec 2.12, 7): one page of the applications of a period (paged on the server) and the Download. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SALARY_ADVANCE_STATUSES, workerTransactionCalls } from '@portal/domain';
import type {  SalaryTopupSortBy, SortOrder } from '@portal/domain';
import { call } from '../../shared/api/client';
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

const queryOf = (s: TopupsSearch) => ({ startDate: s.startDate, endDate: s.endDate, status: SALARY_ADVANCE_STATUSES.find((x) => x === s.status) });

export const topupsQuery = (s: TopupsSearch, p: TopupsPage) =>
  queryOptions({
    queryKey: topupsKeys.search({ ...s, ...p }),
    queryFn: () => call(workerTransactionCalls.topups, { query: { ...queryOf(s), ...p } }),
    placeholderData: keepPreviousData,
  });

/** The whole search (up to the cap), newest first: paging and sort do not apply. */
export const downloadTopupsReport = (s: TopupsSearch) => call(workerTransactionCalls.topupsReport, { query: queryOf(s) });
