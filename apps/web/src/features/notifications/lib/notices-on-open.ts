import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshNoticeCounts } from '../api/notices-api.ts';

/**
 * A page whose GET marks the person's notices about it read on the server (the project page,
 * decision 031): once it has loaded, and only while the session counts unread notices, the
 * counts are asked again so the bell drops. Nothing is asked when nothing is unread.
 */
export function useNoticesReadOnOpen(userId: string | null, unreadNotices: number, pageKey: string, loaded: boolean): void {
  const queryClient = useQueryClient();
  const pending = unreadNotices > 0;
  useEffect(() => {
    if (userId && loaded && pending) refreshNoticeCounts(queryClient, userId).catch(() => undefined);
    // Once per page opened: not again when the count it refreshed changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, loaded, pageKey, queryClient]);
}
