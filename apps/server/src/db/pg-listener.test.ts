import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { startPgListener } from './pg-listener.ts';

// The one LISTEN connection helper (db/pg-listener.ts, decision 068) that the directory's
// listener and the chat's fan-out keep their connection with.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** Waits for a condition (a notification arrives a moment after its NOTIFY). */
async function until(what: string, done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('startPgListener', () => {
  it('hears its channels, tells when the connection is dropped, and LISTENs again once it is back', async () => {
    const heard: string[] = [];
    const live: boolean[] = [];
    const warnings: string[] = [];
    const listener = startPgListener({
      connection: { connectionString: t.url, application_name: 'pg-listener-test' },
      channels: ['listener_a', 'listener_b'],
      onNotification: (channel, payload) => heard.push(`${channel}:${payload}`),
      onLive: (l) => live.push(l),
      log: { warn: (_obj, msg) => warnings.push(msg) },
      name: 'test',
      retryMs: { first: 10, max: 50 },
    });
    await listener.ready;
    expect(live).toEqual([true]);
    await t.pool.query(`SELECT pg_notify('listener_a', 'one'), pg_notify('listener_b', 'two'), pg_notify('listener_c', 'not listened')`);
    await until('the first notifications', () => heard.length >= 2);

    // The database ends the listener's connection (a restart, a failover, an idle-connection killer).
    const ended = await t.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'pg-listener-test'`);
    expect(ended.rowCount).toBe(1);
    await until('the listener back', () => live.length >= 3);
    expect(live).toEqual([true, false, true]);
    expect(warnings).toEqual(['test: listener lost; retrying']);

    // Subscribed again: what is notified now is heard.
    await t.pool.query(`SELECT pg_notify('listener_b', 'three')`);
    await until('the notification after the reconnection', () => heard.includes('listener_b:three'));
    expect(heard).toEqual(['listener_a:one', 'listener_b:two', 'listener_b:three']);

    // Stopped: its connection goes, and no reconnection follows.
    await listener.stop();
    const connections = async () => (await t.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'pg-listener-test'`)).rows[0].n as number;
    for (let i = 0; i < 500 && (await connections()) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await connections()).toBe(0);
  });

  it('keeps retrying while the database refuses it, without throwing', async () => {
    const live: boolean[] = [];
    const warnings: string[] = [];
    const listener = startPgListener({
      connection: { connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 500 },
      channels: ['listener_a'],
      onNotification: () => undefined,
      onLive: (l) => live.push(l),
      log: { warn: (_obj, msg) => warnings.push(msg) },
      name: 'test',
      retryMs: { first: 10, max: 20 },
    });
    await listener.ready;
    await until('a second attempt', () => warnings.length >= 2);
    expect(live.every((l) => !l)).toBe(true);
    await listener.stop();
  });
});
