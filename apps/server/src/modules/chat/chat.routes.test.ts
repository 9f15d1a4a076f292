import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorContact } from '@arreglaya/shared/i18n/contractor-contact';
import { conversations, logTrail, messages } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Person {
  user: TestUser;
  headers: Record<string, string>;
}

async function person(role: 'client' | 'contractor', firstName: string): Promise<Person> {
  const user = await createUser(t.db, { role, firstName });
  return { user, headers: asBrowser(await signIn(t, user)) };
}

async function conversation(client: Person, contractor: Person): Promise<string> {
  const [row] = await t.db.insert(conversations).values({ clientId: client.user.id, contractorId: contractor.user.id }).returning({ id: conversations.id });
  return row!.id;
}

const send = (p: Person, id: string, text: unknown) => t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: p.headers, payload: { text } });
const get = (p: Person, url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });

async function pair() {
  const client = await person('client', 'Yolanda');
  const contractor = await person('contractor', 'Ramón');
  const id = await conversation(client, contractor);
  return { client, contractor, id };
}

describe('chat over REST', () => {
  it('sends text trimmed, lists it for both, counts it unread for the recipient until read', async () => {
    const { client, contractor, id } = await pair();
    const res = await send(client, id, '  Hola, ¿puede venir el lunes?\n  ');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({ text: 'Hola, ¿puede venir el lunes?', mine: true, type: 'chat', readAt: null });

    const list = (await get(contractor, '/api/conversations')).json().conversations;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, unread: 1, other: { id: client.user.id, name: expect.stringContaining('Yolanda'), role: 'client', rating: null } });
    expect(list[0].lastMessage).toMatchObject({ text: 'Hola, ¿puede venir el lunes?', mine: false });
    const clientList = (await get(client, '/api/conversations')).json().conversations;
    expect(clientList[0]).toMatchObject({ unread: 0, other: { id: contractor.user.id, role: 'contractor', rating: { average: 0, count: 0 } } });

    expect((await get(contractor, '/api/me/unread')).json()).toEqual({ unread: 1, notices: 0 });
    expect((await get(client, '/api/me/unread')).json()).toEqual({ unread: 0, notices: 0 });
    const read = await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/read`, headers: contractor.headers });
    expect(read.json()).toEqual({ read: 1 });
    expect((await get(contractor, '/api/me/unread')).json()).toEqual({ unread: 0, notices: 0 });
    const page = (await get(client, `/api/conversations/${id}/messages`)).json();
    expect(page.messages[0].readAt).not.toBeNull();

    const [entry] = await t.db.select().from(logTrail).where(eq(logTrail.userId, client.user.id));
    expect(entry).toMatchObject({ action: 'chat-message', location: '/perfil/mensajes' });
  });

  it('refuses blank, too long and control-character text with a Spanish message; stores markup as text', async () => {
    const { client, id } = await pair();
    for (const bad of ['   ', '\n\t', 'a'.repeat(2001), 'hola\u0000', 'hola\u0007']) {
      const res = await send(client, id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.message).toMatch(/[áéíóúñ]|campo|caracteres|obligatorio/i);
    }
    expect((await send(client, id, 'a'.repeat(2000))).statusCode).toBe(201);
    const xss = '<img src=x onerror=alert(1)>';
    const res = await send(client, id, xss);
    expect(res.json().message.text).toBe(xss);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('pages history by cursor, 30 at a time, and returns what was missed after a message', async () => {
    const { client, contractor, id } = await pair();
    const base = Date.now() - 100_000;
    await t.db
      .insert(messages)
      .values(
        Array.from({ length: 65 }, (_, i) => ({ conversationId: id, senderId: i % 2 ? client.user.id : contractor.user.id, body: `m${i}`, createdAt: new Date(base + i * 1000) })),
      );

    const first = (await get(client, `/api/conversations/${id}/messages`)).json();
    expect(first.messages.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 35}`));
    expect(first.hasMore).toBe(true);
    const second = (await get(client, `/api/conversations/${id}/messages?before=${first.messages[0].id}`)).json();
    expect(second.messages.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 5}`));
    const third = (await get(client, `/api/conversations/${id}/messages?before=${second.messages[0].id}`)).json();
    expect(third.messages.map((m: { text: string }) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(third.hasMore).toBe(false);

    const after = (await get(client, `/api/conversations/${id}/messages?after=${first.messages[27].id}`)).json();
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['m63', 'm64']);
    // Fetched by the recipient: the contractor's messages among them count as delivered.
    expect(after.messages.find((m: { text: string }) => m.text === 'm64').deliveredAt).not.toBeNull();

    const other = await pair();
    const foreign = await get(client, `/api/conversations/${id}/messages?before=${(await send(other.client, other.id, 'x')).json().message.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await get(client, `/api/conversations/${id}/messages?before=${first.messages[0].id}&after=${first.messages[0].id}`)).statusCode).toBe(400);
  });

  it('searches the list by name and keeps the newest first', async () => {
    const client = await person('client', 'Marta');
    const a = await person('contractor', 'Teodoro');
    const b = await person('contractor', 'Úrsula');
    const ca = await conversation(client, a);
    const cb = await conversation(client, b);
    await send(client, ca, 'primero');
    await send(client, cb, 'segundo');
    const ids = (await get(client, '/api/conversations')).json().conversations.map((c: { id: string }) => c.id);
    expect(ids).toEqual([cb, ca]);
    const found = (await get(client, '/api/conversations?q=ursula')).json().conversations;
    expect(found.map((c: { id: string }) => c.id)).toEqual([cb]);
  });

  it('answers 404 to a third person on every route, and 401 when signed out', async () => {
    const { client, id } = await pair();
    const sent = (await send(client, id, 'privado')).json().message;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const photo = await upload(client, id, png);
    expect(photo.statusCode).toBe(201);
    const photoId = photo.json().message.photoId as string;
    const intruder = await person('contractor', 'Intruso');

    const routes: [string, string, unknown?][] = [
      ['GET', `/api/conversations/${id}/messages`],
      ['GET', `/api/conversations/${id}/messages?after=${sent.id}`],
      ['POST', `/api/conversations/${id}/messages`, { text: 'hola' }],
      ['POST', `/api/conversations/${id}/read`],
      ['GET', `/api/conversations/${id}/photos/${photoId}`],
      ['GET', `/api/conversations/${id}/photos/${photoId}?size=preview`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: intruder.headers, ...(payload ? { payload: payload as object } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const anon = await t.app.inject({ method: method as 'GET', url, headers: { 'x-requested-with': 'arreglaya' }, ...(payload ? { payload: payload as object } : {}) });
      expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect((await upload(intruder, id, png)).statusCode).toBe(404);
    expect((await get(intruder, '/api/conversations')).json().conversations).toEqual([]);
    // Not served by the public photo route either.
    expect((await t.app.inject({ method: 'GET', url: `/api/photos/${photoId}/lg` })).statusCode).toBe(404);
  });

  it('sends an image re-encoded without metadata and serves it only to the two people', async () => {
    const { client, contractor, id } = await pair();
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ff8800' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secreto', Make: 'CamaraX' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(client, id, jpeg);
    expect(res.statusCode).toBe(201);
    const { photoId } = res.json().message as { photoId: string };
    for (const p of [client, contractor]) {
      const full = await get(p, `/api/conversations/${id}/photos/${photoId}`);
      expect(full.statusCode).toBe(200);
      expect(full.headers['cache-control']).toContain('private');
      const meta = await sharp(full.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(960);
      const preview = await sharp((await get(p, `/api/conversations/${id}/photos/${photoId}?size=preview`)).rawPayload).metadata();
      expect(preview.width).toBe(320);
    }
    const notImage = await upload(client, id, Buffer.from('GIF89a not really'));
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
  });
});

describe('service requests in the chat', () => {
  const request = async (client: Person, id: string) => {
    const [row] = await t.db
      .insert(messages)
      .values({ conversationId: id, senderId: client.user.id, subject: contractorContact.emailTitle, body: 'Necesito arreglar una tubería', mailedAt: new Date() })
      .returning({ id: messages.id });
    return row!.id;
  };
  const respond = (p: Person, id: string, messageId: string, response: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages/${messageId}/respond`, headers: p.headers, payload: { response } });

  it('shows the request pending; only its contractor answers it, once, and the answer is a message the client reads', async () => {
    const { client, contractor, id } = await pair();
    const requestId = await request(client, id);
    const before = (await get(contractor, `/api/conversations/${id}/messages`)).json().messages;
    expect(before[0]).toMatchObject({ id: requestId, serviceRequest: 'pending', mine: false });

    expect((await respond(client, id, requestId, 'accept')).statusCode).toBe(403);
    const intruder = await person('contractor', 'Intruso');
    expect((await respond(intruder, id, requestId, 'accept')).statusCode).toBe(404);
    const bad = await respond(contractor, id, requestId, 'maybe');
    expect(bad.statusCode).toBe(400);
    // A plain chat message is not a request.
    const plain = (await send(client, id, 'hola')).json().message.id as string;
    expect((await respond(contractor, id, plain, 'accept')).statusCode).toBe(404);

    const res = await respond(contractor, id, requestId, 'accept');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({ mine: true, subject: 'Solicitud aceptada', text: expect.stringContaining('Acepté') });
    const again = await respond(contractor, id, requestId, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta solicitud ya fue respondida.');

    const seen = (await get(client, `/api/conversations/${id}/messages`)).json().messages;
    expect(seen.find((m: { id: string }) => m.id === requestId).serviceRequest).toBe('accepted');
    expect(seen.at(-1)).toMatchObject({ mine: false, subject: 'Solicitud aceptada' });
  });

  it('two answers at once: one wins, the other is refused', async () => {
    const { client, contractor, id } = await pair();
    const requestId = await request(client, id);
    const codes = (await Promise.all([respond(contractor, id, requestId, 'accept'), respond(contractor, id, requestId, 'reject')])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
  });
});

function upload(p: Person, id: string, data: Buffer) {
  const boundary = '----chat' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="<b>foto</b>.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/photos`,
    headers: { ...p.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('chat REST under attack', () => {
  it('50 identical sends at once: no crash, each answered 201 (one stored message each) or 429 with a Spanish message, none lost or doubled', async () => {
    const { client, contractor, id } = await pair();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(client, id, 'Mismo mensaje')));
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 201 || c === 429),
      JSON.stringify(codes),
    ).toBe(true);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const r of answers.filter((x) => x.statusCode === 429)) expect(r.json().error.message).toMatch(/[a-zá-ú]/);
    const ids = new Set(created.map((r) => r.json().message.id as string));
    expect(ids.size).toBe(created.length);
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(created.length);
    expect((await get(contractor, '/api/me/unread')).json()).toEqual({ unread: created.length, notices: 0 });
    expect((await get(contractor, `/api/conversations/${id}/messages`)).json().messages.at(-1)).toMatchObject({ text: 'Mismo mensaje', mine: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
