import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, createPool, noticesSent, type Db } from '../../src/db/client.ts';

const TEMPLATE_DB = 'arreglaya_template';

export interface TestDatabase {
  db: Db;
  pool: pg.Pool;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${inject('pgAdminUrl')}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database cloned from the template (a real PostgreSQL, never a mock). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await admin(async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
        return;
      } catch (err) {
        // Two files cloning the template at the same instant: try again shortly.
        if (attempt > 20 || !String(err).includes('being accessed by other users')) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = `${inject('pgAdminUrl')}/${name}`;
  const pool = createPool(url, 5);
  const db = createDb(pool);
  return {
    db,
    pool,
    url,
    async drop() {
      await noticesSent(db);
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
