import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logTrail, messages } from '../../db/schema/index.ts';
import { createUser } from '../../../test/support/factories.ts';
import { action, open, pair, person, port1, setUpTwoInstances, t } from '../../../test/support/chat-socket-app.ts';

// The chat's socket (decision 024): the upgrade, delivery and acknowledgements, strangers, hostile frames.
// Across instances and under load: chat-socket-instances.test.ts; sessions and liveness: chat-socket-sessions.test.ts.

setUpTwoInstances();

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
});
