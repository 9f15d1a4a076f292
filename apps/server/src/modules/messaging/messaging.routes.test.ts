import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { describe, expect, it } from 'vitest';
import { messaging as texts, WHATSAPP_CODE_TEMPLATE } from '@arreglaya/shared/i18n/messaging';
import { phoneCodes, phoneNumbers } from '../../db/schema/index.ts';
import { asBrowser } from '../../../test/support/factories.ts';
import { freshNumber } from '../../../test/support/phone-outbox.ts';
import { createSmsSender, createWhatsAppSender } from './channel-senders.ts';
import { addPhone, lastCode, message, outbox, pastResendWait, person, setUpMessagingApp, settled, status, t, verifiedPerson, verify } from '../../../test/support/messaging-app.ts';

// WhatsApp and SMS end to end (decision 040): the real app on a real PostgreSQL, the Messengers
// speaking HTTP to the built-in stand-ins, which call our signed webhooks back. Verifying a number,
// opting out, the 24-hour window; the providers' side is in messaging-providers.test.ts.

setUpMessagingApp();

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
