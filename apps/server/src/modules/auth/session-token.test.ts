import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { loadAuthSecret } from './auth-secret.ts';
import { sessionTokenOf } from './session-token.ts';

// The session read in one query (decision 022) must accept exactly what better-auth accepts:
// the signed cookie its sign-in sets, a bearer token, nothing forged; and a ban or a sign-out
// written in the database (as another instance would) must take effect as soon as its
// notification arrives (sessions are kept in memory, decision 028; session-cache.test.ts).

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = await loadAuthSecret(t.db, t.config.AUTH_SECRET);
});
afterAll(() => t.close());

const fakeRequest = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const session = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers });

/** Who the session is, once the database's notification has reached the kept sessions (3 s at most). */
async function eventuallyWho(headers: Record<string, string>, want: string | null) {
  const until = Date.now() + 3_000;
  for (;;) {
    const who = ((await session(headers)).json().user?.id as string | undefined) ?? null;
    if (who === want || Date.now() > until) return who;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('reading the session directly', () => {
  it('finds the token in the cookie that better-auth set at sign-in, and nothing in a forged one', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user);
    const token = sessionTokenOf(fakeRequest({ cookie }), secret);
    const [row] = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
    expect(token).toBe(row!.token);
    // The same token with another signature, or signed with another key, is not a session.
    const forged = cookie.replace(/\.[^.;]+(;|$)/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D$1');
    expect(sessionTokenOf(fakeRequest({ cookie: forged }), secret)).toBeNull();
    expect(sessionTokenOf(fakeRequest({ cookie }), 'otra-clave')).toBeNull();
    expect((await session(asBrowser(forged))).json().user).toBeNull();
  });

  it('answers the session for the cookie and for a bearer token, and none once the person is banned or signed out', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user);
    const token = sessionTokenOf(fakeRequest({ cookie }), secret)!;
    expect((await session(asBrowser(cookie))).json().user.id).toBe(user.id);
    expect((await session({ authorization: `Bearer ${token}` })).json().user.id).toBe(user.id);
    expect((await session({ authorization: 'Bearer token-inventado-que-no-existe-123' })).json().user).toBeNull();

    await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, user.id));
    expect(await eventuallyWho(asBrowser(cookie), null)).toBeNull();
    await t.db.update(users).set({ status: 'active', bannedAt: null }).where(eq(users.id, user.id));
    expect(await eventuallyWho(asBrowser(cookie), user.id)).toBe(user.id);

    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await eventuallyWho(asBrowser(cookie), null)).toBeNull();
  });

  it('leaves a session due for its sliding refresh to better-auth, which extends it', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user);
    // Used after a fifth of its life: it is extended and a new cookie is set.
    const ttl = t.config.SESSION_TTL_SECONDS * 1000;
    const aged = new Date(Date.now() + ttl - ttl / 4);
    await t.db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.userId, user.id));
    const res = await session(asBrowser(cookie));
    expect(res.json().user.id).toBe(user.id);
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + 60_000);
  });
});
