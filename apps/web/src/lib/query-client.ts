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
