import fs from 'node:fs';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import { createDb, createPool, type Db } from './client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** 'embedded' when this process runs its own PostgreSQL in DATA_DIR. */
  kind: 'embedded' | 'external';
  /** Resolves if the embedded PostgreSQL dies underneath us. */
  crashed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database the config names: DATABASE_URL, or an embedded PostgreSQL in
 * DATA_DIR (locked to this process). Migrations run before anything else touches it.
 */
export async function openDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const onIdleError = (err: Error) => log(`database pool: idle connection lost (${err.message})`);
  if (config.DATABASE_URL) {
    const pool = createPool(config.DATABASE_URL, undefined, onIdleError);
    await runMigrations(pool);
    return { db: createDb(pool), pool, kind: 'external', crashed: new Promise(() => undefined), close: () => pool.end() };
  }

  const release = acquireDataDirLock(config.dataDir);
  try {
    const embedded = await startEmbeddedPostgres(config.dataDir, log);
    const pool = createPool(embedded.url, undefined, onIdleError);
    await runMigrations(pool);
    let closing = false;
    return {
      db: createDb(pool),
      pool,
      kind: 'embedded',
      crashed: embedded.exited.then(() => {
        if (!closing) throw new Error('embedded PostgreSQL exited unexpectedly');
      }),
      async close() {
        closing = true;
        await pool.end();
        await embedded.stop();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
