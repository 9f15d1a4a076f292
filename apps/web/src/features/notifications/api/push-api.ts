import type { PushSubscriptionInput } from '@arreglaya/shared/schemas/push';
import { api, apiRequest } from '@/lib/api.ts';

// This device's Web Push subscription on the server (decision 039).

export const fetchPushKey = () => api.get<{ publicKey: string }>('/api/push/key');
export const savePushSubscription = (body: PushSubscriptionInput) => api.post<{ message: string }>('/api/me/push-subscriptions', body);
export const deletePushSubscription = (endpoint: string) => apiRequest<{ message: string }>('/api/me/push-subscriptions', { method: 'DELETE', body: { endpoint } });
