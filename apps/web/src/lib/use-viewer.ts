import { useSyncExternalStore } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, type Session, type SessionUser } from '@/lib/session-user.ts';

const noSubscription = () => () => {};

/**
 * The signed-in person, read from the session entry of the query cache (the root layout
 * fetches it), for features that only need to know who is looking (they do not import the auth
 * feature). It only watches the cache.
 *
 * On the server, and while React hydrates a page the server rendered, it answers "not known
 * yet" (no session there): the first render in the browser equals the server's HTML even when
 * the session has already answered, and React renders again with the session right after
 * hydrating (useSyncExternalStore's server snapshot; decision 018).
 */
export function useViewer(): { user: SessionUser | null; isLoading: boolean } {
  const { data } = useQuery<Session>({ queryKey: SESSION_QUERY_KEY, queryFn: skipToken });
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated) return { user: null, isLoading: true };
  return { user: data?.user ?? null, isLoading: data === undefined };
}
