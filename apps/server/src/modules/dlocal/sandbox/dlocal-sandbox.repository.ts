import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { dlocalSandboxCardTokens, dlocalSandboxNotifications, dlocalSandboxPayments, dlocalSandboxPayouts, dlocalSandboxRefunds } from '../../../db/schema/index.ts';

// The stand-in's own tables (schema dlocal_sandbox); only the stand-in reads them.

export type SandboxCardToken = typeof dlocalSandboxCardTokens.$inferSelect;
export type SandboxPayment = typeof dlocalSandboxPayments.$inferSelect;
export type SandboxRefund = typeof dlocalSandboxRefunds.$inferSelect;
export type SandboxNotification = typeof dlocalSandboxNotifications.$inferSelect;
export type SandboxPayout = typeof dlocalSandboxPayouts.$inferSelect;

export async function insertCardToken(db: DbOrTx, row: typeof dlocalSandboxCardTokens.$inferInsert): Promise<void> {
  await db.insert(dlocalSandboxCardTokens).values(row);
}

export async function findCardToken(db: DbOrTx, id: string): Promise<SandboxCardToken | undefined> {
  const [row] = await db.select().from(dlocalSandboxCardTokens).where(eq(dlocalSandboxCardTokens.id, id));
  return row;
}

/** The payment, unless the merchant already used its order id (then nothing is written: dLocal's 5009). */
export async function insertPaymentOnce(db: DbOrTx, row: typeof dlocalSandboxPayments.$inferInsert): Promise<SandboxPayment | undefined> {
  const [inserted] = await db
    .insert(dlocalSandboxPayments)
    .values(row)
    .onConflictDoNothing({ target: [dlocalSandboxPayments.merchantLogin, dlocalSandboxPayments.orderId] })
    .returning();
  return inserted;
}

export async function findPayment(db: DbOrTx, id: string): Promise<SandboxPayment | undefined> {
  const [row] = await db.select().from(dlocalSandboxPayments).where(eq(dlocalSandboxPayments.id, id));
  return row;
}

export async function findPaymentByOrder(db: DbOrTx, merchantLogin: string, orderId: string): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .select()
    .from(dlocalSandboxPayments)
    .where(and(eq(dlocalSandboxPayments.merchantLogin, merchantLogin), eq(dlocalSandboxPayments.orderId, orderId)));
  return row;
}

/** Moves a payment once: only from one of `from` (so two answers to one challenge settle it once). */
export async function transitionPayment(
  db: DbOrTx,
  id: string,
  from: { status: string; statusCode?: string },
  to: { status: string; statusCode: string; at: Date; approved?: boolean },
): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .update(dlocalSandboxPayments)
    .set({ status: to.status, statusCode: to.statusCode, updatedAt: to.at, ...(to.approved ? { approvedAt: to.at } : {}) })
    .where(
      and(
        eq(dlocalSandboxPayments.id, id),
        eq(dlocalSandboxPayments.status, from.status),
        from.statusCode === undefined ? undefined : eq(dlocalSandboxPayments.statusCode, from.statusCode),
      ),
    )
    .returning();
  return row;
}

/** Pending tickets past their expiry become EXPIRED (500); the ones moved, to notify. */
export async function expireDueTickets(db: DbOrTx, now: Date, onlyId?: string): Promise<SandboxPayment[]> {
  return db
    .update(dlocalSandboxPayments)
    .set({ status: 'EXPIRED', statusCode: '500', updatedAt: now })
    .where(
      and(eq(dlocalSandboxPayments.status, 'PENDING'), lte(dlocalSandboxPayments.ticketExpiresAt, now), onlyId === undefined ? undefined : eq(dlocalSandboxPayments.id, onlyId)),
    )
    .returning();
}

/** Moves a pending ticket's expiry to `at` (a test hook: expire now). */
export async function setTicketExpiry(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(dlocalSandboxPayments)
    .set({ ticketExpiresAt: at })
    .where(and(eq(dlocalSandboxPayments.id, id), eq(dlocalSandboxPayments.status, 'PENDING'), sql`${dlocalSandboxPayments.ticketExpiresAt} IS NOT NULL`))
    .returning({ id: dlocalSandboxPayments.id });
  return rows.length === 1;
}

