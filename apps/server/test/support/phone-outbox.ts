import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { phoneCodes } from '../../src/db/schema/index.ts';
import { expect } from 'vitest';
import { asBrowser, createUser, signIn } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * What the WhatsApp and SMS stand-ins delivered (decision 040), read as a developer reads it:
 * `/dev/messages.json?to=`. Shared by the messaging tests and the five-channels acceptance test.
 */

/** A fresh Dominican number (never one of the stand-ins' test numbers). */
export const freshNumber = () => `+1829${randomInt(2_000_000, 9_999_999)}`;

/** Confirms a fresh number for WhatsApp as the signed-in person whose request headers are given (the code read from the stand-in); the number. */
export async function confirmWhatsApp(t: TestApp, headers: Record<string, string>): Promise<string> {
  const number = freshNumber();
  const asked = await t.app.inject({ method: 'POST', url: '/api/me/phone', headers, payload: { number, channel: 'whatsapp' } });
  expect(asked.statusCode, asked.body).toBe(200);
  const verified = await t.app.inject({ method: 'POST', url: '/api/me/phone/verify', headers, payload: { code: await lastPhoneCode(t, number) } });
  expect(verified.statusCode, verified.body).toBe(200);
  return number;
}

/** A new client or contractor, signed in, with a fresh number confirmed for WhatsApp. */
export async function personWithWhatsApp(t: TestApp, role: 'client' | 'contractor') {
  const user = await createUser(t.db, { role });
  const cookie = await signIn(t, user);
  const number = await confirmWhatsApp(t, asBrowser(cookie));
  return { user, cookie, number };
}

export interface PhoneMessage {
  /** The provider's message id (a WhatsApp wamid). */
  id: string;
  channel: string;
  template: string | null;
  params: string[] | null;
  body: string;
  status: string;
  /** The titles of its reply buttons (decision 062), [] without. */
  buttons: string[];
}

/** What the stand-ins delivered to a number, newest first (the dev page). */
export async function phoneOutbox(t: TestApp, number: string): Promise<PhoneMessage[]> {
  const res = await t.app.inject({ method: 'GET', url: `/dev/messages.json?to=${encodeURIComponent(number)}` });
  if (res.statusCode !== 200) throw new Error(`/dev/messages.json: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The 6-digit code of the newest message to a number. */
export async function lastPhoneCode(t: TestApp, number: string): Promise<string> {
  const [latest] = await phoneOutbox(t, number);
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox of ${number}`);
  return code;
}

/** Lets the person's next code be asked for at once (as if the minute between codes had passed). */
export async function pastResendWait(t: TestApp, userId: string): Promise<void> {
  await t.db
    .update(phoneCodes)
    .set({ sentAt: new Date(Date.now() - 61_000) })
    .where(eq(phoneCodes.userId, userId));
}
