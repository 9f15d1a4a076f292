import type { Currency, PaymentRail } from '@arreglaya/shared/domain';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { moneyEvents } from '../../db/schema/index.ts';

/**
 * What a money step announces (decision 074), written in the money's own transaction; the
 * subscriber (notifications/money-notices.ts) turns each into the notices after commit.
 */
export type MoneyEvent =
  | {
      /** A funding posted to the ledger: the money is held. */
      kind: 'funding-held';
      projectId: string;
      payload: {
        paymentId: string;
        clientId: string;
        amountMinor: number;
        currency: Currency;
        /** The contractor to tell (null: nobody, the project had closed or has none). */
        tell: string | null;
        /** This funding first held the money to begin: both people's contact details are shared (issue 29). */
        sharesContacts: boolean;
      };
    }
  | {
      /** A decided refund reached the processor: the client is told (its receipt is mailed by the money step). */
      kind: 'refund-sent';
      projectId: string;
      payload: { refundId: string; clientId: string; contractorId: string; title: string; rail: PaymentRail; amountMinor: number; currency: Currency };
    }
  | {
      /** A client froze the warranty holdback with a claim: the contractor is told, with the reason. */
      kind: 'warranty-claim-opened';
      projectId: string;
      payload: { clientId: string; contractorId: string; amountMinor: number; currency: Currency; reason: string };
    }
  | {
      /** A sysadmin decided a warranty claim: both people are told what became of the holdback. */
      kind: 'warranty-claim-decided';
      projectId: string;
      payload: {
        clientId: string;
        contractorId: string;
        amountMinor: number;
        currency: Currency;
        outcome: 'release' | 'refund' | 'split';
        contractorPercent: number | null;
        feePercent: number;
        note: string | null;
      };
    };

export type MoneyEventKind = MoneyEvent['kind'];

/** Records an announcement in the caller's transaction: it exists exactly when the money step committed. */
export async function recordMoneyEvent(tx: Tx, event: MoneyEvent): Promise<void> {
  await tx.insert(moneyEvents).values({ kind: event.kind, projectId: event.projectId, payload: event.payload });
}

/** The announcements not delivered yet whose next attempt is due, oldest first. */
export async function listDueMoneyEvents(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: moneyEvents.id })
    .from(moneyEvents)
    .where(and(isNull(moneyEvents.deliveredAt), lte(moneyEvents.nextAttemptAt, now)))
    .orderBy(asc(moneyEvents.createdAt), asc(moneyEvents.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** One undelivered announcement, locked for its delivery; undefined when delivered or being delivered by another run. */
export async function lockMoneyEvent(tx: Tx, id: string): Promise<(MoneyEvent & { id: string; attempts: number }) | undefined> {
  const [row] = await tx
    .select({ id: moneyEvents.id, kind: moneyEvents.kind, projectId: moneyEvents.projectId, payload: moneyEvents.payload, attempts: moneyEvents.attempts })
    .from(moneyEvents)
    .where(and(eq(moneyEvents.id, id), isNull(moneyEvents.deliveredAt)))
    .for('update', { skipLocked: true });
  return row as (MoneyEvent & { id: string; attempts: number }) | undefined;
}

export async function markMoneyEventDelivered(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(moneyEvents)
    .set({ deliveredAt: now, attempts: sql`${moneyEvents.attempts} + 1`, lastError: null })
    .where(eq(moneyEvents.id, id));
}

/**
 * A failed delivery: counted, its error kept, and tried again after the delay of its attempt
 * (`delaysMs[attempts - 1]`, the last one repeating). Returns the attempts so far.
 */
export async function markMoneyEventFailed(db: DbOrTx, id: string, error: string, now: Date, delaysMs: readonly number[]): Promise<number> {
  const delays = sql.param([...delaysMs]);
  const [row] = await db
    .update(moneyEvents)
    .set({
      attempts: sql`${moneyEvents.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + (${delays}::bigint[])[least(${moneyEvents.attempts} + 1, ${delaysMs.length})] * interval '1 millisecond'`,
    })
    .where(and(eq(moneyEvents.id, id), isNull(moneyEvents.deliveredAt)))
    .returning({ attempts: moneyEvents.attempts });
  return row?.attempts ?? 0;
}
