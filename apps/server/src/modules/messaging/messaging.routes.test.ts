import { randomInt } from 'node:crypto';
import net from 'node:net';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messaging as texts, WHATSAPP_CODE_TEMPLATE, WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { messagingWebhookEvents, phoneCodes, phoneNumbers } from '../../db/schema/index.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { RETENTION_DAYS } from '../notifications/notification-purge.ts';
import { WEBHOOK_EVENT_MAX_AGE_DAYS } from './inbound.service.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { freshNumber, lastPhoneCode, pastResendWait as pastResendWaitOf, phoneOutbox } from '../../../test/support/phone-outbox.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import type { ChannelMessage, DeliveryStatusSink } from '../notifications/channel-sender.ts';
import { createSmsSender, createWhatsAppSender, SMS_MAX_SEGMENTS, smsText } from './channel-senders.ts';
import { loadConfig } from '../../config/env.ts';
import { createMessaging } from './messaging.ts';
import { fetchTransport } from './messenger.ts';
import { SANDBOX_NUMBERS } from './sandbox-numbers.ts';
import { TwilioSmsClient } from './sms-client.ts';
import { WhatsAppCloudClient } from './whatsapp-client.ts';
import { smsSegments } from './sandbox-sms.ts';
import { twilioSignature, whatsappSignature } from './webhook-signatures.ts';

// WhatsApp and SMS end to end (decision 040): the real app on a real PostgreSQL, the Messengers
// speaking HTTP to the built-in stand-ins, which call our signed webhooks back.

let t: TestApp;
const statuses: Parameters<DeliveryStatusSink>[0][] = [];
beforeAll(async () => {
  // Every code of this file is asked from one address: the cap per address (issue 48) has its own test (test/phone-code-limits.test.ts).
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' }, { deliveryStatusSink: async (update) => void statuses.push(update) });
});
afterAll(() => t.close());

const settled = () => t.app.messaging.standIns.settled();
const DAY_MS = 24 * 3600 * 1000;
/** A WhatsApp webhook's timestamp: Unix seconds, as text. */
const unixSeconds = (ms: number) => String(Math.floor(ms / 1000));

async function person() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t, user) };
}
const addPhone = (cookie: string, number: string, channel: 'whatsapp' | 'sms') =>
  t.app.inject({ method: 'POST', url: '/api/me/phone', headers: asBrowser(cookie), payload: { number, channel } });
const verify = (cookie: string, code: string) => t.app.inject({ method: 'POST', url: '/api/me/phone/verify', headers: asBrowser(cookie), payload: { code } });
const status = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me/phone', headers: { cookie } });

// The stand-ins' outbox (test/support/phone-outbox.ts), read through this file's app.
const outbox = (number: string) => phoneOutbox(t, number);
const lastCode = (number: string) => lastPhoneCode(t, number);
const pastResendWait = (userId: string) => pastResendWaitOf(t, userId);

async function verifiedPerson(channel: 'whatsapp' | 'sms', number = freshNumber()) {
  const p = await person();
  expect((await addPhone(p.cookie, number, channel)).statusCode).toBe(200);
  expect((await verify(p.cookie, await lastCode(number))).statusCode).toBe(200);
  return { ...p, number };
}

const message = (userId: string, over: Partial<ChannelMessage> = {}): ChannelMessage => ({
  deliveryId: `d-${randomInt(1e9)}`,
  userId,
  type: 'newOffer',
  title: 'Nueva oferta',
  body: 'Ramón Pérez te envió una oferta de RD$4,500 para «Cambiar la llave del fregadero».',
  url: 'https://arreglaya.do/proyectos/123',
  templateParams: ['Ramón Pérez', 'Cambiar la llave del fregadero', 'https://arreglaya.do/proyectos/123'],
  ...over,
});

