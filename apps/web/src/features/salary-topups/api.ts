/** Salary Topups calls (spec 2.12, 7): the applications of a period and the Download. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SalaryTopupResult } from '@portal/domain';
import { api } from '../../shared/api/client';

export interface TopupsSearch {
  startDate: string;
  endDate: string;
  status: string;
}

const queryOf = (s: TopupsSearch) => ({ startDate: s.startDate, endDate: s.endDate, status: s.status || undefined });

export const topupsKeys = {
  all: ['salary-topups'] as const,
  search: (s: TopupsSearch) => [...topupsKeys.all, 'search', s] as const,
};

export const topupsQuery = (s: TopupsSearch) =>
  queryOptions({
    queryKey: topupsKeys.search(s),
    queryFn: () => api.get<SalaryTopupResult>('/employer-admin/salary-topup/applications', queryOf(s)),
    placeholderData: keepPreviousData,
  });

export const downloadTopupsReport = (s: TopupsSearch) => api.get<Blob>('/employer-admin/salary-topup/applications/report', queryOf(s));
