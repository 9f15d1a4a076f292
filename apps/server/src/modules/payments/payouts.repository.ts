import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { COUNTRIES } from '@arreglaya/shared/countries';
import type { Currency } from '@arreglaya/shared/domain';
import { bankCurrency } from '@arreglaya/shared/payout-banks';
import { contractorProfiles, payoutAccounts, payoutRuns, payouts } from '../../db/schema/index.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: DbOrTx, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/**
 * The currency a contractor's balance is in and is paid out in (decision 067): his payout bank's
 * country's once saved (a payout goes to that country in its currency), else his profile's
 * country's; pesos dominicanos before either.
 */
export async function payoutCurrencyOf(db: DbOrTx, userId: string): Promise<Currency> {
  const account = await findPayoutAccount(db, userId);
  if (account) return bankCurrency(account.bank);
  const [profile] = await db.select({ country: contractorProfiles.country }).from(contractorProfiles).where(eq(contractorProfiles.userId, userId));
  return COUNTRIES[profile?.country ?? 'DO'].currency;
}

/** Whether the contractor's profile holds their cédula (sealed, decision 010). */
export async function hasProfileCedula(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ sealed: contractorProfiles.cedulaEnc }).from(contractorProfiles).where(eq(contractorProfiles.userId, userId));
  return row?.sealed != null;
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

/** A payout to this account failed after it was last saved: the account is to be corrected before money goes to it again. */
const failedSinceSaved = (userId: SQL, savedAt: SQL) =>
  sql`EXISTS (SELECT 1 FROM payouts f WHERE f.contractor_id = ${userId} AND f.status = 'failed' AND f.updated_at > ${savedAt})`;

/**
 * Contractors with a positive payable balance in the currency their bank is paid in (decision 067)
 * and a bank account no payout failed on since it was saved. Money in another currency is left
 * where it is: sent to that bank it would be refused (ERROR_CURRENCY_NOT_OF_COUNTRY) and, failed,
 * stop every payout to the account until it was saved again.
 */
export async function payableBalances(db: DbOrTx): Promise<{ userId: string; currency: Currency; available: number }[]> {
  const r = await db.execute<{ user_id: string; currency: string; bank: string; available: string }>(sql`
    SELECT a.user_id, a.currency, p.bank, sum(e.amount_minor)::bigint AS available
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN payout_accounts p ON p.user_id = a.user_id
     WHERE a.kind = 'contractor_payable' AND NOT ${failedSinceSaved(sql`a.user_id`, sql`p.updated_at`)}
     GROUP BY a.user_id, a.currency, p.bank HAVING sum(e.amount_minor) > 0`);
  return r.rows.filter((x) => bankCurrency(x.bank) === x.currency).map((x) => ({ userId: x.user_id, currency: x.currency as Currency, available: Number(x.available) }));
}

/** Whether a payout to the contractor's saved account failed after it was saved (see payableBalances). */
export async function accountFailedSinceSaved(db: DbOrTx, userId: string): Promise<boolean> {
  const r = await db.execute<{ failed: boolean }>(
    sql`SELECT ${failedSinceSaved(sql`${userId}::uuid`, sql`p.updated_at`)} AS failed FROM payout_accounts p WHERE p.user_id = ${userId}`,
  );
  return r.rows[0]?.failed === true;
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

/**
 * Moves a payout to `to` only from one of `from`, in one statement (the row's lock): of 50 identical
 * notifications at once, one moves it and the others find it moved. The row when it moved.
 */
export async function transitionPayout(
  db: DbOrTx,
  id: string,
  from: string[],
  to: { status: string; processorRef?: string | null; processorStatusCode?: string | null; failureReason?: string | null },
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(payouts)
    .set({
      status: to.status,
      ...(to.processorRef === undefined ? {} : { processorRef: to.processorRef }),
      ...(to.processorStatusCode === undefined ? {} : { processorStatusCode: to.processorStatusCode }),
      ...(to.failureReason === undefined ? {} : { failureReason: to.failureReason }),
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, id), inArray(payouts.status, from)))
    .returning();
  return row;
}

