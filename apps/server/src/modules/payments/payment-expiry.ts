import { sql } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { returnPartialTransfer } from '../bank-statements/statement-matching.ts';
import { ProcessorUnavailable } from './processor.ts';
import type { Tx } from '../../db/client.ts';
import { lockPayment, lockProjectWithPeople, updatePayment, type PaymentRow } from './payments.repository.ts';
import { recordMoneyEvent, withAnnouncements } from './money-events.repository.ts';
import { announced } from './money-requests.ts';
import type { PaymentsDeps } from './payments.service.ts';

// Nothing pending holds a hire forever (issue 47, item 5; decision 051). A card payment left in a
// 3-D Secure challenge for PAYMENT_ACTION_MINUTES, a cash voucher past its due time and a transfer
// reference past its due time (its hire's lapse) become `expired`: they hold nothing, and the hire's
// lapse and either side's end-hire go on. Money that comes after is handled as late (funding-rails'
// settleOffline refunds it when the hire is gone; a late card answer settles as before).

export const DEFAULT_PAYMENT_ACTION_MINUTES = 30;
const BATCH = 200;

const processorKey = (paymentId: string) => `pay_${paymentId}`;

/** Expires what is due; returns how many payments it expired. */
export async function expireDuePayments(deps: PaymentsDeps, actionMinutes = DEFAULT_PAYMENT_ACTION_MINUTES, now = new Date()): Promise<number> {
  const challengeSince = new Date(now.getTime() - actionMinutes * 60_000);
  const due = await deps.db
    .select({ id: payments.id, projectId: payments.projectId, rail: payments.rail })
    .from(payments)
    .where(
      sql`(${payments.rail} = 'card' AND ${payments.status} = 'requires_action' AND ${payments.createdAt} <= ${challengeSince})
          OR (${payments.rail} <> 'card' AND ${payments.status} = 'pending' AND ${payments.expiresAt} <= ${now})`,
    )
    .orderBy(payments.createdAt)
    .limit(BATCH);
  let expired = 0;
  const events: string[] = [];
  for (const d of due) {
    if (d.rail === 'card') {
      // The client may have answered the challenge without coming back: the reconciliation settles it.
      try {
        const charge = await deps.processor.retrieveCharge(processorKey(d.id));
        if (charge && charge.status !== 'requires_action') continue;
      } catch (err) {
        if (!(err instanceof ProcessorUnavailable)) throw err;
      }
    }
    const { value: done, events: announcedHere } = await withAnnouncements(deps.db, async (tx) => {
      const locked = await lockProjectWithPeople(tx, d.projectId);
      const p = await lockPayment(tx, d.id);
      if (!locked || !p) return false;
      const stillDue = p.rail === 'card' ? p.status === 'requires_action' : p.status === 'pending' && p.expiresAt !== null && p.expiresAt <= now;
      if (!stillDue) return false;
      await updatePayment(tx, p.id, { status: 'expired', failureCode: p.rail === 'card' ? 'challenge_expired' : 'not_paid_in_time', nextActionUrl: null });
      if (p.rail === 'transfer' && p.receivedMinor > 0) await returnPartialTransfer(tx, p.id);
      if (p.rail !== 'card') await announcePaymentExpired(tx, p, locked.project);
      return true;
    });
    if (done) expired++;
    events.push(...announcedHere);
  }
  if (expired > 0) await announced(deps, events);
  return expired;
}

/**
 * The client is to be told their cash or transfer payment ran out unpaid (by our due time, or dLocal's
 * EXPIRED for the voucher): announced in the transaction that marked it expired, under the project's
 * lock, and told after its commit (notifications/payment-notices.ts, decision 074).
 */
export async function announcePaymentExpired(tx: Tx, p: PaymentRow, project: { clientId: string; contractorId: string | null }): Promise<void> {
  if (!project.contractorId) return;
  await recordMoneyEvent(tx, {
    kind: 'payment-expired',
    projectId: p.projectId,
    payload: { paymentId: p.id, payerId: p.payerId, clientId: project.clientId, contractorId: project.contractorId, rail: p.rail, method: p.method },
  });
}
