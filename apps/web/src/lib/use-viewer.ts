import { skipToken, useQuery } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, type Session, type SessionUser } from '@/lib/session-user.ts';

/**
 * The signed-in person, read from the session entry of the query cache (the root layout
 * fetches it), for features that only need to know who is looking (they do not import the auth
 * feature). It only watches the cache.
 */
export function useViewer(): { user: SessionUser | null; isLoading: boolean } {
  const { data } = useQuery<Session>({ queryKey: SESSION_QUERY_KEY, queryFn: skipToken });
  return { user: data?.user ?? null, isLoading: data === undefined };
}
