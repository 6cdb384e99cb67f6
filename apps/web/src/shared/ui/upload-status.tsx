/**
 * An upload's status on the lists that show uploads (upload history, Attendance, Leave), with the
 * outcome notice's colour rule (issue 20), and the mark that the admin has seen an outcome there.
 */
import { useEffect, useRef } from 'react';
import { Badge } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigation } from 'react-router';
import type { RowCounts, UploadOutcomeList } from '@portal/domain';
import { statusLabel } from './status-tone';
import { OUTCOME_TONE_COLOR, markUploadOutcomesSeen, outcomeTone, seenHereStore, seenOnList, uploadOutcomeKeys, uploadOutcomesQuery } from './upload-outcomes';

/** PROCESSED green only when no row failed; orange when some did; red when none applied (outcomeTone, as the notice). */
export function UploadStatusBadge({ status, counts }: { status: string; counts: RowCounts | null }) {
  const tone = outcomeTone({ status, counts });
  return (
    <Badge color={OUTCOME_TONE_COLOR[tone]} variant="light" radius="sm" data-tone={tone}>
      {statusLabel(status)}
    </Badge>
  );
}

/**
 * A list showing these uploads' outcomes (their own page, issue 20): the caller's finished ones
 * among the open notices are marked seen on the server, so the notice follows the admin to no
 * other screen (nor shows in another tab); on this screen it stays until closed or left.
 */
export function useOutcomesSeenOnList(rows: readonly { id: string; status: string }[] | undefined): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // While the admin is on the way to another screen (returnTo after an upload; lazy routes keep this one
  // on screen meanwhile) nothing is marked: the notice is to greet them there.
  const leaving = useNavigation().state !== 'idle';
  const outcomes = useQuery(uploadOutcomesQuery()).data?.outcomes;
  const sent = useRef(new Set<string>());
  const mark = useMutation({
    mutationFn: markUploadOutcomesSeen,
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadOutcomeKeys.all }),
  });
  const { mutate } = mark;
  useEffect(() => {
    if (leaving) return;
    const batch = seenOnList(rows, outcomes).filter((o) => !sent.current.has(o._id));
    if (batch.length === 0) return;
    for (const o of batch) sent.current.add(o._id);
    seenHereStore.add(pathname, batch);
    // Out of the server's list at once, so no other screen shows them while the call is on its way.
    const ids = new Set(batch.map((o) => o._id));
    queryClient.setQueryData<UploadOutcomeList>(uploadOutcomeKeys.all, (old) => (old ? { outcomes: old.outcomes.filter((o) => !ids.has(o._id)) } : old));
    mutate([...ids]);
  }, [rows, outcomes, pathname, leaving, mutate, queryClient]);
}
