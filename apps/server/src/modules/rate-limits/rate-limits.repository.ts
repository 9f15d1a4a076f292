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