/** Adds to a paid payment's refunded amount; false when it would exceed the payment. */
export async function addRefunded(db: DbOrTx, paymentId: string, amount: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(dlocalSandboxPayments)
    .set({ refundedMinor: sql`${dlocalSandboxPayments.refundedMinor} + ${amount}`, updatedAt: at })
    .where(
      and(
        eq(dlocalSandboxPayments.id, paymentId),
        eq(dlocalSandboxPayments.status, 'PAID'),
        sql`${dlocalSandboxPayments.refundedMinor} + ${amount} <= ${dlocalSandboxPayments.amountMinor}`,
      ),
    )
    .returning({ id: dlocalSandboxPayments.id });
  return rows.length === 1;
}

/** Gives back what a refund that did not happen had taken from the payment. */
export async function subtractRefunded(db: DbOrTx, paymentId: string, amount: number, at: Date): Promise<void> {
  await db
    .update(dlocalSandboxPayments)
    .set({ refundedMinor: sql`${dlocalSandboxPayments.refundedMinor} - ${amount}`, updatedAt: at })
    .where(eq(dlocalSandboxPayments.id, paymentId));
}

export async function insertRefund(db: DbOrTx, row: typeof dlocalSandboxRefunds.$inferInsert): Promise<SandboxRefund> {
  const [inserted] = await db.insert(dlocalSandboxRefunds).values(row).returning();
  return inserted!;
}

export async function findRefund(db: DbOrTx, id: string): Promise<SandboxRefund | undefined> {
  const [row] = await db.select().from(dlocalSandboxRefunds).where(eq(dlocalSandboxRefunds.id, id));
  return row;
}

export async function listRefunds(db: DbOrTx, paymentId: string): Promise<SandboxRefund[]> {
  return db.select().from(dlocalSandboxRefunds).where(eq(dlocalSandboxRefunds.paymentId, paymentId)).orderBy(asc(dlocalSandboxRefunds.createdAt), asc(dlocalSandboxRefunds.id));
}

/** Settles a pending refund once. */
export async function settleRefund(db: DbOrTx, id: string, status: string, at: Date): Promise<SandboxRefund | undefined> {
  const [row] = await db
    .update(dlocalSandboxRefunds)
    .set({ status, updatedAt: at })
    .where(and(eq(dlocalSandboxRefunds.id, id), eq(dlocalSandboxRefunds.status, 'PENDING')))
    .returning();
  return row;
}

// ---- Notifications ----

export async function enqueueNotification(db: DbOrTx, row: typeof dlocalSandboxNotifications.$inferInsert): Promise<SandboxNotification> {
  const [inserted] = await db.insert(dlocalSandboxNotifications).values(row).returning();
  return inserted!;
}

/**
 * Takes up to `limit` due notifications for one attempt each: their attempt is counted and their
 * next attempt moved `leaseMs` ahead, in one statement, so another instance's run (SKIP LOCKED) or a
 * crash in the middle never sends one twice at once; the outcome is written after the POST.
 */
