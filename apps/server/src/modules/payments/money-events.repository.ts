import type { CountryCode } from '@arreglaya/shared/countries';
import type { Currency, PaymentRail } from '@arreglaya/shared/domain';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { deferred } from '../../db/deferred-writes.ts';
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
    }
  | {
      /** A cash voucher or transfer reference was issued (funding-rails.ts): the client is told how to pay, while it is still pending. */
      kind: 'payment-instructions';
      projectId: string;
      payload: { paymentId: string; clientId: string; contractorId: string; country: CountryCode };
    }
  | {
      /** Part of a transfer arrived (transfer-credits.ts): the client is told what is missing. */
      kind: 'transfer-partial';
      projectId: string;
      payload: { paymentId: string; payerId: string; receivedMinor: number; amountMinor: number; currency: Currency; reference: string };
    }
  | {
      /** A cash or transfer payment ran out unpaid (payment-expiry.ts, or dLocal's EXPIRED): the client is told. */
      kind: 'payment-expired';
      projectId: string;
      payload: { paymentId: string; payerId: string; clientId: string; contractorId: string; rail: PaymentRail; method: string | null };
    }
  | {
      /** Approved work released its money (the client's approval, or the automatic one): the contractor is told, or both for the automatic one. */
      kind: 'project-approved';
      projectId: string;
      payload: { clientId: string; contractorId: string; automatic: boolean };
    }
  | {
      /** Delivered work marked approved automatically, its money still held (decision 054's first step): both are told until when the client may claim. */
      kind: 'project-auto-approved';
      projectId: string;
      payload: { clientId: string; contractorId: string; claimUntil: string };
    }
  | {
      /** The client claimed on delivered work, freezing its money: the contractor is told, with the reason. */
      kind: 'project-disputed';
      projectId: string;
      payload: { clientId: string; contractorId: string; reason: string };
    }
  | {
      /** A sysadmin decided a project's claim (the money released, refunded or split): both are told, with the committee's reason. */
      kind: 'claim-decided';
      projectId: string;
      payload: { clientId: string; contractorId: string; outcome: 'release' | 'refund' | 'split'; contractorPercent: number | null; note: string | null };
    }
  | {
      /** A sysadmin called a hired project off (cancelHiredProject), everything held refunded: both are told. */
      kind: 'project-cancelled';
      projectId: string;
      payload: { clientId: string; contractorId: string };
    }
  | {
      /** The hired contractor stepped back from a funded hire (show-up.service.ts stepBack), everything held refunded: the client is told, with his reason. */
      kind: 'hire-stepped-back';
      projectId: string;
      payload: { clientId: string; contractorId: string; reason: string };
    }
  | {
      /** The client reported a no-show (show-up.service.ts answerArrival), everything held refunded: the contractor is told. */
      kind: 'no-show-reported';
      projectId: string;
      payload: { clientId: string; contractorId: string };
    }
  | {
      /** The console recorded money given back by a bank transfer (bank-statements/money-queues.ts): the payer is told. */
      kind: 'transfer-returned';
      projectId: string;
      payload: { payerId: string; amountMinor: number; currency: Currency; returnedOn: string; returnRef: string };
    };

export type MoneyEventKind = MoneyEvent['kind'];

/** A listener per kind of announcement (notifications/money-notices.ts), each given its own kind's payload. */
export type MoneyEventHandlers<D, K extends MoneyEventKind = MoneyEventKind> = {
  [P in K]: (tx: Tx, deps: D, e: Extract<MoneyEvent, { kind: P }>) => Promise<void>;
};

/** The announcements each transaction recorded, by its handle: what its caller delivers once it committed (withAnnouncements). */
const recorded = new WeakMap<object, string[]>();

/**
 * Records an announcement in the caller's transaction: it exists exactly when the money step
 * committed. Its id is made here and the insert deferred to the commit (db/deferred-writes.ts: one
 * statement with the transaction's other deferred writes), so announcing costs the money no round
 * trip; withAnnouncements hands the id to the caller for delivery after the commit. Returns the id.
 */
export async function recordMoneyEvent(tx: Tx, event: MoneyEvent): Promise<string> {
  const id = randomUUID();
  const later = deferred(tx);
  if (later)
    later.write(sql`INSERT INTO ${moneyEvents} (id, kind, project_id, payload) VALUES (${id}, ${event.kind}, ${event.projectId}, ${JSON.stringify(event.payload)}::jsonb)`);
  else await tx.insert(moneyEvents).values({ id, kind: event.kind, projectId: event.projectId, payload: event.payload });
  const ids = recorded.get(tx);
  if (ids) ids.push(id);
  else recorded.set(tx, [id]);
  return id;
}

/**
 * Runs `run` in a transaction and answers its value with the ids of the announcements it recorded
 * (recordMoneyEvent), to deliver once it committed: `announced(deps, events)` delivers exactly
 * those, without looking for what else is due (that is the money-events job's catch-up).
 */
export async function withAnnouncements<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<{ value: T; events: string[] }> {
  let events: string[] = [];
  const value = await db.transaction(async (tx) => {
    const v = await run(tx);
    events = recorded.get(tx) ?? [];
    return v;
  });
  return { value, events };
}

/** The announcements not delivered yet whose next attempt is due, oldest first (the money-events job's catch-up). */
export async function listDueMoneyEvents(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: moneyEvents.id })
    .from(moneyEvents)
    .where(and(isNull(moneyEvents.deliveredAt), lte(moneyEvents.nextAttemptAt, now)))
    .orderBy(asc(moneyEvents.createdAt), asc(moneyEvents.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Takes one undelivered announcement for its delivery, in one statement: its row locked (SKIP
 * LOCKED: another run delivering it is left alone) and marked delivered in the caller's
 * transaction, which the listener's writes then join. A listener that fails rolls the mark back
 * with them. Undefined when it was delivered or is being delivered by another run.
 */
export async function claimMoneyEvent(tx: Tx, id: string, now: Date): Promise<(MoneyEvent & { id: string; attempts: number }) | undefined> {
  const r = await tx.execute<{ id: string; kind: string; project_id: string; payload: unknown; attempts: number }>(sql`
    UPDATE ${moneyEvents} SET delivered_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1, last_error = NULL
     WHERE id = (SELECT id FROM ${moneyEvents} WHERE id = ${id} AND delivered_at IS NULL FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, project_id, payload, attempts`);
  const row = r.rows[0];
  return row && ({ id: row.id, kind: row.kind, projectId: row.project_id, payload: row.payload, attempts: row.attempts } as MoneyEvent & { id: string; attempts: number });
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
