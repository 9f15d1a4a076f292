import type { ChargeResult } from './processor.ts';
import { queueReceipt } from './receipts.ts';
import { findPayment, listUnsettledPayments, lockPayment, lockProjectForMoney, updatePayment } from './payments.repository.ts';
import { findMoneyRequestByPayment } from './money-requests.repository.ts';
import { findRefundReceipt, listPendingRefunds, settleRefund } from './refunds.repository.ts';
import { announced, processorKey, type PaymentsDeps } from './money-requests.ts';
import { settlePayment } from './settlement.service.ts';
import { recordMoneyEvent, withAnnouncements } from './money-events.repository.ts';

// After commit and on the minute sweep (decision 021, 074): decided refunds sent to the processor,
// and our payments reconciled with the processor's charges.

/** Sends decided refunds to the processor (each once, by its own key); failures stay pending for the next run. */
export async function flushRefunds(deps: PaymentsDeps): Promise<number> {
  let sent = 0;
  const events: string[] = [];
  for (const r of await listPendingRefunds(deps.db)) {
    if (!r.chargeRef) continue;
    // A cash voucher's money was taken by dLocal: it refunds it (decision 051); cards go to the card processor.
    const refunder = r.rail === 'cash' ? deps.cashRefunds : deps.processor;
    if (!refunder) continue;
    try {
      const { id } = await refunder.refund({ chargeId: r.chargeRef, amountMinor: r.amountMinor, currency: r.currency, idempotencyKey: `refund_${r.id}` });
      const step = await withAnnouncements(deps.db, async (tx) => {
        // Two sweeps (a kick and the minute's, or two instances) may send one refund: the processor
        // refunds once (its key), and only the sweep that settles it sends the receipt and the notice.
        const settled = await settleRefund(tx, r.id, id, true);
        const receipt = settled && deps.mail && (await findRefundReceipt(tx, r.id));
        if (receipt && deps.mail) {
          await queueReceipt(tx, deps.mail, receipt.payerId, receipt.projectId, id, {
            kind: 'refund',
            amountMinor: receipt.amountMinor,
            currency: receipt.currency,
            rail: receipt.rail,
          });
          // The client's notification centre shows it too (issue 31), announced (decision 074); the receipt is its mail.
          const { projectId, clientId, contractorId } = receipt;
          if (projectId && clientId === receipt.payerId && contractorId)
            await recordMoneyEvent(tx, {
              kind: 'refund-sent',
              projectId,
              payload: { refundId: r.id, clientId, contractorId, title: receipt.title ?? '', rail: receipt.rail, amountMinor: receipt.amountMinor, currency: receipt.currency },
            });
        }
      });
      events.push(...step.events);
      sent++;
    } catch (err) {
      await settleRefund(deps.db, r.id, null, false);
      deps.log.warn({ refundId: r.id, err }, 'refund to the card failed; retried on the next sweep');
    }
  }
  if (sent > 0) await announced(deps, events);
  return sent;
}

export interface Reconciliation {
  /** Payments whose outcome we learnt from the processor and recorded. */
  settled: string[];
  /** Pending payments the processor never charged (marked failed). */
  notCharged: string[];
  /** Charges at the processor with no payment of ours, or whose status differs from ours. */
  differences: { chargeId: string; problem: string }[];
  unreachable: number;
}

/**
 * Compares our payments with the processor's charges. Payments left pending (the processor did not
 * answer) or awaiting a challenge for more than `olderThanMs` are settled from the processor's
 * record; a pending one it does not know is marked failed. Processor charges we do not know are reported.
 */
export async function reconcile(deps: PaymentsDeps, opts: { olderThanMs?: number; since?: Date } = {}): Promise<Reconciliation> {
  const report: Reconciliation = { settled: [], notCharged: [], differences: [], unreachable: 0 };
  for (const p of await listUnsettledPayments(deps.db, new Date(Date.now() - (opts.olderThanMs ?? 5 * 60_000)))) {
    let charge: ChargeResult | null;
    try {
      charge = await deps.processor.retrieveCharge(processorKey(p.id));
    } catch {
      report.unreachable++;
      continue;
    }
    if (charge) {
      const request = await findMoneyRequestByPayment(deps.db, p.idempotencyKey);
      await settlePayment(deps, p.id, charge, request?.response === null ? request.id : null);
      if (charge.status !== p.status) report.settled.push(p.id);
    } else if (p.status === 'pending') {
      await deps.db.transaction(async (tx) => {
        await lockProjectForMoney(tx, p.projectId);
        const locked = await lockPayment(tx, p.id);
        if (locked?.status === 'pending') await updatePayment(tx, p.id, { status: 'failed', failureCode: 'not_charged' });
      });
      report.notCharged.push(p.id);
    }
  }
  const charges = await deps.processor.listCharges(opts.since ?? new Date(Date.now() - 7 * 86_400_000));
  for (const c of charges) {
    const id = /^pay_([0-9a-f-]{36})$/.exec(c.idempotencyKey)?.[1];
    const ours = id ? await findPayment(deps.db, id) : undefined;
    if (!ours) report.differences.push({ chargeId: c.id, problem: 'charge without a payment' });
    else if (c.status === 'succeeded' && ours.status !== 'succeeded') report.differences.push({ chargeId: c.id, problem: `charged but our payment is ${ours.status}` });
    else if (c.status !== 'succeeded' && ours.status === 'succeeded') report.differences.push({ chargeId: c.id, problem: `recorded as paid but the charge is ${c.status}` });
  }
  return report;
}
