import type { CardBrand, Currency, PaymentRail } from '@arreglaya/shared/domain';
import { payments as tp, paymentsWeb } from '@arreglaya/shared/i18n/payments';
import { MONEY_LOCALES, formatMoney } from '@arreglaya/shared/format-money';
import { feeWithTax } from '@arreglaya/shared/fee-tax';
import { formatDay } from '@arreglaya/shared/format-dates';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import type { DbOrTx } from '../../db/client.ts';
import { renderMail } from '../mail/layout.ts';
import { guaranteeLinks } from '@arreglaya/shared/i18n/guarantee';
import type { NotificationDispatcher } from '../notifications/notification-dispatch.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findReceiptContext } from './payments.repository.ts';

// Receipts by mail (decision 021): the client on each charge and each refund sent to the card, the
// contractor on each release. Always sent (a receipt is a record of money, not a notification),
// queued through the outbox in the transaction that records the money.

export interface ReceiptDeps {
  mailer: Mailer;
  appUrl: string;
  /** The outside channels (decision 038): a payout's receipt also goes there. */
  notifications?: NotificationDispatcher;
}

/**
 * How a charge was paid, as receipts name it: the card ('Visa •••• 4242', or 'Tarjeta' for a card
 * typed for that payment: only the processor keeps it), or 'Efectivo' / 'Transferencia bancaria'.
 */
export function paidWithText(rail: PaymentRail, card: { brand: CardBrand; last4: string | null } | null | undefined): string {
  if (rail !== 'card') return paymentsWeb.myPayments.rails[rail];
  return card ? tp.receipts.card(tp.receipts.brands[card.brand], card.last4) : tp.receipts.brands.unknown;
}

export type Receipt =
  | { kind: 'charge'; amountMinor: number; currency: Currency; card: string }
  | { kind: 'refund'; amountMinor: number; currency: Currency; rail: PaymentRail }
  | {
      kind: 'release';
      amountMinor: number;
      feeMinor: number;
      currency: Currency;
      milestone?: string;
      /** What the approval kept back as the warranty holdback, and when it is released (decision 055). */
      withheld?: { amountMinor: number; releaseAt: Date };
      /** This release is the warranty holdback itself. */
      holdback?: boolean;
    }
  | { kind: 'payout'; amountMinor: number; currency: Currency; bank: string; projects: string[] }
  | { kind: 'payoutReturned'; amountMinor: number; currency: Currency; reason: string };

/**
 * A receipt's words, one place for the mail and the receipt page (GET /api/me/payments/:id/receipt):
 * its title, and the greeting, what happened, the amounts and the processor's reference.
 */
export function receiptContent(r: Receipt, person: { firstName: string; title: string }, reference: string): { title: string; paragraphs: string[] } {
  const title = person.title;
  const lines =
    r.kind === 'charge'
      ? [tp.receipts.charge.intro(title), tp.receipts.charge.amount(formatMoney(r.amountMinor, r.currency), r.card)]
      : r.kind === 'refund'
        ? [tp.receipts.refund.intro(title, r.rail), tp.receipts.refund.amount(formatMoney(r.amountMinor, r.currency))]
        : r.kind === 'payout'
          ? [tp.receipts.payout.intro(r.bank), tp.receipts.payout.amount(formatMoney(r.amountMinor, r.currency)), tp.receipts.payout.projects(r.projects)]
          : r.kind === 'payoutReturned'
            ? [tp.receipts.payoutReturned.intro(formatMoney(r.amountMinor, r.currency)), tp.receipts.payoutReturned.reason(r.reason), tp.receipts.payoutReturned.fix]
            : [
                r.milestone ? tp.receipts.release.milestoneIntro(r.milestone, title) : tp.receipts.release.intro(title),
                tp.receipts.release.amounts(formatMoney(r.amountMinor, r.currency), formatMoney(r.feeMinor, r.currency), formatMoney(r.amountMinor - r.feeMinor, r.currency)),
                ...(r.feeMinor > 0 ? [feeTaxLine(r.feeMinor, r.currency)] : []),
                ...(r.holdback ? [tw.receiptHoldback] : []),
                ...(r.withheld ? [tw.receiptWithheld(formatMoney(r.withheld.amountMinor, r.currency), formatDay(r.withheld.releaseAt))] : []),
              ];
  return { title: tp.receipts[r.kind].title, paragraphs: [tp.receipts.greeting(person.firstName), ...lines, tp.receipts.reference(reference)] };
}

/** The platform's fee with the tax of the money's country on it (decision 067): fee + ITBIS/IVA = what was charged. */
export function feeTaxLine(feeMinor: number, currency: Currency): string {
  const f = feeWithTax(feeMinor, currency);
  const percent = new Intl.NumberFormat(MONEY_LOCALES[currency], { style: 'percent', maximumFractionDigits: 0 }).format(f.percent / 100);
  return tp.receipts.release.feeTax(formatMoney(f.netMinor, currency), formatMoney(f.taxMinor, currency), f.taxName, percent, formatMoney(f.totalMinor, currency));
}

/**
 * Queues a receipt; `projectId` is null for a payout (which pays the releases of several projects,
 * named in the receipt). `known`: the person and the project's title when the caller has read them.
 */
export async function queueReceipt(
  db: DbOrTx,
  deps: ReceiptDeps,
  to: string,
  projectId: string | null,
  reference: string,
  r: Receipt,
  known?: { email: string; firstName: string; title: string },
): Promise<void> {
  const person = known ?? (await findReceiptContext(db, to, projectId));
  if (!person) return;
  const { title, paragraphs } = receiptContent(r, person, reference);
  // A payment into protection names the guarantee that covers it (decision 054).
  const guarantee = r.kind === 'charge' ? [guaranteeLinks.receiptMail(`${deps.appUrl}/garantia`)] : [];
  const mail = renderMail({
    title,
    paragraphs: [...paragraphs, ...guarantee],
    actions: [projectId ? { label: tp.receipts.open, url: `${deps.appUrl}/proyectos/${projectId}` } : { label: tp.receipts.balance, url: `${deps.appUrl}/profile/pagos` }],
    footer: tp.receipts.footer,
  });
  await deps.mailer.queue(db, { to: person.email, template: `receipt-${r.kind}`, subject: tp.receipts[r.kind].subject, ...mail });
}
