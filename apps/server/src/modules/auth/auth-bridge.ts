import type { ErrorCode } from '@arreglaya/shared/errors';
import { es } from '@arreglaya/shared/i18n/es';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { CSRF_HEADER } from '../../lib/route-config.ts';

/**
 * The header better-auth reads the client IP from (sessions record it). We set it to Fastify's
 * req.ip, computed by the one TRUST_PROXY rule; whatever a client sent under that name, or as
 * X-Forwarded-For, never reaches better-auth as an address.
 */
export const CLIENT_IP_HEADER = 'x-arreglaya-client-ip';

/** Fastify's request headers as the Fetch API Headers better-auth expects. */
export function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_IP_HEADER, req.ip);
  return headers;
}

/**
 * Whether the caller may receive the session token in a header (the bearer plugin's
 * `set-auth-token`). Only a non-browser client: one that already authenticates with a bearer
 * token, or one that signs in with neither a session cookie nor an Origin header. Every
 * browser sends Origin with a POST and no script can remove it, so a script running in our
 * pages (an XSS) never reads a token the httpOnly cookie keeps away from it.
 */
export function isBearerClient(req: FastifyRequest): boolean {
  if (/^Bearer\s/i.test(req.headers.authorization ?? '')) return true;
  return req.headers.origin === undefined && req.headers.cookie === undefined && req.headers[CSRF_HEADER] === undefined;
}

/** Adds a Set-Cookie header to the answer, keeping those already set. */
export function appendCookie(reply: FastifyReply, cookie: string): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  void reply.header('set-cookie', [...list, cookie]);
}

/** Copies the cookies (and, for bearer clients only, the token header) of a better-auth answer onto ours. */
export function forwardAuthHeaders(from: Headers, reply: FastifyReply): void {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const token = from.get('set-auth-token');
  if (token && isBearerClient(reply.request)) void reply.header('set-auth-token', token).header('access-control-expose-headers', 'set-auth-token');
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
  // Concurrent sign-ups with one address: the first creates the account, the others lose the
  // unique index race inside better-auth.
  FAILED_TO_CREATE_USER: { code: 'CONFLICT' },
};

const MESSAGES: Partial<Record<string, string>> = {
  VALIDATION: es.auth.passwordTooShort,
  CONFLICT: es.auth.signUpInProgress,
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
  const message = MESSAGES[mapped.code] ?? es.apiErrors[mapped.code];
  throw new AppError(mapped.code, message, mapped.field ? { [mapped.field]: message } : undefined);
}
