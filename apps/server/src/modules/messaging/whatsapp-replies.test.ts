import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messaging as texts } from '@arreglaya/shared/i18n/messaging';
import { phoneNumbers } from '../../db/schema/index.ts';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { personWithWhatsApp as withWhatsApp, freshNumber, phoneOutbox } from '../../../test/support/phone-outbox.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { deliveredNotice as deliveredNoticeTo } from '../../../test/support/whatsapp-media.ts';
import { upsertConversation } from '../contractor-contact/contractor-contact.repository.ts';
import { whatsappSignature } from './webhook-signatures.ts';

// A person's WhatsApp reply lands in the chat conversation it answers (decision 061): the real app on
// a real PostgreSQL, the stand-in posting Meta's signed webhook.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const settled = () => t.app.messaging.standIns.settled();
const wa = () => t.app.messaging.standIns.whatsapp!;

const personWithWhatsApp = (role: 'client' | 'contractor') => withWhatsApp(t, role);

/** A notice WhatsApp delivered to the person about a conversation (as the dispatcher records it); its wamid. */
const deliveredNotice = (userId: string, pair: { clientId: string; contractorId: string; projectId: string | null }) => deliveredNoticeTo(t, userId, pair);

async function messagesOf(cookie: string, conversationId: string): Promise<{ text: string; mine: boolean }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().messages;
}

async function pairWithConversation() {
  const client = await personWithWhatsApp('client');
  const contractor = await personWithWhatsApp('contractor');
  const pair = { clientId: client.user.id, contractorId: contractor.user.id, projectId: null };
  const conversationId = await upsertConversation(t.db, pair);
  return { client, contractor, pair, conversationId };
}

/** Meta's webhook with one text message, signed with `secret`. */
function webhook(from: string, id: string, text: string, secret: string | null) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [{ field: 'messages', value: { messages: [{ from: from.slice(1), id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] } }],
      },
    ],
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['x-hub-signature-256'] = whatsappSignature(secret, body);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers, payload: body });
}

describe('a WhatsApp reply', () => {
  it('lands in the conversation of the last notice as the person’s message, and the other person’s chat shows it', async () => {
    const { client, contractor, pair, conversationId } = await pairWithConversation();
    await deliveredNotice(client.user.id, pair);
    await wa().receive(client.number, '¿Puede venir el martes a las 9?');
    await settled();
    const seenByContractor = await messagesOf(contractor.cookie, conversationId);
    expect(seenByContractor).toEqual([expect.objectContaining({ text: '¿Puede venir el martes a las 9?', mine: false })]);
    expect(await messagesOf(client.cookie, conversationId)).toEqual([expect.objectContaining({ text: '¿Puede venir el martes a las 9?', mine: true })]);
  });

  it('goes to the conversation of the notice it answers (context.id) rather than the last one', async () => {
    const client = await personWithWhatsApp('client');
    const first = await personWithWhatsApp('contractor');
    const second = await personWithWhatsApp('contractor');
    const pairA = { clientId: client.user.id, contractorId: first.user.id, projectId: null };
    const pairB = { clientId: client.user.id, contractorId: second.user.id, projectId: null };
    const a = await upsertConversation(t.db, pairA);
    const b = await upsertConversation(t.db, pairB);
    const answered = await deliveredNotice(client.user.id, pairA);
    await deliveredNotice(client.user.id, pairB);
    await wa().receive(client.number, 'Sí, de acuerdo', { replyTo: answered });
    await wa().receive(client.number, 'Y usted, ¿cuándo puede?');
    await settled();
    expect((await messagesOf(first.cookie, a)).map((m) => m.text)).toEqual(['Sí, de acuerdo']);
    expect((await messagesOf(second.cookie, b)).map((m) => m.text)).toEqual(['Y usted, ¿cuándo puede?']);
  });

  it('with no conversation to go to, stores nothing and answers once in Spanish pointing to the site', async () => {
    const lone = await personWithWhatsApp('client');
    await wa().receive(lone.number, 'Hola, ¿quién es?');
    await settled();
    const answers = (await phoneOutbox(t, lone.number)).filter((m) => m.body.startsWith('ArreglaYa: no sabemos'));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.body).toBe(texts.reply.noConversation(t.config.appUrl));
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: lone.cookie } });
    expect(list.json().conversations).toEqual([]);
  });

  it('from a number of nobody, or one that opted out, stores nothing and sends nothing', async () => {
    const { client, contractor, pair, conversationId } = await pairWithConversation();
    await deliveredNotice(client.user.id, pair);
    await wa().receive(client.number, 'BAJA');
    await wa().receive(client.number, 'Hola otra vez');
    const stranger = freshNumber();
    await wa().receive(stranger, 'Hola');
    await settled();
    expect(await messagesOf(contractor.cookie, conversationId)).toEqual([]);
    expect(await phoneOutbox(t, stranger)).toEqual([]);
    expect((await phoneOutbox(t, client.number)).filter((m) => m.body !== texts.optedOut && !/\d{6}/.test(m.body))).toEqual([]);
  });
});

