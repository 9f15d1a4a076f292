import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth as ta } from '@arreglaya/shared/i18n/auth';
import { WHATSAPP_CODE_TEMPLATE } from '@arreglaya/shared/i18n/messaging';
import { phoneSignInCodes, users } from '../../db/schema/index.ts';
import { asBrowser, cookieFrom, createUser, signIn } from '../../../test/support/factories.ts';
import { freshNumber, lastPhoneCode, phoneOutbox } from '../../../test/support/phone-outbox.ts';
import { person, projectForm } from '../../../test/support/project-factories.ts';
import { post } from '../../../test/support/payment-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { PHONE_ACCOUNT_DOMAIN } from './auth.service.ts';

// Signing in with a code to one's phone (decision 071), on a real PostgreSQL with the WhatsApp and
// SMS stand-ins: the code is read from what the stand-in delivered, as the person reads it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

// Each test from its own address: the per-address limits are counted across this file.
let addresses = 0;
const newAddress = () => `10.71.${Math.floor(++addresses / 200)}.${(addresses % 200) + 1}`;

const askCode = (from: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/phone/code', payload, remoteAddress: from });
const signInByCode = (from: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/phone/sign-in', payload, remoteAddress: from });
const sessionOf = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();
/** The national way a Dominican writes his number: 829 555 1234, without the +1. */
const national = (e164: string) => `${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`;
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** A técnico invited by a client who joined from his link (decision 064): no e-mail, no password; his session ended. */
async function phoneOnlyTecnico() {
  const client = await person(t, 'client', 'Yolanda');
  const phone = freshNumber();
  expect((await post(t, client, '/api/invitations', { contractorName: 'Papo', phone, priceMinor: 500_000, project: projectForm() })).statusCode).toBe(201);
  const token = /\/invitacion\/([A-Za-z0-9_-]{43})/.exec((await phoneOutbox(t, phone))[0]!.body)![1]!;
  expect((await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/code` })).statusCode).toBe(200);
  const joined = await t.app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/join`,
    payload: { name: 'Juan Reyes', code: await lastPhoneCode(t, phone), services: ['plomeria'] },
  });
  expect(joined.statusCode).toBe(200);
  const cookie = cookieFrom(joined.headers['set-cookie']);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: asBrowser(cookie) })).statusCode).toBe(204);
  expect((await sessionOf(cookie)).user).toBeNull();
  return { phone, userId: joined.json().user.id as string };
}

/** A client with an e-mail account whose number is verified for SMS only. */
async function clientWithSms() {
  const user = await createUser(t.db, { role: 'client' });
  const headers = asBrowser(await signIn(t, user));
  const number = freshNumber();
  expect((await t.app.inject({ method: 'POST', url: '/api/me/phone', headers, payload: { number, channel: 'sms' } })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: '/api/me/phone/verify', headers, payload: { code: await lastPhoneCode(t, number) } })).statusCode).toBe(200);
  return { user, number };
}

