import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.ts';

// The database handles' types, apart from client.ts so that what client.ts imports
// (deferred-writes.ts) can name them without an import cycle (decision 068). client.ts re-exports them.

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories accept either this or the Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
