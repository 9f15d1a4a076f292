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
 * A pool whose connections may be lost without taking the process down. PostgreSQL ends its
 * connections when it restarts, stops or dies, or when the network drops, whether a connection
 * sits idle in the pool or is checked out (a transaction waiting on our code). node-postgres
 * emits 'error' on the client, and on the pool for idle ones; an 'error' event nobody listens to
 * ends the process. pg-pool listens only while a connection is idle, so every connection gets a
 * listener of its own for its whole life: the query in flight fails (the request answers 503,
 * see db/connection-errors.ts), the pool drops the connection and opens another when needed.
 * `onLost` is told, once per lost connection.
 */
export function createPool(connection: string | pg.PoolConfig, max = 10, onLost: (err: Error) => void = () => undefined): pg.Pool {
  const config = typeof connection === 'string' ? { connectionString: connection } : connection;
  const pool = new pg.Pool({ idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, ...config, max });
  const told = new WeakSet<pg.PoolClient>();
  const tell = (client: pg.PoolClient | undefined, err: Error) => {
    if (client && told.has(client)) return;
    if (client) told.add(client);
    onLost(err);
  };
  pool.on('error', (err, client) => tell(client, err));
  pool.on('connect', (client) => client.on('error', (err: Error) => tell(client, err)));
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema, casing: 'snake_case' });
}
