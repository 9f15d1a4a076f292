import { push } from '@arreglaya/shared/i18n/push';
import type { z } from 'zod';
import type { PushDevice, pushSubscriptionSchema } from '@arreglaya/shared/schemas/push';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteAllSubscriptionsOf, deleteOwnDevice, deleteOwnSubscription, listDevicesOf, lockDevicesOf, trimDevices, upsertSubscription } from './push.repository.ts';

export type PushSubscriptionBody = z.output<ReturnType<typeof pushSubscriptionSchema>>;

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome en Android": the device as a person would name it, from its User-Agent (never the whole header). */
export function userAgentLabel(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? '';
}

/** At most this many devices a person (issue 48): the next one replaces the one registered longest ago. */
export const MAX_DEVICES = 10;

/**
 * This device is told of the signed-in person's notices from now on (a device signed in by someone
 * else before moves to them); beyond MAX_DEVICES the oldest goes, in the same transaction, one
 * registration of the person at a time.
 */
export async function subscribe(db: DbOrTx, userId: string, body: PushSubscriptionBody, userAgent: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDevicesOf(tx, userId);
    await upsertSubscription(tx, { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, userAgentLabel: userAgentLabel(userAgent) });
    await trimDevices(tx, userId, MAX_DEVICES);
  });
}

/** Only the person's own device: another person's endpoint is the same 404 as an unknown one. */
export async function unsubscribe(db: DbOrTx, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db, userId, endpoint))) throw new AppError('NOT_FOUND', push.notFound);
}

/** On sign-out at this device: its subscription, if it is the person's, goes with the session. */
export async function forgetDevice(db: DbOrTx, userId: string, endpoint: string): Promise<void> {
  await deleteOwnSubscription(db, userId, endpoint);
}

/** Every device of the person goes (auth/end-access.ts: their sessions all ended). */
export async function forgetAllDevices(db: DbOrTx, userId: string): Promise<void> {
  await deleteAllSubscriptionsOf(db, userId);
}

const SERVICES: [RegExp, string][] = [
  [/^fcm\.googleapis\.com$/, 'Chrome (Google)'],
  [/\.push\.services\.mozilla\.com$/, 'Firefox (Mozilla)'],
  [/\.push\.apple\.com$/, 'Safari (Apple)'],
  [/\.notify\.windows\.com$/, 'Edge (Windows)'],
];

/** The label the device was registered with, or the browser family its push service says. */
function deviceLabel(userAgentLabel: string, endpoint: string): string {
  if (userAgentLabel) return userAgentLabel;
  let host = '';
  try {
    host = new URL(endpoint).hostname;
  } catch {
    // A malformed endpoint (stored before the push services rule) has no service to name.
  }
  return SERVICES.find(([re]) => re.test(host))?.[1] ?? push.unknownDevice;
}

/** GET /api/me/push-subscriptions: the person's own devices (never an endpoint or a key). */
export async function listDevices(db: DbOrTx, userId: string): Promise<PushDevice[]> {
  const rows = await listDevicesOf(db, userId);
  return rows.map((r) => ({
    id: r.id,
    label: deviceLabel(r.userAgentLabel, r.endpoint),
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastSuccessAt?.toISOString() ?? null,
  }));
}

/** DELETE /api/me/push-subscriptions/:id: only the person's own; another person's device is the same 404 as an unknown one. */
export async function removeDevice(db: DbOrTx, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnDevice(db, userId, id))) throw new AppError('NOT_FOUND', push.deviceNotFound);
}
