import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { MAX_PREPARED_PER_CONNECTION, PLAN_EACH_TIME, PLAN_ONCE } from './client.ts';

// The pool prepares every query with parameters once per connection (db/client.ts, decision 021).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('prepared statements', () => {
  it('prepares a query with parameters once per connection and runs it again by name, with the right answers', async () => {
    const client = await t.pool.connect();
    try {
      for (const n of [1, 2, 3]) expect((await client.query('SELECT $1::int + 40 AS answer', [n])).rows).toEqual([{ answer: 40 + n }]);
      // Drizzle's queries too (the query builder and sql`…`).
      const drizzleAnswer = async () => (await t.db.execute<{ answer: number }>(sql`SELECT ${2}::int * 21 AS answer`)).rows[0]!.answer;
      expect(await drizzleAnswer()).toBe(42);
      const { rows } = await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
      expect(rows.filter((r) => r.statement === 'SELECT $1::int + 40 AS answer')).toHaveLength(1);
    } finally {
      client.release();
    }
  });

  it('plans a statement marked PLAN_EACH_TIME with its values every time (never prepared), and prepares one marked PLAN_ONCE without parameters', async () => {
    const client = await t.pool.connect();
    try {
      for (const n of [1, 2, 3, 4, 5, 6, 7]) expect((await client.query(`${PLAN_EACH_TIME} SELECT $1::int + 700700 AS n`, [n])).rows).toEqual([{ n: 700700 + n }]);
      for (let i = 0; i < 3; i++) expect((await client.query(`${PLAN_ONCE} SELECT 800800 AS n`)).rows).toEqual([{ n: 800800 }]);
      const { rows } = await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
      expect(rows.filter((r) => r.statement.includes('700700')).map((r) => r.statement)).toEqual([]);
      expect(rows.filter((r) => r.statement.includes('800800'))).toHaveLength(1);
    } finally {
      client.release();
    }
  });

  it('runs texts without parameters as before: several statements in one text', async () => {
    const results = (await t.pool.query('SELECT 1 AS a; SELECT 2 AS b')) as unknown as { rows: unknown[] }[];
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('keeps at most MAX_PREPARED_PER_CONNECTION statements on a connection; further texts still run', async () => {
    const client = await t.pool.connect();
    try {
      for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i++) await client.query(`SELECT $1::int + ${i} AS n`, [1]);
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
      expect(rows[0]!.n).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION);
      expect((await client.query('SELECT $1::int + 5000 AS n', [1])).rows).toEqual([{ n: 5001 }]);
    } finally {
      client.release();
    }
  });
});
