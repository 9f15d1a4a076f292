import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { COOKIE_PREFIX } from './better-auth.ts';

// Reading a session without better-auth's round trip (decision 022). better-auth signs the session
// cookie as `<token>.<HMAC-SHA256(secret, token) in base64>` (URL-encoded); the bearer plugin takes
// that signed value or the bare token. Here we only find the token and check its signature with
// node's HMAC; anything unusual (no token, a bad signature, two cookies) answers null and the
// caller takes better-auth's own path, which decides.

const COOKIE_NAMES = [`${COOKIE_PREFIX}.session_token`, `__Secure-${COOKIE_PREFIX}.session_token`];

function signatureMatches(secret: string, token: string, signature: string): boolean {
  const mac = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return given.length === mac.length && timingSafeEqual(given, mac);
}

function verified(secret: string, signed: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = signed.slice(0, dot);
  return signatureMatches(secret, token, signed.slice(dot + 1)) ? token : null;
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The Set-Cookie value better-auth itself writes for a session (decision 008): its name with the
 * production prefix, the signed token, its lifetime and attributes. For a session we create
 * ourselves (signing in on a confirmed code, decision 033).
 */
export function sessionCookie(token: string, secret: string, maxAgeSeconds: number, secure: boolean): string {
  const signed = `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
  const name = COOKIE_NAMES[secure ? 1 : 0];
  return `${name}=${encodeURIComponent(signed)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The session token a request carries, its signature checked; null when there is none or anything is unusual. */
export function sessionTokenOf(req: FastifyRequest, secret: string): string | null {
  const authorization = req.headers.authorization;
  if (authorization !== undefined) {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!m) return null;
    const value = decode(m[1]!);
    if (value === null) return null;
    // The bare token (what sign-in hands a bearer client) or the signed cookie value.
    return value.includes('.') ? verified(secret, value) : /^[A-Za-z0-9_-]{16,200}$/.test(value) ? value : null;
  }
  const cookie = req.headers.cookie;
  if (cookie === undefined) return null;
  let found: string | null = null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!COOKIE_NAMES.includes(name)) continue;
    if (found !== null) return null; // two session cookies: let better-auth decide
    found = part.slice(eq + 1).trim();
  }
  if (found === null) return null;
  const value = decode(found);
  return value === null ? null : verified(secret, value);
}
