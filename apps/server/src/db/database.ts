import fs from 'node:fs';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import { createDb, createPool, noticesSent, type Db } from './client.ts';
import { connectionErrorCode } from './connection-errors.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** 'embedded' when this process runs its own PostgreSQL in DATA_DIR. */
  kind: 'embedded' | 'external';
  close(): Promise<void>;
}

/**
 * Opens the database the config names: DATABASE_URL, or an embedded PostgreSQL in
 * DATA_DIR (locked to this process). Migrations run before anything else touches it.
 */
export async function openDatabase(config: Config, log: (msg: string) => void, warn: (msg: string) => void = log): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  let closing = false;
  // PostgreSQL's fast shutdown ends the pool's last connections while it closes: not worth a warning then.
  const onIdleError = (err: Error) => {
    if (!closing) warn(`database pool: connection lost (${connectionErrorCode(err) ?? err.message})`);
  };
  // A batch of NOTIFYs after commit that could not be sent (the database away): its code only, never its payloads.
  const onNotifyError = (err: unknown) => warn(`database: notifications after commit not sent (${connectionErrorCode(err) ?? (err instanceof Error ? err.name : 'error')})`);
  if (config.DATABASE_URL) {
    const pool = createPool(config.DATABASE_URL, config.PG_POOL_MAX, onIdleError);
    await runMigrations(pool);
    const db = createDb(pool, onNotifyError);
    return {
      db,
      pool,
      kind: 'external',
      async close() {
        await noticesSent(db);
        closing = true;
        await pool.end();
      },
    };
  }

  const release = acquireDataDirLock(config.dataDir);
  try {
    // PostgreSQL restarts itself when it dies; until it serves, requests get 503 (error handler).
    const embedded = await startEmbeddedPostgres(config.dataDir, log, { onEvent: (_event, detail) => warn(detail) });
    // Over the Unix-domain socket in the cluster directory when there is one: a round trip costs
    // both sides less CPU than TCP over loopback (decision 002).
    const pool = createPool(embedded.socketUrl ?? embedded.url, config.PG_POOL_MAX, onIdleError);
    await runMigrations(pool);
    const db = createDb(pool, onNotifyError);
    return {
      db,
      pool,
      kind: 'embedded',
      async close() {
        await noticesSent(db);
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
