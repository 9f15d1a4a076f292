import type { SignUpRole } from '@/lib/auth-modals.ts';
import { api } from '@/lib/api.ts';
import type { Session } from '@/lib/session-user.ts';

// Thin wrappers over /api/auth/*: bodies are the shared schemas' output, answers typed as the
// server documents them (the server validates both ways; the client does not re-parse).

interface MessageResponse {
  message: string;
}

export type SocialProvider = 'google' | 'facebook';

export const fetchSession = (signal?: AbortSignal) => api.get<Session>('/api/auth/session', signal);

export const signIn = (body: { email: string; password: string }) => api.post<Session>('/api/auth/sign-in', body);

export const signUp = (body: { role: SignUpRole; firstName: string; lastName: string; email: string; password: string; confirmPassword: string; acceptTerms: true }) =>
  api.post<MessageResponse>('/api/auth/sign-up', body);

export const verifyEmail = (body: { email: string; code: string }) => api.post<MessageResponse>('/api/auth/verify-email', body);

export const resendCode = (email: string) => api.post<MessageResponse>('/api/auth/resend-code', { email });

export const forgotPassword = (email: string) => api.post<MessageResponse>('/api/auth/forgot-password', { email });

export const resetPassword = (body: { email: string; code: string; password: string; confirmPassword: string }) => api.post<MessageResponse>('/api/auth/reset-password', body);

export const signOut = () => api.post<undefined>('/api/auth/sign-out', {});

export const fetchProviders = (signal?: AbortSignal) => api.get<{ providers: SocialProvider[] }>('/api/auth/providers', signal);