describe("signing in with a code to one's phone", () => {
  it('lets a phone-only técnico back in after his session ended, with a normal session; the code works once', async () => {
    const { phone, userId } = await phoneOnlyTecnico();
    const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    expect(user!.email.endsWith(`@${PHONE_ACCOUNT_DOMAIN}`)).toBe(true);
    const from = newAddress();
    const before = (await phoneOutbox(t, phone)).length;
    const asked = await askCode(from, { number: national(phone), country: 'DO' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(ta.phoneSignIn.codeSent(phone));
    const outbox = await phoneOutbox(t, phone);
    expect(outbox).toHaveLength(before + 1);
    // His number was verified on the channel the link went by: WhatsApp, with the code template.
    expect(outbox[0]).toMatchObject({ channel: 'whatsapp', template: WHATSAPP_CODE_TEMPLATE.name });
    const code = await lastPhoneCode(t, phone);
    const [stored] = await t.db.select().from(phoneSignInCodes).where(eq(phoneSignInCodes.number, phone));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);

    const signedIn = await signInByCode(from, { number: phone, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(userId);
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    expect((await sessionOf(cookie)).user.id).toBe(userId);
    // He can act as himself again: his own page of notifications' number answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/me/phone', headers: asBrowser(cookie) })).json().number).toBe(phone);

    const reused = await signInByCode(from, { number: phone, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(ta.phoneSignIn.invalidCode);
    expect(reused.headers['set-cookie']).toBeUndefined();
  });

  it('works for any account with a verified number: the code goes by SMS when only SMS is verified', async () => {
    const { user, number } = await clientWithSms();
    const from = newAddress();
    expect((await askCode(from, { number })).statusCode).toBe(200);
    const [latest] = await phoneOutbox(t, number);
    expect(latest).toMatchObject({ channel: 'sms' });
    expect(latest!.body).toContain('código para entrar');
    const res = await signInByCode(from, { number, code: await lastPhoneCode(t, number) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('signs in once when one code is sent five times at once', async () => {
    const { user, number } = await clientWithSms();
    const from = newAddress();
    expect((await askCode(from, { number })).statusCode).toBe(200);
    const code = await lastPhoneCode(t, number);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signInByCode(from, { number, code })));
    const signedIn = answers.filter((r) => r.statusCode === 200);
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]!.json().user.id).toBe(user.id);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 400)).toBe(true);
  });

  it('locks the code after 5 wrong ones: the right one no longer signs in', async () => {
    const { number } = await clientWithSms();
    const from = newAddress();
    expect((await askCode(from, { number })).statusCode).toBe(200);
    const code = await lastPhoneCode(t, number);
    for (let i = 0; i < 5; i++) {
      const wrong = await signInByCode(from, { number, code: otherThan(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.code).toBe(ta.phoneSignIn.invalidCode);
    }
    const [row] = await t.db.select({ attempts: phoneSignInCodes.attempts }).from(phoneSignInCodes).where(eq(phoneSignInCodes.number, number));
    expect(row!.attempts).toBe(5);
    const right = await signInByCode(from, { number, code });
    expect(right.statusCode).toBe(400);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const { number } = await clientWithSms();
    const from = newAddress();
    expect((await askCode(from, { number })).statusCode).toBe(200);
    const code = await lastPhoneCode(t, number);
    await t.db
      .update(phoneSignInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneSignInCodes.number, number));
    const res = await signInByCode(from, { number, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ta.phoneSignIn.invalidCode);
  });

  it('answers an unknown or unverified number as a known one, and sends it nothing', async () => {
    const unknown = freshNumber();
    const from = newAddress();
    const asked = await askCode(from, { number: unknown });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: ta.phoneSignIn.codeSent(unknown) });
    expect(await phoneOutbox(t, unknown)).toHaveLength(0);
    const tried = await signInByCode(from, { number: unknown, code: '123456' });
    expect(tried.statusCode).toBe(400);
    expect(tried.json().error.message).toBe(ta.phoneSignIn.invalidCode);

    // A number with a code pending on the settings page, never confirmed: nobody's yet.
    const user = await createUser(t.db, { role: 'client' });
    const pending = freshNumber();
    const headers = asBrowser(await signIn(t, user));
    expect((await t.app.inject({ method: 'POST', url: '/api/me/phone', headers, payload: { number: pending, channel: 'sms' } })).statusCode).toBe(200);
    const sentBefore = (await phoneOutbox(t, pending)).length;
    expect((await askCode(from, { number: pending })).statusCode).toBe(200);
    expect(await phoneOutbox(t, pending)).toHaveLength(sentBefore);
  });

  it('does not let a banned account in, even with the right code', async () => {
    const { user, number } = await clientWithSms();
    const from = newAddress();
    expect((await askCode(from, { number })).statusCode).toBe(200);
    const code = await lastPhoneCode(t, number);
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    expect((await signInByCode(from, { number, code })).statusCode).toBe(400);
  });

  it('limits codes per number and address, known number or not: the fourth waits', async () => {
    const { number } = await clientWithSms();
    for (const target of [number, freshNumber()]) {
      const from = newAddress();
      for (let i = 0; i < 3; i++) expect((await askCode(from, { number: target })).statusCode).toBe(200);
      const fourth = await askCode(from, { number: target });
      expect(fourth.statusCode).toBe(429);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('limits wrong codes per number and address through the account guard', async () => {
    const target = freshNumber();
    const from = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signInByCode(from, { number: target, code: '123456' })).statusCode);
    // Five go through; after the sixth the number waits (seconds, doubling), from this address.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });

  it('refuses a malformed number or code in Spanish', async () => {
    const from = newAddress();
    const bad = await askCode(from, { number: '555-12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.number).toMatch(/número de celular válido/);
    const badCode = await signInByCode(from, { number: freshNumber(), code: '12' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields.code).toMatch(/6 dígitos/);
  });
});
