import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { SESSION_QUERY_KEY } from './session-user.ts';

/**
 * The app's one query cache. A module rather than component state because route loaders
 * (the protected-area guard) read the session from it before anything renders.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change on retry; only network failures and 5xx are worth another try.
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

/**
 * The session entry is never collected. Pages read it through useViewer, which watches the cache
 * without an observer (no useQuery), so TanStack Query counts it as unused and drops it after
 * gcTime (five minutes by default); the 30-second refresh writes it with setQueryData, which does
 * not restart that timer. A dropped entry turned every signed-in page into an endless spinner and
 * the menu into a visitor's (issue 46). A default for the key, so every way the entry is created
 * (fetchQuery, ensureQueryData, setQueryData) gets it.
 */
queryClient.setQueryDefaults(SESSION_QUERY_KEY, { gcTime: Infinity });

/**
 * For route loaders: waits for what a page needs (`queryClient.ensureQueryData(someQuery)`) before it renders (the page then
 * reads it through its hook without a spinner). A failure is left for the page to show, with its
 * retry button, instead of the route's error page.
 */
export async function prefetch(...loads: Promise<unknown>[]): Promise<null> {
  await Promise.all(loads.map((load) => load.catch(() => undefined)));
  return null;
}

/**
 * Shows a write the page made on its own as it opened (back from the bank's page: a payment or a
 * card confirmed on arrival). `invalidateQueries` alone is not enough there: while the query's
 * first fetch is still in flight it has no data, and TanStack Query then joins that fetch instead
 * of starting another, so the page keeps what that fetch read before the write committed.
 * Cancelling it first makes the refetch a request sent after the write.
 */
export async function refetchAfterWrite(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
