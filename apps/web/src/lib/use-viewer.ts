import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, type Session, type SessionUser } from '@/lib/session-user.ts';

export type { SessionUser };

const SESSION_QUERY_HASH = hashKey(SESSION_QUERY_KEY);

export interface Viewer {
  user: SessionUser | null;
  /** True until the first answer of GET /api/auth/session (and while hydrating: the server did not know). */
  isLoading: boolean;
  /** When the server ends the session unless it is used (it slides); null when signed out. */
  expiresAt: string | null;
}

/** What the server rendered with: nobody known yet. */
const serverData = (): Session | undefined => undefined;
const serverAnswered = (): boolean => false;

/**
 * THE way to read the signed-in person, in every component and feature. It watches the session
 * entry of the query cache, which the root layout fills (useSessionLoader in the auth feature:
 * GET /api/auth/session, refetched on focus, every 30 s while visible and at expiry).
 *
 * It reads the cache entry directly instead of calling useQuery: the navbar needs it on every
 * page, and useQuery's observer machinery would add ~4 KB (gzip) to the first bundle. While
 * hydrating server-rendered HTML it answers what the server knew (nobody yet, loading), so a
 * part hydrated after the session answered (a card's heart) does not mismatch its HTML; React
 * renders it again with the session right after (decision 018).
 */
export function useViewer(): Viewer {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  // Two values that change only when what the page shows changes (not at every step of a
  // request, nor when the query is first created): a page does not re-render the layout for them.
  // Read on every cache event, by every component using the hook: a lookup by hash, not a scan.
  const getData = useCallback(() => cache.get<Session>(SESSION_QUERY_HASH)?.state.data, [cache]);
  const getAnswered = useCallback(() => {
    const state = cache.get<Session>(SESSION_QUERY_HASH)?.state;
    return state !== undefined && !(state.status === 'pending' && state.data === undefined);
  }, [cache]);
  const data = useSyncExternalStore(subscribe, getData, serverData);
  const answered = useSyncExternalStore(subscribe, getAnswered, serverAnswered);
  return { user: data?.user ?? null, isLoading: !answered, expiresAt: data?.expiresAt ?? null };
}
