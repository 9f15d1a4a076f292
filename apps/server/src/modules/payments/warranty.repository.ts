import type { Currency } from '@arreglaya/shared/domain';
import type { HoldbackStatus } from '@arreglaya/shared/schemas/warranty';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { projects, quotes, warrantyHoldbacks } from '../../db/schema/index.ts';

// Warranty holdbacks (decision 055): the rows that say what part of an approval's release stays in
// escrow, until when, and what became of it. The money itself moves only in the ledger.

export type HoldbackRow = typeof warrantyHoldbacks.$inferSelect;

/** What an approval keeps back (the accepted quote's percent and warranty days, with the agreed price) and the project's holdback if it has one, in one read. */
export async function findHoldbackTerms(db: DbOrTx, projectId: string) {
  const [row] = await db
    .select({ priceMinor: quotes.agreedPriceMinor, currency: quotes.currency, percent: quotes.holdbackPercent, warrantyDays: quotes.warrantyDays, holdback: warrantyHoldbacks })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.acceptedQuoteId))
    .leftJoin(warrantyHoldbacks, eq(warrantyHoldbacks.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return row;
}

export async function findHoldback(db: DbOrTx, projectId: string): Promise<HoldbackRow | undefined> {
  const [row] = await db.select().from(warrantyHoldbacks).where(eq(warrantyHoldbacks.projectId, projectId));
  return row;
}

/** The holdback locked (always after its project's row: the project is the money's lock, decision 021). */
export async function lockHoldback(tx: DbOrTx, projectId: string): Promise<HoldbackRow | undefined> {
  const [row] = await tx.select().from(warrantyHoldbacks).where(eq(warrantyHoldbacks.projectId, projectId)).for('update');
  return row;
}

/** Records the approval's holdback; one per project (an approval happens once): the existing row when there is one. */
export async function insertHoldback(tx: DbOrTx, v: { projectId: string; amountMinor: number; currency: Currency; releaseAt: Date }): Promise<HoldbackRow> {
  const [row] = await tx.insert(warrantyHoldbacks).values(v).onConflictDoNothing().returning();
  return row ?? (await lockHoldback(tx, v.projectId))!;
}

/** Moves a holdback from one state to another (only from `from`); the row as it is now, or undefined when it was not in `from`. */
export async function markHoldback(
  tx: DbOrTx,
  projectId: string,
  from: HoldbackStatus[],
  to: HoldbackStatus,
  extra: Partial<Pick<HoldbackRow, 'claimReason' | 'claimedAt' | 'decidedAt' | 'decidedBy' | 'contractorPercent'>> = {},
): Promise<HoldbackRow | undefined> {
  const [row] = await tx
    .update(warrantyHoldbacks)
    .set({ status: to, ...extra, updatedAt: new Date() })
    .where(and(eq(warrantyHoldbacks.projectId, projectId), inArray(warrantyHoldbacks.status, from)))
    .returning();
  return row;
}

/** Projects whose holdback is still held at `now` past its date (the job's batch; a claimed one waits for its decision). */
export async function listDueHoldbacks(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ projectId: warrantyHoldbacks.projectId })
    .from(warrantyHoldbacks)
    .where(and(eq(warrantyHoldbacks.status, 'held'), lte(warrantyHoldbacks.releaseAt, now)))
    .orderBy(warrantyHoldbacks.releaseAt)
    .limit(limit);
  return rows.map((r) => r.projectId);
}

/** The open warranty claims, oldest first, with their project's title (the console). */
export async function listClaimedHoldbacks(db: DbOrTx) {
  return db
    .select({ h: warrantyHoldbacks, title: projects.title, percent: quotes.holdbackPercent, warrantyDays: quotes.warrantyDays })
    .from(warrantyHoldbacks)
    .innerJoin(projects, eq(projects.id, warrantyHoldbacks.projectId))
    .innerJoin(quotes, eq(quotes.id, projects.acceptedQuoteId))
    .where(eq(warrantyHoldbacks.status, 'claimed'))
    .orderBy(warrantyHoldbacks.claimedAt);
}

/**
 * `ledger:check`'s holdback rules (decision 055): a held or claimed holdback is exactly what the
 * project's escrow still holds in its currency; a holdback sits on a completado project; a released
 * one has its release, a refunded one its refund, a split one at least one of the two; none was
 * posted for a holdback still held.
 */
export async function holdbackProblems(db: DbOrTx): Promise<string[]> {
  const r = await db.execute<{ problem: string }>(sql`
    WITH held AS (
      SELECT a.project_id, a.currency, sum(e.amount_minor)::bigint AS held
        FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
       WHERE a.kind = 'escrow' AND a.project_id IN (SELECT project_id FROM warranty_holdbacks)
       GROUP BY a.project_id, a.currency),
    posted AS (
      SELECT h.project_id,
             EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = 'release:' || h.project_id || ':' || h.currency || ':warranty') AS released,
             EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = 'refund:' || h.project_id || ':' || h.currency || ':warranty') AS refunded
        FROM warranty_holdbacks h)
    SELECT 'warranty holdback of project ' || h.project_id || ' is ' || h.status || ' with ' || h.amount_minor || ' ' || h.currency
           || ' but the escrow holds ' || coalesce(x.held, 0) AS problem
      FROM warranty_holdbacks h LEFT JOIN held x ON x.project_id = h.project_id AND x.currency = h.currency
     WHERE h.status IN ('held', 'claimed') AND coalesce(x.held, 0) <> h.amount_minor
    UNION ALL
    SELECT 'warranty holdback of project ' || h.project_id || ' on a project that is ' || p.status || ', not completado'
      FROM warranty_holdbacks h JOIN projects p ON p.id = h.project_id WHERE p.status <> 'completado'
    UNION ALL
    SELECT 'warranty holdback of project ' || h.project_id || ' is ' || h.status || ' but the ledger '
           || CASE WHEN h.status IN ('held', 'claimed') THEN 'already moved it' ELSE 'has no ' || CASE h.status WHEN 'released' THEN 'release' WHEN 'refunded' THEN 'refund' ELSE 'release or refund' END || ' of it' END
      FROM warranty_holdbacks h JOIN posted x ON x.project_id = h.project_id
     WHERE (h.status IN ('held', 'claimed') AND (x.released OR x.refunded))
        OR (h.status = 'released' AND NOT x.released)
        OR (h.status = 'refunded' AND NOT x.refunded)
        OR (h.status = 'split' AND NOT (x.released OR x.refunded))`);
  return r.rows.map((x) => x.problem);
}