describe('verifying a number', () => {
  it('sends a 6-digit code by WhatsApp, refuses a wrong one with the attempts left, and turns WhatsApp on with the right one', async () => {
    const { user, cookie } = await person();
    const number = freshNumber();
    const sent = await addPhone(cookie, ` (${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)} `, 'whatsapp');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().phone).toMatchObject({ number: null, pending: { number, channel: 'whatsapp' } });
    const [delivered] = await outbox(number);
    expect(delivered).toMatchObject({ channel: 'whatsapp', template: WHATSAPP_CODE_TEMPLATE.name });
    const code = await lastCode(number);
    const wrong = await verify(cookie, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CODE', message: texts.phone.wrongCode(4) });

    const whatsapp = createWhatsAppSender(t.app.messaging);
    expect(await whatsapp.reachable(t.db, user.id)).toBe(false);
    const ok = await verify(cookie, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: texts.phone.verified, phone: { number, channels: { whatsapp: { verified: true }, sms: { verified: false } }, pending: null } });
    expect(await whatsapp.reachable(t.db, user.id)).toBe(true);
    expect(await createSmsSender(t.app.messaging).reachable(t.db, user.id)).toBe(false);
  });

  it.each([
    { country: 'CO', typed: (n: string) => `${n.slice(3, 6)} ${n.slice(6, 9)} ${n.slice(9)}`, e164: () => `+573${randomInt(100_000_000, 999_999_999)}`, channel: 'sms' },
    { country: 'MX', typed: (n: string) => `${n.slice(3, 5)} ${n.slice(5, 9)} ${n.slice(9)}`, e164: () => `+5255${randomInt(10_000_000, 99_999_999)}`, channel: 'whatsapp' },
  ] as const)('confirms a $country number typed the national way, stored in E.164, through the $channel stand-in', async ({ country, typed, e164, channel }) => {
    const { cookie } = await person();
    const number = e164();
    const post = (body: object) => t.app.inject({ method: 'POST', url: '/api/me/phone', headers: asBrowser(cookie), payload: body });
    // Without the country, a national number is read as Dominican: refused, naming the example.
    expect((await post({ number: typed(number), channel })).json().error.fields).toEqual({ number: texts.phone.invalidNumberFor(COUNTRIES.DO.name, COUNTRIES.DO.phoneExample) });
    const sent = await post({ number: typed(number), channel, country });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().phone).toMatchObject({ pending: { number, channel } });
    const [delivered] = await outbox(number);
    expect(delivered).toMatchObject({ channel });
    const ok = await verify(cookie, await lastCode(number));
    expect(ok.json()).toMatchObject({ phone: { number, channels: { [channel]: { verified: true } } } });
  });

  it('sends the code by SMS as the catalogue writes it', async () => {
    const { user, number } = await verifiedPerson('sms');
    const [text] = await outbox(number);
    expect(text).toMatchObject({ channel: 'sms', template: null, body: texts.smsCode(/\d{6}/.exec(text!.body)![0]) });
    expect(await createSmsSender(t.app.messaging).reachable(t.db, user.id)).toBe(true);
  });

  it('kills a code after five wrong attempts: even the right one is then refused', async () => {
    const { cookie } = await person();
    const number = freshNumber();
    await addPhone(cookie, number, 'sms');
    const code = await lastCode(number);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let left = 4; left >= 1; left--) expect((await verify(cookie, wrongCode)).json().error.message).toBe(texts.phone.wrongCode(left));
    expect((await verify(cookie, wrongCode)).json().error).toMatchObject({ code: 'CODE_LOCKED', message: texts.phone.codeLocked });
    expect((await verify(cookie, code)).json().error).toMatchObject({ code: 'CODE_LOCKED' });
    expect((await status(cookie)).json()).toMatchObject({ number: null, pending: null });
  });

  it('refuses a bad number in Spanish and an expired code', async () => {
    const { user, cookie } = await person();
    const bad = await addPhone(cookie, '212 555 1234', 'whatsapp');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ number: texts.phone.invalidNumberFor(COUNTRIES.DO.name, COUNTRIES.DO.phoneExample) });
    const number = freshNumber();
    await addPhone(cookie, number, 'whatsapp');
    await t.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.userId, user.id));
    expect((await verify(cookie, await lastCode(number))).json().error).toMatchObject({ code: 'CODE_EXPIRED', message: texts.phone.codeExpired });
  });

  it('waits a minute between codes, and limits codes per person and per number like mailed codes', async () => {
    const { user, cookie } = await person();
    const number = freshNumber();
    expect((await addPhone(cookie, number, 'sms')).statusCode).toBe(200);
    const tooSoon = await addPhone(cookie, number, 'sms');
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    await pastResendWait(user.id);
    expect((await addPhone(cookie, number, 'sms')).statusCode).toBe(200);
    await pastResendWait(user.id);
    expect((await addPhone(cookie, freshNumber(), 'sms')).statusCode).toBe(200);
    await pastResendWait(user.id);
    // The fourth code in 15 minutes for this person (from this address) is refused.
    expect((await addPhone(cookie, freshNumber(), 'sms')).statusCode).toBe(429);

    // One number, several accounts: the fourth code to it is refused too.
    const target = freshNumber();
    const others = [await person(), await person(), await person(), await person()];
    const answers = [];
    for (const o of others) answers.push((await addPhone(o.cookie, target, 'whatsapp')).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('refuses a number another account has verified, and nobody reads or changes another person’s number', async () => {
    const a = await verifiedPerson('whatsapp');
    const b = await person();
    const taken = await addPhone(b.cookie, a.number, 'sms');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(texts.phone.takenByOther);
    expect((await status(b.cookie)).json()).toMatchObject({ number: null, pending: null });
    // A code of A's pending on a new number is not B's to confirm.
    await pastResendWait(a.user.id);
    const second = freshNumber();
    await addPhone(a.cookie, second, 'sms');
    expect((await verify(b.cookie, await lastCode(second))).json().error.message).toBe(texts.phone.noPendingCode);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/phone', headers: asBrowser(b.cookie) })).statusCode).toBe(404);
    expect((await status(a.cookie)).json()).toMatchObject({ number: a.number, channels: { whatsapp: { verified: true } }, pending: { number: second } });
    // A confirms the new number: it replaces the old one, which only its own channel had.
    await verify(a.cookie, await lastCode(second));
    expect((await status(a.cookie)).json()).toMatchObject({ number: second, channels: { whatsapp: { verified: false }, sms: { verified: true } } });
    // And removes it.
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/phone', headers: asBrowser(a.cookie) });
    expect(removed.json()).toMatchObject({ message: texts.phone.removed, phone: { number: null } });
    expect(await createSmsSender(t.app.messaging).reachable(t.db, a.user.id)).toBe(false);
  });
});

describe('an erased account', () => {
  it('leaves no number behind: it is free for its next owner', async () => {
    const a = await verifiedPerson('sms');
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: asBrowser(a.cookie), payload: { password: a.user.password } });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect(await createSmsSender(t.app.messaging).reachable(t.db, a.user.id)).toBe(false);
    const b = await person();
    expect((await addPhone(b.cookie, a.number, 'sms')).statusCode).toBe(200);
  });
});

