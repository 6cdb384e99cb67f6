import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CAP_TOAST_DURATION_MS,
  TRANSACTIONS_REPORT_NAME,
  TRANSACTION_COLUMNS,
  TRANSACTION_FILTER_STATUSES,
  TRANSACTION_SORT_FIELDS,
  TRANSACTION_STATUS_OPTIONS,
  WORKER_TRANSACTIONS_MSG,
  WORKER_TRANSACTIONS_RESULT_CAP,
  businessDate,
  canAccessArea,
  checkTransactionDates,
  currentMonthRange,
  dateOrNA,
  deductionConfirmedLabel,
  formatDateTimeIst,
  rupeesOrNA,
  textOrNA,
  transactionWorker,
  type TransactionFilterStatus,
  type TransactionSortBy,
  type WorkerTransactionRow,
} from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { saveBlob } from '../../shared/api/save-file';
import {
  DateField,
  EARLIEST_PICKABLE_DATE,
  useTypedDates,
  ListView,
  PageTitle,
  StatusBadge,
  Unauthorized,
  errorMessage,
  notifyApiError,
  notifyWarning,
  parseAsBusinessDate,
  parseAsLiteral,
  useListState,
  type DataTableColumn,
  type StatusTone,
} from '../../shared/ui';
import { downloadTransactionsReport, transactionsQuery } from './api';
import { transactionProfileHref } from './profile-link';
import { useVendorId } from '../../shared/auth/vendor-context';

const ALL = 'ALL';

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

/** The URL's dates, or this month so far; written even at their defaults, so a link keeps its range. */
const dateParam = (fallback: string) => parseAsBusinessDate.withDefault(fallback).withOptions({ clearOnDefault: false });
const statusParam = parseAsLiteral<TransactionFilterStatus>(TRANSACTION_FILTER_STATUSES);

/**
 * Transactions (spec 2.13, 6, 8): the disbursed advances of the employer's workers, or of one
 * vendor's with a vendorId, between From and To (the current month by default), searched by
 * Worker Id and filtered by status, sorted and paged on the server; Quick Download of
 * transactions-report.xlsx. Loads on entry.
 */
export function TransactionsPage() {
  const vendorId = useVendorId();
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'TRANSACTIONS', 'READ', vendorId !== null);
  const today = businessDate(new Date());
  const [month] = useState(() => currentMonthRange(today));
  const state = useListState({
    sorts: TRANSACTION_SORT_FIELDS,
    defaultSort: { by: 'createdAt', order: 'desc' },
    firstOrder: { createdAt: 'desc', amount: 'desc' },
    searchKey: 'employerWorkerId',
    extra: { startDate: dateParam(month.startDate), endDate: dateParam(month.endDate), status: statusParam },
  });
  const { startDate, endDate, status } = state.extra;
  const sort = state.sort ?? { by: 'createdAt' as const, order: 'desc' as const };
  const typedDates = useTypedDates();
  const dateProblem = checkTransactionDates(startDate, endDate, today);
  const search = { startDate, endDate, employerWorkerId: state.search, status: status ?? '' };

  const list = useQuery({
    ...transactionsQuery(vendorId, search, { page: state.page, pageSize: state.pageSize, sortBy: sort.by, sortOrder: sort.order }),
    enabled: canRead && dateProblem === null,
  });
  const rows = list.data?.transactions;

  // spec 8: when a search reaches the cap, say so for 3 seconds, once per search (not per page or sort).
  const searchKey = JSON.stringify([vendorId, search]);
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (list.data?.capped && !list.isPlaceholderData && toasted.current !== searchKey) {
      toasted.current = searchKey;
      notifyWarning(WORKER_TRANSACTIONS_MSG.capToast(WORKER_TRANSACTIONS_RESULT_CAP), { autoClose: CAP_TOAST_DURATION_MS });
    }
  }, [list.data, list.isPlaceholderData, searchKey]);

  const download = useMutation({
    mutationFn: () => downloadTransactionsReport(vendorId, search),
    onSuccess: (blob) => saveBlob(blob, TRANSACTIONS_REPORT_NAME),
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  // The dates go into the URL together, so a link always carries the whole range.
  const setDates = (patch: { startDate?: string; endDate?: string }) => state.setExtra({ startDate, endDate, ...patch });

  const cell: Record<TransactionColumnKey, (row: WorkerTransactionRow) => ReactNode> = {
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
  };
  const columns: DataTableColumn<WorkerTransactionRow>[] = TRANSACTION_COLUMNS.map((c) => ({
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

  return (
    <Stack gap="lg">
      <PageTitle
        title={vendorId ? 'Vendor transactions' : 'Transactions'}
        description="Salary advances disbursed to workers in the chosen period."
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />}
            loading={download.isPending}
            disabled={dateProblem !== null}
            onClick={() => download.mutate()}
          >
            Quick Download
          </Button>
        }
      />
      <ListView<WorkerTransactionRow>
        label="Transactions"
        tableProps={{ horizontalSpacing: 'xs' }}
        state={state}
        columns={columns}
        rows={dateProblem || typedDates.any ? [] : rows}
        rowKey={(row) => row._id}
        total={dateProblem || typedDates.any ? 0 : (list.data?.total ?? 0)}
        loading={dateProblem === null && !typedDates.any && list.isPending}
        fetching={list.isFetching && list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        search={{ label: 'Search by WorkerId', width: 240 }}
        toolbarStart={
          <>
            <DateField label="From" onInvalidChange={typedDates.track('from')} value={startDate} pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }} onChange={(value) => setDates({ startDate: value })} />
            <DateField label="To" onInvalidChange={typedDates.track('to')} value={endDate} pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }} onChange={(value) => setDates({ endDate: value })} />
            <Select
              label="Status"
              w={210}
              data={TRANSACTION_STATUS_OPTIONS.map((o) => ({ value: o.value || ALL, label: o.label }))}
              value={status ?? ALL}
              allowDeselect={false}
              onChange={(value) => state.setExtra({ status: value && value !== ALL ? (value as TransactionFilterStatus) : null })}
            />
          </>
        }
        above={
          dateProblem ? (
            <Alert color="red" variant="light" mx="md" mb="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {dateProblem}
            </Alert>
          ) : null
        }
      />
    </Stack>
  );
}
