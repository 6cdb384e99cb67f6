import { useRef } from 'react';
import { Navigate } from 'react-router';
import { Alert, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAYROLL_MSG, formatRupees, isPreExecutionStatus, monthLabel, type PayrollDetails } from '@portal/domain';
import { Unauthorized, errorMessage } from '../../shared/ui';
import { AccountCard, InsufficientBalanceCard } from './account-cards';
import { accountInfoQuery, currentPayroll, payrollDetailsQuery } from './api';
import { EntriesSection, usePayrollEntriesState } from './entries-section';
import { MissingWorkersNotice } from './missing-workers';
import { FLAG_NOTE, flagSummary } from './flags';
import { SUMMARY_TABS, payrollActions, payrollHome, refreshIntervalOf, statusNotice } from './model';
import { PayrollActionButtons } from './payroll-actions';
import { StatusBox } from './status-box';
import { usePayrollContext } from './use-payroll-context';
import { MainAndSide } from './main-and-side';

function InfoBar({ details }: { details: PayrollDetails | undefined }) {
  const item = (label: string, value: React.ReactNode, testId: string) => (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {details ? (
        <Text fw={700} fz="lg">
          {value}
        </Text>
      ) : (
        <Skeleton height={22} width={60} />
      )}
    </Stack>
  );
  const b = details?.completePayrollPayoutBreakup;
  return (
    <Paper withBorder p="md" component="section" aria-label="Payroll figures">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {item('Total Employees', details?.totalNumberOfEmployeeEntries, 'info-total')}
        {item('Confirmed Employees', details?.finalizedEntries, 'info-confirmed')}
        {item('Skipped', details?.skippedEntries, 'info-skipped')}
        {item('Net salary to employees', b ? formatRupees(b.totalEmployeePayoutAmount) : null, 'info-payout')}
        {item('Total Balance Required', b ? formatRupees(b.totalBalanceRequired) : null, 'info-required')}
      </SimpleGrid>
    </Paper>
  );
}

function FlagsLegend({ details }: { details: PayrollDetails | undefined }) {
  const flags = flagSummary(details?.flags);
  if (flags.length === 0) return null;
  return (
    <Alert variant="light" color="orange" icon={<IconFlag size={18} stroke={1.8} aria-hidden />} title="Rows to review" role="region" aria-label="Rows to review">
      <Stack gap={4}>
        <List size="sm" spacing={2}>
          {flags.map((f) => (
            <List.Item key={f.flag}>
              {f.label}: {f.count} row(s)
            </List.Item>
          ))}
        </List>
        <Text size="xs">{FLAG_NOTE}</Text>
      </Stack>
    </Alert>
  );
}

/**
 * The pre-execution Payroll Summary (spec 2.10, 4.4, 4.5, 6): the month's payroll with its status,
 * the info bar, the flags to review, the entries (search, tabs, server pages), the account card
 * and the actions (Finalize Payroll, Cancel, Execute payroll, re-upload, the highlighted sheet).
 * A payroll past the pre-execution statuses sends the admin to the payroll page.
 */
export function UploadSummaryPage() {
  const { vendorId, canRead, canWrite, info } = usePayrollContext();
  const state = usePayrollEntriesState(SUMMARY_TABS);
  const month = state.month ?? info.data?.monthForWhichPayrollWillBeExecuted ?? null;
  const details = useQuery({ ...payrollDetailsQuery(vendorId, month ?? { month: 1, year: 2000 }), enabled: canRead && month !== null });
  const { data, noPayroll } = currentPayroll(details);
  // The balance is watched while it does not cover a payroll waiting to be executed.
  const waiting = data?.status === 'PROCESSED' || data?.status === 'PAYROLL_FROZEN';
  const account = useQuery({ ...accountInfoQuery(vendorId, waiting ? data.completePayrollPayoutBreakup.totalBalanceRequired : null), enabled: canRead });
  // Set when an action (execute, cancel) takes the admin elsewhere: the new status must not redirect to the payroll page first.
  const leaving = useRef(false);

  if (!canRead) return <Unauthorized />;
  // 4.5 (on what the server says now, not on a cached answer from another screen): only uploaded, processing, processed or frozen payrolls have this screen.
  if (!leaving.current && details.isFetchedAfterMount && ((data && !isPreExecutionStatus(data.status)) || noPayroll)) return <Navigate to={payrollHome(vendorId)} replace />;

  const loadError = info.isError ? errorMessage(info.error) : details.isError ? errorMessage(details.error) : null;
  const label = month ? monthLabel(month) : '';
  const status = data?.status ?? null;
  const notice = month
    ? statusNotice({ status, month, isCurrentPayrollActive: info.data?.isCurrentPayrollActive ?? false, failureReason: data?.failureReason, loadError, loading: details.isPending })
    : loadError
      ? ({ kind: 'error', tone: 'error', text: loadError } as const)
      : ({ kind: 'loading' } as const);
  const required = data?.completePayrollPayoutBreakup.totalBalanceRequired ?? 0;
  const actions = payrollActions({
    status,
    canWrite,
    isPayrollExecutionAllowed: info.data?.isPayrollExecutionAllowed ?? false,
    isCurrentPayrollActive: info.data?.isCurrentPayrollActive ?? false,
    balance: account.data?.accountBalance ?? null,
    covers: account.data?.covers ?? null,
    required,
    hasProcessedSheet: Boolean(data?.payrollFile.processedFileUrl),
  });

  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        {PAYROLL_MSG.summaryTitle}
        {label ? ` for ${label}` : ''}
      </Title>
      <MainAndSide
        main={
          <Stack gap="lg">
            <StatusBox
              heading="Payroll status"
              notice={notice}
              actions={
                month ? (
                  <PayrollActionButtons
                    details={data}
                    month={month}
                    vendorId={vendorId}
                    actions={actions}
                    leaveOnCancel
                    withSummaryLink={false}
                    onLeave={() => {
                      leaving.current = true;
                    }}
                  />
                ) : null
              }
            />
            <InfoBar details={data} />
            <FlagsLegend details={data} />
            {data?.status === 'PROCESSED' ? <MissingWorkersNotice vendorId={vendorId} payrollId={data._id} /> : null}
          </Stack>
        }
        side={
          <Stack gap="lg">
            <AccountCard info={info.data} account={account.data} accountLoading={account.isPending} accountError={account.error} />
            {actions.insufficientBalance && account.data ? (
              <InsufficientBalanceCard balance={account.data.accountBalance} required={required} rechargeLink={account.data.rechargeLink} />
            ) : null}
          </Stack>
        }
      />
      {month && data ? (
        <EntriesSection
          variant="summary"
          vendorId={vendorId}
          month={month}
          state={state}
          tabs={SUMMARY_TABS}
          status={status}
          refreshMs={refreshIntervalOf(status)}
          laterAdvances={data.laterAdvances}
        />
      ) : null}
    </Stack>
  );
}
