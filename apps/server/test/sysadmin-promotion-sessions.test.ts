import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ensureSysadmin } from '../src/modules/auth/sysadmin.ts';
import { createUser, signIn } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 30, medium 3: `POST /api/admin/sysadmins` on an existing account replaced its password
 * and made it a sysadmin, but a session opened before (with the old password, as a client) kept
 * working and read the console at once. A promotion or a replaced password ends every session
 * and closes every socket of the account, as a password change or reset does.
 *
 * Since decision 050 the console refuses an e-mail that already has an account (its test:
 * admin-people.routes.test.ts); a promotion or a replaced password now comes only from
 * `ensureSysadmin` (ADMIN_EMAIL/ADMIN_PASSWORD at start, `npm run admin:create`), often from
 * another process: this instance hears the database's notice (decision 028).
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** The status of `url` once the database's notice has reached the kept sessions (within moments), or 3 s on. */
async function settledStatus(cookie: string, url: string, expected: number): Promise<number> {
  let res = await get(cookie, url);
  for (const until = Date.now() + 3_000; res.statusCode !== expected && Date.now() < until; res = await get(cookie, url)) {
    await new Promise((r) => setTimeout(r, 25));
  }
  return res.statusCode;
}

function openSocket(cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie } });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('error', reject);
  });
}

function within<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);
}

describe('promoting an account to sysadmin (ensureSysadmin: ADMIN_EMAIL, admin:create)', () => {
  it('ends the sessions and sockets opened before, so the old password reads nothing', async () => {
    const admin = await createUser(t.db, { role: 'sysadmin', firstName: 'Jefa' });
    const adminCookie = await signIn(t, admin);
    const client = await createUser(t.db, { role: 'client', firstName: 'Carmen' });
    const oldCookie = await signIn(t, client);
    expect((await get(oldCookie, '/api/me/profile/client')).statusCode).toBe(200);
    const socket = await openSocket(oldCookie);

    expect(await ensureSysadmin(t.db, client.email, 'Cacao-Dulce-2026')).toMatchObject({ id: client.id, created: false });

    // The session opened with the old password is over: not the console, not anything else.
    expect(await settledStatus(oldCookie, '/api/admin/overview', 401)).toBe(401);
    expect((await get(oldCookie, '/api/me/profile/client')).statusCode).toBe(401);
    expect(await within(socket.closed, 3000)).toBe(4001);
    // The new password opens a session that reads the console.
    const fresh = await signIn(t, { email: client.email, password: 'Cacao-Dulce-2026' });
    expect((await get(fresh, '/api/admin/overview')).statusCode).toBe(200);
    // Another sysadmin keeps theirs.
    expect((await get(adminCookie, '/api/admin/overview')).statusCode).toBe(200);
  });

  it("ends a sysadmin's sessions when their password is replaced", async () => {
    const other = await createUser(t.db, { role: 'sysadmin', firstName: 'Otra' });
    const otherCookie = await signIn(t, other);
    const socket = await openSocket(otherCookie);
    expect((await get(otherCookie, '/api/admin/overview')).statusCode).toBe(200);

    await ensureSysadmin(t.db, other.email, 'Cacao-Dulce-2027');
    expect(await settledStatus(otherCookie, '/api/admin/overview', 401)).toBe(401);
    expect(await within(socket.closed, 3000)).toBe(4001);
  });

  it('keeps the sessions of a sysadmin whose password is set again unchanged (ADMIN_PASSWORD at every start)', async () => {
    const admin = await createUser(t.db, { role: 'sysadmin', firstName: 'Jefa' });
    const cookie = await signIn(t, admin);
    const other = await createUser(t.db, { role: 'sysadmin', firstName: 'Otra' });
    const otherCookie = await signIn(t, other);
    await ensureSysadmin(t.db, admin.email, admin.password);
    // A later replacement (another account's) ends that session: its notice arrives after any the
    // first sent (the database's notices come in commit order, decision 028).
    await ensureSysadmin(t.db, other.email, 'Cacao-Dulce-2028');
    expect(await settledStatus(otherCookie, '/api/admin/overview', 401)).toBe(401);
    expect((await get(cookie, '/api/admin/overview')).statusCode).toBe(200);
  });
});
