import { isBankMethod, type LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { projectMail as tpm } from '@arreglaya/shared/i18n/projects';
import { sql } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { returnPartialTransfer } from '../bank-statements/statement-matching.ts';
import { notify, projectUrl } from '../projects/project-notify.ts';
import { ProcessorUnavailable } from './processor.ts';
import type { Tx } from '../../db/client.ts';
import { findProjectPeople, lockPayment, lockProjectWithPeople, updatePayment, type PaymentRow } from './payments.repository.ts';
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
    const done = await deps.db.transaction(async (tx) => {
      const locked = await lockProjectWithPeople(tx, d.projectId);
      const p = await lockPayment(tx, d.id);
      if (!locked || !p) return false;
      const stillDue = p.rail === 'card' ? p.status === 'requires_action' : p.status === 'pending' && p.expiresAt !== null && p.expiresAt <= now;
      if (!stillDue) return false;
      await updatePayment(tx, p.id, { status: 'expired', failureCode: p.rail === 'card' ? 'challenge_expired' : 'not_paid_in_time', nextActionUrl: null });
      if (p.rail === 'transfer' && p.receivedMinor > 0) await returnPartialTransfer(tx, p.id);
      if (p.rail !== 'card') await tellPaymentExpired(tx, deps, p, locked);
      return true;
    });
    if (done) expired++;
  }
  if (expired > 0) deps.mail?.mailer.kick();
  return expired;
}

/**
 * The client is told their cash or transfer payment ran out unpaid (by our due time, or dLocal's
 * EXPIRED for the voucher), in the transaction that marked it expired, under the project's lock.
 */
export async function tellPaymentExpired(tx: Tx, deps: PaymentsDeps, p: PaymentRow, locked: NonNullable<Awaited<ReturnType<typeof lockProjectWithPeople>>>): Promise<void> {
  const { project } = locked;
  if (!deps.mail || !project.contractorId) return;
  const m = tpm.paymentExpired;
  const people = locked.people ?? (await findProjectPeople(tx, p.projectId));
  await notify(tx, deps.mail, {
    kind: 'paymentExpired',
    to: p.payerId,
    known: people?.client,
    pair: { clientId: project.clientId, contractorId: project.contractorId, projectId: p.projectId },
    subject: m.subject,
    title: m.title,
    paragraphs: [m.intro(people?.title ?? '', p.rail === 'transfer' ? 'transfer' : isBankMethod(p.method as LocalMethodId | null) ? 'bank' : 'cash')],
    actions: [{ label: tpm.open, url: projectUrl(deps.mail.appUrl, p.projectId) }],
    alwaysMail: true,
  });
}
