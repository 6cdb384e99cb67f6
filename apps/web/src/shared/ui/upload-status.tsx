/**
 * An upload's status on the lists that show uploads (upload history, Attendance, Leave), with the
 * outcome notice's colour rule (issue 20), and the mark that the admin has seen an outcome there.
 */
import { useEffect, useRef } from 'react';
import { Badge } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowCounts, UploadOutcomeList } from '@portal/domain';
import { statusLabel } from './status-tone';
import { OUTCOME_TONE_COLOR, markUploadOutcomesSeen, outcomeTone, seenOnList, uploadOutcomeKeys, uploadOutcomesQuery } from './upload-outcomes';

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
 * A list showing these uploads' outcomes (their own page): the caller's finished ones among the
 * open notices are marked seen on the server, so the notice does not follow the admin to other
 * screens (nor shows in another tab); the notice stack drops them at once.
 */
export function useOutcomesSeenOnList(rows: readonly { id: string; status: string }[] | undefined): void {
  const queryClient = useQueryClient();
  const outcomes = useQuery(uploadOutcomesQuery()).data?.outcomes;
  const sent = useRef(new Set<string>());
  const mark = useMutation({
    mutationFn: markUploadOutcomesSeen,
    onMutate: async (ids: readonly string[]) => {
      await queryClient.cancelQueries({ queryKey: uploadOutcomeKeys.all });
      queryClient.setQueryData<UploadOutcomeList>(uploadOutcomeKeys.all, (old) => (old ? { outcomes: old.outcomes.filter((o) => !ids.includes(o._id)) } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadOutcomeKeys.all }),
  });
  const ids = seenOnList(rows, outcomes).filter((id) => !sent.current.has(id));
  const key = ids.join(',');
  const { mutate } = mark;
  useEffect(() => {
    if (!key) return;
    const batch = key.split(',');
    for (const id of batch) sent.current.add(id);
    mutate(batch);
  }, [key, mutate]);
}
