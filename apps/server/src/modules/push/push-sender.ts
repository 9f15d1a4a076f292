import { URGENT_NOTIFICATION_TYPES, type NotificationType } from '@arreglaya/shared/notification-channels';
import { isPushServiceHost } from '@arreglaya/shared/schemas/push';
import type { SQL } from 'drizzle-orm';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { ChannelMessage, ChannelSender, SendResult } from '../notifications/channel-sender.ts';
import { isPublicAddress, resolveHost } from './push-address.ts';
import { deleteSubscription, hasSubscription, hasSubscriptionWhere, listSubscriptions, markDelivered, type StoredSubscription } from './push.repository.ts';
import type { Vapid } from './vapid.ts';

// The Web Push channel (issue 32, decision 039): one message to every device of one person.
// web-push encrypts the payload to each subscription's keys (RFC 8291, aes128gcm) and signs the
// VAPID header (RFC 8292); the request itself goes out with node:https to an address checked
// first (issue 48): the host is one of the browsers' push services, its name is resolved, every
// address must be public, and the connection goes to the checked address (pinned: no second
// resolution can swap it). A slow push service is cut off by a short timeout. The tests' local push
// service (PUSH_TEST_SERVICE, never in production) is the one origin sent to without the check.

/** What the service worker receives (src/pwa/push-handlers.ts shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page to open on a tap (absolute, the app's own origin). */
  url: string;
  /** Notifications with the same tag replace each other: the delivery's id, so a retried delivery shows once. */
  tag: string;
}

export interface PushSenderOptions {
  vapid: Vapid;
  log?: FastifyBaseLogger;
  /** How long a push service may take to answer (ms); 5 s by default. */
  timeoutMs?: number;
  /** PUSH_TEST_SERVICE: the local push service's origin (tests, development), sent to without the address check. */
  testService?: string | undefined;
  /** Resolves a push service's name to every address (tests); the system's resolver by default. */
  resolveHost?: (hostname: string) => Promise<string[]>;
  /** How long a push service keeps a message for a device that is off (seconds); 24 h by default. */
  ttlSeconds?: number;
}

const URGENT: ReadonlySet<NotificationType> = new Set(URGENT_NOTIFICATION_TYPES);

type DeviceOutcome = { kind: 'accepted'; location: string | null } | { kind: 'gone' } | { kind: 'failed'; retryable: boolean; reason: string };

export class PushSender implements ChannelSender {
  readonly channel = 'push' as const;
  private readonly timeoutMs: number;
  private readonly ttlSeconds: number;

  constructor(private readonly opts: PushSenderOptions) {
    this.timeoutMs = opts.timeoutMs ?? 5_000;
    this.ttlSeconds = opts.ttlSeconds ?? 24 * 3600;
  }

  reachable(db: DbOrTx, userId: string): Promise<boolean> {
    return hasSubscription(db, userId);
  }

  reachableWhere(): SQL {
    return hasSubscriptionWhere();
  }

  async send(db: DbOrTx, message: ChannelMessage): Promise<SendResult> {
    const devices = await listSubscriptions(db, message.userId);
    if (devices.length === 0) return { state: 'failed', retryable: false, reason: 'no push subscription', addressGone: true };
    const payload: PushPayload = { title: message.title, body: message.body, url: message.url, tag: message.deliveryId };
    const urgency = URGENT.has(message.type) ? 'high' : 'normal';
    const topic = pushTopic(message.deliveryId);
    const outcomes = await Promise.all(devices.map((device) => this.toDevice(db, device, JSON.stringify(payload), urgency, topic)));

    const accepted = outcomes.find((o) => o.kind === 'accepted');
    if (accepted) return { state: 'sent', ...(accepted.location ? { providerMessageId: accepted.location } : {}) };
    const failures = outcomes.filter((o) => o.kind === 'failed');
    if (failures.length === 0) return { state: 'failed', retryable: false, reason: 'push subscription gone', addressGone: true };
    const retry = failures.find((f) => f.retryable);
    return retry ? { state: 'failed', retryable: true, reason: retry.reason } : { state: 'failed', retryable: false, reason: failures[0]!.reason };
  }

