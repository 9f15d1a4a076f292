import { formatDay } from '@arreglaya/shared/format-dates';
import { formatMoney } from '@arreglaya/shared/format-money';
import { paymentsWeb as tpw } from '@arreglaya/shared/i18n/payments';
import { projectMail as tpm } from '@arreglaya/shared/i18n/projects';
import { statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { isBankMethod, type LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { formatReference } from '@arreglaya/shared/transfer-reference';
import { renderMail } from '../mail/layout.ts';
import { findPayment, findPerson, findProjectPair, findProjectTitle, pendingOf, type MoneyEventHandlers } from '../payments/payments.service.ts';
import { formatDeadline, projectUrl, type NotifyDeps } from '../projects/project-notify.ts';
import { tellParties } from './tell-parties.ts';

// The notices of a cash or transfer payment (decisions 051, 074): how to pay it, what is missing of
// a transfer, that it ran out unpaid, and that money owed back by transfer was given back. Each was
// announced by the money step's transaction (funding-rails.ts, transfer-credits.ts,
// payment-expiry.ts, dlocal-cash.ts, bank-statements/money-queues.ts) and is told here after its
// commit, so a notice that fails never undoes the payment's step. The payer of a funding is always
// the project's client (decision 067): she is the one told.

export const paymentHandlers: MoneyEventHandlers<NotifyDeps, 'payment-instructions' | 'transfer-partial' | 'payment-expired' | 'transfer-returned'> = {
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
    const textOf = (title: string): string | null => {
      if (pending.transfer) {
        const a = pending.transfer;
        return m.transfer(title, amount, a.bank, a.accountNumber, a.holder, a.taxId, a.reference, by);
      }
      if (!pending.voucher) return null;
      if (pending.method === 'spei') return m.spei(title, amount, pending.voucher.number, by);
      if (pending.method === 'pse') return m.pse(title, amount, by);
      return m.cash(title, amount, pending.voucher.number, pending.voucher.company, by);
    };
    // PSE is paid at the bank's site, a cash voucher has its page.
    if (pending.voucher?.url && !pending.transfer && pending.method !== 'spei')
      actions.push({ label: pending.method === 'pse' ? tpw.offline.goToBank : tpw.offline.voucherPage, url: pending.voucher.url });
    await tellParties(
      tx,
      deps,
      { clientId, contractorId, projectId: p.projectId },
      {
        kind: 'paymentInstructions',
        text: m,
        actions,
        alwaysMail: true,
        sourceKey: `paymentInstructions:${p.id}`,
        told: (title) => {
          const text = textOf(title);
          return text ? [['client', [text]]] : [];
        },
        // WhatsApp's paymentDue template: the amount, the project, the due time, the link; the text is the push's and SMS's.
        outside: (title, [text]) => ({ body: text ?? '', templateParams: [amount, title, by, url] }),
      },
    );
  },

  /** Part of a transfer arrived: the client is told what arrived and what is missing, with the reference (mailed whatever their settings). */
  async 'transfer-partial'(tx, deps, e) {
    const { receivedMinor, amountMinor, currency, reference } = e.payload;
    const pair = await findProjectPair(tx, e.projectId);
    if (!pair) return;
    const m = tpm.paymentPartial;
    const received = formatMoney(receivedMinor, currency);
    const missing = formatMoney(amountMinor - receivedMinor, currency);
    await tellParties(tx, deps, pair, {
      kind: 'paymentPartial',
      text: m,
      actions: [],
      alwaysMail: true,
      told: (title) => [['client', [m.intro(title, received, missing, formatReference(reference))]]],
    });
  },

  /** A cash or transfer payment ran out unpaid (our due time, or dLocal's EXPIRED): the client is told, a bank payment never as cash. */
  async 'payment-expired'(tx, deps, e) {
    const { rail, method } = e.payload;
    const m = tpm.paymentExpired;
    const how = rail === 'transfer' ? 'transfer' : isBankMethod(method as LocalMethodId | null) ? 'bank' : 'cash';
    await tellParties(tx, deps, e, {
      kind: 'paymentExpired',
      text: m,
      alwaysMail: true,
      told: (title) => [['client', [m.intro(title, how)]]],
    });
  },

  /**
   * The console recorded that money owed back by transfer was given back (a transfer-funded refund,
   * or what a bank line brought beyond its payment): the payer is told in the project's
   * conversation (and their outside channels) and by mail whatever their settings; by mail alone
   * when the project has no contractor any more (a lapsed hire).
   */
  async 'transfer-returned'(tx, deps, e) {
    const { payerId, amountMinor, currency, returnedOn, returnRef } = e.payload;
    const m = ts.returnNotice;
    const paragraphsOf = (title: string) => [m.intro(title, formatMoney(amountMinor, currency)), m.details(formatDay(returnedOn), returnRef)];
    const pair = await findProjectPair(tx, e.projectId);
    if (pair && pair.clientId === payerId) {
      await tellParties(tx, deps, pair, {
        kind: 'refundSent',
        text: m,
        actions: [],
        alwaysMail: true,
        told: (title) => [['client', paragraphsOf(title)]],
      });
      return;
    }
    const person = await findPerson(tx, payerId);
    if (!person) return;
    const mail = renderMail({
      title: m.title,
      paragraphs: [tpm.greeting(person.firstName), ...paragraphsOf(await findProjectTitle(tx, e.projectId))],
      actions: [{ label: tpm.open, url: projectUrl(deps.appUrl, e.projectId) }],
    });
    await deps.mailer.queue(tx, { to: person.email, template: 'transfer-returned', subject: m.subject, ...mail });
  },
};
