import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client';
import { navigationStartedAt } from './navigation-start';

/** How long an answer asked for by the current navigation counts as just answered for a page that mounts. */
const JUST_ANSWERED_MS = 10_000;

/** Client errors (4xx) are answers, not hiccups: only network failures and 5xx are retried, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A page's data asked for with its code (the route's loader, decision 0041) is not asked for
        // again as the page mounts a moment later, whatever the query's staleTime: the second read
        // doubled a phone's requests and ran their fetches inside the first render's effects. Only an
        // answer that came in since the current navigation began, and not long ago, counts: a list
        // the admin leaves and comes back to is read again, and so is an invalidated query.
        refetchOnMount: (query) =>
          query.state.isInvalidated || query.state.dataUpdatedAt < navigationStartedAt() || Date.now() - query.state.dataUpdatedAt >= JUST_ANSWERED_MS,
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
