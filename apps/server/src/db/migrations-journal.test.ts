import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { createPool } from './client.ts';
import { MIGRATIONS_DIR, runMigrations } from './migrate.ts';

// Drizzle applies a migration only when its journal "when" is after the newest one a database
// records: a stamp out of order makes every later migration silently skip on databases that
// already have it (0035 was stamped 1796035000000, after 0036–0039).

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };

describe('the migrations journal', () => {
  it('lists the migrations in the order of their numbers (some may be skipped), each with its file, each stamped after the one before', () => {
    const entries = journal.entries;
    entries.forEach((e, i) => {
      expect(e.tag.startsWith(String(e.idx).padStart(4, '0') + '_'), e.tag).toBe(true);
      expect(fs.existsSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`)), e.tag).toBe(true);
      if (i === 0) return;
      const before = entries[i - 1]!;
      expect(e.idx, `${e.tag} after ${before.tag}`).toBeGreaterThan(before.idx);
      expect(e.when, `${e.tag} stamped after ${before.tag}`).toBeGreaterThan(before.when);
    });
  });
});

describe('runMigrations on a database that recorded 0035 under its first stamp', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('mends the record, so the newest recorded migration is the last one again', async () => {
    const pool = createPool(t.url, 1);
    try {
      await pool.query('UPDATE drizzle.__drizzle_migrations SET created_at = 1796035000000 WHERE created_at = 1796000035000');
      const newest = async () => Number((await pool.query<{ at: string }>('SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations')).rows[0]!.at);
      expect(await newest()).toBe(1796035000000);
      await runMigrations(pool);
      expect(await newest()).toBe(journal.entries.at(-1)!.when);
      const rows = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(rows.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await pool.end();
    }
  });
});
