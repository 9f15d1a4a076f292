import type { NotificationChannels } from '@arreglaya/shared/schemas/notification-channels';
import { api } from '@/lib/api.ts';

// The outside channels per notification type (decision 038): the grid reads them; a change to what
// can reach the person (a confirmed or removed number) refreshes them.

export const notificationChannelsKey = (userId: string) => ['notification-channels', userId] as const;

export const fetchNotificationChannels = (signal?: AbortSignal) => api.get<NotificationChannels>('/api/me/notification-channels', signal);
