import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { noticesSent } from './client.ts';
import { deferred } from './deferred-writes.ts';
import { Notifier } from './notifier.ts';

// NOTIFYs after commit (db/notifier.ts, decision 020): a transaction of the app's Db hands its
// NOTIFYs over, and they leave once it has committed, in one statement of their own.
let t: TestDatabase;
let listener: pg.Client;
const heard: { channel: string; payload: string }[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.execute(sql`CREATE TABLE notifier_rows (id int PRIMARY KEY)`);
  listener = new pg.Client({ connectionString: t.url });
  await listener.connect();
  listener.on('notification', (m) => heard.push({ channel: m.channel, payload: m.payload ?? '' }));
  await listener.query('LISTEN notifier_a');
  await listener.query('LISTEN notifier_b');
});
afterAll(async () => {
  await listener.end();
  await t.drop();
});

/** What the listener hears by the time a NOTIFY sent now (after everything before it) arrives. */
async function heardSoFar(): Promise<{ channel: string; payload: string }[]> {
  await noticesSent(t.db);
  const mark = `mark-${Math.random()}`;
  await t.pool.query(`SELECT pg_notify('notifier_b', $1)`, [mark]);
  for (let i = 0; i < 200 && !heard.some((h) => h.payload === mark); i++) await new Promise((r) => setTimeout(r, 10));
  const all = heard.splice(0).filter((h) => h.payload !== mark);
  return all;
}

describe('NOTIFYs after commit', () => {
  it('leave once the transaction has committed, in the order asked, and the rows are there when they are heard', async () => {
    heard.length = 0;
    const seenBeforeCommit: number[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notifier_rows (id) VALUES (1)`);
      const later = deferred(tx)!;
      later.notify('notifier_a', 'first');
      later.notify('notifier_b', 'second');
      later.notify('notifier_a', 'third');
      // A NOTIFY another connection sends now arrives; none of these came before it.
      const mark = `mark-${Math.random()}`;
      await t.pool.query(`SELECT pg_notify('notifier_b', $1)`, [mark]);
      await vi.waitFor(() => expect(heard.some((h) => h.payload === mark)).toBe(true), { timeout: 5_000, interval: 10 });
      seenBeforeCommit.push(heard.splice(0).filter((h) => h.payload !== mark).length);
    });
    expect(seenBeforeCommit).toEqual([0]);
    expect(await heardSoFar()).toEqual([
      { channel: 'notifier_a', payload: 'first' },
      { channel: 'notifier_b', payload: 'second' },
      { channel: 'notifier_a', payload: 'third' },
    ]);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM notifier_rows WHERE id = 1')).rows[0].n).toBe(1);
  });

  it('never leave when the transaction rolls back', async () => {
    heard.length = 0;
    await expect(
      t.db.transaction(async (tx) => {
        deferred(tx)!.notify('notifier_a', 'rolled back');
        await tx.execute(sql`INSERT INTO notifier_rows (id) VALUES (1)`); // duplicate key
      }),
    ).rejects.toThrow();
    expect(await heardSoFar()).toEqual([]);
  });

  it('joins the NOTIFYs of transactions that commit together into few statements, every one heard', async () => {
    heard.length = 0;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO notifier_rows (id) VALUES (${100 + i})`);
          deferred(tx)!.notify('notifier_a', `tx-${i}`);
        }),
      ),
    );
    const got = (await heardSoFar()).map((h) => h.payload).sort();
    expect(got).toEqual(Array.from({ length: 50 }, (_, i) => `tx-${i}`).sort());
  });

  it('sends what is queued in one turn as one statement, and a failed statement is reported, not thrown', async () => {
    heard.length = 0;
    const statements: string[] = [];
    let fail = true;
    const pool = {
      query: (text: string, values: unknown[]) => {
        statements.push(text);
        if (fail) return Promise.reject(Object.assign(new Error('terminating connection'), { code: '57P01' }));
        return t.pool.query(text, values);
      },
    } as unknown as pg.Pool;
    const errors: unknown[] = [];
    const notifier = new Notifier(pool, (err) => errors.push(err));
    notifier.send([{ channel: 'notifier_a', payload: 'lost' }]);
    await notifier.idle();
    expect(errors).toHaveLength(1);
    fail = false;
    statements.length = 0;
    for (let i = 0; i < 20; i++) notifier.send([{ channel: 'notifier_b', payload: `n${i}` }]);
    await notifier.idle();
    expect(statements).toHaveLength(1);
    expect((await heardSoFar()).map((h) => h.payload)).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));
  });

  it('commits its own statement without waiting for the disk (nothing in it to keep)', async () => {
    // The statement's first column is what set_config made of synchronous_commit for its transaction.
    const seen: string[] = [];
    const pool = {
      query: async (text: string, values: unknown[]) => {
        const res = await t.pool.query(text, values);
        seen.push(String(Object.values(res.rows[0] as object)[0]));
        return res;
      },
    } as unknown as pg.Pool;
    const notifier = new Notifier(pool, () => undefined);
    notifier.send([{ channel: 'notifier_a', payload: 'x' }]);
    await notifier.idle();
    expect(seen).toEqual(['off']);
    expect((await t.pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
    await heardSoFar();
  });
});
