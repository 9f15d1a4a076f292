import type { Db, DbOrTx } from '../../db/client.ts';
import { hit, hitMany, purgeExpired, type CounterDelta } from './rate-limits.repository.ts';

/** Counts one more event under `key` in a window of `windowMs`, in PostgreSQL now (inside `db` when it is a transaction). */
export function countHit(db: DbOrTx, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  return hit(db, key, windowMs);
}

/** Forgets windows that ended over an hour ago (housekeeping). */
export function purgeExpiredRateLimits(db: Db): Promise<void> {
  return purgeExpired(db);
}

/** Limits below this many hits per window (sign-in, sign-up, the contact form...) are counted in PostgreSQL on every hit. */
export const LOCAL_MIN_MAX = 50;
/** How often each instance sends its counted hits to PostgreSQL and reads the shared totals back. */
export const DEFAULT_FLUSH_MS = 200;
/** Keys kept in memory at most; past it, a new key is counted in PostgreSQL without being kept. */
const MAX_KEYS = 100_000;

interface Counter {
  /** The shared total PostgreSQL last answered (every instance's flushed hits). */
  known: number;
  /** Hits counted here and not yet sent. */
  pending: number;
  /** Hits on their way to PostgreSQL (a statement not answered yet). */
  sending: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
  windowMs: number;
}

export interface RateLimiterOptions {
  flushMs?: number;
  /** Told when PostgreSQL could not be reached (the limiter keeps counting in memory meanwhile). */
  onError?: (err: unknown) => void;
}

/**
 * Fixed-window counters shared through the `rate_limits` table without a round trip on most hits
 * (decision 004). Each instance counts in memory and, every `flushMs`, adds what it counted to the
 * table in one statement and reads the shared totals back. A hit goes to PostgreSQL at once, with
 * whatever this instance has not sent yet for that key, when its limit is small
 * (max < LOCAL_MIN_MAX) or this instance's estimate (the shared total last read plus its own hits
 * in flight or unsent) passes half the limit: far from the limit an instance decides alone, near
 * it the shared total decides. On one instance the count is exact. Across instances (or after a
 * restart) a key can pass its limit by what one instance counted before it had read the shared
 * total or the others had sent theirs: at most `flushMs` of traffic, never more than half the
 * limit per instance.
 *
 * When PostgreSQL cannot be reached the hits stay counted here and each instance keeps its limits on
 * its own (against the full limit) until the next statement succeeds; nothing is thrown.
 */
export class RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;
  private readonly onError: (err: unknown) => void;

  constructor(
    private readonly db: Db,
    opts: RateLimiterOptions = {},
  ) {
    this.onError = opts.onError ?? (() => undefined);
    this.timer = setInterval(() => void this.flush(), opts.flushMs ?? DEFAULT_FLUSH_MS);
    this.timer.unref();
  }

  /** Counts one hit under `key` for a limit of `max` per `windowMs`: the hits so far in this window (this one included) and when it ends. */
  async hit(key: string, max: number, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
    const now = Date.now();
    let c = this.counters.get(key);
    if (!c) {
      if (this.counters.size >= MAX_KEYS) return this.direct(key, windowMs);
      // New here: nothing known yet (the next flush reads the shared total and its window's end).
      c = { known: 0, pending: 0, sending: 0, resetAt: now + windowMs, windowMs };
      this.counters.set(key, c);
    } else if (c.resetAt <= now) {
      // The window ended: what was not sent belonged to it.
      c.known = 0;
      c.pending = 0;
      c.resetAt = now + windowMs;
    }
    if (max >= LOCAL_MIN_MAX && 2 * (c.known + c.sending + c.pending + 1) <= max) {
      c.pending += 1;
      return { hits: c.known + c.sending + c.pending, resetAt: new Date(c.resetAt) };
    }
    const count = c.pending + 1;
    c.pending = 0;
    c.sending += count;
    try {
      const row = await hit(this.db, key, windowMs, count);
      c.sending -= count;
      this.answered(c, row.hits, row.resetAt.getTime());
      // This hit's place in the shared count (hits counted here meanwhile come after it).
      return row;
    } catch (err) {
      this.onError(err);
      c.sending -= count;
      c.pending += count;
    }
    return { hits: c.known + c.sending + c.pending, resetAt: new Date(c.resetAt) };
  }

  /** Sends every key's unsent hits in one statement and reads their shared totals back. */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Stops the timer and sends what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async send(): Promise<void> {
    const now = Date.now();
    const batch: { c: Counter; delta: CounterDelta }[] = [];
    for (const [key, c] of this.counters) {
      if (c.pending > 0) {
        batch.push({ c, delta: { key, count: c.pending, windowMs: c.windowMs } });
        c.sending += c.pending;
        c.pending = 0;
      } else if (c.sending === 0 && c.resetAt <= now) {
        this.counters.delete(key);
      }
    }
    if (batch.length === 0) return;
    try {
      const rows = await hitMany(
        this.db,
        batch.map((b) => b.delta),
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const { c, delta } of batch) {
        c.sending -= delta.count;
        const row = byKey.get(delta.key);
        if (row) this.answered(c, row.hits, row.resetAt.getTime());
      }
    } catch (err) {
      this.onError(err);
      for (const { c, delta } of batch) {
        c.sending -= delta.count;
        c.pending += delta.count;
      }
    }
  }

  /** PostgreSQL's total for a key (this instance's hits just sent included). */
  private answered(c: Counter, hits: number, resetAt: number): void {
    if (resetAt !== c.resetAt) {
      // A new window (or the first answer): its total is what PostgreSQL says.
      c.resetAt = resetAt;
      c.known = hits;
    } else {
      c.known = Math.max(c.known, hits);
    }
  }

  private async direct(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
    return hit(this.db, key, windowMs);
  }
}