export async function claimDueNotifications(db: DbOrTx, now: Date, limit: number, leaseMs: number): Promise<SandboxNotification[]> {
  const due = db
    .select({ id: dlocalSandboxNotifications.id })
    .from(dlocalSandboxNotifications)
    .where(and(isNull(dlocalSandboxNotifications.deliveredAt), isNull(dlocalSandboxNotifications.gaveUpAt), lte(dlocalSandboxNotifications.nextAttemptAt, now)))
    .orderBy(asc(dlocalSandboxNotifications.nextAttemptAt), asc(dlocalSandboxNotifications.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(dlocalSandboxNotifications)
    .set({ attempts: sql`${dlocalSandboxNotifications.attempts} + 1`, lastAttemptAt: now, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(dlocalSandboxNotifications.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function recordDelivery(
  db: DbOrTx,
  id: number,
  outcome: { delivered: true; status: number; at: Date } | { delivered: false; status: number | null; error: string; nextAttemptAt: Date | null; at: Date },
): Promise<void> {
  await db
    .update(dlocalSandboxNotifications)
    .set(
      outcome.delivered
        ? { deliveredAt: outcome.at, lastStatus: outcome.status, lastError: null }
        : {
            lastStatus: outcome.status,
            lastError: outcome.error.slice(0, 200),
            ...(outcome.nextAttemptAt === null ? { gaveUpAt: outcome.at } : { nextAttemptAt: outcome.nextAttemptAt }),
          },
    )
    .where(eq(dlocalSandboxNotifications.id, id));
}

export async function listNotifications(db: DbOrTx, subjectId: string): Promise<SandboxNotification[]> {
  return db.select().from(dlocalSandboxNotifications).where(eq(dlocalSandboxNotifications.subjectId, subjectId)).orderBy(asc(dlocalSandboxNotifications.id));
}

/** Moves the undelivered notifications of a payment or refund to `at` (a test hook: a late notification). */
export async function postponeNotifications(db: DbOrTx, subjectId: string, at: Date): Promise<number> {
  const rows = await db
    .update(dlocalSandboxNotifications)
    .set({ nextAttemptAt: at })
    .where(and(eq(dlocalSandboxNotifications.subjectId, subjectId), isNull(dlocalSandboxNotifications.deliveredAt), isNull(dlocalSandboxNotifications.gaveUpAt)))
    .returning({ id: dlocalSandboxNotifications.id });
  return rows.length;
}

// ---- Payouts v3 ----

/** Inserts a payout unless this merchant used its external_id already (undefined then: dLocal's 5011). */
export async function insertPayoutOnce(db: DbOrTx, row: typeof dlocalSandboxPayouts.$inferInsert): Promise<SandboxPayout | undefined> {
  const [inserted] = await db.insert(dlocalSandboxPayouts).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findSandboxPayout(db: DbOrTx, merchantLogin: string, id: string): Promise<SandboxPayout | undefined> {
  const [row] = await db
    .select()
    .from(dlocalSandboxPayouts)
    .where(and(eq(dlocalSandboxPayouts.merchantLogin, merchantLogin), eq(dlocalSandboxPayouts.id, id)));
  return row;
}

export async function findSandboxPayoutByExternalId(db: DbOrTx, merchantLogin: string, externalId: string): Promise<SandboxPayout | undefined> {
  const [row] = await db
    .select()
    .from(dlocalSandboxPayouts)
    .where(and(eq(dlocalSandboxPayouts.merchantLogin, merchantLogin), eq(dlocalSandboxPayouts.externalId, externalId)));
  return row;
}

/** Moves a payout once, only from one of `from` (a sweep and a cancel never both move it). */
export async function transitionPayout(
  db: DbOrTx,
  id: string,
  from: string[],
  to: { status: string; statusCode: string; statusDetail: string; at: Date },
): Promise<SandboxPayout | undefined> {
  const [row] = await db
    .update(dlocalSandboxPayouts)
    .set({ status: to.status, statusCode: to.statusCode, statusDetail: to.statusDetail, updatedAt: to.at })
    .where(and(eq(dlocalSandboxPayouts.id, id), inArray(dlocalSandboxPayouts.status, from)))
    .returning();
  return row;
}

/** Open payouts whose bank answer is due (the sweep settles them). */
export async function dueSandboxPayouts(db: DbOrTx, now: Date, onlyId?: string): Promise<SandboxPayout[]> {
  return db
    .select()
    .from(dlocalSandboxPayouts)
    .where(
      and(
        inArray(dlocalSandboxPayouts.status, ['PENDING', 'DELIVERED']),
        lte(dlocalSandboxPayouts.settlesAt, now),
        onlyId === undefined ? undefined : eq(dlocalSandboxPayouts.id, onlyId),
      ),
    )
    .orderBy(asc(dlocalSandboxPayouts.createdAt));
}
