import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { settleOffline } from './funding-rails.ts';
import { lockPayment, lockProjectForFunding, updatePayment, type PaymentRow } from './payments.repository.ts';
import { recordMoneyEvent } from './money-events.repository.ts';
import type { PaymentsDeps } from './payments.service.ts';

// A transfer's money arriving (decision 051): the bank statement's side of funding-rails.ts. A
// statement line names a transfer by its reference (statement-matching.ts finds and locks it
// here), and is credited towards it: in part (the client is told what is missing) or in whole,
// when it settles as funding-rails' settleOffline does for cash.

/** The transfer a reference names (normalised), if any: its id and project. */
export async function findTransferByReference(db: DbOrTx, reference: string) {
  const [row] = await db
    .select({ id: payments.id, projectId: payments.projectId })
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.rail, 'transfer')));
  return row;
}

/** The transfers these references (normalised) name, by reference: a statement's in one read. */
export async function findTransfersByReferences(db: DbOrTx, references: string[]): Promise<Map<string, { id: string; projectId: string }>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, projectId: payments.projectId, reference: payments.reference })
    .from(payments)
    .where(and(inArray(payments.reference, references), eq(payments.rail, 'transfer')));
  return new Map(rows.map((r) => [r.reference!, { id: r.id, projectId: r.projectId }]));
}

/** Locks a transfer for a bank line's money: its project first, then the payment (every money step's order). */
export async function lockTransfer(tx: Tx, target: { id: string; projectId: string }): Promise<PaymentRow | undefined> {
  await lockProjectForFunding(tx, target.projectId);
  return lockPayment(tx, target.id);
}

/**
 * A bank line's `amountMinor` towards a pending transfer locked by lockTransfer: up to what is
 * missing is applied; when the transfer is complete it settles (the funding, as a card's), else the
 * client is told what is missing. Returns what was applied (the rest of the line is to be returned).
 */
export async function creditTransfer(tx: Tx, deps: PaymentsDeps, p: PaymentRow, amountMinor: number, bankTxId: string): Promise<number> {
  if (p.status !== 'pending') return 0;
  const applied = Math.min(amountMinor, p.amountMinor - p.receivedMinor);
  const received = p.receivedMinor + applied;
  // The line that completes it: what was received is written with the settling, in its one update.
  if (received >= p.amountMinor) {
    await settleOffline(tx, deps, p.id, { processorRef: `bank:${bankTxId}`, receivedMinor: received }, p.projectId);
    return applied;
  }
  await updatePayment(tx, p.id, { receivedMinor: received });
  // The client is told what is missing: announced, told after the commit (decision 074).
  await recordMoneyEvent(tx, {
    kind: 'transfer-partial',
    projectId: p.projectId,
    payload: { paymentId: p.id, payerId: p.payerId, receivedMinor: received, amountMinor: p.amountMinor, currency: p.currency, reference: p.reference ?? '' },
  });
  return applied;
}
