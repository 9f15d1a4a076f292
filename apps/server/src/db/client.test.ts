import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';
import { createPool } from './client.ts';

describe('createPool', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('survives PostgreSQL ending an idle connection, reports it, and answers with a new one', async () => {
    const lost: Error[] = [];
    const pool = createPool(testDb.url, 2, (err) => lost.push(err));
    try {
      const pid = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      // What a shutting-down server does to every backend: the idle client gets FATAL 57P01.
      await testDb.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect.poll(() => lost.length).toBe(1);
      expect((lost[0] as pg.DatabaseError).code).toBe('57P01');
      // Without the listener the 'error' event would have ended this process already.
      const again = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      expect(again).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });
});
