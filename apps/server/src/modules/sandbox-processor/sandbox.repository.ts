import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxCharges, sandboxPayouts, sandboxRefunds, sandboxTokens } from '../../db/schema/index.ts';

export type SandboxToken = typeof sandboxTokens.$inferSelect;
export type SandboxCharge = typeof sandboxCharges.$inferSelect;

export async function insertToken(db: DbOrTx, row: typeof sandboxTokens.$inferInsert): Promise<void> {
  await db.insert(sandboxTokens).values(row);
}

export async function findToken(db: DbOrTx, id: string): Promise<SandboxToken | undefined> {
  const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.id, id));
  return row;
}

/** Inserts the charge unless its idempotency key is taken; returns the charge the key names either way. */
export async function insertChargeOnce(db: DbOrTx, row: typeof sandboxCharges.$inferInsert): Promise<{ charge: SandboxCharge; created: boolean }> {
  const [inserted] = await db.insert(sandboxCharges).values(row).onConflictDoNothing({ target: sandboxCharges.idempotencyKey }).returning();
  if (inserted) return { charge: inserted, created: true };
  return { charge: (await findChargeByKey(db, row.idempotencyKey))!, created: false };
}

export async function findChargeByKey(db: DbOrTx, key: string): Promise<SandboxCharge | undefined> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key));
  return row;
}

export async function findCharge(db: DbOrTx, id: string): Promise<SandboxCharge | undefined> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
  return row;
}

export async function listChargesSince(db: DbOrTx, since: Date): Promise<SandboxCharge[]> {
  return db.select().from(sandboxCharges).where(gte(sandboxCharges.createdAt, since));
}

/** Settles a challenged charge once: only while it still requires action. */
export async function settleChallenge(db: DbOrTx, id: string, status: 'succeeded' | 'canceled'): Promise<SandboxCharge | undefined> {
  const [row] = await db
    .update(sandboxCharges)
    .set({ status, failureCode: status === 'canceled' ? 'challenge_canceled' : null, updatedAt: new Date() })
    .where(and(eq(sandboxCharges.id, id), eq(sandboxCharges.status, 'requires_action')))
    .returning();
  return row;
}

export async function insertRefundOnce(db: DbOrTx, row: typeof sandboxRefunds.$inferInsert): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db.insert(sandboxRefunds).values(row).onConflictDoNothing({ target: sandboxRefunds.idempotencyKey }).returning({ id: sandboxRefunds.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db.select({ id: sandboxRefunds.id }).from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, row.idempotencyKey));
  return { id: existing!.id, created: false };
}

/** Adds to a succeeded charge's refunded amount; false when it would exceed the charge. */
export async function addRefunded(db: DbOrTx, chargeId: string, amount: number): Promise<boolean> {
  const rows = await db
    .update(sandboxCharges)
    .set({ refundedMinor: sql`${sandboxCharges.refundedMinor} + ${amount}`, updatedAt: new Date() })
    .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, 'succeeded'), sql`${sandboxCharges.refundedMinor} + ${amount} <= ${sandboxCharges.amountMinor}`))
    .returning({ id: sandboxCharges.id });
  return rows.length === 1;
}

export async function insertPayoutOnce(db: DbOrTx, row: typeof sandboxPayouts.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(sandboxPayouts).values(row).onConflictDoNothing({ target: sandboxPayouts.idempotencyKey }).returning({ id: sandboxPayouts.id });
  if (inserted) return inserted.id;
  const [existing] = await db.select({ id: sandboxPayouts.id }).from(sandboxPayouts).where(eq(sandboxPayouts.idempotencyKey, row.idempotencyKey));
  return existing!.id;
}
