import { URGENT_NOTIFICATION_TYPES, type NotificationType } from '@arreglaya/shared/notification-channels';
import type { SQL } from 'drizzle-orm';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { ChannelMessage, ChannelSender, SendResult } from '../notifications/channel-sender.ts';
import { deleteSubscription, hasSubscription, hasSubscriptionWhere, listSubscriptions, markDelivered, type StoredSubscription } from './push.repository.ts';
import type { Vapid } from './vapid.ts';

// The Web Push channel (issue 32, decision 039): one message to every device of one person.
// web-push encrypts the payload to each subscription's keys (RFC 8291, aes128gcm) and signs the
// VAPID header (RFC 8292); the request itself goes out with fetch, so a slow push service is cut
// off by a timeout and the tests' local push service can listen on plain http://127.0.0.1.

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
  /** How long a push service may take to answer (ms); 10 s by default. */
  timeoutMs?: number;
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
    this.timeoutMs = opts.timeoutMs ?? 10_000;
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
    const { vapid } = this.opts;
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: this.ttlSeconds,
      urgency,
      topic,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(request.endpoint, { method: 'POST', headers, body: new Uint8Array(request.body), redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      return { kind: 'failed', retryable: true, reason: timedOut ? 'timeout' : `network error: ${err instanceof Error ? err.message : String(err)}` };
    }
    await response.body?.cancel();
    const { status } = response;
    if (status >= 200 && status < 300) return { kind: 'accepted', location: response.headers.get('location') };
    if (status === 404 || status === 410) return { kind: 'gone' };
    return { kind: 'failed', retryable: status === 429 || status >= 500, reason: `HTTP ${status}` };
  }
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
