import net from 'node:net';
import { z } from 'zod';

// The parsers the settings share (env.ts, env-money.ts, env-channels.ts).

export const bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
export const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A 32-byte key from 64 hex characters or base64 (standard or url-safe); null otherwise. */
export function decodeKey(value: string): Buffer | null {
  const v = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(v) ? Buffer.from(v, 'base64') : null;
  return bytes && bytes.length === 32 ? bytes : null;
}

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !ip) return false;
  const family = net.isIP(ip);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe. 0 (default): none, the client IP is the socket's.
 * A number: that many proxies stand in front, so the client IP is the entry that many hops
 * from our end (entries a client wrote before them are ignored). A list: the proxies'
 * addresses or ranges. Never "trust everything": then any client picks its own IP and
 * every per-IP limit is void.
 */
export const trustProxy = z
  .string()
  .default('0')
  .transform((v, ctx): false | number | string[] => {
    const value = v.trim();
    if (value === '' || value === '0' || value === 'false') return false;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: "must be the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.2,10.1.0.0/16); 'true' is refused because it believes any client's X-Forwarded-For",
    });
    return z.NEVER;
  });

/** A messaging provider's address: `sandbox` (the built-in stand-in) or an http(s) URL. */
export const providerUrl = optionalNonEmpty.transform((v, ctx) => {
  if (v === undefined || v === 'sandbox') return v;
  if (!/^https?:\/\/[^/\s]+/.test(v) || !URL.canParse(v)) {
    ctx.addIssue({ code: 'custom', message: "must be an http(s) URL or 'sandbox'" });
    return z.NEVER;
  }
  return v.replace(/\/+$/, '');
});
/** dLocal's address (issue 47): `sandbox` (the built-in stand-in) or an https URL. */
export const dlocalUrl = optionalNonEmpty.transform((v, ctx) => {
  if (v === undefined || v === 'sandbox') return v;
  if (!/^https:\/\/[^/\s]+/.test(v) || !URL.canParse(v)) {
    ctx.addIssue({ code: 'custom', message: "must be an https URL (dLocal's: https://api.dlocal.com) or 'sandbox'" });
    return z.NEVER;
  }
  return v.replace(/\/+$/, '');
});
