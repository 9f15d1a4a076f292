import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from './database.ts';

// Issue 48, item 11: the app's pool size is a setting (PG_POOL_MAX), so several instances can be
// sized against PostgreSQL's max_connections (README, "Several instances behind one database").

describe('PG_POOL_MAX', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-pool-'));
  });
  afterAll(async () => {
    await testDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('defaults to 10 and refuses nonsense', () => {
    expect(loadConfig({}).PG_POOL_MAX).toBe(10);
    expect(loadConfig({ PG_POOL_MAX: '25' }).PG_POOL_MAX).toBe(25);
    for (const bad of ['0', '1', 'diez', '2.5']) expect(() => loadConfig({ PG_POOL_MAX: bad })).toThrow(/PG_POOL_MAX: /);
  });

  it('sizes the pool the app opens', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: testDb.url, PG_POOL_MAX: '3' });
    const database = await openDatabase(config, () => undefined);
    try {
      expect(database.pool.options.max).toBe(3);
      // Four at once on three connections: the fourth waits for one, none is opened past the limit.
      const pids = await Promise.all([0, 1, 2, 3].map(async () => (await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.2)')).rows[0]!.pid));
      expect(new Set(pids).size).toBe(3);
    } finally {
      await database.close();
    }
  });
});
