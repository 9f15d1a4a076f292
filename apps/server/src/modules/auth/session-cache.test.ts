import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { SessionCache, parseSessionChanges } from './session-cache.ts';

// Sessions kept in memory (decision 028) must never outlive what ends them: a change written
// straight to the database (as another instance would) is heard through the notification, this
// instance's own sign-out acts before its answer goes out, and the listener's loss empties the
// cache (a notice missed while it was down cannot keep a revoked session alive).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const user = await createUser(t.db);
  const cookie = await signIn(t, user);
  const [row] = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
  return { user, cookie, bearer: { authorization: `Bearer ${row!.token}` }, token: row!.token };
}

const whoIs = async (headers: Record<string, string>) => ((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers })).json().user?.id as string | undefined) ?? null;

/** Reads until the notification reached the cache (it arrives just after the commit); the last answer. */
async function eventually(read: () => Promise<string | null>, want: string | null, timeoutMs = 3_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v === want || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The session is served from memory: the row is kept after a read. */
async function kept(headers: Record<string, string>, token: string, userId: string) {
  expect(await whoIs(headers)).toBe(userId);
  expect(await whoIs(headers)).toBe(userId);
  expect(t.app.sessionCache.get(token)?.userId).toBe(userId);
}

describe('sessions kept in memory', () => {
  it("another instance's sign-out (the sessions row deleted in the database) refuses the kept session", async () => {
    const { user, bearer, token } = await signedIn();
    await kept(bearer, token, user.id);
    await t.pool.query('DELETE FROM sessions WHERE token = $1', [token]);
    expect(await eventually(() => whoIs(bearer), null)).toBeNull();
    expect(t.app.sessionCache.get(token)).toBeUndefined();
  });

  it("another instance's expiry or refresh of the row (updated in the database) is read again", async () => {
    const { user, bearer, token } = await signedIn();
    await kept(bearer, token, user.id);
    await t.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token = $1`, [token]);
    expect(await eventually(() => whoIs(bearer), null)).toBeNull();
  });

  it('a ban, a deletion or a role change written in the database ends the kept session, and lifting the ban brings it back', async () => {
    const { user, cookie, token } = await signedIn();
    await kept(asBrowser(cookie), token, user.id);
    await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, user.id));
    expect(await eventually(() => whoIs(asBrowser(cookie)), null)).toBeNull();
    await t.db.update(users).set({ status: 'active', bannedAt: null }).where(eq(users.id, user.id));
    expect(await eventually(() => whoIs(asBrowser(cookie)), user.id)).toBe(user.id);

    await kept(asBrowser(cookie), token, user.id);
    await t.pool.query(`UPDATE users SET role = 'contractor' WHERE id = $1`, [user.id]);
    await eventually(async () => (t.app.sessionCache.get(token) ? 'kept' : null), null);
    expect(t.app.sessionCache.get(token)).toBeUndefined();
  });

  it("this instance's own sign-out refuses the session on the very next request", async () => {
    const { user, cookie, bearer, token } = await signedIn();
    await kept(bearer, token, user.id);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: asBrowser(cookie) });
    expect(out.statusCode).toBe(204);
    expect(await whoIs(bearer)).toBeNull();
  });

  it('losing the listener empties the cache: a session deleted while it was down is refused after it reconnects', async () => {
    const { user, bearer, token } = await signedIn();
    await kept(bearer, token, user.id);
    await t.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    await t.pool.query('DELETE FROM sessions WHERE token = $1', [token]);
    // Back and listening (a fresh session is kept again), the deleted one is not served.
    const other = await signedIn();
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      await whoIs(other.bearer);
      if (t.app.sessionCache.get(other.token)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(t.app.sessionCache.get(other.token)?.userId).toBe(other.user.id);
    expect(await whoIs(bearer)).toBeNull();
  });

  it('never serves one person another one\u2019s session', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await kept(a.bearer, a.token, a.user.id);
    await kept(b.bearer, b.token, b.user.id);
    expect(await whoIs(a.bearer)).toBe(a.user.id);
    expect(await whoIs(b.bearer)).toBe(b.user.id);
  });
});

describe('SessionCache', () => {
  const row = (userId: string) => ({ id: 's', userId, expiresAt: new Date(Date.now() + 60_000), createdAt: new Date(), role: 'client', status: 'active' });
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';

  it('keeps nothing while the listener is down, and starts empty when it is back', () => {
    const c = new SessionCache();
    c.keep('t1', row(A), c.mark());
    expect(c.get('t1')).toBeUndefined();
    c.setLive(true);
    c.keep('t1', row(A), c.mark());
    expect(c.get('t1')?.userId).toBe(A);
    c.setLive(false);
    c.setLive(true);
    expect(c.get('t1')).toBeUndefined();
  });

  it('does not keep a row read while a change arrived, and forgets only the people named', () => {
    const c = new SessionCache();
    c.setLive(true);
    const before = c.mark();
    c.notify(B);
    c.keep('t1', row(A), before);
    expect(c.get('t1')).toBeUndefined();
    c.keep('t1', row(A), c.mark());
    c.keep('t2', row(B), c.mark());
    c.notify(B.toUpperCase());
    expect(c.get('t1')?.userId).toBe(A);
    expect(c.get('t2')).toBeUndefined();
    c.notify('no es una lista');
    expect(c.size).toBe(0);
  });

  it('trusts an entry for a minute at most and keeps a bounded number', () => {
    let now = 0;
    const c = new SessionCache({ maxEntries: 2, now: () => now });
    c.setLive(true);
    c.keep('t1', row(A), c.mark());
    c.keep('t2', row(A), c.mark());
    c.keep('t3', row(B), c.mark());
    expect(c.size).toBe(2);
    expect(c.get('t1')).toBeUndefined();
    now = 60_001;
    expect(c.get('t2')).toBeUndefined();
  });

  it('reads user ids or everyone from the payload', () => {
    expect(parseSessionChanges(`${A},${B}`)).toEqual([A, B]);
    expect(parseSessionChanges('*')).toBe('*');
    expect(parseSessionChanges(undefined)).toBe('*');
  });
});
