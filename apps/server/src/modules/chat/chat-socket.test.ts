import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { createDb, createPool } from '../../db/client.ts';
import { conversations, logTrail, messages, sessions, users } from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { SendQueue } from './chat-send-queue.ts';
import { createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

type Frame = Record<string, unknown> & { action: string };

let t: TestApp;
let port1: number;
type AnotherApp = Awaited<ReturnType<typeof buildApp>>;
const extra: { app: AnotherApp; pool: ReturnType<typeof createPool> }[] = [];
let port2: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-chat-'));

/** Another instance of the server on the same database (its own pool, its own LISTEN). */
async function anotherInstance(chat?: { keepAliveMs?: number; idleGraceMs?: number; underPressure?: () => boolean }): Promise<number> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: t.url, DEMO_DATA: '0' });
  const pool = createPool(t.url, 5);
  const app = await buildApp({ config, db: createDb(pool), logger: createLogger(config), mailPollMs: 200, jobs: { schedules: false }, chat });
  await app.listen({ port: 0, host: '127.0.0.1' });
  extra.push({ app, pool });
  return (app.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port1 = (t.app.server.address() as AddressInfo).port;
  port2 = await anotherInstance();
});
afterAll(async () => {
  for (const e of extra) {
    await e.app.close();
    await e.pool.end();
  }
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Client {
  ws: WebSocket;
  frames: Frame[];
  next(match: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

function open(port: number, cookie: string | undefined, headers: Record<string, string> = {}): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    frames.push(frame);
    for (const w of [...waiters])
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const client: Client = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame)),
    next(match, ms = 3000) {
      const seen = frames.find(match);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames)}`)), ms);
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(f), 1);
            resolve(f);
          },
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

async function person(role: 'client' | 'contractor', firstName: string): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db, { role, firstName });
  return { user, cookie: await signIn(t, user) };
}

async function pair() {
  const client = await person('client', 'Yolanda');
  const contractor = await person('contractor', 'Ramón');
  const [row] = await t.db.insert(conversations).values({ clientId: client.user.id, contractorId: contractor.user.id }).returning({ id: conversations.id });
  return { client, contractor, id: row!.id };
}

const action = (name: string) => (f: Frame) => f.action === name;

describe('/ws', () => {
  it('refuses an upgrade without a session (401) and one from another site (403)', async () => {
    await expect(open(port1, undefined)).rejects.toMatchObject({ status: 401 });
    await expect(open(port1, 'arreglaya.session_token=forged.value')).rejects.toMatchObject({ status: 401 });
    const { client } = await pair();
    await expect(open(port1, client.cookie, { origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    const ok = await open(port1, client.cookie, { origin: `http://127.0.0.1:${port1}` });
    ok.ws.close(1000);
  });

  it('accepts a bearer token at the upgrade (non-browser clients)', async () => {
    const user = await createUser(t.db, { role: 'contractor', firstName: 'Bearer' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
    const token = res.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    const c = await open(port1, undefined, { authorization: `Bearer ${token}` });
    c.send({ action: 'setName' });
    expect(await c.next(action('ready'))).toEqual({ action: 'ready', userId: user.id });
    c.ws.close(1000);
    await expect(open(port1, undefined, { authorization: 'Bearer not-a-token' })).rejects.toMatchObject({ status: 401 });
  });

  it('delivers a message to the other person with delivered and read acknowledgements, typing and presence', async () => {
    const { client, contractor, id } = await pair();
    const a = await open(port1, client.cookie);
    const b = await open(port1, contractor.cookie);
    expect(await a.next(action('presence'))).toEqual({ action: 'presence', userId: contractor.user.id, online: true });

    // The identity is the session's, whatever id the client claims.
    a.send({ action: 'setName', id: contractor.user.id });
    expect(await a.next(action('ready'))).toEqual({ action: 'ready', userId: client.user.id });
    a.send({ action: 'keepItAlive', to: 'server', message: 'ping' });
    await a.next(action('keepItAlive'));

    a.send({ action: 'isContactOnLine', contact: contractor.user.id });
    expect(await a.next(action('isContactOnLine'))).toEqual({ action: 'isContactOnLine', contact: contractor.user.id, members: [contractor.user.id] });

    a.send({ action: 'sendPrivate', conversationId: id, message: '  ¿Mañana a las 9?  ', ref: 'r1', fromId: contractor.user.id });
    const echoed = await a.next(action('message'));
    expect(echoed).toMatchObject({ ref: 'r1', message: { text: '¿Mañana a las 9?', mine: true, senderId: client.user.id, conversationId: id } });
    const received = await b.next(action('message'));
    expect(received).toMatchObject({ message: { id: (echoed.message as { id: string }).id, text: '¿Mañana a las 9?', mine: false } });
    expect(received.ref).toBeUndefined();

    const delivered = await a.next(action('delivered'));
    expect(delivered).toMatchObject({ conversationId: id, messageIds: [(echoed.message as { id: string }).id] });
    const [stored] = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored!.deliveredAt).not.toBeNull();
    expect(stored!.readAt).toBeNull();

    b.send({ action: 'typing', conversationId: id });
    expect(await a.next(action('typing'))).toEqual({ action: 'typing', conversationId: id, userId: contractor.user.id });

    b.send({ action: 'markRead', conversationId: id });
    expect(await a.next(action('read'))).toMatchObject({ conversationId: id, readerId: contractor.user.id });
    const [after] = await t.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(after!.readAt).not.toBeNull();

    const actions = (await t.db.select().from(logTrail).where(eq(logTrail.userId, client.user.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['chat-enter', 'chat-message']));

    b.ws.close(1000);
    expect(await a.next((f) => f.action === 'presence' && f.online === false)).toEqual({ action: 'presence', userId: contractor.user.id, online: false });
    a.send({ action: 'isContactOnLine', contact: contractor.user.id });
    expect(await a.next(action('isContactOnLine'))).toMatchObject({ members: [] });
    a.ws.close(1000);
  });

  it('refuses a third person on the socket: no sending, typing or reading another conversation, no presence of strangers', async () => {
    const { client, contractor, id } = await pair();
    const stranger = await person('contractor', 'Intruso');
    const a = await open(port1, client.cookie);
    const c = await open(port1, stranger.cookie);
    c.send({ action: 'sendPrivate', conversationId: id, message: 'hola', ref: 'x1' });
    expect(await c.next(action('error'))).toMatchObject({ code: 'not_found', ref: 'x1', message: 'Esta conversación no existe o no participas en ella.' });
    c.send({ action: 'typing', conversationId: id });
    expect(await c.next(action('error'))).toMatchObject({ code: 'not_found' });
    c.send({ action: 'markRead', conversationId: id });
    expect(await c.next(action('error'))).toMatchObject({ code: 'not_found' });
    c.send({ action: 'isContactOnLine', contact: client.user.id });
    expect(await c.next(action('isContactOnLine'))).toMatchObject({ members: [] });
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(0);
    // The contractor's typing, sent after, reaches the client; nothing of the stranger's came before it.
    const b = await open(port1, contractor.cookie);
    b.send({ action: 'typing', conversationId: id });
    await a.next((f) => f.action === 'typing' && f.userId === contractor.user.id);
    expect(a.frames.filter((f) => f.action === 'message' || f.action === 'typing')).toEqual([]);
    a.ws.close(1000);
    b.ws.close(1000);
    c.ws.close(1000);
  });

  it('answers hostile frames with error frames and keeps serving; closes a flood and an oversized frame', async () => {
    const { client, id } = await pair();
    const a = await open(port1, client.cookie);
    const cases: [unknown, string][] = [
      ['{not json', 'invalid_json'],
      ['null', 'unknown_action'],
      ['[1,2]', 'unknown_action'],
      [{ action: 'dropTables' }, 'unknown_action'],
      [{ action: 'sendPrivate', conversationId: id, message: '   ' }, 'invalid_frame'],
      [{ action: 'sendPrivate', conversationId: id, message: 'a'.repeat(2001) }, 'invalid_frame'],
      [{ action: 'sendPrivate', conversationId: id, message: 'hola\u0000' }, 'invalid_frame'],
      [{ action: 'sendPrivate', conversationId: 'no-es-uuid', message: 'hola' }, 'invalid_frame'],
      [JSON.stringify({ action: 'keepItAlive', message: 'x'.repeat(20_000) }), 'too_large'],
      [Buffer.from([0, 1, 2, 3]), 'invalid_frame'],
    ];
    for (const [frame, code] of cases) {
      if (Buffer.isBuffer(frame)) a.ws.send(frame, { binary: true });
      else a.send(frame);
      const error = await a.next(action('error'));
      expect(error.code, JSON.stringify(frame).slice(0, 80)).toBe(code);
      expect(typeof error.message).toBe('string');
    }
    a.send({ action: 'keepItAlive' });
    await a.next(action('keepItAlive'));
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(0);
    a.ws.close(1000);

    const flood = await open(port1, client.cookie);
    for (let i = 0; i < 200; i++) flood.send({ action: 'keepItAlive' });
    expect((await flood.closed).code).toBe(1008);
    expect(flood.frames.some((f) => f.action === 'error' && f.code === 'rate_limited')).toBe(true);

    const huge = await open(port1, client.cookie);
    huge.send('x'.repeat(70 * 1024));
    expect((await huge.closed).code).toBe(1009);

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

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

  it("closes the sockets of a session signed out mid-stream, on both instances, and keeps the same person's other session", async () => {
    const { client, contractor, id } = await pair();
    const other = await signIn(t, client.user);
    const a1 = await open(port1, client.cookie);
    const a2 = await open(port2, client.cookie);
    const kept = await open(port1, other);
    const b = await open(port2, contractor.cookie);
    // The socket is busy sending when its session ends.
    let sent = 0;
    const stream = setInterval(() => {
      if (a1.ws.readyState === WebSocket.OPEN) a1.send({ action: 'sendPrivate', conversationId: id, message: `mensaje ${++sent}` });
    }, 120);
    await b.next((f) => f.action === 'message');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: client.cookie, 'x-requested-with': 'arreglaya' } });
    expect(out.statusCode).toBe(204);
    expect(await a1.closed).toMatchObject({ code: 4001 });
    expect(await a2.closed).toMatchObject({ code: 4001 });
    clearInterval(stream);
    // The other session and the other person are untouched and keep working.
    kept.send({ action: 'sendPrivate', conversationId: id, message: 'sigo aquí', ref: 'k1' });
    expect(await kept.next((f) => f.action === 'message' && f.ref === 'k1')).toBeTruthy();
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    // Nothing was stored for the signed-out socket after its close, and the old cookie cannot reconnect.
    const stored = await t.db.$count(messages, eq(messages.conversationId, id));
    expect(stored).toBeLessThanOrEqual(sent + 1);
    await expect(open(port1, client.cookie)).rejects.toMatchObject({ status: 401 });
    kept.ws.close(1000);
    b.ws.close(1000);
  });

  it("closes a banned person's sockets at once, and a session that ended without a notice at the next check", async () => {
    const { client, contractor } = await pair();
    const a = await open(port2, client.cookie);
    await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, client.user.id));
    expect((await a.closed).code).toBe(4001);

    // A session past its expiry in the database (no row deleted, so no trigger): the periodic check closes it.
    const b = await open(port1, contractor.cookie);
    b.send({ action: 'setName' });
    await b.next(action('ready'));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, contractor.user.id));
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    await t.app.chat.deps.hub.checkSessions();
    expect((await b.closed).code).toBe(4001);
  });

  it('the periodic session check closes only the sockets it asked about, not one opened while it ran', async () => {
    const hub = t.app.chat.deps.hub;
    const sessionOf = async (role: 'client' | 'contractor') => {
      const p = await person(role, 'Sesión');
      const [row] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, p.user.id));
      return { userId: p.user.id, sessionId: row!.id };
    };
    const closed: string[] = [];
    const fake = (who: { userId: string; sessionId: string }, name: string) => ({
      ...who,
      close: () => closed.push(name),
      send: () => undefined,
      sendRaw: () => undefined,
    });
    const ended = fake({ userId: (await sessionOf('client')).userId, sessionId: randomUUID() }, 'ended');
    const late = fake(await sessionOf('contractor'), 'late');
    hub.add(ended);
    const check = hub.checkSessions();
    hub.add(late); // opened while the check's query runs
    await check;
    expect(closed).toEqual(['ended']);
    hub.remove(ended);
    hub.remove(late);
  });

  it('closes a socket that stops sending keepItAlive, and keeps one that does', async () => {
    const port3 = await anotherInstance({ keepAliveMs: 200, idleGraceMs: 150 });
    const { client, contractor } = await pair();
    const silent = await open(port3, client.cookie);
    const alive = await open(port3, contractor.cookie);
    const ping = setInterval(() => alive.send({ action: 'keepItAlive' }), 100);
    expect((await silent.closed).code).toBe(4000);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    clearInterval(ping);
    alive.ws.close(1000);
  });
});