describe('opting out by message', () => {
  it('BAJA and STOP (any case, accents, spaces) turn the channel off at once and are confirmed once; ALTA turns it back on', async () => {
    const { user, number } = await verifiedPerson('whatsapp');
    const whatsapp = createWhatsAppSender(t.app.messaging);
    const wa = t.app.messaging.standIns.whatsapp!;
    await wa.receive(number, '  Bája ');
    await settled();
    expect(await whatsapp.reachable(t.db, user.id)).toBe(false);
    await wa.receive(number, 'b a j a');
    await wa.receive(number, 'STOP');
    await settled();
    const confirmations = (await outbox(number)).filter((m) => m.body === texts.optedOut);
    expect(confirmations).toHaveLength(1);
    expect(await whatsapp.send(t.db, message(user.id))).toMatchObject({ state: 'failed', retryable: false });
    await wa.receive(number, 'alta');
    await settled();
    expect(await whatsapp.reachable(t.db, user.id)).toBe(true);
    expect((await outbox(number))[0]!.body).toBe(texts.optedIn);
  });

  it('STOP by SMS turns SMS off (the stand-in then refuses the number with 21610, as Twilio does)', async () => {
    const { user, number } = await verifiedPerson('sms');
    const res = await t.app.inject({ method: 'POST', url: '/dev/messages/inbound', payload: { channel: 'sms', from: number, text: 'Stop' } });
    expect(res.statusCode).toBe(201);
    expect(await createSmsSender(t.app.messaging).reachable(t.db, user.id)).toBe(false);
    expect(await t.app.messaging.messengers.sms.sendText(number, 'hola')).toMatchObject({ ok: false, kind: 'optedOut', code: 21610 });
  });
});

