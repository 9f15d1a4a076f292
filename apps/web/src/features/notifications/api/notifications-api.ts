import type { z } from 'zod';
import type { NotificationPreferencesInput, NotificationPreferencesSchema } from '@arreglaya/shared/schemas/notifications';
import { api } from '@/lib/api.ts';

export const notificationKeys = { prefs: (userId: string) => ['notifications', userId] as const };

export const fetchPreferences = (signal?: AbortSignal) => api.get<NotificationPreferencesInput>('/api/me/notifications', signal);
export const savePreferences = (body: z.input<typeof NotificationPreferencesSchema>) =>
  api.put<{ message: string; preferences: NotificationPreferencesInput }>('/api/me/notifications', body);
