import { queryOptions } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '@/lib/session-user.ts';
import { fetchSession } from './api/auth-api.ts';

export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
});
