import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { Db } from '../../db/client.ts';
import { moneyAlerts } from '../../db/schema/index.ts';
import { DlocalApiError, type DlocalClient } from '../dlocal/dlocal-client.ts';
import type { DlocalPayment } from '../dlocal/dlocal-types.ts';
import { fromDlocalAmount, toDlocalAmount } from '../dlocal/dlocal-types.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CashVoucherIssuer } from './funding-rails.ts';
import { settleOffline } from './funding-rails.ts';
import { announcePaymentExpired } from './payment-expiry.ts';
import { findPayment, lockPayment, lockProjectWithPeople, updatePayment, type PaymentRow } from './payments.repository.ts';
import type { PaymentsDeps } from './payments.service.ts';
import { announced } from './money-requests.ts';
import { withAnnouncements } from './money-events.repository.ts';

// Cash vouchers through dLocal (issue 47, decision 051): a cash ticket of Banco Popular's network
// (payment method ZP in the Dominican Republic), its order_id our payment's id, so asking twice
// gives the same ticket. dLocal's notifications of the ticket (signed, retried hourly then every 12
// hours) settle the payment: PAID holds the money (once, whatever the replays), a PAID whose amount
// or currency differs holds nothing and raises a console alert, EXPIRED / CANCELLED / REJECTED end
// it. dLocal's own test environment or its built-in stand-in answer the same contract.

/** dLocal's cash method in the Dominican Republic: Banco Popular's counters and sub-agents (the other countries' methods: shared local-payment-methods.ts). */
export const DLOCAL_CASH_METHOD = 'ZP';

/**
 * `callbackUrl` turns our return path into dLocal's callback_url (the same way home as a card's
 * 3-D Secure): PSE's payer comes back to the project page from their bank's site.
 */
export function dlocalCashIssuer(client: DlocalClient, notificationUrl: string, callbackUrl?: (returnPath: string) => string): CashVoucherIssuer {
  return {
    async issue(req) {
      let payment: DlocalPayment;
      try {
        ({ payment } = await client.createPaymentOnce({
          amount: toDlocalAmount(req.amountMinor),
          currency: req.currency,
          country: req.country,
          // The country's local method (decision 067): a voucher or SPEI's CLABE shown by us (DIRECT), PSE at the bank's site (REDIRECT).
          payment_method_id: req.method.dlocalId,
          payment_method_flow: req.method.flow,
          // dLocal's Colombia and Mexico pages: the payer's document is required (decision 067).
          payer: { name: req.payer.name || 'Cliente ArreglaYa', email: req.payer.email, ...(req.payer.document ? { document: req.payer.document } : {}) },
          order_id: req.paymentId,
          description: 'ArreglaYa',
          notification_url: notificationUrl,
          ...(req.method.flow === 'REDIRECT' && callbackUrl ? { callback_url: callbackUrl(req.returnPath) } : {}),
        }));
      } catch (err) {
        // A refusal (a method or country not enabled): no cash for this payment, said plainly.
        if (err instanceof DlocalApiError && !err.outcomeUnknown) throw new AppError('CONFLICT', tp.fund.cashUnavailable);
        throw err;
      }
      const ticket = payment.ticket ?? {};
      // PSE: no voucher, the payer authorises the debit at their bank's site (dLocal's redirect_url).
      if (req.method.flow === 'REDIRECT') {
        return {
          processorRef: payment.id,
          expiresAt: req.expiresAt,
          voucher: { number: payment.id, barcode: null, company: req.method.provider, url: payment.redirect_url ?? null },
        };
      }
      const due = ticket.expiration_date ? new Date(ticket.expiration_date) : req.expiresAt;
      return {
        processorRef: payment.id,
        expiresAt: Number.isNaN(due.getTime()) ? req.expiresAt : due,
        voucher: {
          number: ticket.number ?? ticket.id ?? payment.id,
          barcode: ticket.barcode ?? null,
          // provider_name is where to pay (Banco Popular's network); company_name is who collects (dLocal).
          company: ticket.provider_name ?? ticket.company_name ?? req.method.provider,
          url: ticket.image_url ?? payment.redirect_url ?? null,
        },
      };
    },
  };
}

/**
 * Refunds of cash payments through dLocal. dLocal documents no idempotency key for refunds: our key
 * goes in the refund's description, and a refund already made with it is found before asking again.
 */
