import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';

/**
 * Fixed-window counters in PostgreSQL, so every instance behind one database shares them
 * (decision 004). One upsert per counted event; expired windows restart at 1.
 */
export async function hit(db: DbOrTx, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const rows = await db.execute<{ hits: number; reset_at: Date }>(sql`
    INSERT INTO rate_limits (key, hits, reset_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING hits, reset_at`);
  const row = rows.rows[0]!;
  return { hits: row.hits, resetAt: new Date(row.reset_at) };
}

export async function purgeExpired(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'`);
}
