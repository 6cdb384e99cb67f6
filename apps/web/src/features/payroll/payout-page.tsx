import { useState } from 'react';
import { Navigate } from 'react-router';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYROLL_MSG, formatRupees, isDisbursalStatus, monthKey, monthLabel, parseMonthKey, type CountAmount, type PayoutFigures, type PayrollDetails } from '@portal/domain';
import { Unauthorized, errorMessage, notifySuccess } from '../../shared/ui';
import { DeferredSelect } from '../../shared/ui/deferred-select';
import { AccountCard } from './account-cards';
import { accountInfoQuery, currentPayroll, monthlySummaryQuery, payoutEntriesQuery, payrollDetailsQuery, payrollKeys, reinitiateFailed } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { DonutChart } from './donut-chart';
import { EntriesSection, usePayrollEntriesState } from './entries-section';
import { DISBURSAL_REFRESH_MS, PAYOUT_SCREEN_TABS, isSettlingStatus, payoutMonths, payoutOutcomeOf, payrollHome, statusNotice } from './model';
import { explainRefusal } from './payroll-actions';
import { PayoutReportButton } from './payout-report';
import { StatusBox } from './status-box';
import { usePayrollContext } from './use-payroll-context';
import { MainAndSide } from './main-and-side';

const COLORS = { paid: 'var(--mantine-color-green-6)', pending: 'var(--mantine-color-orange-5)', failed: 'var(--mantine-color-red-6)' };

/**
 * The payout summary. Its counts and amounts come from `figures`, the same answer (one read on the
 * server) that gives the tabs their counts, so the donut and the tabs never disagree.
 */
