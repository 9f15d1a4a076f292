import { randomInt } from 'node:crypto';
import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { messagingWebhookEvents, phoneNumbers } from '../../db/schema/index.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { RETENTION_DAYS } from '../notifications/notification-purge.ts';
import { WEBHOOK_EVENT_MAX_AGE_DAYS } from './inbound.service.ts';
import { freshNumber } from '../../../test/support/phone-outbox.ts';
import { createSmsSender, createWhatsAppSender, SMS_MAX_SEGMENTS, smsText } from './channel-senders.ts';
import { loadConfig } from '../../config/env.ts';
import { createMessaging } from './messaging.ts';
import { fetchTransport } from './messenger.ts';
import { SANDBOX_NUMBERS } from './sandbox-numbers.ts';
import { TwilioSmsClient } from './sms-client.ts';
import { WhatsAppCloudClient } from './whatsapp-client.ts';
import { smsSegments } from './sandbox-sms.ts';
import { twilioSignature, whatsappSignature } from './webhook-signatures.ts';
import { DAY_MS, message, outbox, person, setUpMessagingApp, settled, statuses, t, unixSeconds, verifiedPerson } from '../../../test/support/messaging-app.ts';

// WhatsApp and SMS providers (decision 040): their errors, our senders and the status callbacks, retries,
// our signed webhooks, real HTTP, and the settings. The phone numbers' own flow is in messaging.routes.test.ts.

setUpMessagingApp();

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
