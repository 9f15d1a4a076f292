import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { Session, SessionUser } from '@/lib/session-user.ts';
import { SESSION_QUERY_KEY } from '@/lib/session-user.ts';
import { sessionQuery } from '../session-query.ts';

export type { SessionUser };

const SESSION_QUERY_HASH = hashKey(SESSION_QUERY_KEY);

export interface SessionState {
  user: SessionUser | null;
  /** True until the first answer of GET /api/auth/session. */
  isLoading: boolean;
  /** When the server ends the session unless it is used (it slides); null when signed out. */
  expiresAt: string | null;
}

/**
 * The signed-in person, read from the session cookie through GET /api/auth/session and kept in
 * the react-query cache. It watches the cache entry directly instead of calling useQuery: the
 * navbar needs it on every page, and useQuery's observer machinery would add ~4 KB (gzip) to the
 * first bundle. Refetch on window focus, every 30 s while visible and at expiry: useAutoLogout (root layout).
 */
export function useSession(): SessionState {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  // Two values that change only when what the page shows changes (not at every step of a
  // request, nor when the query is first created): a page does not re-render the layout for them.
  // Read on every cache event, by every component using the hook: a lookup by hash, not a scan.
  const getData = useCallback(() => cache.get<Session>(SESSION_QUERY_HASH)?.state.data, [cache]);
  const getAnswered = useCallback(() => {
    const state = cache.get<Session>(SESSION_QUERY_HASH)?.state;
    return state !== undefined && !(state.status === 'pending' && state.data === undefined);
  }, [cache]);
  const data = useSyncExternalStore(subscribe, getData, getData);
  const answered = useSyncExternalStore(subscribe, getAnswered, getAnswered);

  useEffect(() => {
    // Deduplicated by the cache: one request however many components ask.
    queryClient.ensureQueryData(sessionQuery).catch(() => undefined);
  }, [queryClient]);

  return {
    user: data?.user ?? null,
    isLoading: !answered,
    expiresAt: data?.expiresAt ?? null,
  };
}
