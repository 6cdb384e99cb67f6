/**
 * The admin's upload outcomes as one query (issue 11), apart from the notices' rules
 * (shared/ui/upload-outcomes.ts) so that the signed-in frame's loader can ask for it with the
 * profile and the configuration without bringing those rules into the first load.
 */
import { queryOptions } from '@tanstack/react-query';
import { uploadOutcomeCalls } from '@portal/domain';
import { call } from './client';
import { uploadOutcomeKeys } from './query-keys';

/** While an upload is being processed the notices are asked for this often; otherwise rarely (and on focus). */
export const OUTCOME_WATCH_MS = 2000;
export const OUTCOME_IDLE_MS = 60_000;

export const uploadOutcomesQuery = () =>
  queryOptions({
    queryKey: uploadOutcomeKeys.all,
    queryFn: () => call(uploadOutcomeCalls.list),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => ((q.state.data?.outcomes ?? []).some((o) => o.status === 'PROCESSING') ? OUTCOME_WATCH_MS : OUTCOME_IDLE_MS),
  });
