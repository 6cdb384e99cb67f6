import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Text } from '@mantine/core';
import { IconCheck, IconDownload, IconEye, IconFileUpload, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAYROLL_MSG, PAYROLL_OUTCOME_MSG, formatRupees, monthLabel, payrollUploadKindOf, type MonthYearValue, type PayrollDetails } from '@portal/domain';
import { ApiError } from '../../shared/api/client';
import { errorMessage, notifyError, notifySuccess, notifyWarning } from '../../shared/ui';
import { DeferredTooltip } from '../../shared/ui/deferred-tooltip';
import { cancelPayroll, downloadStoredDocument, executePayroll, finalizePayroll, payrollDetailsQuery, payrollInfoQuery, payrollKeys } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { dateAndTimeIst, payrollHome, payrollHref, payrollUploadHref, refusalOf, type PayrollActions, type Refusal } from './model';

/** The highlighted sheet is saved as PROCESSED_PAYROLL_SHEET (spec 8). */
export const PROCESSED_SHEET_FILE = `${PAYROLL_MSG.processedSheetFileName}.xlsx`;

/** A failed payroll action: a red notice that stays until dismissed, with the server's message (spec 8). */
export const notifyActionError = (title: string, error: unknown) => notifyError(errorMessage(error), { title, autoClose: false });

/**
 * A failed Execute or Re-run (decision 0033). A refusal (409) is judged by the payroll read again
 * now, not by the message's words: executed from another tab ("already executed", by whom and
 * when, in orange), a re-run under way or already settled (orange, and the screen shows it);
 * anything else is the spec's persistent red notice. The screens' payroll queries are refreshed
 * either way. Returns what it was, so Execute can move to the payout screen.
 */
export async function explainRefusal(queryClient: QueryClient, action: 'execute' | 'rerun', error: unknown, vendorId: string | null, month: MonthYearValue | null): Promise<Refusal> {
  const httpStatus = error instanceof ApiError ? error.status : null;
  let now: PayrollDetails | null = null;
  if (httpStatus === 409 && month) now = await queryClient.fetchQuery({ ...payrollDetailsQuery(vendorId, month), staleTime: 0 }).catch(() => null);
  const refusal = refusalOf(action, httpStatus, now?.status ?? null);
  void queryClient.invalidateQueries({ queryKey: payrollKeys.all });
  if (refusal === 'already-executed' && now && month) {
    const at = now.executedAt ? dateAndTimeIst(now.executedAt) : null;
    notifyWarning(PAYROLL_OUTCOME_MSG.alreadyExecutedBy(monthLabel(month), now.executedBy, at ? `${at.date} at ${at.time}` : null), { title: PAYROLL_OUTCOME_MSG.alreadyExecutedTitle });
  } else if (refusal === 'rerun-under-way') notifyWarning(PAYROLL_OUTCOME_MSG.rerunUnderWay, { title: PAYROLL_OUTCOME_MSG.rerunUnderWayTitle });
  else if (refusal === 'rerun-done') notifyWarning(PAYROLL_OUTCOME_MSG.rerunAlreadyDone, { title: PAYROLL_OUTCOME_MSG.rerunUnderWayTitle });
  // Spec 8: the execution error toast does not auto-close.
  else notifyActionError(action === 'execute' ? PAYROLL_MSG.executionFailed : 'Re-run failed', error);
  return refusal;
}

/** Saves the highlighted (processed) sheet of a payroll, or says why not. */
export function useSheetDownload(vendorId: string | null) {
  return useMutation({
    mutationFn: (location: string) => downloadStoredDocument(location, vendorId, PROCESSED_SHEET_FILE),
    onError: (error) => notifyError(errorMessage(error), { title: 'Download failed' }),
  });
}

type Confirming = 'finalize' | 'cancel' | 'execute' | null;

export interface PayrollActionButtonsProps {
  details: PayrollDetails | undefined;
  month: MonthYearValue;
  vendorId: string | null;
  actions: PayrollActions;
  /** Where Cancel goes after success: the payroll page (from the pre-execution summary) or nowhere (already there). */
  leaveOnCancel: boolean;
  /** Show the "View Payroll Summary" link (on the payroll page). */
  withSummaryLink: boolean;
  /** Told just before an action takes the admin to another screen (the screen then stops redirecting on its own). */
  onLeave?: () => void;
}

/**
 * The payroll's buttons by status (spec 2.9, 2.10, 4.4, 4.5, 6): Finalize Payroll (PROCESSED),
 * Cancel and Execute payroll (PAYROLL_FROZEN with WRITE; Execute also needs the window and the
 * balance), re-upload, the highlighted sheet, View Status once executed. Each action is confirmed
 * first; a failure stays on screen as a red notice.
 */
