import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.ts';

/**
 * Lets `ms` pass for the rate-limit counters in the database whose key starts with `keyPrefix`:
 * every window and hold (`reset_at`, judged against PostgreSQL's `now()`) ends `ms` sooner, as if
 * the clock had moved on. Tests use it instead of waiting out a slow-down in real seconds.
 */
export async function passRateLimitTime(db: DbOrTx, ms: number, keyPrefix = ''): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET reset_at = reset_at - ${ms} * interval '1 millisecond' WHERE starts_with(key, ${keyPrefix})`);
}
