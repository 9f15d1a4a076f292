import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { NoticesPage, NoticesRead } from '@arreglaya/shared/schemas/notifications';
import { fetchNotices, markAllNoticesRead, markNoticeRead, noticeKeys, writeUnread } from './notices-api.ts';

type Pages = InfiniteData<NoticesPage, string | null>;

/** The person's notices, newest first, a page at a time ("Ver más"); each answer's counts go to the session. */
export function useNotices(userId: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: noticeKeys.list(userId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchNotices(pageParam, signal);
      writeUnread(queryClient, userId, page.unread);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** The loaded list after a read mark: these notices (or all) read, the counts the server answered. */
function applyRead(queryClient: QueryClient, userId: string, answer: NoticesRead, ids: readonly string[] | 'all') {
  writeUnread(queryClient, userId, answer.unread);
  queryClient.setQueryData<Pages>(noticeKeys.list(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            unread: answer.unread,
            items: p.items.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}

/** Marks one notice read (clicked); the counts follow even when the page has changed meanwhile. */
export function useMarkNoticeRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNoticeRead, onSuccess: (answer, id) => applyRead(queryClient, userId, answer, [id]) });
}

export function useMarkAllNoticesRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNoticesRead, onSuccess: (answer) => applyRead(queryClient, userId, answer, 'all') });
}