describe('the 24-hour window', () => {
  it('refuses free text on WhatsApp until the person writes to us, then lets it through', async () => {
    const number = freshNumber();
    const wa = t.app.messaging.messengers.whatsapp;
    expect(await wa.sendText(number, 'Hola, ¿cómo va el trabajo?')).toMatchObject({ ok: false, kind: 'rejected', code: 131047 });
    await t.app.messaging.standIns.whatsapp!.receive(number, 'Hola');
    await settled();
    expect(await wa.sendText(number, 'Hola, ¿cómo va el trabajo?')).toMatchObject({ ok: true });
  });

  it('records the person’s last message for our own check', async () => {
    const { user, number } = await verifiedPerson('whatsapp');
    await t.app.messaging.standIns.whatsapp!.receive(number, 'Gracias');
    await settled();
    const [row] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, user.id));
    expect(row?.lastInboundAt).toBeInstanceOf(Date);
  });
});

describe('provider errors, from the stand-ins’ test numbers', () => {
  const template = WHATSAPP_TEMPLATES.newOffer;
  const params = ['Ramón', 'Pintar la sala', 'https://arreglaya.do/p/1'];
  it.each([
    [SANDBOX_NUMBERS.invalid, { kind: 'addressGone', code: 131026 }],
    [SANDBOX_NUMBERS.rateLimited, { kind: 'retryable', code: 130429 }],
    [SANDBOX_NUMBERS.providerDown, { kind: 'retryable' }],
    [SANDBOX_NUMBERS.pausedOrUnknown, { kind: 'rejected', code: 132015 }],
    [SANDBOX_NUMBERS.spamOrFiltered, { kind: 'retryable', code: 131048 }],
  ])('WhatsApp to %s', async (number, expected) => {
    expect(await t.app.messaging.messengers.whatsapp.sendTemplate(number, template.name, 'es', params, `k-${number}`)).toMatchObject({ ok: false, ...expected });
  });

  it('WhatsApp: a template not in the catalogue (132001) or with the wrong parameters (132000)', async () => {
    const wa = t.app.messaging.messengers.whatsapp;
    expect(await wa.sendTemplate(freshNumber(), 'arreglaya_no_existe', 'es', [], 'k1')).toMatchObject({ ok: false, kind: 'rejected', code: 132001 });
    expect(await wa.sendTemplate(freshNumber(), template.name, 'es', ['solo uno'], 'k2')).toMatchObject({ ok: false, kind: 'rejected', code: 132000 });
  });

  it.each([
    [SANDBOX_NUMBERS.invalid, { kind: 'addressGone', code: 21211 }],
    [SANDBOX_NUMBERS.rateLimited, { kind: 'retryable', code: 20429 }],
    [SANDBOX_NUMBERS.providerDown, { kind: 'retryable' }],
  ])('SMS to %s', async (number, expected) => {
    expect(await t.app.messaging.messengers.sms.sendText(number, 'Hola')).toMatchObject({ ok: false, ...expected });
  });

  it.each([
    ['whatsapp', SANDBOX_NUMBERS.failsAfterSending, '131026'],
    ['sms', SANDBOX_NUMBERS.failsAfterSending, '30003 unreachable destination handset'],
    ['sms', SANDBOX_NUMBERS.pausedOrUnknown, '30005 unknown destination handset'],
    ['sms', SANDBOX_NUMBERS.spamOrFiltered, '30007 message filtered by the carrier'],
  ] as const)('%s to %s is accepted, then fails with %s in the status callback', async (channel, number, reason) => {
    const sent = await t.app.messaging.messengers[channel].sendTemplate(number, template.name, 'es', params, `k-late-${channel}-${number}`);
    if (!sent.ok) throw new Error(sent.reason);
    await settled();
    const failed = statuses.filter((s) => s.providerMessageId === sent.providerMessageId && s.state !== 'sent');
    expect(failed).toEqual([
      {
        channel,
        providerMessageId: sent.providerMessageId,
        state: 'failed',
        reason: expect.stringContaining(reason) as string,
        // WhatsApp's 131026 says the number cannot receive WhatsApp (its channel goes off); the carriers' SMS codes do not.
        ...(channel === 'whatsapp' ? { addressGone: true, deliveryId: `k-late-${channel}-${number}` } : {}),
      },
    ]);
  });

  it('a number that stopped working is no longer verified after a send (addressGone)', async () => {
    const { user } = await person();
    await t.db.insert(phoneNumbers).values({ userId: user.id, number: SANDBOX_NUMBERS.invalid, whatsappVerifiedAt: new Date() });
    const whatsapp = createWhatsAppSender(t.app.messaging);
    expect(await whatsapp.send(t.db, message(user.id))).toMatchObject({
      state: 'failed',
      retryable: false,
      addressGone: true,
      reason: expect.stringContaining('131026') as string,
    });
    expect(await whatsapp.reachable(t.db, user.id)).toBe(false);
  });
});

