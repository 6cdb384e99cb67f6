import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CAP_TOAST_DURATION_MS,
  TRANSACTIONS_REPORT_NAME,
  TRANSACTION_COLUMNS,
  TRANSACTION_STATUS_OPTIONS,
  WORKER_TRANSACTIONS_MSG,
  WORKER_TRANSACTIONS_PAGE_SIZE,
  WORKER_TRANSACTIONS_RESULT_CAP,
  businessDate,
  canAccessArea,
  checkTransactionDates,
  dateOrNA,
  deductionConfirmedLabel,
  formatDateTimeIst,
  rupeesOrNA,
  textOrNA,
  transactionWorker,
  type WorkerTransactionRow,
} from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { saveBlob } from '../../shared/api/save-file';
import { DataTable, DateField, PageTitle, Paginator, SearchInput, StatusBadge, Unauthorized, errorMessage, notifyApiError, notifyWarning, type DataTableColumn, type StatusTone } from '../../shared/ui';
import { downloadTransactionsReport, transactionsQuery } from './api';
import { parseTransactionsState, transactionProfileHref, writeTransactionsState, type TransactionsState } from './url-state';

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

/**
 * Transactions (spec 2.13, 6, 8): the disbursed advances of the employer's workers, or of one
 * vendor's with a vendorId, between From and To (the current month by default), searched by
 * Worker Id and filtered by status; Quick Download of transactions-report.xlsx. Loads on entry.
 */
export function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const vendorId = params.get('vendorId') || null;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'TRANSACTIONS', 'READ', vendorId !== null);
  const today = businessDate(new Date());
  const state = useMemo(() => parseTransactionsState(params, today), [params, today]);
  const dateProblem = checkTransactionDates(state.startDate, state.endDate, today);
  const search = { startDate: state.startDate, endDate: state.endDate, employerWorkerId: state.employerWorkerId, status: state.status };

  const list = useQuery({ ...transactionsQuery(vendorId, search), enabled: canRead && dateProblem === null });
  const rows = list.data?.transactions;

  // spec 8: when a search returns as many rows as the cap, say so for 3 seconds (once per result).
  const toasted = useRef<number>(0);
  useEffect(() => {
    if (list.data?.capped && list.dataUpdatedAt !== toasted.current && !list.isPlaceholderData) {
      toasted.current = list.dataUpdatedAt;
      notifyWarning(WORKER_TRANSACTIONS_MSG.capToast(WORKER_TRANSACTIONS_RESULT_CAP), { autoClose: CAP_TOAST_DURATION_MS });
    }
  }, [list.data, list.dataUpdatedAt, list.isPlaceholderData]);

  const download = useMutation({
    mutationFn: () => downloadTransactionsReport(vendorId, search),
    onSuccess: (blob) => saveBlob(blob, TRANSACTIONS_REPORT_NAME),
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  const update = (patch: Partial<TransactionsState>) => setParams(writeTransactionsState(params, { ...state, page: 1, ...patch }));
  const pageRows = (rows ?? []).slice((state.page - 1) * WORKER_TRANSACTIONS_PAGE_SIZE, state.page * WORKER_TRANSACTIONS_PAGE_SIZE);

  const cell: Record<(typeof TRANSACTION_COLUMNS)[number]['key'], (row: WorkerTransactionRow) => ReactNode> = {
    name: (row) => {
      const { name } = transactionWorker(row);
      const href = transactionProfileHref(row, vendorId);
      return href && name ? (
        <Anchor component={Link} to={href} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {name}
        </Anchor>
      ) : (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {textOrNA(name)}
        </Text>
      );
    },
    workerId: (row) => textOrNA(transactionWorker(row).workerId),
    createdAt: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeIst(row.createdAt)}</span>,
    amount: (row) => rupeesOrNA(row.amount),
    repaidAmount: (row) => rupeesOrNA(row.repaidAmount),
    latestRepaymentDate: (row) => dateOrNA(row.latestRepaymentDate),
    deductionConfirmed: (row) => deductionConfirmedLabel(row.deductionConfirmed),
    pendingRepaymentAmount: (row) => rupeesOrNA(row.pendingRepaymentAmount),
    status: (row) => <StatusBadge tone={statusTone(row.status)} status={row.status} />,
  };
  const money = new Set(['amount', 'repaidAmount', 'pendingRepaymentAmount']);
  const columns: DataTableColumn<WorkerTransactionRow>[] = TRANSACTION_COLUMNS.map((c) => ({
    key: c.key,
    header: c.header,
    align: money.has(c.key) ? 'right' : undefined,
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
      <Paper withBorder>
        <Stack gap={0}>
          <Group justify="space-between" align="flex-end" gap="sm" p="md" wrap="wrap">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <DateField label="From" value={state.startDate} max={today} onChange={(startDate) => update({ startDate })} />
              <DateField label="To" value={state.endDate} max={today} onChange={(endDate) => update({ endDate })} />
              <Select
                label="Status"
                w={210}
                data={TRANSACTION_STATUS_OPTIONS.map((o) => ({ value: o.value || ALL, label: o.label }))}
                value={state.status || ALL}
                allowDeselect={false}
                onChange={(value) => update({ status: value && value !== ALL ? (value as TransactionsState['status']) : '' })}
              />
            </Group>
            <SearchInput
              label="Search by WorkerId"
              value={state.employerWorkerId}
              onSearch={(employerWorkerId) => update({ employerWorkerId })}
              maxLength={100}
              w={{ base: '100%', sm: 280 }}
            />
          </Group>
          {dateProblem ? (
            <Alert color="red" variant="light" mx="md" mb="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {dateProblem}
            </Alert>
          ) : null}
          <DataTable
            label="Transactions"
            columns={columns}
            rows={dateProblem ? [] : pageRows}
            rowKey={(row) => row._id}
            minWidth={1150}
            loading={dateProblem === null && list.isPending}
            loadingRows={WORKER_TRANSACTIONS_PAGE_SIZE}
            error={list.isError ? errorMessage(list.error) : null}
          />
          <Stack p="md">
            <Paginator
              page={state.page}
              onChange={(page) => setParams(writeTransactionsState(params, { ...state, page }))}
              total={dateProblem ? 0 : (rows?.length ?? 0)}
              pageSize={WORKER_TRANSACTIONS_PAGE_SIZE}
              withShowingLabel
              label="Transactions pages"
              disabled={list.isFetching && list.isPlaceholderData}
            />
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
