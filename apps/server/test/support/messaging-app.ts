import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { asBrowser, createUser, signIn } from './factories.ts';
import { freshNumber, lastPhoneCode, pastResendWait as pastResendWaitOf, phoneOutbox } from './phone-outbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import type { ChannelMessage, DeliveryStatusSink } from '../../src/modules/notifications/channel-sender.ts';

// What the WhatsApp and SMS test files share (messaging.routes.test.ts, messaging-providers.test.ts):
// one app each on a real PostgreSQL, a person with a verified number, the stand-ins' outbox.

export let t: TestApp;
export const statuses: Parameters<DeliveryStatusSink>[0][] = [];

export const settled = () => t.app.messaging.standIns.settled();
export const DAY_MS = 24 * 3600 * 1000;
/** A WhatsApp webhook's timestamp: Unix seconds, as text. */
export const unixSeconds = (ms: number) => String(Math.floor(ms / 1000));

export async function person() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t, user) };
}
export const addPhone = (cookie: string, number: string, channel: 'whatsapp' | 'sms') =>
  t.app.inject({ method: 'POST', url: '/api/me/phone', headers: asBrowser(cookie), payload: { number, channel } });
export const verify = (cookie: string, code: string) => t.app.inject({ method: 'POST', url: '/api/me/phone/verify', headers: asBrowser(cookie), payload: { code } });
export const status = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me/phone', headers: { cookie } });

// The stand-ins' outbox (test/support/phone-outbox.ts), read through this file's app.
export const outbox = (number: string) => phoneOutbox(t, number);
export const lastCode = (number: string) => lastPhoneCode(t, number);
export const pastResendWait = (userId: string) => pastResendWaitOf(t, userId);

export async function verifiedPerson(channel: 'whatsapp' | 'sms', number = freshNumber()) {
  const p = await person();
  expect((await addPhone(p.cookie, number, channel)).statusCode).toBe(200);
  expect((await verify(p.cookie, await lastCode(number))).statusCode).toBe(200);
  return { ...p, number };
}

export const message = (userId: string, over: Partial<ChannelMessage> = {}): ChannelMessage => ({
  deliveryId: `d-${randomInt(1e9)}`,
  userId,
  type: 'newOffer',
  title: 'Nueva oferta',
  body: 'Ramón Pérez te envió una oferta de RD$4,500 para «Cambiar la llave del fregadero».',
  url: 'https://arreglaya.do/proyectos/123',
  templateParams: ['Ramón Pérez', 'Cambiar la llave del fregadero', 'https://arreglaya.do/proyectos/123'],
  ...over,
});

/** The app of a messaging test file: started before its tests, closed after; every status callback is kept in `statuses`. */
export function setUpMessagingApp(): void {
  beforeAll(async () => {
    // Every code of this file is asked from one address: the cap per address (issue 48) has its own test (test/phone-code-limits.test.ts).
    t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' }, { deliveryStatusSink: async (update) => void statuses.push(update) });
  });
  afterAll(() => t.close());
}
