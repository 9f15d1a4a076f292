import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_ROOT } from '../lib/server-root.ts';

/** apps/server/drizzle, from the source or from the compiled server. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/**
 * Migration 0035 was first journalled with a "when" of 1796035000000 instead of 1796000035000.
 * Drizzle applies only migrations whose "when" is after the newest one a database records, so a
 * database that applied 0035 under that stamp would silently skip every later migration. The
 * journal is mended; this mends such a database's record (the same migration, its right stamp)
 * before migrating. Harmless everywhere else: it matches no row.
 */
const REPAIR_0035 = `DO $$ BEGIN
  IF to_regclass('drizzle.__drizzle_migrations') IS NOT NULL THEN
    UPDATE drizzle.__drizzle_migrations SET created_at = 1796000035000 WHERE created_at = 1796035000000;
  END IF;
END $$`;

/**
 * Applies the checked-in SQL migrations. Several instances may start at once against one
 * database: an advisory lock lets one migrate while the others wait, then find nothing to do.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('arreglaya:migrations'))");
    try {
      await client.query(REPAIR_0035);
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('arreglaya:migrations'))");
    }
  } finally {
    client.release();
  }
}