/** Records dLocal's latest status code of a payout still on its way (a PENDING or DELIVERED notification). */
export async function notePayoutStatusCode(db: DbOrTx, id: string, code: string): Promise<void> {
  await db
    .update(payouts)
    .set({ processorStatusCode: code, updatedAt: new Date() })
    .where(and(eq(payouts.id, id), inArray(payouts.status, ['pending', 'sent'])));
}

/** Payouts dLocal has, waiting for its notification (reconciliation reads them back). */
export function listSentPayouts(db: DbOrTx) {
  return db.select().from(payouts).where(eq(payouts.status, 'sent'));
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

/**
 * A contractor's releases (to their payable), payouts and returned payouts, newest first, each in
 * its own currency (its payable account's); a payout (and its return) with its state and failure reason.
 */
export async function contractorMovements(db: DbOrTx, userId: string, limit = 100) {
  const r = await db.execute<{
    kind: string;
    amount_minor: string;
    currency: string;
    project_id: string | null;
    project_title: string | null;
    created_at: Date | string;
    payout_status: string | null;
    failure_reason: string | null;
  }>(sql`
    SELECT t.kind, sum(e.amount_minor)::bigint AS amount_minor, a.currency, t.project_id, p.title AS project_title, t.created_at,
           po.status AS payout_status, po.failure_reason
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'contractor_payable' AND a.user_id = ${userId}
      JOIN ledger_transactions t ON t.id = e.transaction_id AND t.kind IN ('release', 'payout', 'payout_return')
      LEFT JOIN projects p ON p.id = t.project_id
      LEFT JOIN payouts po ON (t.kind = 'payout' AND po.ledger_transaction_id = t.id)
                           OR (t.kind = 'payout_return' AND t.idempotency_key = 'payout_return:' || po.id::text)
     GROUP BY t.id, a.currency, p.title, po.status, po.failure_reason
     ORDER BY t.created_at DESC
     LIMIT ${limit}`);
  return r.rows.map((x) => ({
    kind: x.kind as 'release' | 'payout' | 'payout_return',
    amountMinor: Number(x.amount_minor),
    currency: x.currency as Currency,
    projectId: x.project_id,
    projectTitle: x.project_title,
    createdAt: new Date(x.created_at),
    payoutStatus: x.payout_status,
    failureReason: x.failure_reason,
  }));
}

/**
 * What a contractor has in each currency, one read: held in escrow on their projects, available
 * (their payable) and paid out. Only the currencies with an account; a currency is never summed
 * into another (decision 067).
 */
export async function contractorBalances(db: DbOrTx, userId: string): Promise<{ currency: Currency; pendingMinor: number; availableMinor: number; paidOutMinor: number }[]> {
  const r = await db.execute<{ currency: string; held: string; available: string; paid_out: string }>(sql`
    SELECT x.currency, sum(x.held)::bigint AS held, sum(x.available)::bigint AS available, sum(x.paid_out)::bigint AS paid_out FROM (
      SELECT a.currency, e.amount_minor AS held, 0 AS available, 0 AS paid_out
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'escrow' JOIN projects p ON p.id = a.project_id
       WHERE p.contractor_id = ${userId}
      UNION ALL
      SELECT a.currency, 0, CASE WHEN a.kind = 'contractor_payable' THEN e.amount_minor ELSE 0 END, CASE WHEN a.kind = 'payouts' THEN e.amount_minor ELSE 0 END
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.user_id = ${userId} AND a.kind IN ('contractor_payable', 'payouts')
    ) x GROUP BY x.currency`);
  return r.rows.map((x) => ({ currency: x.currency as Currency, pendingMinor: Number(x.held), availableMinor: Number(x.available), paidOutMinor: Number(x.paid_out) }));
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