function PayoutSummary({ details, figures }: { details: PayrollDetails | undefined; figures: PayoutFigures | undefined }) {
  const item = (label: string, value: CountAmount | null, testId: string) => (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value ? (
        <>
          <Text fw={700} fz="lg">
            {value.count}
          </Text>
          <Text size="xs" c="dimmed">
            {formatRupees(value.amount)}
          </Text>
        </>
      ) : (
        <Skeleton height={22} width={60} />
      )}
    </Stack>
  );
  const d = details && figures ? { ...details, paid: figures.TRANSFERRED, pending: figures.PENDING, failed: figures.FAILED, skipped: figures.SKIPPED } : undefined;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="payout-summary-heading">
      <Stack gap="md">
        <Title order={2} fz="h4" id="payout-summary-heading">
          Summary
        </Title>
        {d ? (
          <DonutChart
            label={`Payouts for ${d.month.label}`}
            segments={[
              { key: 'paid', label: 'Paid', value: d.paid.amount, valueText: formatRupees(d.paid.amount), color: COLORS.paid },
              { key: 'pending', label: 'Pending', value: d.pending.amount, valueText: formatRupees(d.pending.amount), color: COLORS.pending },
              { key: 'failed', label: 'Failed', value: d.failed.amount, valueText: formatRupees(d.failed.amount), color: COLORS.failed },
            ]}
            center={
              <>
                <Text size="xs" c="dimmed">
                  To employees
                </Text>
                <Text fw={700} size="sm">
                  {formatRupees(d.completePayrollPayoutBreakup.totalEmployeePayoutAmount)}
                </Text>
              </>
            }
          />
        ) : (
          <Skeleton height={168} />
        )}
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          {item('Total Employees', d ? { count: d.totalNumberOfEmployeeEntries, amount: d.completePayrollPayoutBreakup.totalEmployeePayoutAmount } : null, 'payout-total')}
          {item('Paid', d?.paid ?? null, 'payout-paid')}
          {item('Pending', d?.pending ?? null, 'payout-pending')}
          {item('Failed', d?.failed ?? null, 'payout-failed')}
          {item('Skipped', d ? { count: d.skipped.count, amount: 0 } : null, 'payout-skipped')}
        </SimpleGrid>
        {d && d.debited !== null ? (
          // What left the employer's account for this payroll: the execution's debit read from the ledger (payouts + deductions).
          <Text size="sm" data-testid="payout-debited">
            <Text span fw={700}>
              Debited from the account: {formatRupees(d.debited)}
            </Text>{' '}
            {/* The split holds for the execution's one debit; a re-run debits again what it resends, so then only the totals are said. */}
            {d.debited === d.completePayrollPayoutBreakup.totalEmployeePayoutAmount + d.completePayrollPayoutBreakup.providerAmount ? (
              <Text span c="dimmed" size="sm">
                ({formatRupees(d.completePayrollPayoutBreakup.totalEmployeePayoutAmount)} to employees, {formatRupees(d.completePayrollPayoutBreakup.providerAmount)} deductions)
              </Text>
            ) : null}
            {(d.returned?.amount ?? 0) > 0 ? (
              <Text span fw={700} data-testid="payout-returned">
                {' '}
                · Returned to the account: {formatRupees(d.returned?.amount ?? 0)}
              </Text>
            ) : null}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The payout screen (spec 2.11, 4.1, 4.5, 6): month, page and tab in the URL; the outcome text
 * (in progress, ran successfully, failed), the summary, the employee payouts by tab with the
 * Transaction ID's details, and Re-Run Payroll on the Failed tab. A payroll not executed sends the
 * admin back to the payroll page; while payouts settle the screen refreshes every 3 seconds.
 */
export function PayoutPage() {
  const { vendorId, canRead, canWrite, info } = usePayrollContext();
  const queryClient = useQueryClient();
  const state = usePayrollEntriesState(PAYOUT_SCREEN_TABS);
  const month = state.month ?? info.data?.monthForWhichPayrollWillBeExecuted ?? null;
  // Asked again as the screen mounts, even when a fresh answer is cached: the screen waits for what the
  // server says now (4.5), and an answer cached by the page before execution, while still fresh and
  // with no refetch interval (a frozen payroll), would otherwise never be followed by one.
  const details = useQuery({ ...payrollDetailsQuery(vendorId, month ?? { month: 1, year: 2000 }), enabled: canRead && month !== null, refetchOnMount: 'always' });
  const range = useQuery({ ...monthlySummaryQuery(vendorId, null), enabled: canRead });
  const [confirming, setConfirming] = useState(false);
  const { data, noPayroll } = currentPayroll(details);
  const account = useQuery({ ...accountInfoQuery(vendorId), enabled: canRead });
  // The same query (same key) as the table's: the summary's figures and the tabs' counts are one answer.
  const settling = isSettlingStatus(data?.status);
  const entries = useQuery({
    ...payoutEntriesQuery(vendorId, { month: month ?? { month: 1, year: 2000 }, filter: state.tab.filter, page: state.list.page, search: state.list.search }, settling ? DISBURSAL_REFRESH_MS : false),
    enabled: canRead && month !== null && data !== undefined,
  });

  const rerun = useMutation({
    mutationFn: (payrollId: string) => reinitiateFailed(payrollId, vendorId),
    onSuccess: (result) => {
      setConfirming(false);
      notifySuccess(result.message || PAYROLL_MSG.executionInProgress);
      void queryClient.invalidateQueries({ queryKey: payrollKeys.all });
    },
    onError: (error) => {
      setConfirming(false);
      // Decision 0033: a re-run lost to another one says so and shows it, not a red failure.
      void explainRefusal(queryClient, 'rerun', error, vendorId, month);
    },
  });

  if (!canRead) return <Unauthorized />;
  // 4.5 (on what the server says now, not on a cached answer from another screen): only an executed payroll has a payout screen.
  if (details.isFetchedAfterMount && ((data && !isDisbursalStatus(data.status)) || noPayroll)) return <Navigate to={payrollHome(vendorId)} replace />;

  const loadError = info.isError ? errorMessage(info.error) : details.isError ? errorMessage(details.error) : null;
  const status = data?.status ?? null;
  const notice = month
    ? statusNotice({
        status,
        month,
        isCurrentPayrollActive: info.data?.isCurrentPayrollActive ?? false,
        outcome: data ? payoutOutcomeOf(data) : null,
        rerunAllowed: data?.isReexecutionAllowed,
        canWrite,
        loadError,
        loading: details.isPending || !details.isFetchedAfterMount,
      })
    : loadError
      ? ({ kind: 'error', tone: 'error', text: loadError } as const)
      : ({ kind: 'loading' } as const);
  const months = payoutMonths(range.data, month);
  const canRerun = canWrite && state.tab.filter === 'FAILED' && data?.isReexecutionAllowed === true;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="h3">
          {month ? `Payroll for ${monthLabel(month)}` : 'Payroll'}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {data?.payrollFile.finalReport ? <PayoutReportButton location={data.payrollFile.finalReport} vendorId={vendorId} /> : null}
          <DeferredSelect
            label="Month"
            w={200}
            data={months.map((m) => ({ value: monthKey(m), label: monthLabel(m) }))}
            value={month ? monthKey(month) : null}
            allowDeselect={false}
            onChange={(value) => {
              const next = value ? parseMonthKey(value) : null;
              if (next) state.list.setExtra({ month: next });
            }}
          />
        </Group>
      </Group>
      <MainAndSide
        main={
          <Stack gap="lg">
            <StatusBox heading="Payout status" notice={notice} />
            <PayoutSummary details={data} figures={entries.data?.figures} />
          </Stack>
        }
        side={
          <AccountCard info={info.data} account={account.data} accountLoading={account.isPending} accountError={account.error} />
        }
      />
      {month && data ? (
        <EntriesSection
          variant="payout"
          vendorId={vendorId}
          month={month}
          state={state}
          tabs={PAYOUT_SCREEN_TABS}
          status={status}
          refreshMs={isSettlingStatus(status) ? DISBURSAL_REFRESH_MS : false}
          laterAdvances={data.laterAdvances}
          tabActions={
            canRerun ? (
              <Button leftSection={<IconRefresh size={16} stroke={1.8} aria-hidden />} loading={rerun.isPending} onClick={() => setConfirming(true)}>
                {PAYROLL_MSG.reRunPayroll}
              </Button>
            ) : null
          }
        />
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={PAYROLL_MSG.reRunPayroll}
        confirmLabel={PAYROLL_MSG.reRunPayroll}
        pending={rerun.isPending}
        onConfirm={() => data && rerun.mutate(data._id)}
        onClose={() => setConfirming(false)}
      >
        {`Pay the failed payouts of ${month ? monthLabel(month) : 'this payroll'} again? ${data?.failed.count ?? 0} payout(s) of ${formatRupees(data?.failed.amount ?? 0)} will be sent to the bank once more.`}
      </ConfirmDialog>
    </Stack>
  );
}
