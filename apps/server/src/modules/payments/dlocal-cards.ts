import type { Db } from '../../db/client.ts';
import { toChargeResult } from '../dlocal/dlocal-outcomes.ts';
import type { DlocalPayment } from '../dlocal/dlocal-types.ts';
import { AppError } from '../../lib/app-error.ts';
import { alertIfAmountDiffers, raiseAlert } from './dlocal-cash.ts';
import { confirmVerification } from './payment-methods.service.ts';
import { findPayment, findPerson } from './payments.repository.ts';
import { findMethodById } from './payment-methods.repository.ts';
import { settleCardCharge, type PaymentsDeps } from './payments.service.ts';

// Cards through dLocal (issue 47, decision 053), our side of it: whom a charge names as its payer,
// and dLocal's notifications of card payments (the outcome of a 3-D Secure challenge the client may
// never come back from) settled through the same path as the client's return. The adapter itself
// is modules/dlocal/dlocal-card-processor.ts.

/** The payer dLocal asks for, by our charge key (pay_<payment id>): the payment's client. Unknown (a card being verified before it is saved): null. */
export function dlocalCardPayer(db: Db): (key: string) => Promise<{ name: string; email: string } | null> {
  return async (key) => {
    const id = /^pay_([0-9a-f-]{36})$/.exec(key)?.[1];
    const payment = id ? await findPayment(db, id) : undefined;
    const person = payment ? await findPerson(db, payment.payerId) : undefined;
    return person ? { name: person.firstName, email: person.email } : null;
  };
}

export type CardNotificationOutcome = 'settled' | 'unchanged' | 'unknown' | 'mismatch';

/**
 * A dLocal notification of a card payment (its signature checked by the caller). A charge (order
 * pay_…): PAID, REJECTED, CANCELLED or EXPIRED settle the payment as confirmPayment would, once; a
 * PAID of another amount or currency settles nothing and raises a console alert; PENDING changes
 * nothing (the charge's answer already said it). A card verification (order verify_…): finished as
 * the client's return from the challenge would (the card activated, or removed when refused).
 */
export async function applyCardNotification(deps: PaymentsDeps, payment: DlocalPayment): Promise<CardNotificationOutcome> {
  const orderId = payment.order_id ?? '';
  const verification = /^verify_([0-9a-f-]{36})$/.exec(orderId)?.[1];
  if (verification) return applyVerificationNotification(deps, verification, payment);
  const paymentId = /^pay_([0-9a-f-]{36})$/.exec(orderId)?.[1];
  const ours = paymentId ? await findPayment(deps.db, paymentId) : undefined;
  if (!ours || ours.rail !== 'card') return 'unknown';
  if (payment.status === 'PAID' && (await alertIfAmountDiffers(deps.db, ours, payment))) return 'mismatch';
  const outcome = await settleCardCharge(deps, toChargeResult(payment, orderId));
  // Charged at dLocal while our payment says otherwise (it ended before the charge was known): for the console.
  if (outcome === 'unchanged' && payment.status === 'PAID' && ours.status !== 'succeeded' && ours.status !== 'expired') {
    deps.log.warn({ paymentId: ours.id, status: ours.status }, 'dLocal notified a paid card charge our payment does not record as paid');
    await raiseAlert(deps.db, 'charged_not_recorded', ours.id, `dlocal:${payment.id}:not_recorded`, { status: ours.status });
  }
  return outcome;
}

async function applyVerificationNotification(deps: PaymentsDeps, methodId: string, payment: DlocalPayment): Promise<CardNotificationOutcome> {
  if (payment.status === 'PENDING') return 'unchanged';
  const method = await findMethodById(deps.db, methodId);
  if (!method) return 'unknown';
  if (method.status !== 'pending_verification') return 'unchanged';
  try {
    await confirmVerification(deps, method.userId, methodId);
  } catch (err) {
    // Refused or cancelled: the pending card is removed (confirmVerification commits that before it throws).
    if (!(err instanceof AppError)) throw err;
  }
  return 'settled';
}
