/** Transactions calls (spec 2.13, 7): one page of the search (paged on the server) and the Quick Download. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TRANSACTION_FILTER_STATUSES, workerTransactionCalls } from '@portal/domain';
import type { SortOrder, TransactionSortBy,} from '@portal/domain';
import { call } from '../../shared/api/client';
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
  status: TRANSACTION_FILTER_STATUSES.find((x) => x === s.status),
  vendorId: vendorId ?? undefined,
});

export const transactionsQuery = (vendorId: string | null, s: TransactionsSearch, p: TransactionsPage) =>
  queryOptions({
    queryKey: transactionsKeys.search(vendorId, { ...s, ...p }),
    queryFn: () => call(workerTransactionCalls.transactions, { query: { ...queryOf(vendorId, s), ...p } }),
    placeholderData: keepPreviousData,
  });

/** The whole search (up to the cap), newest first: paging and sort do not apply. */
export const downloadTransactionsReport = (vendorId: string | null, s: TransactionsSearch) =>
  call(workerTransactionCalls.transactionsReport, { query: queryOf(vendorId, s) });
