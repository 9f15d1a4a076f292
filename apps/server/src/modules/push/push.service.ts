import { push } from '@arreglaya/shared/i18n/push';
import type { z } from 'zod';
import type { pushSubscriptionSchema } from '@arreglaya/shared/schemas/push';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteOwnSubscription, lockDevicesOf, trimDevices, upsertSubscription } from './push.repository.ts';

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
