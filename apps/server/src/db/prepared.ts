import type { DbOrTx } from './db-types.ts';

// Queries drizzle builds once and runs many times (`.prepare(name)`): built once per database
// handle, as a handle's pool and its connections are its own; PostgreSQL then parses and plans a
// named one once per connection (db/client.ts).

/** Queries built once per Db and name (`make`), for a family of statements of one shape each. */
export function preparedByName<Q>(): (db: DbOrTx, name: string, make: () => Q) => Q {
  const made = new WeakMap<object, Map<string, Q>>();
  return (db, name, make) => {
    let byName = made.get(db);
    if (!byName) made.set(db, (byName = new Map()));
    let query = byName.get(name);
    if (!query) byName.set(name, (query = make()));
    return query;
  };
}

/** A query built once per Db (`make`). */
export function preparedPerDb<Q>(make: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const byDb = preparedByName<Q>();
  return (db) => byDb(db, '', () => make(db));
}
