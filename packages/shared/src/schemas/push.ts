import { z } from 'zod';
import { push } from '../i18n/push.ts';

// Web Push on this device (issue 32, decision 039): what the browser's PushSubscription.toJSON()
// gives, checked by the server (POST /api/me/push-subscriptions) and typed for the web.

export const PUSH_ENDPOINT_MAX = 1000;
/** An uncompressed P-256 point (65 bytes: 0x04, x, y) and a 16-byte auth secret, base64url without padding. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
const AUTH = /^[A-Za-z0-9_-]{21}[AQgw]$/;
const stripPadding = (v: string) => v.replace(/=+$/, '');

/** Scheme and host (port dropped) of an absolute http(s) URL without credentials; null otherwise. */
const ORIGIN = /^(https?):\/\/(\[[0-9a-fA-F:.]+\]|[^/?#@:[\]]+)(?::\d{1,5})?(?:[/?#]|$)/;

function isPushEndpoint(value: string, allowLocalHttp: boolean): boolean {
  const match = ORIGIN.exec(value);
  if (!match || /\s/.test(value)) return false;
  const [, scheme, host] = match;
  if (scheme === 'https') return true;
  return allowLocalHttp && (host === '127.0.0.1' || host === 'localhost');
}

/** The endpoint: https only; `allowLocalHttp` (outside production, for the tests' local push service) also admits http://127.0.0.1 and http://localhost. */
export function pushEndpointField(allowLocalHttp: boolean) {
  return z
    .string({ error: push.invalidEndpoint })
    .max(PUSH_ENDPOINT_MAX, { error: push.invalidEndpoint })
    .pipe(z.url({ error: push.invalidEndpoint }))
    .refine((v) => isPushEndpoint(v, allowLocalHttp), { error: push.invalidEndpoint });
}

/** POST /api/me/push-subscriptions: the subscription as PushSubscription.toJSON() writes it. */
export function pushSubscriptionSchema(allowLocalHttp: boolean) {
  const key = (pattern: RegExp) =>
    z
      .string({ error: push.invalidKeys })
      .max(100, { error: push.invalidKeys })
      .transform(stripPadding)
      .refine((v) => pattern.test(v), { error: push.invalidKeys });
  return z.object({
    endpoint: pushEndpointField(allowLocalHttp),
    /** Given by some browsers; not used (a push service that forgets a subscription answers 404/410). */
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: key(P256DH), auth: key(AUTH) }, { error: push.invalidKeys }),
  });
}
/** The production rule (https only), for the web's types. */
export const PushSubscriptionSchema = pushSubscriptionSchema(false).meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.input<typeof PushSubscriptionSchema>;

/** DELETE /api/me/push-subscriptions: this device's endpoint. */
export function pushEndpointBodySchema(allowLocalHttp: boolean) {
  return z.object({ endpoint: pushEndpointField(allowLocalHttp) });
}

/** POST /api/auth/sign-out (a body is optional: the route takes it .nullish()): this device's endpoint, when it receives pushes, is dropped with the session. */
export const SignOutSchema = z.object({ pushEndpoint: z.string().max(PUSH_ENDPOINT_MAX, { error: push.invalidEndpoint }).optional() });

/** GET /api/push/key: the application server's public VAPID key (base64url), for pushManager.subscribe. */
export const PushKeySchema = z.object({ publicKey: z.string() });
