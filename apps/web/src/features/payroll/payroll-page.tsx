import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useQueryState } from 'nuqs';
import { PAYROLL_MSG, formatRupees, isDisbursalStatus, isProcessingStatus, monthLabel, payrollUploadKindOf, type PayrollDetails } from '@portal/domain';
import { Unauthorized, errorMessage } from '../../shared/ui';
import { AccountCard, InsufficientBalanceCard } from './account-cards';
import { accountInfoQuery, currentPayroll, payrollDetailsQuery } from './api';
import { canUploadNow, dayMonthYear, parseAsPayrollMonth, payoutOutcomeOf, payrollActions, payrollHome, payrollUploadHref, statusNotice } from './model';
import { MonthlySummary } from './monthly-summary';
import { PayrollActionButtons } from './payroll-actions';
import { PayrollHistory } from './payroll-history';
import { StatusBox } from './status-box';
import { usePayrollContext } from './use-payroll-context';
import { MainAndSide } from './main-and-side';

// The statement (its dialog and table) loads with the page's idle time, not in the page's first chunk (the 250 kB goal, decision 0028).
const AccountStatementButton = lazy(() => import('./account-statement').then((m) => ({ default: m.AccountStatementButton })));

/** A line of the payroll's figures under its status. */
export function PayrollFigures({ details }: { details: PayrollDetails }) {
  const b = details.completePayrollPayoutBreakup;
  return (
    <Text size="sm">
      {details.totalNumberOfEmployeeEntries} employee(s): {details.finalizedEntries} finalized, {details.skippedEntries} skipped. Amount required{' '}
      <Text span fw={600}>
        {formatRupees(b.totalBalanceRequired)}
      </Text>{' '}
      ({formatRupees(b.totalEmployeePayoutAmount)} to employees, {formatRupees(b.providerAmount)} in deductions).
    </Text>
  );
}

/**
 * The payroll page (spec 2.9, 4.4, 6, 8): the current payroll month's status box with its actions,
 * the Monthly Summary, the account card (and "Insufficient Balance!" when the balance does not
 * cover the payroll), and the upload history with the Upload link. It follows a sheet being
 * processed by itself, every 2 seconds.
 */
export function PayrollPage() {
  const { vendorId, canRead, canWrite, info } = usePayrollContext();
  // The Monthly Summary's month (`month`, yyyy-mm): a choice replaces the history entry, as a view of this page.
  const [selectedMonth, setSelectedMonth] = useQueryState('month', parseAsPayrollMonth.withOptions({ history: 'replace', shallow: false }));
  const current = info.data?.monthForWhichPayrollWillBeExecuted ?? null;
  const details = useQuery({ ...payrollDetailsQuery(vendorId, current ?? { month: 1, year: 2000 }), enabled: canRead && current !== null });
  // Only what the server says now: a failed refetch keeps no older answer on screen.
  const { data, noPayroll } = currentPayroll(details);
  // The balance is watched while it does not cover a payroll waiting to be executed.
  const waiting = data?.status === 'PROCESSED' || data?.status === 'PAYROLL_FROZEN';
  const account = useQuery({ ...accountInfoQuery(vendorId, waiting ? data.completePayrollPayoutBreakup.totalBalanceRequired : null), enabled: canRead });

  if (!canRead) return <Unauthorized />;

  const loadError = info.isError ? errorMessage(info.error) : details.isError ? errorMessage(details.error) : null;
  const status = data?.status ?? null;
  const notice = current
    ? statusNotice({
        status: noPayroll ? null : status,
        month: current,
        isCurrentPayrollActive: info.data?.isCurrentPayrollActive ?? false,
        failureReason: data?.failureReason,
        cancelledAt: data?.cancelledAt,
        outcome: data ? payoutOutcomeOf(data) : null,
        rerunAllowed: data?.isReexecutionAllowed,
        canWrite,
        loadError,
        loading: details.isPending,
      })
    : loadError
      ? ({ kind: 'error', tone: 'error', text: loadError } as const)
      : ({ kind: 'loading' } as const);

  const required = data?.completePayrollPayoutBreakup.totalBalanceRequired ?? 0;
  const actions = payrollActions({
    status: noPayroll ? null : status,
    canWrite,
    isPayrollExecutionAllowed: info.data?.isPayrollExecutionAllowed ?? false,
    isCurrentPayrollActive: info.data?.isCurrentPayrollActive ?? false,
    balance: account.data?.accountBalance ?? null,
    covers: account.data?.covers ?? null,
    required,
    hasProcessedSheet: Boolean(data?.payrollFile.processedFileUrl),
  });
  const uploadOpen = current !== null && canUploadNow({ canWrite, isCurrentPayrollActive: info.data?.isCurrentPayrollActive ?? false, status: noPayroll ? null : status });
  // Decision 0022: an employer that has opted for the streaming account uploads its sheets as that kind.
  const uploadHref = uploadOpen && current ? payrollUploadHref(current, vendorId, payrollHome(vendorId), payrollUploadKindOf(info.data?.hasEmployerOptedForStreamingAccount)) : null;
  let uploadBlockedReason: string | null = null;
  if (canWrite && current && !uploadOpen && info.data) {
    const label = monthLabel(current);
    if (!info.data.isCurrentPayrollActive) uploadBlockedReason = PAYROLL_MSG.windowClosed(dayMonthYear(info.data.nextPayroll));
    else if (status && isProcessingStatus(status)) uploadBlockedReason = PAYROLL_MSG.stillProcessing(label);
    else if (status === 'PAYROLL_FROZEN') uploadBlockedReason = PAYROLL_MSG.alreadyFinalized(label);
    else if (status && isDisbursalStatus(status)) uploadBlockedReason = PAYROLL_MSG.alreadyExecuted(label);
  }

  return (
    <Stack gap="lg">
      <MainAndSide
        main={
          <Stack gap="lg">
            <StatusBox
              heading={current ? `Payroll status for ${monthLabel(current)}` : 'Payroll status'}
              notice={notice}
              actions={
                current ? (
                  <>
                    {notice.kind === 'upload-prompt' && uploadHref ? (
                      <Button component={Link} to={uploadHref} leftSection={<IconFileUpload size={16} stroke={1.8} aria-hidden />}>
                        {PAYROLL_MSG.uploadPayroll}
                      </Button>
                    ) : null}
                    {!noPayroll ? (
                      <PayrollActionButtons details={data} month={current} vendorId={vendorId} actions={actions} leaveOnCancel={false} withSummaryLink />
                    ) : null}
                  </>
                ) : null
              }
            >
              {data && (status === 'PROCESSED' || status === 'PAYROLL_FROZEN') ? <PayrollFigures details={data} /> : null}
            </StatusBox>
            {current ? (
              <MonthlySummary
                vendorId={vendorId}
                current={current}
                selected={selectedMonth}
                onSelect={(m) => void setSelectedMonth(m)}
              />
            ) : null}
          </Stack>
        }
        side={
          <Stack gap="lg">
            <AccountCard info={info.data} account={account.data} accountLoading={account.isPending} accountError={account.error} />
            {vendorId === null && canRead ? (
              <Suspense fallback={null}>
                <AccountStatementButton />
              </Suspense>
            ) : null}
            {actions.insufficientBalance && account.data ? (
              <InsufficientBalanceCard balance={account.data.accountBalance} required={required} rechargeLink={account.data.rechargeLink} />
            ) : null}
          </Stack>
        }
      />
      <PayrollHistory
        vendorId={vendorId}
        uploadHref={uploadHref}
        uploadBlockedReason={uploadBlockedReason}
      />
    </Stack>
  );
}
