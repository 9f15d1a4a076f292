import type { QueryClient } from '@tanstack/react-query';
import type { NoticesPage, NoticesRead, UnreadNotices } from '@arreglaya/shared/schemas/notifications';
import { api } from '@/lib/api.ts';
import { SESSION_QUERY_KEY, type Session } from '@/lib/session-user.ts';

// The notification centre's API (issue 31): the person's notices page by page, and the read marks.

export const noticeKeys = { list: (userId: string) => ['notices', userId] as const };

export const fetchNotices = (before: string | null, signal?: AbortSignal) =>
  api.get<NoticesPage>(`/api/me/notices${before ? `?before=${encodeURIComponent(before)}` : ''}`, signal);
export const markNoticeRead = (id: string) => api.post<NoticesRead>(`/api/me/notices/${encodeURIComponent(id)}/read`, {});
export const markAllNoticesRead = () => api.post<NoticesRead>('/api/me/notices/read', {});
const fetchUnread = () => api.get<{ unread: number; notices: number }>('/api/me/unread');

/** Writes the server's counts into the session entry: the bell, the phone menu and the chat badge follow. */
export function writeUnread(queryClient: QueryClient, userId: string, unread: UnreadNotices): void {
  queryClient.setQueryData<Session>(SESSION_QUERY_KEY, (session) => {
    const user = session?.user;
    if (!user || user.id !== userId || (user.unreadNotices === unread.notices && user.unreadMessages === unread.messages)) return session;
    return { ...session, user: { ...user, unreadNotices: unread.notices, unreadMessages: unread.messages } };
  });
}

/** After a page that marks notices read on the server (the project page): the counts again, and the list when it is loaded. */
export async function refreshNoticeCounts(queryClient: QueryClient, userId: string): Promise<void> {
  const { unread, notices } = await fetchUnread();
  writeUnread(queryClient, userId, { notices, messages: unread });
  await queryClient.invalidateQueries({ queryKey: noticeKeys.list(userId) });
}
