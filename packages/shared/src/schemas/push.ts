import { z } from 'zod';
import { push } from '../i18n/push.ts';

// Web Push on this device (issue 32, decision 039): what the browser's PushSubscription.toJSON()
// gives, checked by the server (POST /api/me/push-subscriptions) and typed for the web.

export const PUSH_ENDPOINT_MAX = 1000;
/** An uncompressed P-256 point (65 bytes: 0x04, x, y) and a 16-byte auth secret, base64url without padding. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
const AUTH = /^[A-Za-z0-9_-]{21}[AQgw]$/;
const stripPadding = (v: string) => v.replace(/=+$/, '');

/**
 * The browsers' push services (issue 48): a subscription's endpoint names one of them, so the
 * server never posts to an address a person chose (a blind request to the server's own network).
 * Chrome, Edge on Android, Opera and Samsung Internet use FCM; Firefox Mozilla's autopush; Safari
 * Apple's; Edge on Windows WNS.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'] as const;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PUSH_SERVICE_HOST = new RegExp(
  `^(?:${PUSH_SERVICE_HOSTS.map((h) => (h.startsWith('*.') ? `(?:${LABEL}\\.)+${h.slice(2).replace(/\./g, '\\.')}` : h.replace(/\./g, '\\.'))).join('|')})$`,
);

/** A push service's host name (lower case, as URL gives it): one of PUSH_SERVICE_HOSTS. */
export function isPushServiceHost(hostname: string): boolean {
  return PUSH_SERVICE_HOST.test(hostname);
}

/** The WHATWG URL parser (the browser's and Node's alike); the shared package's types carry no DOM. */
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  origin: string;
}
const { URL: WhatwgUrl } = globalThis as unknown as { URL: new (value: string) => ParsedUrl };

function parse(value: string): ParsedUrl | null {
  // Whitespace and backslashes are refused before URL's lenient parsing could read them differently.
  if (/[\s\\]/.test(value)) return null;
  try {
    return new WhatwgUrl(value);
  } catch {
    return null;
  }
}

/**
 * Why an endpoint is refused, or null when it is one a browser's push service gave: https on the
 * default port, no credentials, a host on the list. `testService` (an origin; PUSH_TEST_SERVICE,
 * refused in production) is the tests' and a developer's local push service, admitted at that
 * exact origin only.
 */
export function pushEndpointProblem(value: string, testService?: string): 'invalid' | 'unknownService' | null {
  const url = parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') return 'invalid';
  if (testService !== undefined && url.origin === testService) return null;
  if (url.protocol !== 'https:') return 'invalid';
  if (url.port !== '' || !isPushServiceHost(url.hostname)) return 'unknownService';
  return null;
}

/** The endpoint: a browser's push service (PUSH_SERVICE_HOSTS) over https, or the local `testService` origin (never in production). */
export function pushEndpointField(testService?: string) {
  return z
    .string({ error: push.invalidEndpoint })
    .max(PUSH_ENDPOINT_MAX, { error: push.invalidEndpoint })
    .superRefine((v, ctx) => {
      const problem = pushEndpointProblem(v, testService);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'invalid' ? push.invalidEndpoint : push.unknownService });
    });
}

/** POST /api/me/push-subscriptions: the subscription as PushSubscription.toJSON() writes it. */
export function pushSubscriptionSchema(testService?: string) {
  const key = (pattern: RegExp) =>
    z
      .string({ error: push.invalidKeys })
      .max(100, { error: push.invalidKeys })
      .transform(stripPadding)
      .refine((v) => pattern.test(v), { error: push.invalidKeys });
  return z.object({
    endpoint: pushEndpointField(testService),
    /** Given by some browsers; not used (a push service that forgets a subscription answers 404/410). */
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: key(P256DH), auth: key(AUTH) }, { error: push.invalidKeys }),
  });
}
/** The production rule (the push services only), for the web. */
export const PushSubscriptionSchema = pushSubscriptionSchema().meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.input<typeof PushSubscriptionSchema>;

/** DELETE /api/me/push-subscriptions: this device's endpoint. */
export function pushEndpointBodySchema(testService?: string) {
  return z.object({ endpoint: pushEndpointField(testService) });
}

/** POST /api/auth/sign-out (a body is optional: the route takes it .nullish()): this device's endpoint, when it receives pushes, is dropped with the session. */
export const SignOutSchema = z.object({ pushEndpoint: z.string().max(PUSH_ENDPOINT_MAX, { error: push.invalidEndpoint }).optional() });

/** One of the person's devices on /perfil/notificaciones (GET /api/me/push-subscriptions): what a person recognises, never its endpoint. */
export const PushDeviceSchema = z
  .object({
    id: z.string(),
    /** "Chrome en Android", or the push service's browser family. */
    label: z.string(),
    createdAt: z.string(),
    /** When a push service last accepted a message for it; null: never yet. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof PushDeviceSchema>;
export const PushDevicesSchema = z.object({ devices: z.array(PushDeviceSchema) });
export type PushDevices = z.infer<typeof PushDevicesSchema>;

/** GET /api/push/key: the application server's public VAPID key (base64url), for pushManager.subscribe. */
export const PushKeySchema = z.object({ publicKey: z.string() });
