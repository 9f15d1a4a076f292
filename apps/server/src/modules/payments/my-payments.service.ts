import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { MyPayments, PaymentMoneyState, PaymentReceipt } from '@arreglaya/shared/schemas/payments';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPaymentReceipt, listPaymentsOfPayer } from './my-payments.repository.ts';
import { paidWithText, receiptContent } from './receipts.ts';

// "Mis pagos" (decision 021, issue 46): the client's charges, each with the stage it funded, the
// card, what became of its money and its receipt, read only by the payer.

type PaymentOfPayer = Awaited<ReturnType<typeof listPaymentsOfPayer>>[number];

/**
 * What became of a succeeded payment's money, from the ledger's own records: a staged plan's
 * payment follows its milestone (funded, released, refunded, split); a whole-price payment is
 * refunded (its refunds cover it), split (refunded in part: a claim's decision), held (its
 * project's escrow still holds it) or else released. Null for a payment that did not succeed.
 */
export function paymentMoneyState(p: Pick<PaymentOfPayer, 'status' | 'stage' | 'amountMinor' | 'refundedMinor' | 'projectHeldMinor'>): PaymentMoneyState | null {
  if (p.status !== 'succeeded') return null;
  if (p.stage) {
    const byStage = { pending: 'held', funded: 'held', released: 'released', refunded: 'refunded', split: 'split' } as const;
    return byStage[p.stage.status];
  }
  if (p.refundedMinor >= p.amountMinor) return 'refunded';
  if (p.refundedMinor > 0) return 'split';
  return p.projectHeldMinor >= p.amountMinor ? 'held' : 'released';
}

export async function listMyPayments(db: DbOrTx, payerId: string): Promise<MyPayments['items']> {
  const rows = await listPaymentsOfPayer(db, payerId);
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    projectTitle: r.projectTitle,
    amountMinor: r.amountMinor,
    currency: r.currency,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    stage: r.stage ? { title: r.stage.title, position: r.stage.position, count: r.stage.count } : null,
    rail: r.rail,
    card: r.card,
    moneyState: paymentMoneyState(r),
  }));
}

/** A succeeded payment's receipt, in the words of the one mailed (receiptContent); its payer only (anyone else, or a payment that did not succeed: 404). */
export async function getPaymentReceipt(db: DbOrTx, userId: string, paymentId: string): Promise<PaymentReceipt> {
  const p = await findPaymentReceipt(db, paymentId);
  if (!p || p.payerId !== userId || p.status !== 'succeeded') throw new AppError('NOT_FOUND', tp.fund.receiptNotFound);
  const card = paidWithText(p.rail, p.brand && p.last4 ? { brand: p.brand, last4: p.last4 } : null);
  const { title, paragraphs } = receiptContent(
    { kind: 'charge', amountMinor: p.amountMinor, currency: p.currency, card },
    { firstName: p.firstName ?? '', title: p.title },
    p.processorRef ?? p.id,
  );
  return { paymentId: p.id, projectId: p.projectId, title, paragraphs, amountMinor: p.amountMinor, currency: p.currency, createdAt: p.createdAt.toISOString() };
}
