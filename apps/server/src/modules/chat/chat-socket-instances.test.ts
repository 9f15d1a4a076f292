import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { SendQueue } from './chat-send-queue.ts';
import { action, anotherInstance, open, pair, port1, port2, setUpTwoInstances, t } from '../../../test/support/chat-socket-app.ts';

// The chat's socket across two instances on one database (LISTEN/NOTIFY), and when an instance is overloaded.

setUpTwoInstances();

describe('/ws across instances and under load', () => {
  it('delivers across two instances on one database (LISTEN/NOTIFY) and agrees on presence', async () => {
    const { client, contractor, id } = await pair();
    const a = await open(port1, client.cookie);
    const b = await open(port2, contractor.cookie);
    // Presence crosses instances once the other instance's notification arrives.
    let members: unknown[] = [];
    for (let i = 0; i < 30 && members.length === 0; i++) {
      a.send({ action: 'isContactOnLine', contact: contractor.user.id });
      members = (await a.next(action('isContactOnLine'))).members as unknown[];
      if (members.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(members).toEqual([contractor.user.id]);

    a.send({ action: 'sendPrivate', conversationId: id, message: 'desde la instancia 1', ref: 'i1' });
    expect(await b.next(action('message'))).toMatchObject({ message: { text: 'desde la instancia 1', mine: false } });
    expect(await a.next(action('delivered'))).toMatchObject({ conversationId: id });

    b.send({ action: 'sendPrivate', conversationId: id, message: 'respuesta desde la 2' });
    expect(await a.next((f) => f.action === 'message' && (f.message as { mine: boolean }).mine === false)).toMatchObject({ message: { text: 'respuesta desde la 2' } });
    b.send({ action: 'markRead', conversationId: id });
    expect(await a.next(action('read'))).toMatchObject({ readerId: contractor.user.id });

    // A message sent over REST on instance 1 reaches the socket on instance 2.
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: { cookie: client.cookie, 'x-requested-with': 'arreglaya' },
      payload: { text: 'por REST' },
    });
    expect(rest.statusCode).toBe(201);
    expect(await b.next((f) => f.action === 'message' && (f.message as { text: string }).text === 'por REST')).toBeTruthy();

    b.ws.close(1000);
    expect(await a.next((f) => f.action === 'presence' && f.online === false)).toEqual({ action: 'presence', userId: contractor.user.id, online: false });
    a.ws.close(1000);
  });

  it('delivers a burst across instances in the order sent, stored in that order, and a reconnect after one of them gets exactly the rest', async () => {
    const { client, contractor, id } = await pair();
    const a = await open(port1, client.cookie);
    const b = await open(port2, contractor.cookie);
    const texts = Array.from({ length: 20 }, (_, i) => `ráfaga ${i}`);
    // One frame after the other in the same tick: the server stores them together (one statement).
    for (const [i, text] of texts.entries()) a.send({ action: 'sendPrivate', conversationId: id, message: text, ref: `b${i}` });
    const got: string[] = [];
    while (got.length < texts.length) got.push(((await b.next(action('message'))).message as { text: string }).text);
    expect(got).toEqual(texts);
    const echoes: { ref: string; message: { id: string } }[] = [];
    while (echoes.length < texts.length) echoes.push((await a.next(action('message'))) as unknown as { ref: string; message: { id: string } });
    expect(echoes.map((e) => e.ref)).toEqual(texts.map((_, i) => `b${i}`));

    const history = await t.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, headers: { cookie: client.cookie } });
    expect((history.json() as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(texts);
    // Stored a microsecond apart: the cursor compares what is stored, not a millisecond rounding.
    const after = await t.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages?after=${echoes[9]!.message.id}`, headers: { cookie: contractor.cookie } });
    expect((after.json() as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(texts.slice(10));
    const before = await t.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages?before=${echoes[9]!.message.id}`, headers: { cookie: contractor.cookie } });
    expect((before.json() as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(texts.slice(0, 9));
    a.ws.close(1000);
    b.ws.close(1000);
  });

  it('refuses a message at once when the instance is overloaded: a rate_limited frame on the socket, 503 over REST, nothing stored', async () => {
    const { client, id } = await pair();
    const a = await open(port1, client.cookie);
    const deps = t.app.chat.deps;
    const queue = deps.sendQueue;
    // An instance whose send queue is full: its bound is what decides.
    deps.sendQueue = new SendQueue(t.db, '/perfil/mensajes', queue?.notifies ? 'chat_events' : undefined, { maxQueued: 0, maxWaitMs: 1000, maxBatch: 500 });
    try {
      a.send({ action: 'sendPrivate', conversationId: id, message: 'no cabe', ref: 'full' });
      expect(await a.next(action('error'))).toEqual({ action: 'error', code: 'rate_limited', message: tc.busy, ref: 'full' });
      const rest = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${id}/messages`,
        headers: { cookie: client.cookie, 'x-requested-with': 'arreglaya' },
        payload: { text: 'tampoco' },
      });
      expect(rest.statusCode).toBe(503);
      expect(rest.json()).toMatchObject({ error: { code: 'UNAVAILABLE', message: tc.busy } });
      expect(await t.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
    } finally {
      deps.sendQueue = queue;
    }
    a.send({ action: 'sendPrivate', conversationId: id, message: 'ahora sí', ref: 'ok' });
    expect(await a.next(action('message'))).toMatchObject({ ref: 'ok', message: { text: 'ahora sí' } });
    a.ws.close(1000);
  });

  it('refuses sendPrivate at once on an instance that sheds load (event loop or heap past the limit), and takes it again after', async () => {
    let pressure = true;
    const port = await anotherInstance({ underPressure: () => pressure });
    const { client, id } = await pair();
    const a = await open(port, client.cookie);
    a.send({ action: 'sendPrivate', conversationId: id, message: 'tarde', ref: 'p1' });
    expect(await a.next(action('error'))).toEqual({ action: 'error', code: 'rate_limited', message: tc.busy, ref: 'p1' });
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
    pressure = false;
    a.send({ action: 'sendPrivate', conversationId: id, message: 'a tiempo', ref: 'p2' });
    expect(await a.next(action('message'))).toMatchObject({ ref: 'p2', message: { text: 'a tiempo' } });
    a.ws.close(1000);
  });
});
