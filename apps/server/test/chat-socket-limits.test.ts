import type { AddressInfo } from 'node:net';
import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { conversations, logTrail, messages } from '../src/db/schema/index.ts';
import { CHAT_MESSAGE_BUDGET, CLOSE, SOCKET_LIMITS } from '../src/modules/chat/chat-socket.routes.ts';
import { asBrowser, cookieFrom, createUser } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 30, medium 2: one session opened 1,000 sockets, 15 sockets × 30 frames stored 450
 * messages in 4 s, every upgrade wrote a `chat-enter` entry and upgrades were not limited.
 * Sockets are capped per session and per address (the newest closes the oldest with 4008),
 * upgrades are limited per address and per person, a person has one message budget for all
 * their sockets and REST, and a chat entry is logged at most once a minute per person.
 *
 * Behind TRUST_PROXY=1 each test's sockets claim their own address (X-Forwarded-For), as
 * clients behind our proxy would.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

let n = 0;
const address = () => `198.51.100.${++n}`;

interface Socket {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  isClosed: () => boolean;
}

function open(cookie: string, ip: string): Promise<Socket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie, 'x-forwarded-for': ip } });
  const frames: Record<string, unknown>[] = [];
  let done = false;
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      done = true;
      resolve({ code, reason: String(reason) });
    }),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, closed, isClosed: () => done }));
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode, retryAfter: res.headers['retry-after'] })),
    );
    ws.once('error', reject);
  });
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: { status?: number; retryAfter?: string }) => err,
  );
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A round trip on the socket (keepItAlive and its answer): true once answered, false when it closes first. */
function answers(s: Socket): Promise<boolean> {
  if (s.isClosed()) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      if ((JSON.parse(String(data)) as { action?: unknown }).action === 'keepItAlive') done(true);
    };
    const done = (answered: boolean) => {
      s.ws.off('message', onMessage);
      resolve(answered);
    };
    s.ws.on('message', onMessage);
    void s.closed.then(() => done(false));
    s.ws.send(JSON.stringify({ action: 'keepItAlive' }));
  });
}
const allAnswer = async (sockets: Socket[]) => (await Promise.all(sockets.map(answers))).every(Boolean);

/** Signs in from an address of its own (the per-address sign-in limit is not under test here). */
async function person(role: 'client' | 'contractor' = 'client') {
  const user = await createUser(t.db, { role });
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': address() } });
  expect(res.statusCode).toBe(200);
  return { user, cookie: cookieFrom(res.headers['set-cookie']) };
}

describe('sockets per session and per address', () => {
  it(`keeps ${SOCKET_LIMITS.perSession} sockets per session: the next one closes the oldest with ${CLOSE.tooMany}`, async () => {
    const { cookie } = await person();
    const ip = address();
    const sockets: Socket[] = [];
    for (let i = 0; i < SOCKET_LIMITS.perSession; i++) sockets.push(await open(cookie, ip));
    expect(await allAnswer(sockets)).toBe(true);

    const newest = await open(cookie, ip);
    expect(await within(sockets[0]!.closed, 3000)).toEqual({ code: CLOSE.tooMany, reason: 'too many sockets' });
    // Every other socket still answers a round trip made after the oldest closed.
    expect(await allAnswer([...sockets.slice(1), newest])).toBe(true);
    for (const s of [...sockets, newest]) s.ws.close(1000);
  });

  it(`keeps ${SOCKET_LIMITS.perAddress} sockets per address, whoever opened them: the next one closes the oldest`, async () => {
    const ip = address();
    const sockets: Socket[] = [];
    while (sockets.length < SOCKET_LIMITS.perAddress) {
      const { cookie } = await person();
      for (let i = 0; i < 5 && sockets.length < SOCKET_LIMITS.perAddress; i++) sockets.push(await open(cookie, ip));
    }
    expect(await allAnswer(sockets)).toBe(true);
    const { cookie } = await person();
    const newest = await open(cookie, ip);
    expect(await within(sockets[0]!.closed, 3000)).toEqual({ code: CLOSE.tooMany, reason: 'too many sockets' });
    // Another address is not concerned.
    const elsewhere = await open(cookie, address());
    expect(await allAnswer([...sockets.slice(1), newest, elsewhere])).toBe(true);
    for (const s of [...sockets, newest, elsewhere]) s.ws.close(1000);
  });
});