describe('the webhook', () => {
  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const { client, contractor, pair, conversationId } = await pairWithConversation();
    await deliveredNotice(client.user.id, pair);
    expect((await webhook(client.number, 'wamid.nosig', 'sin firma', null)).statusCode).toBe(401);
    expect((await webhook(client.number, 'wamid.badsig', 'firma falsa', 'not-the-secret')).statusCode).toBe(401);
    expect(await messagesOf(contractor.cookie, conversationId)).toEqual([]);
    const [row] = await t.db.select({ lastInboundAt: phoneNumbers.lastInboundAt }).from(phoneNumbers).where(eq(phoneNumbers.userId, client.user.id));
    expect(row!.lastInboundAt).toBeNull();
  });

  it('stores the same message id once, also when 20 copies arrive at once', async () => {
    const { client, contractor, pair, conversationId } = await pairWithConversation();
    await deliveredNotice(client.user.id, pair);
    const secret = t.app.messaging.secrets.whatsappAppSecret;
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(client.number, 'wamid.same-one', 'Una sola vez', secret)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await webhook(client.number, 'wamid.same-one', 'Una sola vez', secret)).statusCode).toBe(200);
    expect((await messagesOf(contractor.cookie, conversationId)).map((m) => m.text)).toEqual(['Una sola vez']);
  });

  it('the stand-in’s /dev/messages/inbound posts a correctly signed webhook (a browser test can write as a phone)', async () => {
    const { client, contractor, pair, conversationId } = await pairWithConversation();
    await deliveredNotice(client.user.id, pair);
    const res = await t.app.inject({ method: 'POST', url: '/dev/messages/inbound', payload: { channel: 'whatsapp', from: client.number, text: 'Desde el teléfono' } });
    expect(res.statusCode).toBe(201);
    expect((await messagesOf(contractor.cookie, conversationId)).map((m) => m.text)).toEqual(['Desde el teléfono']);
  });
});

describe('consent and the console', () => {
  it('keeps opt-in and opt-out with time and source, and the console’s person page shows the WhatsApp state', async () => {
    const admin = await createUser(t.db, { role: 'sysadmin' });
    const adminCookie = await signIn(t, admin);
    const { user, cookie, number } = await personWithWhatsApp('client');
    const state = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/people/${user.id}`, headers: { cookie: adminCookie } });
      expect(res.statusCode).toBe(200);
      return res.json().whatsapp;
    };
    const confirmed = await state();
    expect(confirmed).toMatchObject({ number, optInSource: 'settings', optedOutAt: null, lastInboundAt: null, windowOpenUntil: null });
    expect(confirmed.optedInAt).toEqual(expect.any(String));

    await wa().receive(number, 'BAJA');
    await settled();
    const out = await state();
    expect(out).toMatchObject({ optOutSource: 'message', optedOutAt: expect.any(String) });
    const lastInbound = new Date(out.lastInboundAt).getTime();
    expect(new Date(out.windowOpenUntil).getTime() - lastInbound).toBe(24 * 3600 * 1000);

    await wa().receive(number, 'ALTA');
    await settled();
    expect(await state()).toMatchObject({ optInSource: 'message', optedOutAt: null, optOutSource: null });

    // Only a sysadmin reads it: the person themself gets the console's refusal.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/people/${user.id}`, headers: { cookie } })).statusCode).toBe(403);
  });

  it('free text goes only inside the 24-hour window counted from the person’s message: a BAJA Meta retried after a day is applied but not answered', async () => {
    const { user, number } = await personWithWhatsApp('client');
    const secret = t.app.messaging.secrets.whatsappAppSecret;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messages: [
                  { from: number.slice(1), id: 'wamid.old-baja', timestamp: String(Math.floor((Date.now() - 25 * 3600 * 1000) / 1000)), type: 'text', text: { body: 'BAJA' } },
                ],
              },
            },
          ],
        },
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(secret, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    await settled();
    const [row] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, user.id));
    expect(row!.whatsappOptedOutAt).not.toBeNull();
    expect((await phoneOutbox(t, number)).filter((m) => m.body === texts.optedOut)).toEqual([]);
  });
});
