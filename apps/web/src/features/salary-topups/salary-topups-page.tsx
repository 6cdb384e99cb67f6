import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CAP_TOAST_DURATION_MS,
  SALARY_TOPUPS_REPORT_NAME,
  SALARY_ADVANCE_STATUSES,
  SALARY_TOPUP_COLUMNS,
  SALARY_TOPUP_SORT_FIELDS,
  SALARY_TOPUP_STATUS_OPTIONS,
  WORKER_TRANSACTIONS_MSG,
  WORKER_TRANSACTIONS_RESULT_CAP,
  businessDate,
  canAccessArea,
  checkTopupDates,
  topupSearchForm,
  type TopupSearchInput,
  currentMonthRange,
  dateOrNA,
  rupeesOrNA,
  tenureLabel,
  textOrNA,
  type SalaryAdvanceStatus,
  type SalaryTopupRow,
  type SalaryTopupSortBy,
} from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { saveBlob } from '../../shared/api/save-file';
import {
  DateField,
  useTypedDates,
  EARLIEST_PICKABLE_DATE,
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
import { downloadTopupsReport, topupsQuery } from './api';

const ALL = 'ALL';

function statusTone(status: string): StatusTone {
  switch (status) {
    case 'APPLICATION_APPROVED':
    case 'DISBURSED':
    case 'REPAID':
      return 'success';
    case 'REJECTED':
    case 'DISBURSAL_FAILED':
      return 'reject';
    default:
      return 'pending';
  }
}

const CELL: Record<(typeof SALARY_TOPUP_COLUMNS)[number]['key'], (row: SalaryTopupRow) => ReactNode> = {
  employerEmployeeId: (row) => textOrNA(row.employerEmployeeId),
  name: (row) => textOrNA(row.name),
  approvalDate: (row) => dateOrNA(row.approvalDate),
  disbursalDate: (row) => dateOrNA(row.disbursalDate),
  amount: (row) => rupeesOrNA(row.currentApplicationTerm.amount),
  tenure: (row) => <span style={{ whiteSpace: 'nowrap' }}>{tenureLabel(row.currentApplicationTerm.tenureInMonths)}</span>,
  emiAmount: (row) => rupeesOrNA(row.emiAmount),
  emiStartDate: (row) => dateOrNA(row.emiStartDate),
  status: (row) => <StatusBadge tone={statusTone(row.status)} status={row.status} styles={{ label: { overflow: 'visible' } }} />,
};
type TopupColumnKey = (typeof SALARY_TOPUP_COLUMNS)[number]['key'];
const MONEY = new Set(['amount', 'emiAmount']);
const SORT_OF: Partial<Record<TopupColumnKey, SalaryTopupSortBy>> = { name: 'name', approvalDate: 'approvalDate', amount: 'amount', status: 'status' };
const COLUMNS: DataTableColumn<SalaryTopupRow>[] = SALARY_TOPUP_COLUMNS.map((c) => ({
  key: c.key,
  header: c.header,
  align: MONEY.has(c.key) ? 'right' : undefined,
  sortKey: SORT_OF[c.key],
  nowrap: c.key !== 'name',
  // Long headers over narrow cells take two lines, so the table fits 1366 px with Status in view.
  wrapHeader: c.key !== 'employerEmployeeId' && c.key !== 'name' && c.key !== 'status',
  render: CELL[c.key],
}));

/** The URL's dates, or this month so far; written even at their defaults, so a link keeps its range. */
const dateParam = (fallback: string) => parseAsBusinessDate.withDefault(fallback).withOptions({ clearOnDefault: false });

/**
 * Salary Topups (spec 2.12): the workers' salary advance applications of a period. From Date and
 * To Date (the first of the month and today by default; not after today, To not before From)
 * apply on Search; the status filter at once; Download saves advance-salary-report.xlsx.
 */
export function SalaryTopupsPage() {
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'TRANSACTIONS', 'READ', false);
  const today = businessDate(new Date());
  const [month] = useState(() => currentMonthRange(today));
  const state = useListState({
    sorts: SALARY_TOPUP_SORT_FIELDS,
    defaultSort: { by: 'createdAt', order: 'desc' },
    firstOrder: { createdAt: 'desc', approvalDate: 'desc', amount: 'desc' },
    extra: { startDate: dateParam(month.startDate), endDate: dateParam(month.endDate), status: parseAsLiteral<SalaryAdvanceStatus>(SALARY_ADVANCE_STATUSES) },
  });
  const { startDate, endDate, status } = state.extra;
  const sort = state.sort ?? { by: 'createdAt' as const, order: 'desc' as const };
  const rangeProblem = checkTopupDates(startDate, endDate, today);
  const search = { startDate, endDate, status: status ?? '' };

  // The date search (applied on Search): react-hook-form over the domain's schema, following the URL.
  const [schema] = useState(() => topupSearchForm(today));
  const form = useForm<TopupSearchInput>({ resolver: zodResolver(schema), values: { startDate, endDate }, mode: 'onSubmit' });

  const list = useQuery({
    ...topupsQuery(search, { page: state.page, pageSize: state.pageSize, sortBy: sort.by, sortOrder: sort.order }),
    enabled: canRead && rangeProblem === null,
  });
  const rows = list.data?.applications;
  const typedDates = useTypedDates();

  // spec 8: when a search reaches the cap, say so for 3 seconds, once per search (not per page or sort).
  const searchKey = JSON.stringify(search);
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (list.data?.capped && !list.isPlaceholderData && toasted.current !== searchKey) {
      toasted.current = searchKey;
      notifyWarning(WORKER_TRANSACTIONS_MSG.capToast(WORKER_TRANSACTIONS_RESULT_CAP), { autoClose: CAP_TOAST_DURATION_MS });
    }
  }, [list.data, list.isPlaceholderData, searchKey]);

  const download = useMutation({
    mutationFn: () => downloadTopupsReport(search),
    onSuccess: (blob) => saveBlob(blob, SALARY_TOPUPS_REPORT_NAME),
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  const onSearch = form.handleSubmit(({ startDate: from, endDate: to }) => {
    state.setExtra({ startDate: from, endDate: to });
    if (from === startDate && to === endDate) void list.refetch();
  });
  const problem = form.formState.errors.endDate?.message ?? rangeProblem;
  // A refused range, or a box holding no date, shows no rows: not the last good range's (issue 24 item 7).
  const noRows = problem !== null || typedDates.any;

  return (
    <Stack gap="lg">
      <PageTitle
        title="Salary Topups"
        description="Salary advance applications of your workers in the chosen period."
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />}
            loading={download.isPending}
            disabled={rangeProblem !== null}
            onClick={() => download.mutate()}
          >
            Download
          </Button>
        }
      />
      <ListView<SalaryTopupRow>
        label="Salary Topups"
        tableProps={{ horizontalSpacing: 'xs' }}
        state={state}
        columns={COLUMNS}
        rows={noRows ? [] : rows}
        rowKey={(row) => row._id}
        total={noRows ? 0 : (list.data?.total ?? 0)}
        loading={!noRows && list.isPending}
        fetching={list.isFetching && list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        toolbarStart={
          <>
            <form onSubmit={(event) => void onSearch(event)} noValidate>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Controller
                  control={form.control}
                  name="startDate"
                  render={({ field }) => (
                    <DateField
                      label="From Date"
                      value={field.value}
                      onInvalidChange={typedDates.track('from')}
                      pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }}
                      onChange={(value) => {
                        field.onChange(value);
                        form.clearErrors();
                      }}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="endDate"
                  render={({ field }) => (
                    <DateField
                      label="To Date"
                      value={field.value}
                      onInvalidChange={typedDates.track('to')}
                      pickable={{ from: EARLIEST_PICKABLE_DATE, to: today }}
                      onChange={(value) => {
                        field.onChange(value);
                        form.clearErrors();
                      }}
                    />
                  )}
                />
                <Button type="submit" leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}>
                  Search
                </Button>
              </Group>
            </form>
            <Select
              label="Status"
              w={240}
              data={SALARY_TOPUP_STATUS_OPTIONS.map((o) => ({ value: o.value || ALL, label: o.label }))}
              value={status ?? ALL}
              allowDeselect={false}
              onChange={(value) => state.setExtra({ status: value && value !== ALL ? (value as SalaryAdvanceStatus) : null })}
            />
          </>
        }
        above={
          problem ? (
            <Alert color="red" variant="light" mx="md" mb="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null
        }
      />
    </Stack>
  );
}
