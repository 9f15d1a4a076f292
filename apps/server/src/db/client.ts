import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories accept either this or the Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// bigint columns (counts, money sums) arrive as strings by default; our amounts fit in
// a double exactly (|n| < 2^53 minor units), so parse them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A pool whose idle connections may be lost without taking the process down. PostgreSQL ends a
 * connection when it restarts or stops (a fast shutdown while the pool is still closing its
 * connections, as at the end of every server's SIGTERM): pg-pool re-emits that error on the
 * pool, and an 'error' event nobody listens to ends the process. The pool has already dropped
 * the connection and opens another when needed; `onIdleError` is told.
 */
export function createPool(url: string, max = 10, onIdleError: (err: Error) => void = () => undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  pool.on('error', onIdleError);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema, casing: 'snake_case' });
}
