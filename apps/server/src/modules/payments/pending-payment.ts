import type { PendingPayment } from '@arreglaya/shared/schemas/payments';
import { formatReference } from '@arreglaya/shared/transfer-reference';
import type { PaymentRow } from './payments.repository.ts';

/** What the client sees of a pending cash or transfer payment (the fund answer and the project's money). */
export function pendingOf(p: PaymentRow): PendingPayment | null {
  if (p.rail === 'card' || p.status !== 'pending' || !p.expiresAt) return null;
  const given = (p.instructions ?? null) as Record<string, unknown> | null;
  return {
    paymentId: p.id,
    rail: p.rail,
    method: (p.method ?? null) as PendingPayment['method'],
    amountMinor: p.amountMinor,
    currency: p.currency,
    receivedMinor: p.receivedMinor,
    expiresAt: p.expiresAt.toISOString(),
    transfer: p.rail === 'transfer' && given ? ({ ...given, reference: formatReference(p.reference ?? '') } as NonNullable<PendingPayment['transfer']>) : null,
    voucher: p.rail === 'cash' && given ? (given as NonNullable<PendingPayment['voucher']>) : null,
  };
}
