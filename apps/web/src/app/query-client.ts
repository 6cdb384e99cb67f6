import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client';

/** How long an answer counts as just answered: not read again by a page that mounts meanwhile. */
export const JUST_ANSWERED_MS = 2_000;

/** Client errors (4xx) are answers, not hiccups: only network failures and 5xx are retried, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A page's data asked for with its code (the route's loader, decision 0041) is not asked for
        // again as the page mounts a moment later, whatever the query's staleTime: the second read
        // doubled a phone's requests and ran their fetches inside the first render's effects. An
        // invalidated query, or one answered longer ago, is read as its staleTime says.
        refetchOnMount: (query) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= JUST_ANSWERED_MS,
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