describe('the senders and the status callbacks', () => {
  it('WhatsApp: the notification type’s template; sent, then delivered and read reach the sink in order', async () => {
    const { user, number } = await verifiedPerson('whatsapp');
    const sentMessage = message(user.id);
    const result = await createWhatsAppSender(t.app.messaging).send(t.db, sentMessage);
    expect(result).toMatchObject({ state: 'sent', providerMessageId: expect.stringMatching(/^wamid\./) as string });
    await settled();
    const id = (result as { providerMessageId: string }).providerMessageId;
    // Meta echoes the delivery's id (biz_opaque_callback_data) in every status: `sent` ties the message to it.
    expect(statuses.filter((s) => s.providerMessageId === id).map((s) => [s.state, s.deliveryId])).toEqual([
      ['sent', sentMessage.deliveryId],
      ['delivered', sentMessage.deliveryId],
      ['read', sentMessage.deliveryId],
    ]);
    expect((await outbox(number))[0]).toMatchObject({ template: WHATSAPP_TEMPLATES.newOffer.name, body: expect.stringContaining('Ramón Pérez te envió una oferta') as string });
  });

  it('SMS: title, text and link in at most two segments; delivered reaches the sink', async () => {
    const { user, number } = await verifiedPerson('sms');
    const long = message(user.id, { body: 'Ramón Pérez te envió una oferta. '.repeat(12) });
    const result = await createSmsSender(t.app.messaging).send(t.db, long);
    expect(result).toMatchObject({ state: 'sent' });
    await settled();
    const [sms] = await outbox(number);
    expect(smsSegments(sms!.body)).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);
    expect(sms!.body.startsWith('Nueva oferta\nRamón Pérez')).toBe(true);
    expect(sms!.body.endsWith('…\nhttps://arreglaya.do/proyectos/123')).toBe(true);
    expect(statuses.filter((s) => s.providerMessageId === (result as { providerMessageId: string }).providerMessageId).map((s) => s.state)).toEqual(['delivered']);
  });

  it('a short SMS is sent whole', () => {
    expect(smsText('Pago enviado', 'Te enviamos RD$4,500.', 'https://a.do/x')).toBe('Pago enviado\nTe enviamos RD$4,500.\nhttps://a.do/x');
  });
});

