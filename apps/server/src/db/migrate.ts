import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Applies the checked-in SQL migrations. Several instances may start at once against one
 * database: an advisory lock lets one migrate while the others wait, then find nothing to do.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('arreglaya:migrations'))");
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('arreglaya:migrations'))");
    }
  } finally {
    client.release();
  }
}
