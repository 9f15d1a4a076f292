import { api, apiRequest } from '@/lib/api.ts';

interface MessageResponse {
  message: string;
}

export const changePassword = (body: { currentPassword: string; newPassword: string; confirmPassword: string }) => api.post<MessageResponse>('/api/auth/change-password', body);

// api.delete sends no body; this DELETE carries the password.
export const deleteAccount = (password: string) => apiRequest<MessageResponse>('/api/account', { method: 'DELETE', body: { password } });
