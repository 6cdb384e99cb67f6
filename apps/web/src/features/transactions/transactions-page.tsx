import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import {
  TRANSACTIONS_REPORT_NAME,
  TRANSACTION_COLUMNS,
  TRANSACTION_FILTER_STATUSES,
  TRANSACTION_SORT_FIELDS,
  TRANSACTION_STATUS_OPTIONS,
  checkTransactionDates,
  dateOrNA,
  deductionConfirmedLabel,
  formatDateTimeIst,
  rupeesOrNA,
  textOrNA,
  transactionWorker,
  type TransactionSortBy,
  type WorkerTransactionRow,
} from '@portal/domain';
import { StatusBadge, type DataTableColumn, type StatusTone } from '../../shared/ui';
import { DatedSearchPage, datedSearchList, useInstantDates, type DatedSearch } from '../../shared/ui/dated-search-page';
import { downloadTransactionsReport, transactionsQuery, type TransactionsSearch } from './api';
import { transactionProfileHref } from './profile-link';

/** The page's search as the transactions calls take it. */
const searchOf = (s: DatedSearch): TransactionsSearch => ({ startDate: s.startDate, endDate: s.endDate, employerWorkerId: s.text, status: s.status });

function statusTone(status: string): StatusTone {
  switch (status) {
    case 'TRANSFERRED':
    case 'REPAID':
      return 'success';
    case 'TRANSFER_FAILED':
    case 'LENDER_REJECTED':
    case 'CANCELLED':
    case 'EXPIRED':
      return 'reject';
    case 'USER_REQUESTED':
    case 'LENDER_APPROVED':
    case 'AGREEMENT_SIGNED':
    case 'TRANSFER_INITIATED':
      return 'pending';
    default:
      return 'info';
  }
}

type TransactionColumnKey = (typeof TRANSACTION_COLUMNS)[number]['key'];
const SORT_OF: Partial<Record<TransactionColumnKey, TransactionSortBy>> = { name: 'name', createdAt: 'createdAt', amount: 'amount', status: 'status' };
const MONEY: readonly TransactionColumnKey[] = ['amount', 'repaidAmount', 'pendingRepaymentAmount'];
/** Long headers over narrow cells take two lines, so the table fits 1366 px with Status in view. */
const TWO_LINE_HEADERS: readonly TransactionColumnKey[] = ['amount', 'repaidAmount', 'latestRepaymentDate', 'deductionConfirmed', 'pendingRepaymentAmount'];

/** A status is read whole: the badge is never cut to an ellipsis. */
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

const cellOf = (vendorId: string | null): Record<TransactionColumnKey, (row: WorkerTransactionRow) => ReactNode> => ({
  name: (row) => {
    const { name } = transactionWorker(row);
    const href = transactionProfileHref(row, vendorId);
    return href && name ? (
      <Anchor component={Link} to={href} size="sm" fw={500}>
        {name}
      </Anchor>
    ) : (
      <Text span size="sm">
        {textOrNA(name)}
      </Text>
    );
  },
  workerId: (row) => textOrNA(transactionWorker(row).workerId),
  createdAt: (row) => formatDateTimeIst(row.createdAt),
  amount: (row) => rupeesOrNA(row.amount),
  repaidAmount: (row) => rupeesOrNA(row.repaidAmount),
  latestRepaymentDate: (row) => dateOrNA(row.latestRepaymentDate),
  deductionConfirmed: (row) => deductionConfirmedLabel(row.deductionConfirmed),
  pendingRepaymentAmount: (row) => rupeesOrNA(row.pendingRepaymentAmount),
  status: (row) => <StatusBadge tone={statusTone(row.status)} status={row.status} styles={WHOLE_LABEL} />,
});

const columnsOf = (vendorId: string | null): DataTableColumn<WorkerTransactionRow>[] => {
  const cell = cellOf(vendorId);
  return TRANSACTION_COLUMNS.map((c) => ({
    key: c.key,
    header: c.header,
    // The one time the column shows is the request's (the date filter and the sort are on it too), said under the spec's header.
    subHeader: c.key === 'createdAt' ? 'Requested (IST)' : undefined,
    align: MONEY.includes(c.key) ? 'right' : undefined,
    sortKey: SORT_OF[c.key],
    nowrap: c.key !== 'name' && c.key !== 'createdAt',
    wrapHeader: TWO_LINE_HEADERS.includes(c.key),
    width: c.key === 'createdAt' ? 104 : undefined,
    render: cell[c.key],
  }));
};

const TRANSACTIONS = datedSearchList({
  vendorContext: true,
  title: { own: 'Transactions', vendor: 'Vendor transactions' },
  description: 'Salary advances disbursed to workers in the chosen period.',
  label: 'Transactions',
  sorts: TRANSACTION_SORT_FIELDS,
  defaultSort: 'createdAt',
  firstOrder: { createdAt: 'desc', amount: 'desc' },
  statuses: TRANSACTION_FILTER_STATUSES,
  statusOptions: TRANSACTION_STATUS_OPTIONS,
  statusWidth: 210,
  search: { key: 'employerWorkerId', label: 'Search by WorkerId', width: 240 },
  checkDates: checkTransactionDates,
  useDates: useInstantDates,
  listQuery: (vendorId, s, page) => transactionsQuery(vendorId, searchOf(s), page),
  rowsOf: (data) => data.transactions,
  rowKey: (row) => row._id,
  columns: columnsOf,
  report: { label: 'Quick Download', fileName: TRANSACTIONS_REPORT_NAME, download: (vendorId, s) => downloadTransactionsReport(vendorId, searchOf(s)) },
});

/**
 * Transactions (spec 2.13, 6, 8): the disbursed advances of the employer's workers, or of one
 * vendor's with a vendorId, between From and To (the current month by default, applied as they
 * change), searched by Worker Id and filtered by status, sorted and paged on the server; Quick
 * Download of transactions-report.xlsx. Loads on entry. The dated search page (`DatedSearchPage`)
 * with Transactions' configuration.
 */
export function TransactionsPage() {
  return <DatedSearchPage config={TRANSACTIONS} />;
}
