import { formatMoney } from '@arreglaya/shared/format-money';
import { paymentsWeb as tpw } from '@arreglaya/shared/i18n/payments';
import { projectMail as tpm } from '@arreglaya/shared/i18n/projects';
import { isBankMethod, type LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { formatReference } from '@arreglaya/shared/transfer-reference';
import { findPayment, findProjectPair, pendingOf, projectPeople, type MoneyEventHandlers } from '../payments/payments.service.ts';
import { formatDeadline, notify, projectUrl, type NotifyDeps } from '../projects/project-notify.ts';

// The notices of a cash or transfer payment (decisions 051, 074): how to pay it, what is missing of
// a transfer, and that it ran out unpaid. Each was announced by the money step's transaction
// (funding-rails.ts, transfer-credits.ts, payment-expiry.ts, dlocal-cash.ts) and is told here after
// its commit, so a notice that fails never undoes the payment's step.

export const paymentHandlers: MoneyEventHandlers<NotifyDeps, 'payment-instructions' | 'transfer-partial' | 'payment-expired'> = {
  /**
   * How to pay a cash or transfer payment just opened (issue 47: the voucher "is shown on the phone,
   * mailed and sent where the client takes notices"): the notice in the client's centre, the mail
   * whatever their settings (it is their money), and the outside channels they chose for
   * `paymentDue`, with the amount, the reference or voucher number, where to pay, the due time in the
   * project's country and the project's link. Read as the payment is now: one paid or ended
   * meanwhile is not told how to pay. The deliveries' source key is the payment's id.
   */
  async 'payment-instructions'(tx, deps, e) {
    const { paymentId, clientId, contractorId, country } = e.payload;
    const p = await findPayment(tx, paymentId);
    const pending = p && pendingOf(p);
    if (!p || !pending) return;
    const m = tpm.paymentInstructions;
    const amount = formatMoney(p.amountMinor, p.currency);
    const by = formatDeadline(p.expiresAt!, country);
    const url = projectUrl(deps.appUrl, p.projectId);
    const actions: { label: string; url: string }[] = [{ label: tpm.open, url }];
    const people = await projectPeople(tx, p.projectId);
    const title = people?.title ?? '';
    let text: string;
    if (pending.transfer) {
      const a = pending.transfer;
      text = m.transfer(title, amount, a.bank, a.accountNumber, a.holder, a.taxId, a.reference, by);
    } else if (pending.voucher && pending.method === 'spei') {
      text = m.spei(title, amount, pending.voucher.number, by);
    } else if (pending.voucher && pending.method === 'pse') {
      text = m.pse(title, amount, by);
      if (pending.voucher.url) actions.push({ label: tpw.offline.goToBank, url: pending.voucher.url });
    } else if (pending.voucher) {
      text = m.cash(title, amount, pending.voucher.number, pending.voucher.company, by);
      if (pending.voucher.url) actions.push({ label: tpw.offline.voucherPage, url: pending.voucher.url });
    } else return;
    await notify(tx, deps, {
      kind: 'paymentInstructions',
      to: p.payerId,
      known: people?.client,
      pair: { clientId, contractorId, projectId: p.projectId },
      subject: m.subject,
      title: m.title,
      paragraphs: [text],
      actions,
      alwaysMail: true,
      sourceKey: `paymentInstructions:${p.id}`,
      // WhatsApp's paymentDue template: the amount, the project, the due time, the link.
      outside: { body: text, templateParams: [amount, title, by, url] },
      facts: { project: title },
    });
  },

  /** Part of a transfer arrived: the client is told what arrived and what is missing, with the reference (mailed whatever their settings). */
  async 'transfer-partial'(tx, deps, e) {
    const { payerId, receivedMinor, amountMinor, currency, reference } = e.payload;
    const pair = await findProjectPair(tx, e.projectId);
    if (!pair) return;
    const people = await projectPeople(tx, e.projectId);
    const m = tpm.paymentPartial;
    await notify(tx, deps, {
      kind: 'paymentPartial',
      to: payerId,
      known: people?.client,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(people?.title ?? '', formatMoney(receivedMinor, currency), formatMoney(amountMinor - receivedMinor, currency), formatReference(reference))],
      alwaysMail: true,
    });
  },

  /** A cash or transfer payment ran out unpaid (our due time, or dLocal's EXPIRED): the client is told, a bank payment never as cash. */
  async 'payment-expired'(tx, deps, e) {
    const { payerId, clientId, contractorId, rail, method } = e.payload;
    const people = await projectPeople(tx, e.projectId);
    const m = tpm.paymentExpired;
    await notify(tx, deps, {
      kind: 'paymentExpired',
      to: payerId,
      known: people?.client,
      pair: { clientId, contractorId, projectId: e.projectId },
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(people?.title ?? '', rail === 'transfer' ? 'transfer' : isBankMethod(method as LocalMethodId | null) ? 'bank' : 'cash')],
      actions: [{ label: tpm.open, url: projectUrl(deps.appUrl, e.projectId) }],
      alwaysMail: true,
    });
  },
};
