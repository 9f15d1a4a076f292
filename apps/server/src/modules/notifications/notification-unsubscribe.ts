import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OutsideChannel } from '@arreglaya/shared/notification-channels';

// The one-tap unsubscribe link of a channel (decision 038): `u` the person, `c` the channel, `s` an
// HMAC-SHA256 of both with the app's secret (AUTH_SECRET, as the session and pending-sign-up
// signatures), under a purpose prefix of its own so no other signature of that secret fits.

export type UnsubscribeChannel = 'email' | OutsideChannel;

function sign(secret: string, userId: string, channel: UnsubscribeChannel): string {
  return createHmac('sha256', secret).update(`notification-unsubscribe:${userId}:${channel}`).digest('base64url');
}

/** The absolute link that turns `channel` off for the person. It does not expire: it only ever turns a channel off. */
export function unsubscribeUrl(appUrl: string, secret: string, userId: string, channel: UnsubscribeChannel): string {
  const q = new URLSearchParams({ u: userId, c: channel, s: sign(secret, userId, channel) });
  return `${appUrl}/api/notifications/unsubscribe?${q.toString()}`;
}

/** Whether `signature` was made by unsubscribeUrl for this person and channel. */
export function unsubscribeSignatureHolds(secret: string, userId: string, channel: UnsubscribeChannel, signature: string): boolean {
  const expected = Buffer.from(sign(secret, userId, channel));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
