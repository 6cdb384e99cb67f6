/** Transactions calls (spec 2.13, 7): one page of the search (paged on the server) and the Quick Download. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortOrder, TransactionSortBy, WorkerTransactionsResult } from '@portal/domain';
import { api } from '../../shared/api/client';
import { transactionsKeys } from '../../shared/api/query-keys';

export interface TransactionsSearch {
  startDate: string;
  endDate: string;
  employerWorkerId: string;
  status: string;
}

export interface TransactionsPage {
  page: number;
  pageSize: number;
  sortBy: TransactionSortBy;
  sortOrder: SortOrder;
}

const queryOf = (vendorId: string | null, s: TransactionsSearch) => ({
  startDate: s.startDate,
  endDate: s.endDate,
  employerWorkerId: s.employerWorkerId || undefined,
  status: s.status || undefined,
  vendorId: vendorId ?? undefined,
});

export const transactionsQuery = (vendorId: string | null, s: TransactionsSearch, p: TransactionsPage) =>
  queryOptions({
    queryKey: transactionsKeys.search(vendorId, { ...s, ...p }),
    queryFn: () => api.get<WorkerTransactionsResult>('/employer-admin/transactions-of-workers', { ...queryOf(vendorId, s), ...p }),
    placeholderData: keepPreviousData,
  });

/** The whole search (up to the cap), newest first: paging and sort do not apply. */
export const downloadTransactionsReport = (vendorId: string | null, s: TransactionsSearch) =>
  api.get<Blob>('/employer-admin/transactions-of-workers/report', queryOf(vendorId, s));
