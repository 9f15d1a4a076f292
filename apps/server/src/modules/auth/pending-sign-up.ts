import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendCookie } from './auth-bridge.ts';
import { COOKIE_PREFIX } from './better-auth.ts';

// Sign-up where the need arises (issue 31, decision 033): the browser that created an account gets
// a short-lived signed cookie naming that account. When the e-mail code is confirmed from the same
// browser, the server signs the person in without asking for the password again. Another browser
// holding the code confirms the address but gets no session: the code alone never signs anyone in.

/** Two codes' lifetime: long enough to ask for a second code, short enough to be worthless later. */
export const PENDING_SIGN_UP_SECONDS = 30 * 60;
const NAME = 'pending_sign_up';
/** Only our auth routes read it; JavaScript never (httpOnly), and no other site's request carries it (Strict). */
const PATH = '/api/auth';

const cookieName = (secure: boolean) => `${secure ? '__Secure-' : ''}${COOKIE_PREFIX}.${NAME}`;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`pending-sign-up:${payload}`).digest('base64url');
}

function attributes(secure: boolean, maxAge: number): string {
  return `Max-Age=${maxAge}; Path=${PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Marks this browser as the one that created `userId`. Every sign-up answer sets it, whether or not
 * an account was created (an address with a confirmed account gets one naming no account), so the
 * answer's headers never tell whether the address was known.
 */
export function setPendingSignUp(reply: FastifyReply, secret: string, secure: boolean, userId: string | null, now = Date.now()): void {
  const expires = Math.floor(now / 1000) + PENDING_SIGN_UP_SECONDS;
  const payload = `${userId ?? randomUUID()}.${expires}`;
  appendCookie(reply, `${cookieName(secure)}=${payload}.${sign(secret, payload)}; ${attributes(secure, PENDING_SIGN_UP_SECONDS)}`);
}

export function clearPendingSignUp(reply: FastifyReply, secure: boolean): void {
  appendCookie(reply, `${cookieName(secure)}=; ${attributes(secure, 0)}`);
}

/** The account this browser created, from a cookie whose signature and expiry hold; null otherwise. */
export function pendingSignUpOf(req: FastifyRequest, secret: string, secure: boolean, now = Date.now()): string | null {
  const name = cookieName(secure);
  let value: string | null = null;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    if (value !== null) return null; // two of them: trust neither
    value = part.slice(eq + 1).trim();
  }
  const m = value === null ? null : /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return null;
  const [, userId, expires, signature] = m;
  const expected = Buffer.from(sign(secret, `${userId}.${expires}`));
  const given = Buffer.from(signature!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= now) return null;
  return userId!;
}
