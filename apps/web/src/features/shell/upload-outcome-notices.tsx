import { useEffect, useId, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, CloseButton, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconCircleCheck, IconCircleX, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadOutcome, UploadOutcomeList } from '@portal/domain';
import {
  OUTCOME_TONE_COLOR as COLOR,
  OUTCOME_TYPE_LABELS,
  dismissAllUploadOutcomes,
  dismissUploadOutcome,
  downloadProcessedSheet,
  isPayrollOutcome,
  newestUploadedDate,
  notifyApiError,
  outcomeHeadline,
  outcomeTone,
  payrollHrefOf,
  rowCountsText,
  seenHereStore,
  withSeenHere,
  uploadOutcomeKeys,
  uploadOutcomesQuery,
  visibleOutcomes,
  type OutcomeTone,
} from '../../shared/ui';
import classes from './shell.module.css';

function ToneIcon({ tone }: { tone: OutcomeTone }) {
  if (tone === 'processing') return <Loader size={18} color="blue" aria-hidden />;
  const Icon = tone === 'success' ? IconCircleCheck : tone === 'warning' ? IconAlertTriangle : IconCircleX;
  return (
    <ThemeIcon variant="light" color={COLOR[tone]} size={28} radius="xl" aria-hidden>
      <Icon size={18} stroke={1.8} />
    </ThemeIcon>
  );
}

/** The line under the title: the headline in the notice's colour, then the counts and the reason (or where a payroll's result is). */
function Detail({ outcome, tone }: { outcome: UploadOutcome; tone: OutcomeTone }) {
  const parts: string[] = [];
  if (tone !== 'processing') {
    if (isPayrollOutcome(outcome)) {
      parts.push(outcome.status === 'FAILED' ? 'The payroll screen shows why, with the highlighted sheet.' : 'Review it on the payroll screen.');
    } else {
      if (outcome.counts) parts.push(rowCountsText(outcome.counts));
      // The server's reason when it gives one, else a pointer to the processed sheet's Reason column.
      if (outcome.status === 'FAILED' && outcome.failureReason) parts.push(outcome.failureReason);
      else if (outcome.counts && outcome.counts.failedRows > 0) parts.push('The processed sheet gives the reason for each failed row.');
    }
  }
  return (
    <Text size="sm" data-testid="outcome-detail">
      <Text span fw={600} c={`${COLOR[tone]}.9`}>
        {outcomeHeadline(outcome)}
      </Text>
      {outcome.vendorName ? <Text span c="var(--mantine-color-gray-7)">{` · ${outcome.vendorName}`}</Text> : null}
      {parts.map((p, i) => (
        <span key={i}>
          {' · '}
          {i === 0 && outcome.counts && !isPayrollOutcome(outcome) ? <Text span fw={500}>{p}</Text> : p}
        </span>
      ))}
    </Text>
  );
}