  private async toDevice(db: DbOrTx, device: StoredSubscription, payload: string, urgency: 'high' | 'normal', topic: string): Promise<DeviceOutcome> {
    const outcome = await this.post(device, payload, urgency, topic);
    if (outcome.kind === 'accepted') await markDelivered(db, device.id);
    else if (outcome.kind === 'gone') await deleteSubscription(db, device.id);
    else this.opts.log?.warn({ subscription: device.id, reason: outcome.reason }, 'push not accepted');
    return outcome;
  }

  private async post(device: StoredSubscription, payload: string, urgency: 'high' | 'normal', topic: string): Promise<DeviceOutcome> {
    let url: URL;
    try {
      url = new URL(device.endpoint);
    } catch {
      return { kind: 'gone' };
    }
    const local = this.opts.testService !== undefined && url.origin === this.opts.testService;
    // A subscription stored before the push services rule: never sent to, and dropped.
    if (!local && (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || !isPushServiceHost(url.hostname))) return { kind: 'gone' };

    let pinned: { address: string; family: 4 | 6 } | null = null;
    if (!local) {
      let addresses: string[];
      try {
        addresses = await (this.opts.resolveHost ?? resolveHost)(url.hostname);
      } catch (err) {
        return { kind: 'failed', retryable: true, reason: `network error: ${err instanceof Error ? err.message : String(err)}` };
      }
      // Every address, not only the first: a connection may try any of them.
      if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
        this.opts.log?.warn({ subscription: device.id, host: url.hostname, addresses }, 'push service resolves to a non-public address: not sent');
        return { kind: 'failed', retryable: false, reason: 'push service address is not public' };
      }
      pinned = { address: addresses[0]!, family: isIP(addresses[0]!) as 4 | 6 };
    }

    const { vapid } = this.opts;
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: this.ttlSeconds,
      urgency,
      topic,
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    let answer: { status: number; location: string | null };
    try {
      answer = await postOnce(url, { headers, body: request.body, timeoutMs: this.timeoutMs, pinned });
    } catch (err) {
      if (err instanceof PushTimeout) return { kind: 'failed', retryable: true, reason: 'timeout' };
      return { kind: 'failed', retryable: true, reason: `network error: ${err instanceof Error ? err.message : String(err)}` };
    }
    const { status } = answer;
    if (status >= 200 && status < 300) return { kind: 'accepted', location: answer.location };
    if (status === 404 || status === 410) return { kind: 'gone' };
    return { kind: 'failed', retryable: status === 429 || status >= 500, reason: `HTTP ${status}` };
  }
}

class PushTimeout extends Error {}

/** Kept-alive connections to the push services (a connection is made to a checked address only: the lookup below). */
const agent = new https.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One POST, answered within `timeoutMs` (connection, TLS and answer together). With `pinned`, the
 * connection's name lookup answers that address and nothing else; TLS still checks the push
 * service's certificate for its name (SNI and verification use the URL's host).
 */
function postOnce(
  url: URL,
  opts: { headers: Record<string, string>; body: Buffer; timeoutMs: number; pinned: { address: string; family: 4 | 6 } | null },
): Promise<{ status: number; location: string | null }> {
  const { pinned } = opts;
  const lookup: LookupFunction | undefined = pinned
    ? (_hostname, options, callback) => {
        if (options.all) (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      }
    : undefined;
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: opts.headers,
        ...(secure ? { agent, servername: isIP(url.hostname) ? undefined : url.hostname } : { agent: false }),
        ...(lookup ? { lookup } : {}),
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0, location: typeof res.headers.location === 'string' ? res.headers.location : null });
        // The answer's body is not read; a body that never ends is cut off by the same timer.
        res.on('close', () => clearTimeout(timer));
        res.resume();
      },
    );
    const timer = setTimeout(() => req.destroy(new PushTimeout('timeout')), opts.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(opts.body);
  });
}

/**
 * RFC 8030's `Topic` (at most 32 URL-safe base64 characters): a push service replaces a message it
 * still holds for a device with a newer one of the same topic, so a delivery retried after a lost
 * answer reaches the device once. The delivery's id without its dashes (32 hex digits).
 */
export function pushTopic(deliveryId: string): string {
  return deliveryId.replace(/-/g, '').slice(0, 32);
}

/** The Web Push channel for the dispatcher's wiring: `createPushSender({ vapid, log: app.log })`. */
export function createPushSender(opts: PushSenderOptions): ChannelSender {
  return new PushSender(opts);
}
