import { auth as ta } from '@arreglaya/shared/i18n/auth';
import { messaging as texts } from '@arreglaya/shared/i18n/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneNumbers } from '../src/db/schema/index.ts';
import { asBrowser, createUser, signIn } from './support/factories.ts';
import { freshNumber, lastPhoneCode } from './support/phone-outbox.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 48, item 7: codes sent to phones cost money and reach strangers. Past the limits per person
// and per number (the account guard), codes are capped per client address and per hour for everyone,
// and "confirmed on another account" (which tells whether a number is someone's) is answered only
// to a caller within the limits. Small caps here: 3 per address, 8 an hour in all.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '3', PHONE_CODES_PER_HOUR: '8' });
});
afterAll(() => t.close());

async function person() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t, user) };
}
/** Asks for a code as a new person (no per-person or per-number limit in the way), from `address`. */
const ask = async (address: string, number = freshNumber(), cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/phone',
    remoteAddress: address,
    headers: asBrowser(cookie ?? (await person()).cookie),
    payload: { number, channel: 'sms' },
  });
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: { code: string; message: string } }).error;

describe('codes sent to phones', () => {
  it('are capped per client address: a Spanish 429 with Retry-After, other addresses unaffected', async () => {
    const a = '203.0.113.10';
    for (let i = 0; i < 3; i++) expect((await ask(a)).statusCode).toBe(200);
    const refused = await ask(a);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: texts.phone.tooManyFromAddress });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('203.0.113.11')).statusCode).toBe(200);
  });

  it('say "confirmed on another account" only to a caller within the limits', async () => {
    // Someone's number, confirmed (one code sent, from their own address).
    const owner = await person();
    const theirs = freshNumber();
    expect((await ask('198.51.100.1', theirs, owner.cookie)).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone/verify',
      remoteAddress: '198.51.100.1',
      headers: asBrowser(owner.cookie),
      payload: { code: await lastPhoneCode(t, theirs) },
    });
    expect(verified.statusCode).toBe(200);

    // A caller probing numbers: the probes count like codes, and once limited, no answer about the number.
    const prober = '198.51.100.66';
    expect(errorOf(await ask(prober, theirs)).message).toBe(texts.phone.takenByOther);
    expect((await ask(prober)).statusCode).toBe(200);
    expect((await ask(prober)).statusCode).toBe(200);
    const limited = await ask(prober, theirs);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toBe(texts.phone.tooManyFromAddress);
  });

  it('are capped per hour for everyone: past it a Spanish 429 for every address, and nothing is sent', async () => {
    // Sent so far: 4 (first test) + 1 (the owner's) + 2 (the prober's) = 7 of 8.
    expect((await ask('192.0.2.1')).statusCode).toBe(200);
    const number = freshNumber();
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      const refused = await ask(address, number);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: texts.phone.tooManyEverywhere });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const res = await t.app.inject({ method: 'GET', url: `/dev/messages.json?to=${encodeURIComponent(number)}` });
    expect(res.json()).toEqual([]);
  });
});

describe('sign-in codes to a phone (decision 071)', () => {
  const askSignIn = (address: string, number: string) => t.app.inject({ method: 'POST', url: '/api/auth/phone/code', remoteAddress: address, payload: { number } });

  it('count against the address before the number is looked up: unknown numbers too', async () => {
    const a = '203.0.113.71';
    for (let i = 0; i < 3; i++) expect((await askSignIn(a, freshNumber())).statusCode).toBe(200);
    const refused = await askSignIn(a, freshNumber());
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(texts.phone.tooManyFromAddress);
  });

  it("past everyone's hourly budget send nothing, with the same answer", async () => {
    // The budget was spent by the tests above; a number verified on an account asks for its code.
    const { user } = await person();
    const number = freshNumber();
    await t.db.insert(phoneNumbers).values({ userId: user.id, number, smsVerifiedAt: new Date() });
    const res = await askSignIn('203.0.113.72', number);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ta.phoneSignIn.codeSent(number));
    const sent = await t.app.inject({ method: 'GET', url: `/dev/messages.json?to=${encodeURIComponent(number)}` });
    expect(sent.json()).toEqual([]);
  });
});
