import { and, isNull, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { moneyRequests } from '../../db/schema/index.ts';

export type MoneyRequestRow = typeof moneyRequests.$inferSelect;

// The idempotency keys of money actions (decision 021, 074).

// ---- Idempotency keys of money actions ----

export async function findMoneyRequest(db: DbOrTx, userId: string, key: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyRequests)
    .where(and(eq(moneyRequests.userId, userId), eq(moneyRequests.key, key)));
  return row;
}

/** Takes the key (waiting for a concurrent holder to commit); false when it was already taken. */
/** Takes the key: the new row (locked by this transaction, since it wrote it), or undefined when the key was taken before. */
export async function claimMoneyRequest(tx: DbOrTx, userId: string, key: string, requestHash: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await tx.insert(moneyRequests).values({ userId, key, requestHash }).onConflictDoNothing().returning();
  return row;
}

export async function lockMoneyRequest(tx: DbOrTx, userId: string, key: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(moneyRequests)
    .where(and(eq(moneyRequests.userId, userId), eq(moneyRequests.key, key)))
    .for('update');
  return row;
}

export async function storeMoneyResponse(tx: DbOrTx, id: string, statusCode: number, response: unknown): Promise<void> {
  await tx.update(moneyRequests).set({ statusCode, response }).where(eq(moneyRequests.id, id));
}

/** Stores the answer under its key unless one was stored first; false when it was (then read it with lockMoneyRequestById). */
export async function storeFirstMoneyResponse(tx: DbOrTx, id: string, statusCode: number, response: unknown): Promise<boolean> {
  const rows = await tx
    .update(moneyRequests)
    .set({ statusCode, response })
    .where(and(eq(moneyRequests.id, id), isNull(moneyRequests.response)))
    .returning({ id: moneyRequests.id });
  return rows.length === 1;
}

export async function lockMoneyRequestById(tx: DbOrTx, id: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await tx.select().from(moneyRequests).where(eq(moneyRequests.id, id)).for('update');
  return row;
}

export async function findMoneyRequestByPayment(db: DbOrTx, paymentKey: string): Promise<MoneyRequestRow | undefined> {
  const [userId, ...rest] = paymentKey.split(':');
  return findMoneyRequest(db, userId!, rest.join(':'));
}
