import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

// The campaign mail's unsubscribe link (decision 041): `?token=<user id>.<signature>`, the
// signature HMAC-SHA256 under the app's auth secret (the key that signs the session cookies and
// the pending sign-up's cookie, decision 033) of the link's purpose and the user id, base64url.
// The fan-out computes it in SQL for a whole batch (PostgreSQL's sha256 spelled out as HMAC,
// RFC 2104); the route checks it here. No row per link: a link keeps working as long as the key.

const PURPOSE = 'special-offers-unsubscribe:';
const BLOCK = 64;

export function unsubscribeSignature(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}${userId}`).digest('base64url');
}

/** The link's token for a user: their id and its signature. */
export const unsubscribeToken = (secret: string, userId: string): string => `${userId}.${unsubscribeSignature(secret, userId)}`;

export const unsubscribeUrl = (appUrl: string, token: string): string => `${appUrl}/api/ofertas/baja?token=${encodeURIComponent(token)}`;

/** The user a token names when its signature holds; null for a tampered or malformed one. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(unsubscribeSignature(secret, m[1]!));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? m[1]! : null;
}

/** HMAC's inner and outer keys (RFC 2104), so SQL needs only sha256 and concatenation. */
function hmacKeys(secret: string): { inner: Buffer; outer: Buffer } {
  let key = Buffer.from(secret, 'utf8');
  if (key.length > BLOCK) key = createHash('sha256').update(key).digest();
  const padded = Buffer.concat([key, Buffer.alloc(BLOCK - key.length)]);
  return { inner: padded.map((b) => b ^ 0x36) as Buffer, outer: padded.map((b) => b ^ 0x5c) as Buffer };
}

/** The unsubscribe URL of the user whose id is `userId` (an SQL uuid), computed by PostgreSQL: equal to unsubscribeUrl(appUrl, unsubscribeToken(…)). */
export function unsubscribeUrlSql(appUrl: string, secret: string, userId: SQL): SQL {
  const { inner, outer } = hmacKeys(secret);
  const mac = sql`sha256(${outer}::bytea || sha256(${inner}::bytea || convert_to(${PURPOSE} || ${userId}::text, 'UTF8')))`;
  return sql`${unsubscribeUrl(appUrl, '')} || ${userId}::text || '.' || translate(rtrim(encode(${mac}, 'base64'), '='), '+/', '-_')`;
}