describe('a retry with the same key, as each provider honours it', () => {
  it('SMS: Twilio creates one message for a repeated I-Twilio-Idempotency-Token; another token is another message', async () => {
    const { accountSid, authToken } = t.app.messaging.standIns.sms!.settings;
    const number = freshNumber();
    const create = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox-sms/2010-04-01/Accounts/${accountSid}/Messages.json`,
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'i-twilio-idempotency-token': token,
        },
        payload: new URLSearchParams({ To: number, From: '+18095550000', Body: 'Tu oferta llegó' }).toString(),
      });
    const [first, again, other] = [await create('delivery-1'), await create('delivery-1'), await create('delivery-2')];
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().sid).toBe(first.json().sid);
    expect(other.json().sid).not.toBe(first.json().sid);
    await settled();
    expect(await outbox(number)).toHaveLength(2);
  });

  it('SMS: our client sends the delivery id as that token, so a retried send reaches the phone once', async () => {
    const number = freshNumber();
    const sms = t.app.messaging.messengers.sms;
    const [a, b] = [await sms.sendText(number, 'Pago retenido', 'retry-key-1'), await sms.sendText(number, 'Pago retenido', 'retry-key-1')];
    expect(a).toMatchObject({ ok: true });
    expect(b).toEqual(a);
    await settled();
    expect(await outbox(number)).toHaveLength(1);
  });

  it('WhatsApp: Meta has no idempotency key (a repeat is a second message) but echoes biz_opaque_callback_data in the statuses', async () => {
    const number = freshNumber();
    const wa = t.app.messaging.messengers.whatsapp;
    const params = ['Ramón', 'Pintar la sala', 'https://arreglaya.do/p/1'];
    const a = await wa.sendTemplate(number, WHATSAPP_TEMPLATES.newOffer.name, 'es', params, 'opaque-1');
    const b = await wa.sendTemplate(number, WHATSAPP_TEMPLATES.newOffer.name, 'es', params, 'opaque-1');
    if (!a.ok || !b.ok) throw new Error('not accepted');
    expect(b.providerMessageId).not.toBe(a.providerMessageId);
    await settled();
    expect(await outbox(number)).toHaveLength(2);
    expect(statuses.filter((s) => s.providerMessageId === a.providerMessageId).map((s) => s.deliveryId)).toEqual(['opaque-1', 'opaque-1', 'opaque-1']);
  });
});

describe('our webhooks', () => {
  const { secrets } = { secrets: () => t.app.messaging.secrets };
  const statusBody = (id: string, state: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'w', changes: [{ field: 'messages', value: { statuses: [{ id, status: state, timestamp: unixSeconds(Date.now()), recipient_id: '18095551234' }] } }] }],
    });
  const postWhatsApp = (body: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: body });

  it('Meta’s verification echoes the challenge only with our verify token', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${secrets().whatsappVerifyToken}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({ method: 'GET', url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1' });
    expect(bad.statusCode).toBe(403);
  });

  it('WhatsApp: checks X-Hub-Signature-256 on the raw bytes; a repeat changes nothing', async () => {
    const id = `wamid.test${randomInt(1e9)}`;
    // Same JSON, other bytes (spacing): the signature of the re-serialised body does not pass.
    const body = statusBody(id, 'delivered').replace('"statuses":', '"statuses" : ');
    expect((await postWhatsApp(body, whatsappSignature('otro-secreto', body))).statusCode).toBe(401);
    expect((await postWhatsApp(body, whatsappSignature(secrets().whatsappAppSecret, JSON.stringify(JSON.parse(body))))).statusCode).toBe(401);
    expect((await postWhatsApp(body, '')).statusCode).toBe(401);
    expect(statuses.some((s) => s.providerMessageId === id)).toBe(false);
    const good = whatsappSignature(secrets().whatsappAppSecret, body);
    expect((await postWhatsApp(body, good)).statusCode).toBe(200);
    expect((await postWhatsApp(body, good)).statusCode).toBe(200);
    expect(statuses.filter((s) => s.providerMessageId === id)).toEqual([{ channel: 'whatsapp', providerMessageId: id, state: 'delivered' }]);
  });

  it('WhatsApp (issue 48): a captured callback replayed after the purge of its id is still refused', async () => {
    const signed = (body: string) => whatsappSignature(secrets().whatsappAppSecret, body);
    const keys = async () => (await t.db.select({ key: messagingWebhookEvents.key }).from(messagingWebhookEvents)).map((r) => r.key);
    // Meta retries a webhook for up to 7 days; its ids are kept well past that, and a callback older
    // than 14 days are refused by their timestamp, so one that outlives its id is never taken again.
    expect(WEBHOOK_EVENT_MAX_AGE_DAYS).toBeGreaterThanOrEqual(7);
    expect(RETENTION_DAYS.webhookEvents).toBeGreaterThan(WEBHOOK_EVENT_MAX_AGE_DAYS + 1);

    // A person who wrote BAJA 40 days ago (taken then: its id stored then), and ALTA since.
    const { user, number } = await verifiedPerson('whatsapp');
    const ago = new Date(Date.now() - 40 * DAY_MS);
    const messageId = `wamid.old${randomInt(1e9)}`;
    const baja = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'w',
          changes: [
            { field: 'messages', value: { messages: [{ from: number.slice(1), id: messageId, timestamp: unixSeconds(ago.getTime()), type: 'text', text: { body: 'BAJA' } }] } },
          ],
        },
      ],
    });
    const statusId = `wamid.old${randomInt(1e9)}`;
    const failed = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'w',
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id: statusId, status: 'failed', timestamp: unixSeconds(ago.getTime()), recipient_id: number.slice(1), errors: [{ code: 131026 }] }] },
            },
          ],
        },
      ],
    });
    await t.db.insert(messagingWebhookEvents).values([
      { key: `whatsapp:inbound:${messageId}`, receivedAt: ago },
      { key: `whatsapp:status:${statusId}:failed`, receivedAt: ago },
    ]);
    // The daily purge forgets them.
    await runJob(t.app.jobs, 'notifications-purge');
    expect(await keys()).not.toContain(`whatsapp:inbound:${messageId}`);
    expect(await keys()).not.toContain(`whatsapp:status:${statusId}:failed`);

    // Replayed with Meta's valid signature: answered (nothing for Meta to retry), and nothing changes.
    expect((await postWhatsApp(baja, signed(baja))).statusCode).toBe(200);
    expect((await postWhatsApp(failed, signed(failed))).statusCode).toBe(200);
    await settled();
    expect(await createWhatsAppSender(t.app.messaging).reachable(t.db, user.id)).toBe(true);
    expect(statuses.some((s) => s.providerMessageId === statusId)).toBe(false);
    expect(await keys()).not.toContain(`whatsapp:inbound:${messageId}`);

    // One within Meta's retry window (six days late) is still taken.
    const late = statusBody(`wamid.late${randomInt(1e9)}`, 'delivered').replace(/"timestamp":"\d+"/, `"timestamp":"${unixSeconds(Date.now() - 6 * DAY_MS)}"`);
    expect((await postWhatsApp(late, signed(late))).statusCode).toBe(200);
    expect(statuses.some((s) => late.includes(s.providerMessageId))).toBe(true);
  });

  it('SMS: checks X-Twilio-Signature over our URL and the parameters', async () => {
    const params = { MessageSid: `SMtest${randomInt(1e9)}`, MessageStatus: 'delivered', AccountSid: 'AC1' };
    const url = `${t.config.appUrl}/api/webhooks/sms/status`;
    const post = (signature: string, p: Record<string, string> = params) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/sms/status',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(p).toString(),
      });
    expect((await post(twilioSignature('otro', url, params))).statusCode).toBe(401);
    expect((await post(twilioSignature(secrets().smsAuthToken, url, params), { ...params, MessageStatus: 'failed' })).statusCode).toBe(401);
    expect((await post(twilioSignature(secrets().smsAuthToken, url, params))).statusCode).toBe(204);
    expect((await post(twilioSignature(secrets().smsAuthToken, url, params))).statusCode).toBe(204);
    expect(statuses.filter((s) => s.providerMessageId === params.MessageSid)).toEqual([{ channel: 'sms', providerMessageId: params.MessageSid, state: 'delivered' }]);
  });
});

describe('over the network, as with a real provider', () => {
  it('the WhatsApp client speaks real HTTP (fetch) to the stand-in: accepted with the token, refused without it', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { accessToken, phoneNumberId } = t.app.messaging.standIns.whatsapp!.settings;
    const settings = { apiUrl: `${address}/sandbox-whatsapp`, version: 'v21.0', phoneNumberId, accessToken };
    const params = ['Ramón', 'Pintar la sala', 'https://arreglaya.do/p/1'];
    const client = new WhatsAppCloudClient(settings, fetchTransport());
    expect(await client.sendTemplate(freshNumber(), WHATSAPP_TEMPLATES.newOffer.name, 'es', params, 'net-1')).toMatchObject({ ok: true });
    const stranger = new WhatsAppCloudClient({ ...settings, accessToken: 'otro' }, fetchTransport());
    expect(await stranger.sendTemplate(freshNumber(), WHATSAPP_TEMPLATES.newOffer.name, 'es', params, 'net-2')).toMatchObject({ ok: false, kind: 'rejected', code: 190 });
    const sms = new TwilioSmsClient(
      { apiUrl: `${address}/sandbox-sms`, accountSid: 'ACotro', authToken: 'x', from: '+18095550000', statusCallback: `${address}/api/webhooks/sms/status` },
      fetchTransport(),
    );
    expect(await sms.sendText(freshNumber(), 'Hola')).toMatchObject({ ok: false, kind: 'rejected', code: 20003 });
  });

  it('a provider that never answers is retryable (timeout), and one that cannot be reached too', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const settings = { apiUrl: `http://127.0.0.1:${port}`, version: 'v21.0', phoneNumberId: '1', accessToken: 'x' };
    try {
      expect(await new WhatsAppCloudClient(settings, fetchTransport(200)).sendText(freshNumber(), 'Hola')).toEqual({ ok: false, kind: 'retryable', reason: 'timeout' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    expect(await new WhatsAppCloudClient(settings, fetchTransport()).sendText(freshNumber(), 'Hola')).toMatchObject({ ok: false, kind: 'retryable' });
  });
});

describe('settings', () => {
  it('production never falls back to a stand-in: unset, the channel is off and no code can be sent', async () => {
    const off = createMessaging(Fastify(), {
      config: { appUrl: 'https://arreglaya.do', isProduction: true, WHATSAPP_API_VERSION: 'v21.0', SMS_API_URL: 'sandbox' },
      db: t.db,
      log: t.app.log,
      statusSink: async () => undefined,
    });
    expect(off.standIns.whatsapp).toBeUndefined();
    expect(off.standIns.sms).toBeDefined();
    expect(await off.messengers.whatsapp.sendText('+18095551234', 'Hola')).toMatchObject({ ok: false, kind: 'rejected', reason: 'WHATSAPP_API_URL not set: channel off' });
  });

  it('a real provider needs its credentials', () => {
    expect(() => loadConfig({ WHATSAPP_API_URL: 'https://graph.facebook.com' })).toThrow(/WHATSAPP_API_URL: a real WHATSAPP_API_URL needs WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => loadConfig({ SMS_API_URL: 'ftp://twilio' })).toThrow(/SMS_API_URL: must be an http\(s\) URL or 'sandbox'/);
    expect(loadConfig({ SMS_API_URL: 'https://api.twilio.com/', SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '+18095550000' }).SMS_API_URL).toBe(
      'https://api.twilio.com',
    );
  });
});
