import type { Db, Tx } from '../../db/client.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';
import { claimMoneyEvent, listDueMoneyEvents, markMoneyEventFailed, type MoneyEvent } from './money-events.repository.ts';

// What the money steps announce (decision 074): recorded in the money's transaction
// (money-events.repository.ts's recordMoneyEvent), delivered to their listener after it committed.

export type { MoneyEvent, MoneyEventKind } from './money-events.repository.ts';
export { recordMoneyEvent, withAnnouncements } from './money-events.repository.ts';

/** Waits after each failed delivery (the last one repeats): the notices arrive once what failed is back. */
export const MONEY_EVENT_RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** Announcements delivered per run. */
const BATCH = 100;

/**
 * Hands announcements to `listen`, each in a transaction of its own that takes its row (locked and
 * marked delivered in one statement) and commits the listener's writes with that mark, so each is
 * delivered once. `ids`: the ones a money step just recorded (withAnnouncements), delivered after
 * its commit without looking for others; without them, every due one (the money-events job's
 * catch-up: what failed before, or what a crash left undelivered). A failing one is counted and
 * tried again after its back-off (MONEY_EVENT_RETRY_MS); it never stops the others, and the money it
 * announces stays as committed. Returns how many were delivered.
 */
export async function deliverMoneyEvents(
  db: Db,
  listen: (tx: Tx, event: MoneyEvent) => Promise<void>,
  log: { warn(obj: object, msg: string): void },
  now = new Date(),
  ids?: readonly string[],
): Promise<number> {
  let delivered = 0;
  for (const id of ids ?? (await listDueMoneyEvents(db, now, BATCH))) {
    try {
      const done = await db.transaction(async (tx) => {
        const event = await claimMoneyEvent(tx, id, now);
        if (!event) return false;
        await listen(tx, event);
        return true;
      });
      if (done) delivered++;
    } catch (err) {
      const message = errorText(err);
      const attempts = await markMoneyEventFailed(db, id, message, now, MONEY_EVENT_RETRY_MS);
      log.warn({ moneyEventId: id, attempts, error: message.slice(0, 200) }, 'money event not delivered; the money-events job retries it');
    }
  }
  return delivered;
}

/** What a failed delivery keeps: PostgreSQL's own message for a database error, never Drizzle's wrapper (its statement's values name people). */
function errorText(err: unknown): string {
  const db = databaseErrorOf(err) as { code: string; message?: string } | undefined;
  if (db) return `${db.message ?? 'database error'} (SQLSTATE ${db.code})`;
  return err instanceof Error ? err.message : String(err);
}
