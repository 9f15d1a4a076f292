import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import { createPool } from './client.ts';
import { DataDirInUseError } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';
import { PG_USER } from './postgres-layout.ts';

export interface MaintenanceConnection {
  pool: pg.Pool;
  /** external: DATABASE_URL; running: the embedded PostgreSQL of the server running on DATA_DIR; started: one this process started. */
  via: 'external' | 'running' | 'started';
  close(): Promise<void>;
}

/**
 * The embedded PostgreSQL a running server started: its port is in the cluster's postmaster.pid
 * (4th line), its password in DATA_DIR/pg-password (decision 002). Undefined when it is not running.
 */
function runningEmbeddedUrl(dataDir: string): string | undefined {
  try {
    const clusterDir = fs.realpathSync(path.join(dataDir, 'pg'));
    const lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const port = Number(lines[3]);
    const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    return Number.isInteger(port) && port > 0 ? `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/arreglaya` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The configured database for a command-line tool (`db:backup`, `db:restore`): DATABASE_URL; else
 * the embedded PostgreSQL in DATA_DIR, started (and migrated) by this process when no server
 * holds DATA_DIR, or, with `alongsideServer`, the one the running server started (read only
 * through a connection of its own; the server keeps running).
 */
export async function openForMaintenance(config: Config, opts: { alongsideServer: boolean; log: (msg: string) => void }): Promise<MaintenanceConnection> {
  if (config.DATABASE_URL) {
    const pool = createPool(config.DATABASE_URL, 2);
    return { pool, via: 'external', close: () => pool.end() };
  }
  try {
    const database = await openDatabase(config, opts.log);
    return { pool: database.pool, via: 'started', close: () => database.close() };
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    const url = opts.alongsideServer ? runningEmbeddedUrl(config.dataDir) : undefined;
    if (!url) throw err;
    const pool = createPool(url, 2);
    return { pool, via: 'running', close: () => pool.end() };
  }
}
