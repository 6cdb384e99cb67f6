import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CAP_TOAST_DURATION_MS,
  SALARY_TOPUPS_REPORT_NAME,
  SALARY_TOPUP_COLUMNS,
  SALARY_TOPUP_STATUS_OPTIONS,
  WORKER_TRANSACTIONS_MSG,
  WORKER_TRANSACTIONS_PAGE_SIZE,
  WORKER_TRANSACTIONS_RESULT_CAP,
  businessDate,
  canAccessArea,
  checkTopupDates,
  dateOrNA,
  rupeesOrNA,
  tenureLabel,
  textOrNA,
  type SalaryTopupRow,
} from '@portal/domain';
import { profileQuery } from '../../shared/auth/profile';
import { saveBlob } from '../../shared/api/save-file';
import { DataTable, PageTitle, Paginator, StatusBadge, Unauthorized, errorMessage, notifyApiError, notifyWarning, type DataTableColumn, type StatusTone } from '../../shared/ui';
import { downloadTopupsReport, topupsQuery } from './api';
import { parseTopupsState, writeTopupsState, type TopupsState } from './url-state';

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
  name: (row) => <span style={{ whiteSpace: 'nowrap' }}>{textOrNA(row.name)}</span>,
  approvalDate: (row) => dateOrNA(row.approvalDate),
  disbursalDate: (row) => dateOrNA(row.disbursalDate),
  amount: (row) => rupeesOrNA(row.currentApplicationTerm.amount),
  tenure: (row) => <span style={{ whiteSpace: 'nowrap' }}>{tenureLabel(row.currentApplicationTerm.tenureInMonths)}</span>,
  emiAmount: (row) => rupeesOrNA(row.emiAmount),
  emiStartDate: (row) => dateOrNA(row.emiStartDate),
  status: (row) => <StatusBadge tone={statusTone(row.status)} status={row.status} />,
};
const MONEY = new Set(['amount', 'emiAmount']);
const COLUMNS: DataTableColumn<SalaryTopupRow>[] = SALARY_TOPUP_COLUMNS.map((c) => ({
  key: c.key,
  header: c.header,
  align: MONEY.has(c.key) ? 'right' : undefined,
  render: CELL[c.key],
}));

/**
 * Salary Topups (spec 2.12): the workers' salary advance applications of a period. From Date and
 * To Date (the first of the month and today by default; not after today, To not before From)
 * apply on Search; the status filter at once; Download saves advance-salary-report.xlsx.
 */
export function SalaryTopupsPage() {
  const [params, setParams] = useSearchParams();
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'TRANSACTIONS', 'READ', false);
  const today = businessDate(new Date());
  const state = useMemo(() => parseTopupsState(params, today), [params, today]);
  const rangeProblem = checkTopupDates(state.startDate, state.endDate, today);
  const search = { startDate: state.startDate, endDate: state.endDate, status: state.status };

  const [from, setFrom] = useState(state.startDate);
  const [to, setTo] = useState(state.endDate);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  useEffect(() => {
    setFrom(state.startDate);
    setTo(state.endDate);
  }, [state.startDate, state.endDate]);

  const list = useQuery({ ...topupsQuery(search), enabled: canRead && rangeProblem === null });
  const rows = list.data?.applications;

  const toasted = useRef<number>(0);
  useEffect(() => {
    if (list.data?.capped && list.dataUpdatedAt !== toasted.current && !list.isPlaceholderData) {
      toasted.current = list.dataUpdatedAt;
      notifyWarning(WORKER_TRANSACTIONS_MSG.capToast(WORKER_TRANSACTIONS_RESULT_CAP), { autoClose: CAP_TOAST_DURATION_MS });
    }
  }, [list.data, list.dataUpdatedAt, list.isPlaceholderData]);

  const download = useMutation({
    mutationFn: () => downloadTopupsReport(search),
    onSuccess: (blob) => saveBlob(blob, SALARY_TOPUPS_REPORT_NAME),
    onError: (error) => notifyApiError(error),
  });

  if (!canRead) return <Unauthorized />;

  const update = (patch: Partial<TopupsState>) => setParams(writeTopupsState(params, { ...state, page: 1, ...patch }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkTopupDates(from, to, today);
    setFormProblem(problem);
    if (problem) return;
    update({ startDate: from, endDate: to });
    if (from === state.startDate && to === state.endDate) void list.refetch();
  };
  const problem = formProblem ?? rangeProblem;
  const pageRows = (rows ?? []).slice((state.page - 1) * WORKER_TRANSACTIONS_PAGE_SIZE, state.page * WORKER_TRANSACTIONS_PAGE_SIZE);

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
      <Paper withBorder>
        <Stack gap={0}>
          <Group justify="space-between" align="flex-end" gap="sm" p="md" wrap="wrap">
            <form onSubmit={onSearch} noValidate>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  type="date"
                  label="From Date"
                  value={from}
                  max={today}
                  w={170}
                  onChange={(e) => {
                    setFrom(e.currentTarget.value);
                    setFormProblem(null);
                  }}
                />
                <TextInput
                  type="date"
                  label="To Date"
                  value={to}
                  max={today}
                  w={170}
                  onChange={(e) => {
                    setTo(e.currentTarget.value);
                    setFormProblem(null);
                  }}
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
              value={state.status || ALL}
              allowDeselect={false}
              onChange={(value) => update({ status: value && value !== ALL ? (value as TopupsState['status']) : '' })}
            />
          </Group>
          {problem ? (
            <Alert color="red" variant="light" mx="md" mb="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <DataTable
            label="Salary Topups"
            columns={COLUMNS}
            rows={rangeProblem ? [] : pageRows}
            rowKey={(row) => row._id}
            minWidth={1100}
            loading={rangeProblem === null && list.isPending}
            loadingRows={WORKER_TRANSACTIONS_PAGE_SIZE}
            error={list.isError ? errorMessage(list.error) : null}
          />
          <Stack p="md">
            <Paginator
              page={state.page}
              onChange={(page) => setParams(writeTopupsState(params, { ...state, page }))}
              total={rangeProblem ? 0 : (rows?.length ?? 0)}
              pageSize={WORKER_TRANSACTIONS_PAGE_SIZE}
              withShowingLabel
              label="Salary Topups pages"
              disabled={list.isFetching && list.isPlaceholderData}
            />
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
