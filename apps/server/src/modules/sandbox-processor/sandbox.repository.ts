import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxCharges, sandboxRefunds, sandboxTokens, sandboxVerifications } from '../../db/schema/index.ts';

export type SandboxToken = typeof sandboxTokens.$inferSelect;
export type SandboxCharge = typeof sandboxCharges.$inferSelect;
export type SandboxVerification = typeof sandboxVerifications.$inferSelect;

export async function insertToken(db: DbOrTx, row: typeof sandboxTokens.$inferInsert): Promise<void> {
  await db.insert(sandboxTokens).values(row);
}

export async function findToken(db: DbOrTx, id: string): Promise<SandboxToken | undefined> {
  const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.id, id));
  return row;
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

/**
 * A charge with the outcome its token's behaviour asks for (`outcomes`: the sandbox's table, by
 * behaviour; the key '' for a token it does not know), inserted unless its idempotency key is
 * taken, in one statement; the charge the key names either way (read again only when taken).
 */
export async function insertChargeForToken(
  db: DbOrTx,
  token: string,
  row: Pick<typeof sandboxCharges.$inferInsert, 'id' | 'tokenId' | 'amountMinor' | 'currency' | 'idempotencyKey' | 'returnUrl'>,
  outcomes: Record<string, { status: string; failureCode: string | null }>,
): Promise<Pick<SandboxCharge, 'id' | 'idempotencyKey' | 'status' | 'amountMinor' | 'currency' | 'failureCode'>> {
  const r = await db.execute<{ id: string; idempotency_key: string; status: string; amount_minor: number; currency: string; failure_code: string | null }>(sql`
    WITH o AS (SELECT ${JSON.stringify(outcomes)}::jsonb -> coalesce((SELECT behaviour FROM sandbox_processor.tokens WHERE id = ${token}::varchar), '') AS o)
    INSERT INTO sandbox_processor.charges (id, token_id, amount_minor, currency, idempotency_key, status, failure_code, return_url)
    SELECT ${row.id}::varchar, ${row.tokenId}::varchar, ${row.amountMinor}::bigint, ${row.currency}::char(3), ${row.idempotencyKey}::varchar, o ->> 'status', o ->> 'failureCode', ${row.returnUrl ?? null}::text
      FROM o
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key, status, amount_minor, currency, failure_code`);
  const c = r.rows[0];
  if (!c) return (await findChargeByKey(db, row.idempotencyKey))!;
  return { id: c.id, idempotencyKey: c.idempotency_key, status: c.status, amountMinor: Number(c.amount_minor), currency: c.currency, failureCode: c.failure_code };
}

// ---- Zero-amount verifications (a card being saved) ----

/**
 * A verification with the outcome its token's behaviour asks for (`outcomes`, as for a charge),
 * inserted unless its idempotency key is taken; the verification the key names either way.
 */
export async function insertVerificationForToken(
  db: DbOrTx,
  token: string,
  row: Pick<typeof sandboxVerifications.$inferInsert, 'id' | 'tokenId' | 'idempotencyKey' | 'returnUrl'>,
  outcomes: Record<string, { status: string; failureCode: string | null }>,
): Promise<SandboxVerification> {
  // Saving a card is rare: the insert, then the row read by its key (the first verification when the key was taken).
  await db.execute(sql`
    WITH o AS (SELECT ${JSON.stringify(outcomes)}::jsonb -> coalesce((SELECT behaviour FROM sandbox_processor.tokens WHERE id = ${token}::varchar), '') AS o)
    INSERT INTO sandbox_processor.verifications (id, token_id, idempotency_key, status, failure_code, return_url)
    SELECT ${row.id}::varchar, ${row.tokenId}::varchar, ${row.idempotencyKey}::varchar, o ->> 'status', o ->> 'failureCode', ${row.returnUrl ?? null}::text
      FROM o
    ON CONFLICT (idempotency_key) DO NOTHING`);
  return (await findVerificationByKey(db, row.idempotencyKey))!;
}

export async function findVerificationByKey(db: DbOrTx, key: string): Promise<SandboxVerification | undefined> {
  const [row] = await db.select().from(sandboxVerifications).where(eq(sandboxVerifications.idempotencyKey, key));
  return row;
}

export async function findVerification(db: DbOrTx, id: string): Promise<SandboxVerification | undefined> {
  const [row] = await db.select().from(sandboxVerifications).where(eq(sandboxVerifications.id, id));
  return row;
}

/** Settles a challenged verification once: only while it still requires action. */
export async function settleVerificationChallenge(db: DbOrTx, id: string, status: 'succeeded' | 'canceled'): Promise<void> {
  await db
    .update(sandboxVerifications)
    .set({ status, failureCode: status === 'canceled' ? 'challenge_canceled' : null, updatedAt: new Date() })
    .where(and(eq(sandboxVerifications.id, id), eq(sandboxVerifications.status, 'requires_action')));
}