describe('upgrades', () => {
  it(`refuses a person's upgrade past ${SOCKET_LIMITS.upgradesPerPerson} a minute with 429 and Retry-After`, async () => {
    const { cookie } = await person();
    const opened: Socket[] = [];
    // From several addresses, so only the person's count can refuse it.
    for (let i = 0; i < SOCKET_LIMITS.upgradesPerPerson; i++) opened.push(await open(cookie, address()));
    const refused = await refusal(open(cookie, address()));
    expect(refused?.status).toBe(429);
    expect(Number(refused?.retryAfter)).toBeGreaterThanOrEqual(1);
    for (const s of opened) s.ws.close(1000);
  });

  it(`refuses an address's upgrade past ${SOCKET_LIMITS.upgradesPerAddress} a minute, whoever asks`, async () => {
    const ip = address();
    const opened: Socket[] = [];
    let people = [await person()];
    for (let i = 0; i < SOCKET_LIMITS.upgradesPerAddress; i++) {
      if (i % 10 === 9) people = [await person()];
      opened.push(await open(people[0]!.cookie, ip));
    }
    const refused = await refusal(open((await person()).cookie, ip));
    expect(refused?.status).toBe(429);
    // The same person from another address is not refused.
    const other = await open(people[0]!.cookie, address());
    for (const s of [...opened, other]) s.ws.close(1000);
  });

  it('logs the chat entry at most once a minute per person, however many sockets they open', async () => {
    const { user, cookie } = await person();
    const sockets = [await open(cookie, address()), await open(cookie, address()), await open(cookie, address())];
    // Someone else enters after them: once their entry is written, so is any of the first person's.
    const later = await person();
    sockets.push(await open(later.cookie, address()));
    const entries = (userId: string) => t.db.$count(logTrail, and(eq(logTrail.userId, userId), eq(logTrail.action, 'chat-enter')));
    await vi.waitFor(async () => expect(await entries(later.user.id)).toBe(1), { timeout: 10_000, interval: 50 });
    expect(await entries(user.id)).toBe(1);
    for (const s of sockets) s.ws.close(1000);
  });
});

describe('one message budget per person', () => {
  it(`lets all of a person's sockets and REST together send ${CHAT_MESSAGE_BUDGET.max} messages a minute, no more`, async () => {
    const client = await person('client');
    const contractor = await person('contractor');
    const [row] = await t.db.insert(conversations).values({ clientId: client.user.id, contractorId: contractor.user.id }).returning({ id: conversations.id });
    const id = row!.id;
    // 20 over REST first, then 4 sockets × 30 frames (each socket's own frame bucket takes 30 at once): 140 asked, 120 stored.
    const viaRest = 20;
    for (let i = 0; i < viaRest; i++)
      expect((await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: asBrowser(client.cookie), payload: { text: `rest ${i}` } })).statusCode).toBe(
        201,
      );
    const perSocket = 30;
    const sockets: Socket[] = [];
    for (let i = 0; i < 4; i++) sockets.push(await open(client.cookie, address()));
    for (const [k, s] of sockets.entries())
      for (let i = 0; i < perSocket; i++) s.ws.send(JSON.stringify({ action: 'sendPrivate', conversationId: id, message: `m${k}-${i}`, ref: `r${k}-${i}` }));
    // Every one of them is answered on its socket (its echo, or an error frame; the echo goes to all of the person's sockets).
    const mine = (s: Socket, k: number) => s.frames.filter((f) => typeof f.ref === 'string' && f.ref.startsWith(`r${k}-`));
    const answered = () => sockets.reduce((sum, s, k) => sum + mine(s, k).length, 0);
    for (let i = 0; i < 100 && answered() < 4 * perSocket; i++) await sleep(100);
    const refusals = sockets.flatMap((s, k) => mine(s, k).filter((f) => f.action === 'error'));
    expect(refusals).toHaveLength(4 * perSocket + viaRest - CHAT_MESSAGE_BUDGET.max);
    expect(new Set(refusals.map((f) => `${String(f.code)}: ${String(f.message)}`))).toEqual(new Set([`rate_limited: ${tc.socket.rateLimited}`]));
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(CHAT_MESSAGE_BUDGET.max);

    // The budget is spent: REST refuses, and so does another socket.
    const rest = await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: asBrowser(client.cookie), payload: { text: 'uno más' } });
    expect(rest.statusCode).toBe(429);
    expect(Number(rest.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const late = await open(client.cookie, address());
    late.ws.send(JSON.stringify({ action: 'sendPrivate', conversationId: id, message: 'otro más', ref: 'late' }));
    for (let i = 0; i < 30 && !late.frames.some((f) => f.ref === 'late'); i++) await sleep(100);
    expect(late.frames.find((f) => f.ref === 'late')).toEqual({ action: 'error', code: 'rate_limited', message: tc.socket.rateLimited, ref: 'late' });
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(CHAT_MESSAGE_BUDGET.max);
    // The other person's budget is their own.
    const theirs = await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: asBrowser(contractor.cookie), payload: { text: 'respuesta' } });
    expect(theirs.statusCode).toBe(201);
    for (const s of [...sockets, late]) s.ws.close(1000);
  });
});
