import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

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
 * For route loaders: waits for what a page needs (`queryClient.ensureQueryData(someQuery)`) before it renders (the page then
 * reads it through its hook without a spinner). A failure is left for the page to show, with its
 * retry button, instead of the route's error page.
 */
export async function prefetch(...loads: Promise<unknown>[]): Promise<null> {
  await Promise.all(loads.map((load) => load.catch(() => undefined)));
  return null;
}