export function PayrollActionButtons({ details, month, vendorId, actions, leaveOnCancel, withSummaryLink, onLeave }: PayrollActionButtonsProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const label = monthLabel(month);
  const refresh = () => queryClient.invalidateQueries({ queryKey: payrollKeys.all });
  const sheet = useSheetDownload(vendorId);
  // The re-upload's kind follows the employer's streaming-account opt-in (decision 0022; the screens' cached payroll info).
  const uploadKind = payrollUploadKindOf(useQuery(payrollInfoQuery(vendorId)).data?.hasEmployerOptedForStreamingAccount);

  const finalize = useMutation({
    mutationFn: (payrollId: string) => finalizePayroll(payrollId, month, vendorId),
    onSuccess: ({ hrActionError }) => {
      setConfirming(null);
      notifySuccess(PAYROLL_MSG.finalizedFor(label));
      if (hrActionError) notifyActionError(PAYROLL_MSG.hrActionFailed, hrActionError);
      void refresh();
    },
    onError: (error) => {
      setConfirming(null);
      notifyActionError('Finalize failed', error);
      void refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (payrollId: string) => cancelPayroll(payrollId, vendorId),
    onSuccess: (result) => {
      setConfirming(null);
      notifySuccess(result.message || PAYROLL_MSG.cancelled(label));
      if (leaveOnCancel) {
        onLeave?.();
        void navigate(payrollHome(vendorId));
      }
      void refresh();
    },
    onError: (error) => {
      setConfirming(null);
      notifyActionError('Cancel failed', error);
      void refresh();
    },
  });
  const execute = useMutation({
    // A streaming-account payroll is executed by its streaming account id (decision 0022).
    mutationFn: (payroll: PayrollDetails) => executePayroll(payroll, vendorId),
    onSuccess: (result) => {
      setConfirming(null);
      notifySuccess(result.message || PAYROLL_MSG.executionInProgress);
      // 4.5: execute moves to the payout screen (before the reload, so this screen does not redirect on the new status).
      onLeave?.();
      void navigate(payrollHref('/payroll/summary', month, vendorId));
      void refresh();
    },
    onError: async (error) => {
      setConfirming(null);
      // Executed from another tab: say so (not a red failure) and show where its payouts stand.
      if ((await explainRefusal(queryClient, 'execute', error, vendorId, month)) === 'already-executed') {
        onLeave?.();
        void navigate(payrollHref('/payroll/summary', month, vendorId));
      }
    },
  });

  if (!details) return null;
  const id = details._id;
  const busy = finalize.isPending || cancel.isPending || execute.isPending;
  const required = details.completePayrollPayoutBreakup.totalBalanceRequired;
  const returnTo = `${location.pathname}${location.search}`;
  const processedSheet = details.payrollFile.processedFileUrl;

  return (
    <>
      {actions.viewSummary && withSummaryLink ? (
        <Button component={Link} to={payrollHref('/payroll/uploadSummary', month, vendorId)} variant="default" leftSection={<IconEye size={16} stroke={1.8} aria-hidden />}>
          View Payroll Summary
        </Button>
      ) : null}
      {actions.viewStatus ? (
        <Button component={Link} to={payrollHref('/payroll/summary', month, vendorId)} leftSection={<IconEye size={16} stroke={1.8} aria-hidden />}>
          {PAYROLL_MSG.viewStatus}
        </Button>
      ) : null}
      {actions.finalize ? (
        <Button leftSection={<IconCheck size={16} stroke={1.8} aria-hidden />} disabled={busy || actions.processing} onClick={() => setConfirming('finalize')}>
          {PAYROLL_MSG.finalizePayroll}
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button variant="default" color="red" leftSection={<IconX size={16} stroke={1.8} aria-hidden />} disabled={busy} onClick={() => setConfirming('cancel')}>
          {PAYROLL_MSG.cancel}
        </Button>
      ) : null}
      {actions.execute ? (
        <DeferredTooltip label={actions.executeBlocked ?? ''} disabled={!actions.executeBlocked}>
          {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
          <span>
            <Button
              leftSection={<IconPlayerPlay size={16} stroke={1.8} aria-hidden />}
              disabled={busy || actions.executeBlocked !== null}
              aria-describedby={actions.executeBlocked ? 'execute-blocked-reason' : undefined}
              onClick={() => setConfirming('execute')}
            >
              {PAYROLL_MSG.executePayroll}
            </Button>
          </span>
        </DeferredTooltip>
      ) : null}
      {actions.execute && actions.executeBlocked ? (
        <Text id="execute-blocked-reason" size="sm" c="dimmed">
          {actions.executeBlocked}
        </Text>
      ) : null}
      {actions.reupload ? (
        <Button component={Link} to={payrollUploadHref(month, vendorId, returnTo, uploadKind)} variant="default" leftSection={<IconFileUpload size={16} stroke={1.8} aria-hidden />}>
          Re-upload
        </Button>
      ) : null}
      {actions.downloadSheet && processedSheet ? (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} stroke={1.8} aria-hidden />}
          loading={sheet.isPending}
          onClick={() => sheet.mutate(processedSheet)}
        >
          {PAYROLL_MSG.downloadSheet}
        </Button>
      ) : null}

      <ConfirmDialog
        opened={confirming === 'finalize'}
        title={PAYROLL_MSG.finalizePayroll}
        confirmLabel={PAYROLL_MSG.finalizePayroll}
        pending={finalize.isPending}
        onConfirm={() => finalize.mutate(id)}
        onClose={() => setConfirming(null)}
      >
        {`Finalize the payroll for ${label}? ${details.finalizedEntries} employee(s) will be paid and ${details.skippedEntries} skipped. A finalized payroll can be executed or cancelled, not changed.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'cancel'}
        title="Cancel payroll"
        confirmLabel="Cancel payroll"
        color="red"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(id)}
        onClose={() => setConfirming(null)}
      >
        {`Cancel the finalized payroll for ${label}? You can then upload a new sheet for the month.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'execute'}
        title={PAYROLL_MSG.executePayroll}
        confirmLabel={PAYROLL_MSG.executePayroll}
        pending={execute.isPending}
        onConfirm={() => execute.mutate(details)}
        onClose={() => setConfirming(null)}
      >
        {`Execute the payroll for ${label}? ${formatRupees(required)} will be debited from the account and ${details.finalizedEntries} employee(s) paid. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}
