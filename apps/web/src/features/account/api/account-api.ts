import type { z } from 'zod';
import type { ChangePasswordSchema, DeleteAccountSchema } from '@arreglaya/shared/schemas/auth';
import { api, apiRequest } from '@/lib/api.ts';

interface MessageResponse {
  message: string;
}

export const changePassword = (body: z.input<typeof ChangePasswordSchema>) => api.post<MessageResponse>('/api/auth/change-password', body);

// api.delete sends no body; this DELETE carries the password.
export const deleteAccount = (password: string) =>
  apiRequest<MessageResponse>('/api/account', { method: 'DELETE', body: { password } satisfies z.input<typeof DeleteAccountSchema> });
