import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payoutAccounts, payoutRuns, payouts, projects } from '../../db/schema/index.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: DbOrTx, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

export async function upsertPayoutAccount(db: DbOrTx, row: typeof payoutAccounts.$inferInsert): Promise<void> {
  const { userId, ...rest } = row;
  await db
    .insert(payoutAccounts)
    .values(row)
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: { ...rest, updatedAt: new Date() } });
  void userId;
}

/** Serialises one contractor's payouts across instances. */
export async function lockPayoutsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payouts:${userId}`}, 0))`);
}

/** Contractors with a positive payable balance and a bank account, per currency. */
export async function payableBalances(db: DbOrTx): Promise<{ userId: string; currency: string; available: number }[]> {
  const r = await db.execute<{ user_id: string; currency: string; available: string }>(sql`
    SELECT a.user_id, a.currency, sum(e.amount_minor)::bigint AS available
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN payout_accounts p ON p.user_id = a.user_id
     WHERE a.kind = 'contractor_payable' GROUP BY a.user_id, a.currency HAVING sum(e.amount_minor) > 0`);
  return r.rows.map((x) => ({ userId: x.user_id, currency: x.currency, available: Number(x.available) }));
}

export type PayoutRow = typeof payouts.$inferSelect;

export async function insertPayout(tx: DbOrTx, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [inserted] = await tx.insert(payouts).values(row).returning();
  return inserted!;
}

export async function findPayout(db: DbOrTx, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export function listPendingPayouts(db: DbOrTx) {
  return db.select().from(payouts).where(eq(payouts.status, 'pending'));
}

/** Marks a payout paid; false when it already was (so its receipt goes once). */
export async function markPayoutSent(db: DbOrTx, id: string, ref: string): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ status: 'paid', processorRef: ref })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** The titles of the projects whose releases a payout pays: released to the contractor after their previous payout and before this one. */
export async function projectsOfPayout(db: DbOrTx, contractorId: string, ledgerTransactionId: string): Promise<string[]> {
  const r = await db.execute<{ title: string }>(sql`
    WITH this AS (SELECT created_at FROM ledger_transactions WHERE id = ${ledgerTransactionId}),
         previous AS (SELECT max(x.created_at) AS at FROM payouts p JOIN ledger_transactions x ON x.id = p.ledger_transaction_id, this
                       WHERE p.contractor_id = ${contractorId} AND x.created_at < this.created_at)
    SELECT DISTINCT p.title FROM ledger_transactions x JOIN ledger_entries e ON e.transaction_id = x.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'contractor_payable' AND a.user_id = ${contractorId}
      JOIN projects p ON p.id = x.project_id, this, previous
     WHERE x.kind = 'release' AND x.created_at <= this.created_at AND (previous.at IS NULL OR x.created_at > previous.at)
     ORDER BY p.title`);
  return r.rows.map((x) => x.title);
}

/** A contractor's releases (to their payable) and payouts, newest first. */
export async function contractorMovements(db: DbOrTx, userId: string, limit = 100) {
  return db
    .select({
      kind: ledgerTransactions.kind,
      amountMinor: sql<number>`sum(${ledgerEntries.amountMinor})::bigint`,
      projectId: ledgerTransactions.projectId,
      projectTitle: projects.title,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(projects, eq(projects.id, ledgerTransactions.projectId))
    .where(and(eq(ledgerAccounts.kind, 'contractor_payable'), eq(ledgerAccounts.userId, userId), inArray(ledgerTransactions.kind, ['release', 'payout'])))
    .groupBy(ledgerTransactions.id, projects.title)
    .orderBy(desc(ledgerTransactions.createdAt))
    .limit(limit);
}

/** What is held in escrow on the contractor's projects. */
export async function heldForContractor(db: DbOrTx, userId: string): Promise<number> {
  const r = await db.execute<{ total: string }>(sql`
    SELECT coalesce(sum(e.amount_minor), 0)::bigint AS total FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'escrow' JOIN projects p ON p.id = a.project_id
     WHERE p.contractor_id = ${userId} AND a.currency = 'DOP'`);
  return Number(r.rows[0]!.total);
}

/** Takes the daily payout run's lock for this transaction, or false when another instance holds it. */
export async function tryLockDailyPayouts(tx: DbOrTx): Promise<boolean> {
  const r = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtextextended('arreglaya:daily-payouts', 0)) AS ok`);
  return r.rows[0]?.ok === true;
}

export async function payoutRunDone(db: DbOrTx, day: string): Promise<boolean> {
  const [row] = await db.select({ day: payoutRuns.day }).from(payoutRuns).where(eq(payoutRuns.day, day));
  return row !== undefined;
}

export async function recordPayoutRun(tx: DbOrTx, day: string, sent: number): Promise<void> {
  await tx.insert(payoutRuns).values({ day, sent }).onConflictDoNothing();
}
