import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notificationDeliveries, photos, voiceNotes } from '../../src/db/schema/index.ts';
import { upsertConversation } from '../../src/modules/contractor-contact/contractor-contact.repository.ts';
import { whatsappSignature } from '../../src/modules/messaging/webhook-signatures.ts';
import { personWithWhatsApp, phoneOutbox } from './phone-outbox.ts';
import type { TestApp } from './test-app.ts';

// What the WhatsApp reply and media tests share (decisions 061 and 063): two people with WhatsApp and their
// conversation, Meta's signed webhook of a photo or voice note, and what each side then sees.

/** A notice WhatsApp delivered to the person about a conversation (as the dispatcher records it); its wamid. */
export async function deliveredNotice(t: TestApp, userId: string, chatPair: { clientId: string; contractorId: string; projectId: string | null }): Promise<string> {
  const wamid = `wamid.${randomBytes(12).toString('base64url')}`;
  await t.db.insert(notificationDeliveries).values({
    userId,
    type: 'messageWhileAway',
    channel: 'whatsapp',
    sourceKey: `test:${wamid}`,
    state: 'delivered',
    title: 'Mensaje',
    body: 'Te escribieron',
    url: 'https://arreglaya.do/perfil/mensajes',
    providerMessageId: wamid,
    chatPair,
  });
  return wamid;
}

/** A client and a contractor with WhatsApp, their conversation, and a notice WhatsApp delivered to the client about it. */
export async function mediaPair(t: TestApp) {
  const client = await personWithWhatsApp(t, 'client');
  const contractor = await personWithWhatsApp(t, 'contractor');
  const chatPair = { clientId: client.user.id, contractorId: contractor.user.id, projectId: null };
  const conversationId = await upsertConversation(t.db, chatPair);
  await deliveredNotice(t, client.user.id, chatPair);
  return { client, contractor, conversationId };
}

export interface ChatLine {
  type: string;
  text: string;
  mine: boolean;
  photoId: string | null;
  voiceNote: { id: string; mime: string; durationMs: number } | null;
}

/** The conversation as the signed-in person reads it (GET …/messages). */
export async function messagesOf(t: TestApp, cookie: string, conversationId: string): Promise<ChatLine[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().messages;
}

/** What the person's phone was answered (the stand-in's outbox), beyond the verification code. */
export async function answers(t: TestApp, number: string): Promise<string[]> {
  return (await phoneOutbox(t, number)).map((m) => m.body).filter((b) => !/\b\d{6}\b/.test(b));
}

/** The files kept for a person: chat photos and voice notes. */
export async function keptFor(t: TestApp, userId: string): Promise<number> {
  const [p] = await t.db.select({ n: count() }).from(photos).where(eq(photos.ownerId, userId));
  const [v] = await t.db.select({ n: count() }).from(voiceNotes).where(eq(voiceNotes.ownerId, userId));
  return p!.n + v!.n;
}

/** Meta's signed webhook of one message from `number` (its `type` and that type's object), and a fresh message id. */
export function inboundWebhook(t: TestApp, number: string, type: string, object: Record<string, unknown>) {
  const id = `wamid.${randomBytes(10).toString('base64url')}`;
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [{ field: 'messages', value: { messages: [{ from: number.slice(1), id, timestamp: String(Math.floor(Date.now() / 1000)), type, [type]: object }] } }],
      },
    ],
  });
  const headers = { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(t.app.messaging.secrets.whatsappAppSecret, body) };
  return { id, post: () => t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers, payload: body }) };
}
