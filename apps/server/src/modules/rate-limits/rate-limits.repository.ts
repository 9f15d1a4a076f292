import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';

/**
 * Fixed-window counters in PostgreSQL, so every instance behind one database shares them
 * (decision 004). Expired windows restart at the hits added.
 */
export async function hit(db: DbOrTx, key: string, windowMs: number, count = 1): Promise<{ hits: number; resetAt: Date }> {
  const rows = await db.execute<{ hits: number; reset_at: Date }>(sql`
    INSERT INTO rate_limits (key, hits, reset_at)
    VALUES (${key}, ${count}, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.hits ELSE rate_limits.hits + EXCLUDED.hits END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING hits, reset_at`);
  const row = rows.rows[0]!;
  return { hits: row.hits, resetAt: new Date(row.reset_at) };
}

export interface CounterDelta {
  key: string;
  count: number;
  windowMs: number;
}

/**
 * Adds several keys' hits in one statement (the keys are distinct) and answers each key's shared
 * total and the end of its window.
 */
export async function hitMany(db: Db, deltas: readonly CounterDelta[]): Promise<{ key: string; hits: number; resetAt: Date }[]> {
  const rows = await db.execute<{ key: string; hits: number; reset_at: Date }>(sql`
    INSERT INTO rate_limits (key, hits, reset_at)
    SELECT d.key, d.count, now() + d.window_ms * interval '1 millisecond'
    FROM unnest(${sql.param(deltas.map((d) => d.key))}::text[], ${sql.param(deltas.map((d) => d.count))}::int[], ${sql.param(deltas.map((d) => d.windowMs))}::bigint[]) AS d(key, count, window_ms)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.hits ELSE rate_limits.hits + EXCLUDED.hits END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING key, hits, reset_at`);
  return rows.rows.map((r) => ({ key: r.key, hits: r.hits, resetAt: new Date(r.reset_at) }));
}

export async function purgeExpired(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'`);
}

export interface GuardRow {
  key: string;
  hits: number;
  /** Milliseconds until the row's window (or hold) ends. */
  leftMs: number;
}

/**
 * Opens (or restarts, when its window ended) a counter without adding to it and locks its row
 * until the caller's transaction ends: the account guard's attempts on one account take turns.
 */
export async function lockCounter(tx: DbOrTx, key: string, windowMs: number): Promise<GuardRow> {
  const rows = await tx.execute<{ hits: number; left_ms: number }>(sql`
    INSERT INTO rate_limits (key, hits, reset_at)
    VALUES (${key}, 0, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN 0 ELSE rate_limits.hits END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING hits, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS left_ms`);
  const row = rows.rows[0]!;
  return { key, hits: row.hits, leftMs: row.left_ms };
}

/** The counters among `keys` whose window (or hold) has not ended. */
export async function readCounters(tx: DbOrTx, keys: readonly string[]): Promise<Map<string, GuardRow>> {
  const rows = await tx.execute<{ key: string; hits: number; left_ms: number }>(sql`
    SELECT key, hits, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS left_ms
      FROM rate_limits WHERE key = ANY(${sql.param([...keys])}::text[]) AND reset_at > now()`);
  return new Map(rows.rows.map((r) => [r.key, { key: r.key, hits: r.hits, leftMs: r.left_ms }]));
}

/** Takes one hit back (an attempt that turned out not to count). */
export async function unhit(db: DbOrTx, keys: readonly string[]): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = ANY(${sql.param([...keys])}::text[]) AND reset_at > now()`);
}

/**
 * After a failure: when the account's counter passed `free`, the account is held for
 * min(baseMs · 2^(hits − free − 1), maxMs) from now (a later hold already set stays).
 */
export async function holdAfterFailure(db: DbOrTx, accountKey: string, holdKey: string, p: { free: number; baseMs: number; maxMs: number }): Promise<void> {
  await db.execute(sql`
    INSERT INTO rate_limits (key, hits, reset_at)
    SELECT ${holdKey}, a.hits, now() + LEAST(${p.baseMs}::float8 * power(2, a.hits - ${p.free} - 1), ${p.maxMs}::float8) * interval '1 millisecond'
      FROM rate_limits a WHERE a.key = ${accountKey} AND a.reset_at > now() AND a.hits > ${p.free}
    ON CONFLICT (key) DO UPDATE SET
      hits = EXCLUDED.hits,
      reset_at = GREATEST(CASE WHEN rate_limits.reset_at > now() THEN rate_limits.reset_at END, EXCLUDED.reset_at)`);
}
