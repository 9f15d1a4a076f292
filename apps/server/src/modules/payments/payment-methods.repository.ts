import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CountryCode } from '@arreglaya/shared/countries';
import { paymentMethods, users } from '../../db/schema/index.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

// A person's saved cards (decision 021, 074).

// ---- Saved cards ----

/** The account's country (its profile's): where its cards are verified (decision 067). */
export async function findAccountCountry(db: DbOrTx, userId: string): Promise<CountryCode> {
  const [row] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  return row?.country ?? 'DO';
}

/** A person's usable cards (verified), the default first; cards waiting for their bank's challenge are not among them. */
export function listMethods(db: DbOrTx, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'active')))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
}

/** A card waiting for its bank's challenge becomes usable (once: only while pending). */
/** A pending card made usable; `processorToken`: its lasting reference, when the verification gave one (dLocal's card_id). */
export async function activateMethod(tx: DbOrTx, userId: string, id: string, processorToken?: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ status: 'active', ...(processorToken === undefined ? {} : { processorToken }) })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'pending_verification')))
    .returning();
  return row;
}

/** Cards whose challenge was left unanswered for a day (the client never came back): removed when the person saves another. */
export async function deleteAbandonedPending(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'pending_verification'), lt(paymentMethods.createdAt, sql`now() - interval '1 day'`)));
}

export async function findMethod(db: DbOrTx, userId: string, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return row;
}

/** Serialises a person's card changes (one default at a time). */
export async function lockMethodsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payment-methods:${userId}`}, 0))`);
}

export async function insertMethod(tx: DbOrTx, row: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
  const [inserted] = await tx.insert(paymentMethods).values(row).returning();
  return inserted!;
}

export async function setDefaultMethod(tx: DbOrTx, userId: string, id: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: sql`${paymentMethods.id} = ${id}` })
    .where(eq(paymentMethods.userId, userId));
}

export async function deleteMethod(tx: DbOrTx, userId: string, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await tx
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning();
  return row;
}

export async function findMethodById(db: DbOrTx, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}
