/** Transactions calls (spec 2.13, 7): the search and the Quick Download. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { WorkerTransactionsResult } from '@portal/domain';
import { api } from '../../shared/api/client';

export interface TransactionsSearch {
  startDate: string;
  endDate: string;
  employerWorkerId: string;
  status: string;
}

const queryOf = (vendorId: string | null, s: TransactionsSearch) => ({
  startDate: s.startDate,
  endDate: s.endDate,
  employerWorkerId: s.employerWorkerId || undefined,
  status: s.status || undefined,
  vendorId: vendorId ?? undefined,
});

export const transactionsKeys = {
  all: ['worker-transactions'] as const,
  search: (vendorId: string | null, s: TransactionsSearch) => [...transactionsKeys.all, 'search', { vendorId, ...s }] as const,
};

export const transactionsQuery = (vendorId: string | null, s: TransactionsSearch) =>
  queryOptions({
    queryKey: transactionsKeys.search(vendorId, s),
    queryFn: () => api.get<WorkerTransactionsResult>('/employer-admin/transactions-of-workers', queryOf(vendorId, s)),
    placeholderData: keepPreviousData,
  });

export const downloadTransactionsReport = (vendorId: string | null, s: TransactionsSearch) =>
  api.get<Blob>('/employer-admin/transactions-of-workers/report', queryOf(vendorId, s));