function OutcomeNotice({ outcome, onClose }: { outcome: UploadOutcome; onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const tone = outcomeTone(outcome);
  const color = COLOR[tone];
  const download = useMutation({ mutationFn: () => downloadProcessedSheet(outcome), onError: (error) => notifyApiError(error, { title: 'Download failed' }) });
  const title = `${OUTCOME_TYPE_LABELS[outcome.docType]}: ${outcome.fileName}`;
  const payroll = isPayrollOutcome(outcome);

  const action =
    tone === 'processing' ? null : payroll ? (
      <Button
        size="compact-sm"
        variant="light"
        color={color}
        rightSection={<IconArrowRight size={14} stroke={1.8} aria-hidden />}
        onClick={() => {
          onClose();
          void navigate(payrollHrefOf(outcome));
        }}
      >
        Open payroll
      </Button>
    ) : outcome.processedDocumentURL ? (
      <Button
        size="compact-sm"
        variant="light"
        color={color}
        leftSection={<IconDownload size={14} stroke={1.8} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        Download processed sheet
      </Button>
    ) : null;

  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={8}
      className={classes.outcome}
      style={{ borderLeftColor: `var(--mantine-color-${color}-6)` }}
      // Problems interrupt; progress and success are announced politely.
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      aria-labelledby={titleId}
      data-tone={tone}
      data-upload-id={outcome._id}
    >
      <Group align="center" gap="sm" wrap="nowrap">
        <ToneIcon tone={tone} />
        <Stack gap={0} miw={0} className={classes.outcomeText}>
          <Text id={titleId} fw={600} size="sm" truncate="end" title={title}>
            {title}
          </Text>
          <Detail outcome={outcome} tone={tone} />
        </Stack>
        {action ? <div className={classes.outcomeAction}>{action}</div> : null}
        <CloseButton size="sm" aria-label={`Close notice for ${outcome.fileName}`} onClick={onClose} />
      </Group>
    </Paper>
  );
}

/**
 * The outcome of the admin's own sheet uploads, on every signed-in screen (issue 11): sheets are
 * processed in the background and `returnTo` may have taken the admin elsewhere, so the "File
 * Uploaded" toast says only that the file was received and these notices say how it ended. One
 * per upload, at most three, above the screen's content; closing one dismisses it on the server.
 */
export function UploadOutcomeNotices() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const outcomes = useQuery(uploadOutcomesQuery());
  // Notices seen on this screen's own list: kept here until closed or left (issue 20).
  const here = useSyncExternalStore(seenHereStore.subscribe, seenHereStore.get);
  useEffect(() => {
    if (here.pathname && here.pathname !== pathname) seenHereStore.clear();
  }, [here.pathname, pathname]);
  const dismiss = useMutation({
    mutationFn: dismissUploadOutcome,
    onMutate: async (id: string) => {
      seenHereStore.remove([id]);
      await queryClient.cancelQueries({ queryKey: uploadOutcomeKeys.all });
      queryClient.setQueryData<UploadOutcomeList>(uploadOutcomeKeys.all, (old) => (old ? { outcomes: old.outcomes.filter((o) => o._id !== id) } : old));
    },
    onError: (error) => notifyApiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadOutcomeKeys.all }),
  });
  // Close all (issue 20): every notice up to the newest this stack holds, the waiting ones too; an upload made after it stays.
  const closeAll = useMutation({
    mutationFn: dismissAllUploadOutcomes,
    onMutate: async (until: string) => {
      seenHereStore.clear();
      await queryClient.cancelQueries({ queryKey: uploadOutcomeKeys.all });
      queryClient.setQueryData<UploadOutcomeList>(uploadOutcomeKeys.all, (old) =>
        old ? { outcomes: old.outcomes.filter((o) => Date.parse(o.uploadedDate) > Date.parse(until)) } : old,
      );
    },
    onError: (error) => notifyApiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadOutcomeKeys.all }),
  });

  const all = withSeenHere(outcomes.data?.outcomes ?? [], here, pathname);
  const { shown, hidden } = visibleOutcomes(all, pathname);
  if (shown.length === 0) return null;
  const newest = newestUploadedDate(all);
  return (
    <section aria-label="Upload outcomes" className={classes.outcomes}>
      <Stack gap={6}>
        {shown.map((o) => (
          <OutcomeNotice key={o._id} outcome={o} onClose={() => dismiss.mutate(o._id)} />
        ))}
      </Stack>
      {hidden > 0 || shown.length > 1 ? (
        <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
          <Text size="xs" c="var(--mantine-color-gray-7)">
            {hidden === 0 ? '' : hidden === 1 ? '1 more upload outcome: close one to see the next.' : `${hidden} more upload outcomes: close one to see the next.`}
          </Text>
          <Button size="compact-xs" variant="subtle" color="gray" c="var(--mantine-color-gray-8)" onClick={() => newest && closeAll.mutate(newest)}>
            Close all
          </Button>
        </Group>
      ) : null}
    </section>
  );
}
