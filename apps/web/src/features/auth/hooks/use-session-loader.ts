import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../session-query.ts';

/**
 * Asks GET /api/auth/session once the app mounts (the root layout calls it); components read the
 * answer through useViewer (`@/lib/use-viewer.ts`), never from here. Refetch on focus, every 30 s
 * while visible and at expiry: useAutoLogout.
 */
export function useSessionLoader(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Deduplicated by the cache: one request however often it is asked.
    queryClient.ensureQueryData(sessionQuery).catch(() => undefined);
  }, [queryClient]);
}
