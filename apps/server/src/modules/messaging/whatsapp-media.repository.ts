import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { whatsappMediaDownloads } from '../../db/schema/index.ts';

// The WhatsApp downloads waiting for another try (decision 063): one row per WhatsApp message id,
// taken by one run at a time (a lease on next_attempt_at), gone once stored or given up.

export type PendingDownload = typeof whatsappMediaDownloads.$inferSelect;

/** A download to try again at `nextAttemptAt`; false when the message already has one (Meta's repeats). */
export async function insertPendingDownload(db: DbOrTx, row: typeof whatsappMediaDownloads.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(whatsappMediaDownloads).values(row).onConflictDoNothing().returning({ id: whatsappMediaDownloads.messageId });
  return inserted.length > 0;
}

/**
 * Up to `limit` downloads due at `now`, each leased until `leaseUntil` (its next_attempt_at moved
 * there) so that another run, on this instance or another, does not take it meanwhile.
 */
export async function claimDueDownloads(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<PendingDownload[]> {
  const due = db
    .select({ id: whatsappMediaDownloads.messageId })
    .from(whatsappMediaDownloads)
    .where(lte(whatsappMediaDownloads.nextAttemptAt, now))
    .orderBy(asc(whatsappMediaDownloads.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(whatsappMediaDownloads).set({ nextAttemptAt: leaseUntil }).where(inArray(whatsappMediaDownloads.messageId, due)).returning();
}

/** A failed try: counted, with when to try next and why it failed. */
export async function recordFailedTry(db: DbOrTx, messageId: string, attempts: number, nextAttemptAt: Date, lastError: string): Promise<void> {
  await db
    .update(whatsappMediaDownloads)
    .set({ attempts, nextAttemptAt, lastError: lastError.slice(0, 300) })
    .where(eq(whatsappMediaDownloads.messageId, messageId));
}

/** The download done with (stored or given up); false when another run already was. */
export async function deleteDownload(db: DbOrTx, messageId: string): Promise<boolean> {
  const gone = await db.delete(whatsappMediaDownloads).where(eq(whatsappMediaDownloads.messageId, messageId)).returning({ id: whatsappMediaDownloads.messageId });
  return gone.length > 0;
}

/** When the next waiting download is due (null: none waits). */
export async function nextDownloadDue(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${whatsappMediaDownloads.nextAttemptAt})`.mapWith((v: string | null) => (v === null ? null : new Date(v))) })
    .from(whatsappMediaDownloads);
  return row?.at ?? null;
}
