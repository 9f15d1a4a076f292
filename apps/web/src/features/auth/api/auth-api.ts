import type { z } from 'zod';
import type {
  EmailConfirmed,
  EmailOnlySchema,
  PhoneSignInCodeInput,
  PhoneSignInInput,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  VerifyEmailSchema,
} from '@arreglaya/shared/schemas/auth';
import { SESSION_PATH } from '@arreglaya/shared/routes';
import { api } from '@/lib/api.ts';
import type { Session } from '@/lib/session-user.ts';
import type { SignOutSchema } from '@arreglaya/shared/schemas/push';

// Thin wrappers over /api/auth/*: bodies are typed as the input of the shared schema the server
// checks them with (z.input, type-only: no zod in this chunk), answers as the server documents
// them (the server validates; the client does not re-parse).

interface MessageResponse {
  message: string;
}

export type SocialProvider = 'google' | 'facebook';

/** Preloaded by the shell's head (apps/server/src/plugins/web-app.ts, decision 070): the browser answers this with the preload's response. */
export const fetchSession = (signal?: AbortSignal) => api.get<Session>(SESSION_PATH, signal);

export const signIn = (body: z.input<typeof SignInSchema>) => api.post<Session>('/api/auth/sign-in', body);

/** Signing in with a code to one's phone (decision 071): the same answer whoever's the number is. */
export const requestPhoneSignInCode = (body: PhoneSignInCodeInput) => api.post<MessageResponse>('/api/auth/phone/code', body);

export const signInWithPhoneCode = (body: PhoneSignInInput) => api.post<Session>('/api/auth/phone/sign-in', body);

export const signUp = (body: z.input<typeof SignUpSchema>) => api.post<MessageResponse>('/api/auth/sign-up', body);

export const verifyEmail = (body: z.input<typeof VerifyEmailSchema>) => api.post<EmailConfirmed>('/api/auth/verify-email', body);

export const resendCode = (email: string) => api.post<MessageResponse>('/api/auth/resend-code', { email } satisfies z.input<typeof EmailOnlySchema>);

export const forgotPassword = (email: string) => api.post<MessageResponse>('/api/auth/forgot-password', { email } satisfies z.input<typeof EmailOnlySchema>);

export const resetPassword = (body: z.input<typeof ResetPasswordSchema>) => api.post<MessageResponse>('/api/auth/reset-password', body);

/** With this device's push endpoint, if it had one: the server deletes its subscription with the session. */
export const signOut = (pushEndpoint?: string) => api.post<undefined>('/api/auth/sign-out', (pushEndpoint ? { pushEndpoint } : {}) satisfies z.input<typeof SignOutSchema>);

export const fetchProviders = (signal?: AbortSignal) => api.get<{ providers: SocialProvider[] }>('/api/auth/providers', signal);
