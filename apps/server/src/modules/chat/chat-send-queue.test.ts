import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, logTrail, messages } from '../../db/schema/index.ts';
import { createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { CHAT_CHANNEL, parseFanOutEvent, type FanOutEvent } from './chat-fanout.ts';
import { SendQueue, timeOrderedUuid } from './chat-send-queue.ts';

let t: TestApp;
let listener: pg.Client;
const heard: FanOutEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  listener = new pg.Client({ connectionString: t.url });
  await listener.connect();
  listener.on('notification', (n) => {
    const e = parseFanOutEvent(n.payload);
    if (e) heard.push(e);
  });
  await listener.query(`LISTEN ${CHAT_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

async function conversation() {
  const client = await createUser(t.db, { role: 'client', firstName: 'Yolanda' });
  const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Ramón' });
  const [row] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id }).returning({ id: conversations.id });
  return { client, contractor, id: row!.id, people: [client.id, contractor.id] as const };
}

const until = async (ok: () => boolean, ms = 3000) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
};

describe('SendQueue (group commit)', () => {
  it('stores the messages of one turn in one statement, in order, each with its log entry and its live event carrying the text', async () => {
    const c = await conversation();
    const queue = new SendQueue(t.db, '/perfil/mensajes', CHAT_CHANNEL);
    const texts = Array.from({ length: 12 }, (_, i) => `mensaje ${i} ñ`);
    const rows = await Promise.all(
      texts.map((body, i) =>
        queue.add({ conversationId: c.id, senderId: i % 2 ? c.contractor.id : c.client.id, body, sessionId: null, people: c.people, projectId: null, ref: `r${i}` }),
      ),
    );
    expect(rows.map((r) => r.body)).toEqual(texts);

    // Stored in the order sent: the history's order (created_at, then id) is the sending order.
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, c.id)).orderBy(asc(messages.createdAt), asc(messages.id));
    expect(stored.map((m) => m.body)).toEqual(texts);
    const [conv] = await t.db.select().from(conversations).where(eq(conversations.id, c.id));
    expect(conv!.lastMessageAt.getTime()).toBe(stored.at(-1)!.createdAt.getTime());
    const logged = await t.db.select().from(logTrail).where(eq(logTrail.action, 'chat-message'));
    expect(logged.filter((l) => (l.details as { conversationId?: string }).conversationId === c.id)).toHaveLength(12);

    // Each message's event carries the message itself (no read-back), both people and the sender's ref.
    await until(() => heard.filter((e) => e.k === 'msg' && e.m.c === c.id).length === 12);
    const events = heard.filter((e): e is Extract<FanOutEvent, { k: 'msg' }> => e.k === 'msg' && e.m.c === c.id);
    expect(events.map((e) => e.m.b)).toEqual(texts);
    expect(events[3]).toMatchObject({ to: [c.client.id, c.contractor.id], ref: 'r3', m: { id: rows[3]!.id, s: c.contractor.id, p: null, t: rows[3]!.createdAt.toISOString() } });
  });

  it('refuses at once when too many messages wait (nothing stored), and accepts again once they are stored', async () => {
    const c = await conversation();
    const queue = new SendQueue(t.db, '/perfil/mensajes', CHAT_CHANNEL, { maxQueued: 3, maxWaitMs: 1000, maxBatch: 500 });
    const input = (body: string) => ({ conversationId: c.id, senderId: c.client.id, body, sessionId: null, people: c.people, projectId: null, ref: null });
    const results = await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((b) => queue.add(input(b))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'UNAVAILABLE', status: 503, message: tc.busy });
    expect((await t.db.select().from(messages).where(eq(messages.conversationId, c.id))).map((m) => m.body).sort()).toEqual(['a', 'b', 'c']);
    await expect(queue.add(input('f'))).resolves.toMatchObject({ body: 'f' });
  });

  it('sends a message too long for a NOTIFY payload as its id, for the listeners to read back', async () => {
    const c = await conversation();
    const queue = new SendQueue(t.db, '/perfil/mensajes', CHAT_CHANNEL);
    // Longer than the shared schema allows (the repository does not check): 9,000 bytes.
    const row = await queue.add({ conversationId: c.id, senderId: c.client.id, body: 'x'.repeat(9000), sessionId: null, people: c.people, projectId: null, ref: 'big' });
    await until(() => heard.some((e) => e.k === 'message' && e.id === row.id));
    expect(heard.find((e) => e.k === 'message' && e.id === row.id)).toEqual({ k: 'message', id: row.id, to: [c.client.id, c.contractor.id], ref: 'big' });
  });

  it('makes ids that sort in the order they were made, within one millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedUuid(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
