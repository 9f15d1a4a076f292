import { createHmac, timingSafeEqual } from 'node:crypto';

// dLocal's request signature (docs/dlocal-contract.md, "Signature"): every Payins API call carries
// X-Date, X-Login, X-Trans-Key, X-Version and `Authorization: V2-HMAC-SHA256, Signature: <hex>`,
// the hex being HMAC-SHA256 with the secret key over X-Login + X-Date + the request body (the empty
// string for a GET). dLocal signs the notifications it POSTs to a notification_url the same way, so
// one definition serves our client, the stand-in that checks our requests, and our receiver that
// checks dLocal's notifications.

export const DLOCAL_API_VERSION = '2.1';
export const DLOCAL_AUTH_SCHEME = 'V2-HMAC-SHA256';
export const DLOCAL_USER_AGENT = 'ArreglaYa/1.0';

export interface DlocalCredentials {
  login: string;
  transKey: string;
  secretKey: string;
}

/** Lowercase hex HMAC-SHA256(secretKey, login + date + body). */
export function dlocalSignature(secretKey: string, login: string, date: string, body: string): string {
  return createHmac('sha256', secretKey)
    .update(login + date + body, 'utf8')
    .digest('hex');
}

/**
 * Payouts v3's Payload-Signature ("Payouts security"): lowercase hex HMAC-SHA256 with the secret key
 * over the request payload alone (the empty string for a GET).
 */
export function payloadSignature(secretKey: string, body: string): string {
  return createHmac('sha256', secretKey).update(body, 'utf8').digest('hex');
}

/** Whether a Payload-Signature header matches `body`; never throws. */
export function verifyPayloadSignature(headers: Record<string, string | string[] | undefined>, rawBody: string | Buffer, secretKey: string): boolean {
  try {
    const value = header(headers, 'payload-signature');
    if (!value || !/^[0-9a-fA-F]{64}$/.test(value)) return false;
    const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    return constantTimeEqual(value.toLowerCase(), payloadSignature(secretKey, body));
  } catch {
    return false;
  }
}

/** The headers of a signed request (`date`: the X-Date, an ISO 8601 UTC instant). */
export function signRequest(req: { login: string; transKey: string; secretKey: string; date: Date | string; body: string }): Record<string, string> {
  const date = typeof req.date === 'string' ? req.date : req.date.toISOString();
  return {
    'x-date': date,
    'x-login': req.login,
    'x-trans-key': req.transKey,
    'x-version': DLOCAL_API_VERSION,
    'content-type': 'application/json',
    'user-agent': DLOCAL_USER_AGENT,
    authorization: `${DLOCAL_AUTH_SCHEME}, Signature: ${dlocalSignature(req.secretKey, req.login, date, req.body)}`,
  };
}

/**
 * The headers dLocal sends with a notification: the same signature over the notification's body,
 * without the transaction key (the receiver checks with its own login and secret key).
 */
export function signNotification(req: { login: string; secretKey: string; date: Date | string; body: string }): Record<string, string> {
  const date = typeof req.date === 'string' ? req.date : req.date.toISOString();
  return {
    'x-date': date,
    'x-login': req.login,
    'content-type': 'application/json',
    'user-agent': DLOCAL_USER_AGENT,
    authorization: `${DLOCAL_AUTH_SCHEME}, Signature: ${dlocalSignature(req.secretKey, req.login, date, req.body)}`,
  };
}

/** Header names are case-insensitive; Node gives them lower-case, other callers may not. */
function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

const AUTHORIZATION = /^V2-HMAC-SHA256,\s*Signature:\s*([0-9a-fA-F]{64})\s*$/;
/** ISO 8601 with a time and a zone (Z or ±hh:mm), as dLocal's X-Date. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface VerifyOptions {
  login: string;
  secretKey: string;
  /** The stand-in also checks the transaction key of a request (a notification carries none). */
  transKey?: string;
  /**
   * Refuse an X-Date further than this from `now` (ours, not dLocal's: the docs set no window).
   * Absent: any date whose signature matches.
   */
  maxSkewMs?: number;
  now?: Date;
}

/**
 * Whether a request (or a notification) carries a valid dLocal signature over `rawBody`, the exact
 * bytes received. Never throws: a missing, repeated or garbled header, a login or transaction key
 * that is not ours, or a date outside the window answer false. The comparison is constant-time.
 */
export function verifySignature(headers: Record<string, string | string[] | undefined>, rawBody: string | Buffer, opts: VerifyOptions): boolean {
  try {
    const date = header(headers, 'x-date');
    const authorization = header(headers, 'authorization');
    if (!date || !authorization || !ISO_INSTANT.test(date)) return false;
    const match = AUTHORIZATION.exec(authorization);
    if (!match) return false;
    const login = header(headers, 'x-login');
    // X-Login, when sent, must be ours; the signature covers our login either way.
    if (login !== undefined && !constantTimeEqual(login, opts.login)) return false;
    if (opts.transKey !== undefined) {
      const transKey = header(headers, 'x-trans-key');
      if (transKey === undefined || login === undefined || !constantTimeEqual(transKey, opts.transKey)) return false;
    }
    if (opts.maxSkewMs !== undefined) {
      const at = Date.parse(date);
      if (Number.isNaN(at) || Math.abs((opts.now ?? new Date()).getTime() - at) > opts.maxSkewMs) return false;
    }
    const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
    return constantTimeEqual(match[1]!.toLowerCase(), dlocalSignature(opts.secretKey, opts.login, date, body));
  } catch {
    return false;
  }
}

/**
 * The signature of dLocal's POST to a payment's callback_url ("Configure callback URL"): the payer's
 * browser brings paymentId, status, date and signature, signed as HMAC-SHA256 with the secret key
 * over X-Login + date + `{status:<status>,paymentId:<paymentId>}`. Only a hint for the page the
 * payer lands on: the payment's status is read from the API (or its notification), never from here.
 */
export function callbackSignature(secretKey: string, login: string, date: string, status: string, paymentId: string): string {
  return dlocalSignature(secretKey, login, date, `{status:${status},paymentId:${paymentId}}`);
}

/** Whether a callback POST's fields carry a valid signature; never throws. */
export function verifyCallback(fields: Record<string, unknown>, opts: { login: string; secretKey: string }): boolean {
  const { paymentId, status, date, signature } = fields;
  if (typeof paymentId !== 'string' || typeof status !== 'string' || typeof date !== 'string' || typeof signature !== 'string') return false;
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return constantTimeEqual(signature.toLowerCase(), callbackSignature(opts.secretKey, opts.login, date, status, paymentId));
}
