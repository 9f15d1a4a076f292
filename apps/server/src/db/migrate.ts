import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { SERVER_ROOT } from '../lib/server-root.ts';

/** apps/server/drizzle, from the source or from the compiled server. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

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
