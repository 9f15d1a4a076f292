import type { PushDevices, PushSubscriptionInput } from '@arreglaya/shared/schemas/push';
import { api, apiRequest } from '@/lib/api.ts';

// This device's Web Push subscription on the server (decision 039).

export const fetchPushKey = () => api.get<{ publicKey: string }>('/api/push/key');
export const savePushSubscription = (body: PushSubscriptionInput) => api.post<{ message: string }>('/api/me/push-subscriptions', body);
export const deletePushSubscription = (endpoint: string) => apiRequest<{ message: string }>('/api/me/push-subscriptions', { method: 'DELETE', body: { endpoint } });

// The person's devices that receive pushes (issue 48), on /perfil/notificaciones.
export const pushDevicesKey = ['push-devices'] as const;
export const fetchPushDevices = (signal?: AbortSignal) => api.get<PushDevices>('/api/me/push-subscriptions', signal);
export const removePushDevice = (id: string) => api.delete<{ message: string }>(`/api/me/push-subscriptions/${encodeURIComponent(id)}`);
