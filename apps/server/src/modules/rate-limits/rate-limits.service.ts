import type { Db, DbOrTx } from '../../db/client.ts';
import { hit, purgeExpired } from './rate-limits.repository.ts';

/** Counts one more event under `key` in a window of `windowMs`; the count and when the window ends. */
export function countHit(db: DbOrTx, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  return hit(db, key, windowMs);
}

/** Forgets windows that ended over an hour ago (housekeeping). */
export function purgeExpiredRateLimits(db: Db): Promise<void> {
  return purgeExpired(db);
}
