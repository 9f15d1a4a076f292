import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from './db-types.ts';

/**
 * Writes deferred to commit (decision 020, an offer in fewer statements). Inside a transaction of
 * `db.transaction` (createDb wraps it), the repositories of writes nothing reads back in the same
 * transaction (the outbox's mail, the log trail's line, the chat's notice with its conversation)
 * add their statement here instead of sending it; right before COMMIT the transaction
 * sends all of them as one statement, a chain of data-modifying CTEs (each always runs; foreign
 * keys are checked at the statement's end; they share one snapshot). A deferred write that fails
 * fails that statement, so the whole transaction rolls back and the caller gets the error, as if
 * the write had run where it was asked for.
 *
 * NOTIFYs handed to `notify` leave after the COMMIT (db/notifier.ts), never from the transaction.
 *
 * On a handle that is not such a transaction (the Db itself, a nested transaction's savepoint)
 * `deferred()` is null and the repository runs its statement at once, as before.
 */
export interface DeferredWrites {
  /**
   * Adds a data-modifying statement (INSERT/UPDATE … RETURNING when later parts read it); returns
   * the name of its CTE for later parts. With `key`, a second write of the same key is not added
   * and the first one's name is returned (one row written once: two upserts of one row in one
   * statement would fail).
   */
  write(statement: SQL, key?: string): SQL;
  /** Adds a SELECT that must run: a plain SELECT CTE only runs when read, so the final select reads it. */
  run(select: SQL): void;
  /**
   * A NOTIFY sent once the transaction has committed (db/notifier.ts, decision 020), not by the
   * transaction itself: PostgreSQL lets one notifying transaction commit at a time. Never sent
   * when the transaction rolls back.
   */
  notify(channel: string, payload: string): void;
}

/** A NOTIFY to send after commit. */
export interface Notice {
  channel: string;
  payload: string;
}

interface Pending {
  parts: SQL[];
  runs: string[];
  keyed: Map<string, SQL>;
  notices: Notice[];
}

const empty = (notices: Notice[] = []): Pending => ({ parts: [], runs: [], keyed: new Map(), notices });

const pending = new WeakMap<object, Pending>();

/** The deferred writes of this transaction, or null when `db` is not a transaction that defers. */
export function deferred(db: DbOrTx): DeferredWrites | null {
  const p = pending.get(db);
  if (!p) return null;
  const write = (statement: SQL, key?: string): SQL => {
    const known = key === undefined ? undefined : p.keyed.get(key);
    if (known) return known;
    const name = `w${p.parts.length}`;
    const ref = sql`${sql.identifier(name)}`;
    p.parts.push(sql`${ref} AS (${statement})`);
    if (key !== undefined) p.keyed.set(key, ref);
    return ref;
  };
  return {
    write,
    run(select) {
      write(select);
      p.runs.push(`w${p.parts.length - 1}`);
    },
    notify(channel, payload) {
      p.notices.push({ channel, payload });
    },
  };
}

/** Starts deferring writes on a transaction (createDb's `transaction` does it for every one). */
export function deferWrites(tx: Tx): void {
  pending.set(tx, empty());
}

/** The NOTIFYs the transaction asked for, to send once it has committed (createDb's `transaction` does). */
export function noticesOf(tx: Tx): Notice[] {
  return pending.get(tx)?.notices ?? [];
}

/**
 * Sends the deferred writes now, as one statement; with `final`, a SELECT (over the deferred
 * writes' CTEs, by the names `write` returned) whose rows are returned: a service that must answer
 * with a row it writes sends that write and the deferred ones in one round trip. Called by the
 * transaction right before COMMIT (nothing to send: no statement).
 */
export async function flushWrites(tx: DbOrTx, final?: SQL): Promise<Record<string, unknown>[]> {
  const p = pending.get(tx);
  if (!p || (p.parts.length === 0 && !final)) return [];
  const { parts, runs } = p;
  pending.set(tx, empty(p.notices));
  const ran = runs.map((name) => sql`(SELECT count(*) FROM ${sql.identifier(name)}) AS ${sql.identifier(`_${name}`)}`);
  const select = final
    ? sql`SELECT f.*${ran.length > 0 ? sql`, ${sql.join(ran, sql`, `)}` : sql``} FROM (${final}) AS f`
    : sql`SELECT ${ran.length > 0 ? sql.join(ran, sql`, `) : sql`1`}`;
  const statement = parts.length > 0 ? sql`WITH ${sql.join(parts, sql`, `)} ${select}` : select;
  const { rows } = await tx.execute<Record<string, unknown>>(statement);
  return rows;
}
