import type { ErrorCode } from '@arreglaya/shared/errors';
import { es } from '@arreglaya/shared/i18n/es';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** Fastify's request headers as the Fetch API Headers better-auth expects. */
export function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Copies the cookies (and the bearer plugin's token header) of a better-auth answer onto ours. */
export function forwardAuthHeaders(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const token = from.get('set-auth-token');
  if (token) void reply.header('set-auth-token', token).header('access-control-expose-headers', 'set-auth-token');
}

/** better-auth's error codes → ours (with the field the form should mark). */
const MAPPING: Record<string, { code: ErrorCode; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS' },
  EMAIL_NOT_VERIFIED: { code: 'EMAIL_NOT_VERIFIED' },
  ACCOUNT_DISABLED: { code: 'ACCOUNT_DISABLED' },
  INVALID_OTP: { code: 'INVALID_CODE', field: 'code' },
  // Known only to someone who has no code for it: answer as a wrong code, never "no such user".
  USER_NOT_FOUND: { code: 'INVALID_CODE', field: 'code' },
  OTP_EXPIRED: { code: 'CODE_EXPIRED', field: 'code' },
  TOO_MANY_ATTEMPTS: { code: 'CODE_LOCKED', field: 'code' },
  INVALID_PASSWORD: { code: 'WRONG_PASSWORD', field: 'currentPassword' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: 'WRONG_PASSWORD', field: 'currentPassword' },
  PASSWORD_TOO_SHORT: { code: 'VALIDATION', field: 'password' },
  PASSWORD_TOO_LONG: { code: 'VALIDATION', field: 'password' },
};

export interface AuthAnswer<T> {
  body: T;
  headers: Headers;
}

/** Runs a better-auth call made with `asResponse: true` and turns its failures into AppErrors. */
export async function callAuth<T>(call: Promise<Response>): Promise<AuthAnswer<T>> {
  const res = await call;
  const text = await res.text();
  const body = (text ? JSON.parse(text) : null) as T & { code?: string; message?: string };
  if (res.ok) return { body, headers: res.headers };
  const mapped = body?.code ? MAPPING[body.code] : undefined;
  if (!mapped) throw new Error(`better-auth answered ${res.status}: ${text.slice(0, 300)}`);
  const message = mapped.code === 'VALIDATION' ? es.auth.passwordTooShort : es.apiErrors[mapped.code];
  throw new AppError(mapped.code, message, mapped.field ? { [mapped.field]: message } : undefined);
}
