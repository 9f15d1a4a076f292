import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { deferred, flushWrites } from './deferred-writes.ts';

// Writes deferred to commit (db/deferred-writes.ts, decision 020): one statement before COMMIT.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.execute(sql`CREATE TABLE deferred_parent (id int PRIMARY KEY, hits int NOT NULL DEFAULT 1)`);
  await t.db.execute(sql`CREATE TABLE deferred_child (id int PRIMARY KEY, parent_id int NOT NULL REFERENCES deferred_parent (id), note text NOT NULL CHECK (length(note) > 0))`);
});
afterAll(() => t.drop());

const count = async (table: string) => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).rows[0]!.n;
const parent = (id: number) => sql`INSERT INTO deferred_parent (id) VALUES (${id}) ON CONFLICT (id) DO UPDATE SET hits = deferred_parent.hits + 1 RETURNING id`;

describe('writes deferred to commit', () => {
  it('sends them as one statement before COMMIT: a child before its parent, one upsert per key, the SELECTs that must run', async () => {
    const seen: string[] = [];
    const result = await t.db.transaction(async (tx) => {
      const later = deferred(tx)!;
      expect(later).not.toBeNull();
      const p = later.write(parent(1), 'parent:1');
      expect(later.write(parent(1), 'parent:1')).toBe(p);
      later.write(sql`INSERT INTO deferred_child (id, parent_id, note) VALUES (${10}, (SELECT id FROM ${p}), ${'a'})`);
      later.write(sql`INSERT INTO deferred_child (id, parent_id, note) VALUES (${11}, (SELECT id FROM ${p}), ${'b'})`);
      later.run(sql`SELECT pg_notify('deferred_test', id::text) FROM ${p}`);
      // Nothing is written yet: the transaction's own reads do not see the deferred writes.
      seen.push(String((await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM deferred_child`)).rows[0]!.n));
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['0']);
    expect(await count('deferred_child')).toBe(2);
    expect((await t.db.execute<{ hits: number }>(sql`SELECT hits FROM deferred_parent WHERE id = 1`)).rows[0]!.hits).toBe(1);
  });

  it('returns the rows of a final select over the deferred writes', async () => {
    const rows = await t.db.transaction(async (tx) => {
      const p = deferred(tx)!.write(parent(2));
      return flushWrites(tx, sql`SELECT id FROM ${p}`);
    });
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('fails the whole transaction when a deferred write fails: nothing is written, the caller gets the error', async () => {
    const before = { parents: await count('deferred_parent'), children: await count('deferred_child') };
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO deferred_parent (id) VALUES (${3})`);
        const later = deferred(tx)!;
        const p = later.write(parent(4));
        later.write(sql`INSERT INTO deferred_child (id, parent_id, note) VALUES (${20}, (SELECT id FROM ${p}), ${''})`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    expect({ parents: await count('deferred_parent'), children: await count('deferred_child') }).toEqual(before);
  });

  it('runs writes at once outside such a transaction: the Db, a nested transaction', async () => {
    expect(deferred(t.db)).toBeNull();
    await t.db.transaction(async (tx) => {
      await tx.transaction(async (nested) => {
        expect(deferred(nested)).toBeNull();
      });
    });
  });
});
