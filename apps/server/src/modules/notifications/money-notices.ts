import { formatMoney } from '@arreglaya/shared/format-money';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { projectMail as tpm } from '@arreglaya/shared/i18n/projects';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import { claimShares } from '@arreglaya/shared/lifecycles';
import type { Db, Tx } from '../../db/client.ts';
import { jobTime, type JobDefinition } from '../jobs/job-queue.ts';
import type { MoneyEventHandlers } from '../payments/payments.service.ts';
import { deliverMoneyEvents, type MoneyEvent } from '../payments/money-events.service.ts';
import { notify, tellContactsShared, type NotifyDeps } from '../projects/project-notify.ts';
import { paymentHandlers } from './payment-notices.ts';
import { projectMoneyHandlers } from './project-money-notices.ts';
import { both, tellParties } from './tell-parties.ts';

// The money room's listener (decision 074): what a money step announced (money_events, written in
// the money's transaction) becomes the chat's notice, the notification centre's entry, the outside
// channels' deliveries and the mail, each announcement in a transaction of its own after the money
// committed. A failure leaves it pending with a back-off; the `money-events` job tries it again.

export interface MoneyNoticesDeps {
  db: Db;
  notify: NotifyDeps;
  log: { warn(obj: object, msg: string): void };
}

const handlers: MoneyEventHandlers<NotifyDeps> = {
  // A cash or transfer payment's notices (payment-notices.ts) and a project's money moves' (project-money-notices.ts).
  ...paymentHandlers,
  ...projectMoneyHandlers,
  async 'funding-held'(tx, deps, e) {
    const { tell, clientId, amountMinor, currency, sharesContacts } = e.payload;
    // The contractor learns the work is paid for, in the conversation (live) and by mail when they keep it on.
    if (tell) {
      const m = tpm.projectFunded;
      const amount = formatMoney(amountMinor, currency);
      await tellParties(
        tx,
        deps,
        { clientId, contractorId: tell, projectId: e.projectId },
        {
          kind: 'projectFunded',
          text: m,
          facts: { amount },
          told: (title) => [['contractor', [m.intro(title, amount)]]],
        },
      );
    }
    // The funding that first held the money to begin shares both people's contact details (issue 29).
    if (sharesContacts) await tellContactsShared(tx, deps, e.projectId);
  },
  async 'refund-sent'(tx, deps, e) {
    // The client's notification centre shows it too (issue 31); the receipt is its mail (sent by the money step).
    const { clientId, contractorId, title, rail, amountMinor, currency } = e.payload;
    const m = tp.receipts.refund;
    await notify(tx, deps, {
      kind: 'refundSent',
      to: clientId,
      pair: { clientId, contractorId, projectId: e.projectId },
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(title, rail), m.amount(formatMoney(amountMinor, currency))],
      mailedByCaller: true,
    });
  },
  async 'warranty-claim-opened'(tx, deps, e) {
    const { amountMinor, currency, reason } = e.payload;
    const m = tw.mail.claimed;
    await tellParties(tx, deps, e, {
      kind: 'projectDisputed',
      text: m,
      alwaysMail: true,
      told: (title) => [['contractor', [m.intro(title, formatMoney(amountMinor, currency)), m.reason(reason)]]],
    });
  },
  async 'warranty-claim-decided'(tx, deps, e) {
    const { amountMinor, currency, outcome, contractorPercent, feePercent, note } = e.payload;
    const m = tw.mail.decided;
    const money = (n: number) => formatMoney(n, currency);
    const shares = claimShares(amountMinor, outcome, contractorPercent ?? undefined, feePercent);
    const paragraphsOf = (title: string) => {
      const paragraph =
        outcome === 'release'
          ? m.release(title, money(amountMinor))
          : outcome === 'refund'
            ? m.refund(title, money(amountMinor))
            : m.split(title, money(shares.releasedMinor), money(shares.toClientMinor));
      return note ? [paragraph, tpm.claimDecided.reason(note)] : [paragraph];
    };
    await tellParties(tx, deps, e, {
      kind: 'claimDecided',
      text: m,
      alwaysMail: true,
      // The contractor first, as the holdback was his.
      told: (title) => both(paragraphsOf(title)).reverse(),
    });
  },
};

/**
 * Turns announcements into their notices (payments/money-events.service.ts: once each, retried with
 * back-off): `ids`, those a money step just recorded (its `announced` then kicks the mailer, once,
 * for the step's mails and these); without them, every due one, and the mailer is kicked here.
 */
export async function deliverMoneyNotices(deps: MoneyNoticesDeps, now = new Date(), ids?: readonly string[]): Promise<number> {
  const listen = (tx: Tx, e: MoneyEvent) => (handlers[e.kind] as (tx: Tx, deps: NotifyDeps, e: MoneyEvent) => Promise<void>)(tx, deps.notify, e);
  const delivered = await deliverMoneyEvents(deps.db, listen, deps.log, now, ids);
  if (delivered > 0 && !ids) deps.notify.mailer.kick();
  return delivered;
}

/** The `money-events` job: every minute, the announcements whose delivery failed before (or whose after-commit delivery never ran). */
export function moneyNoticeJobs(deps: MoneyNoticesDeps): JobDefinition[] {
  return [{ name: 'money-events', cron: '* * * * *', run: (data) => deliverMoneyNotices(deps, jobTime(data)) }];
}
