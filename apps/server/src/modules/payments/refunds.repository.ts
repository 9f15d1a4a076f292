import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments, processorRefunds, projects } from '../../db/schema/index.ts';

// Refunds to cards and vouchers, decided in a money transaction and sent after it (decision 021, 074).

// ---- Refunds to cards (sent to the processor after the deciding transaction) ----

export async function insertProcessorRefund(tx: DbOrTx, row: typeof processorRefunds.$inferInsert): Promise<void> {
  await tx.insert(processorRefunds).values(row);
}

/** What was already refunded of each payment (decided, sent or not). */
export async function refundedByPayment(db: DbOrTx, paymentIds: string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: processorRefunds.paymentId, total: sql<number>`sum(${processorRefunds.amountMinor})::bigint` })
    .from(processorRefunds)
    .where(inArray(processorRefunds.paymentId, paymentIds))
    .groupBy(processorRefunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.total)]));
}

export function listPendingRefunds(db: DbOrTx, limit = 50) {
  return (
    db
      .select({ id: processorRefunds.id, amountMinor: processorRefunds.amountMinor, currency: processorRefunds.currency, chargeRef: payments.processorRef, rail: payments.rail })
      .from(processorRefunds)
      .innerJoin(payments, eq(payments.id, processorRefunds.paymentId))
      // A transfer's money goes back by a bank transfer the console records (decision 051), not through a processor.
      .where(and(eq(processorRefunds.status, 'pending'), ne(payments.rail, 'transfer')))
      .orderBy(asc(processorRefunds.createdAt))
      .limit(limit)
  );
}

/** True when this call changed the refund (false when another sweep had settled it already). */
export async function settleRefund(db: DbOrTx, id: string, ref: string | null, ok: boolean): Promise<boolean> {
  const rows = await db
    .update(processorRefunds)
    .set(ok ? { status: 'succeeded', processorRef: ref } : { attempts: sql`${processorRefunds.attempts} + 1` })
    .where(and(eq(processorRefunds.id, id), ne(processorRefunds.status, 'succeeded')))
    .returning({ id: processorRefunds.id });
  return rows.length > 0;
}

export async function findRefundReceipt(db: DbOrTx, refundId: string) {
  const [row] = await db
    .select({
      projectId: payments.projectId,
      payerId: payments.payerId,
      rail: payments.rail,
      amountMinor: processorRefunds.amountMinor,
      currency: processorRefunds.currency,
      // For the client's notice (issue 31): the conversation it lands in.
      clientId: projects.clientId,
      contractorId: projects.contractorId,
      title: projects.title,
    })
    .from(processorRefunds)
    .innerJoin(payments, eq(payments.id, processorRefunds.paymentId))
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .where(eq(processorRefunds.id, refundId));
  return row;
}
