import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messages, sessions, users } from '../../db/schema/index.ts';
import { signIn } from '../../../test/support/factories.ts';
import { action, anotherInstance, open, pair, person, port1, port2, setUpTwoInstances, t } from '../../../test/support/chat-socket-app.ts';

// The chat's socket and its session: signed out, banned, checked periodically; keepItAlive.

setUpTwoInstances();

describe('/ws and the sessions behind it', () => {
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