export function dlocalCashRefunds(client: DlocalClient, notificationUrl: string): NonNullable<PaymentsDeps['cashRefunds']> {
  return {
    async refund(req) {
      const made = await client.findRefund(req.chargeId, req.idempotencyKey);
      if (made) return { id: made.id };
      const refund = await client.createRefund({ paymentId: req.chargeId, amountMinor: req.amountMinor, currency: req.currency, description: req.idempotencyKey, notificationUrl });
      return { id: refund.id };
    },
  };
}

export type CashNotificationOutcome = 'settled' | 'ended' | 'unchanged' | 'unknown' | 'mismatch';

/**
 * A dLocal payment notification (its signature checked by the caller): the payment it names by
 * order_id settles as its status says. Idempotent: a replayed or late notification changes nothing
 * already settled (a PAID after our due time is funded or refunded by settleOffline's rules).
 */
export async function applyCashNotification(deps: PaymentsDeps, payment: DlocalPayment): Promise<CashNotificationOutcome> {
  const orderId = payment.order_id ?? '';
  const ours = /^[0-9a-f-]{36}$/.test(orderId) ? await findPayment(deps.db, orderId) : undefined;
  if (!ours || ours.rail !== 'cash') return 'unknown';
  if (payment.status === 'PAID') {
    if (await alertIfAmountDiffers(deps.db, ours, payment)) return 'mismatch';
    // A replay of a PAID already settled (dLocal's retries, a 2xx lost on the way: most of what it
    // sends) changes nothing, and succeeded is a payment's last state: answered from the read above,
    // without a transaction or the project's lock (issue 47: 200 notifications a second).
    if (ours.status === 'succeeded') return 'unchanged';
    const { value: settled, events } = await withAnnouncements(deps.db, (tx) => settleOffline(tx, deps, ours.id, { processorRef: payment.id }, ours.projectId));
    if (settled) {
      // The money held is announced (decision 074): the contractor's notice now, after the commit.
      await announced(deps, events);
      // A late voucher may have been refunded in that transaction: sent now rather than at the minute's sweep.
      if (settled.late) deps.kickRefunds?.();
    }
    return settled ? 'settled' : 'unchanged';
  }
  if (payment.status === 'EXPIRED' || payment.status === 'CANCELLED' || payment.status === 'REJECTED') {
    // Only a pending payment ends (checked again under the lock); a replay of one ended changes nothing.
    if (ours.status !== 'pending') return 'unchanged';
    const { value: ended, events } = await withAnnouncements(deps.db, async (tx) => {
      const locked = await lockProjectWithPeople(tx, ours.projectId);
      const p = await lockPayment(tx, ours.id);
      if (!locked || !p || p.status !== 'pending') return false;
      const expired = payment.status === 'EXPIRED';
      const updated = (await updatePayment(tx, p.id, { status: expired ? 'expired' : 'failed', failureCode: `dlocal_${payment.status.toLowerCase()}` }))!;
      // Its ticket's life ended at dLocal before our due time: the client is told as by our expiry.
      if (expired) await announcePaymentExpired(tx, updated, locked.project);
      return true;
    });
    if (ended) await announced(deps, events);
    return ended ? 'ended' : 'unchanged';
  }
  return 'unchanged';
}

/**
 * A PAID whose amount or currency is not the payment's holds nothing: true, and a console alert
 * (once per notification), when they differ. The one check for cash and card notifications.
 */
export async function alertIfAmountDiffers(db: Db, ours: Pick<PaymentRow, 'id' | 'amountMinor' | 'currency'>, payment: DlocalPayment): Promise<boolean> {
  const notified = { amountMinor: fromDlocalAmount(payment.amount), currency: payment.currency };
  if (notified.amountMinor === ours.amountMinor && notified.currency === ours.currency) return false;
  await raiseAlert(db, 'amount_mismatch', ours.id, `dlocal:${payment.id}:${payment.status}`, { expected: { amountMinor: ours.amountMinor, currency: ours.currency }, notified });
  return true;
}

/** A money alert for the console, once per subject (a replayed notification raises nothing new). */
export async function raiseAlert(db: Db, kind: string, paymentId: string, dedupeKey: string, details: object): Promise<void> {
  await db.insert(moneyAlerts).values({ kind, paymentId, dedupeKey, details }).onConflictDoNothing({ target: moneyAlerts.dedupeKey });
}
