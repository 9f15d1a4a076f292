import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import crypto from 'node:crypto';
import pg from 'pg';
import { deferWrites, flushWrites, noticesOf, type Notice } from './deferred-writes.ts';
import { Notifier } from './notifier.ts';
import * as schema from './schema/index.ts';
import { useSqlText } from './sql-text.ts';

import type { Db, DbOrTx, Tx } from './db-types.ts';

export type { Db, DbOrTx, Tx };

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
  pool.on('connect', (client) => {
    client.on('error', (err: Error) => tell(client, err));
    preparing(client);
  });
  return pool;
}

/** Prepared statements kept per connection at most; further query texts run unnamed (parsed and planned each time). */
export const MAX_PREPARED_PER_CONNECTION = 1_000;

/**
 * Every query with parameters runs as a named prepared statement of its connection (the name is
 * a hash of its text), as postgres.js and JDBC do: PostgreSQL parses it once per connection, and
 * after five runs keeps a generic plan when it is no worse, instead of parsing and planning every
 * statement again. Parsing and planning were about a third of PostgreSQL's CPU on a money action
 * (decision 021). Queries without parameters (migrations, several statements in one text) run as
 * before. At most MAX_PREPARED_PER_CONNECTION texts per connection (lists of varying length make
 * new texts); a connection's statements end with it.
 */
const statementNames = new Map<string, string>();

/** A statement's name: a hash of its text (remembered for the texts seen most, so a hot query is not hashed again). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (statementNames.size < 10 * MAX_PREPARED_PER_CONNECTION) statementNames.set(text, name);
  }
  return name;
}

/**
 * A mark in the text of a statement whose best plan depends on its values (how common a word or
 * a service is): run unnamed, so PostgreSQL plans it with its values every time. A named
 * statement switches to a generic plan after five runs when that plan looks no costlier, and for
 * the directory's searches PostgreSQL misjudges it: the generic plan of "offers a service" read
 * 36 ms where the plan for the service read 5, and a page of 'aire acondicionado' went from 12
 * to 100 ms at its sixth run (decision 076, "Plans per statement" and "round five"). Anywhere
 * in the text: first in hand-written SQL, or as PLANNED_EACH_TIME, a condition, in a statement
 * drizzle's builder writes.
 */
export const PLAN_EACH_TIME = '/* plan each time */';
/** PLAN_EACH_TIME as a condition that always holds, for a WHERE that drizzle's builder writes. */
export const PLANNED_EACH_TIME = sql.raw(`${PLAN_EACH_TIME} true`);
/**
 * The first words of a statement without parameters that runs often (its text says everything,
 * literals only): named anyway, so PostgreSQL plans it once per connection rather than every time.
 */
export const PLAN_ONCE = '/* plan once */';

function preparing(client: pg.PoolClient): void {
  const names = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => {
    const config = typeof first === 'string' ? { text: first } : first;
    if (config === null || typeof config !== 'object' || !('text' in config) || typeof config.text !== 'string' || ('name' in config && config.name) || 'submit' in config)
      return query(first, ...rest);
    if (config.text.includes(PLAN_EACH_TIME)) return query(first, ...rest);
    const values = Array.isArray(rest[0]) ? rest[0] : 'values' in config ? config.values : undefined;
    if ((!Array.isArray(values) || values.length === 0) && !config.text.startsWith(PLAN_ONCE)) return query(first, ...rest);
    const name = statementName(config.text);
    if (!names.has(name)) {
      if (names.size >= MAX_PREPARED_PER_CONNECTION) return query(first, ...rest);
      names.add(name);
    }
    return query({ ...config, name }, ...rest);
  };
}

/**
 * The app's Db. Its `transaction` defers the writes repositories hand it (db/deferred-writes.ts)
 * and sends them as one statement right before COMMIT; the NOTIFYs it was handed go once it has
 * committed (db/notifier.ts). `onNotifyError` hears a batch of NOTIFYs that could not be sent.
 */
export function createDb(pool: pg.Pool, onNotifyError: (err: unknown) => void = () => undefined): Db {
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  // Statements written faster than drizzle writes them, the same text (db/sql-text.ts); the tests check each one.
  useSqlText((db as unknown as { dialect: PgDialect }).dialect, process.env.VITEST !== undefined);
  const notifier = new Notifier(pool, onNotifyError);
  notifiers.set(db, notifier);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) => {
    let notices: Notice[] = [];
    const result = await transaction(async (tx) => {
      deferWrites(tx);
      const value = await run(tx);
      await flushWrites(tx);
      notices = noticesOf(tx);
      return value;
    }, config);
    notifier.send(notices);
    return result;
  }) as Db['transaction'];
  return db;
}

const notifiers = new WeakMap<object, Notifier>();

/** Resolves once the NOTIFYs of the Db's committed transactions have been sent (tests, shutdown). */
export async function noticesSent(db: Db): Promise<void> {
  await notifiers.get(db)?.idle();
}
