import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { DataCipher } from '../lib/data-encryption.ts';
import { bankStatementRoutes } from '../modules/bank-statements/bank-statements.routes.ts';
import { DlocalCardProcessor } from '../modules/dlocal/dlocal-card-processor.ts';
import { mountDlocal } from '../modules/dlocal/mount-dlocal.ts';
import type { DlocalSandbox } from '../modules/dlocal/sandbox/dlocal-sandbox.ts';
import { DLOCAL_SANDBOX_PREFIX } from '../modules/dlocal/sandbox/sandbox-core.ts';
import type { JobQueue } from '../modules/jobs/job-queue.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { NotificationDispatcher } from '../modules/notifications/notification-dispatch.ts';
import { deliverMoneyNotices, moneyNoticeJobs, type MoneyNoticesDeps } from '../modules/notifications/money-notices.ts';
import { dlocalCardPayer } from '../modules/payments/dlocal-cards.ts';
import { dlocalCashIssuer, dlocalCashRefunds } from '../modules/payments/dlocal-cash.ts';
import { DLOCAL_CALLBACK_PATH, DLOCAL_NOTIFICATION_PATH, dlocalNotificationRoutes } from '../modules/payments/dlocal-notifications.routes.ts';
import { DLOCAL_PAYOUT_NOTIFICATION_PATH, dlocalPayoutNotificationRoutes } from '../modules/payments/dlocal-payout-notifications.routes.ts';
import { dlocalPayoutRail } from '../modules/payments/dlocal-payouts.ts';
import { fundingRails } from '../modules/payments/funding-rails.ts';
import { paymentJobs } from '../modules/payments/payment-jobs.ts';
import type { PaymentsDeps } from '../modules/payments/payments.service.ts';
import { paymentsRoutes } from '../modules/payments/payments.routes.ts';
import type { PayoutsDeps } from '../modules/payments/payouts.service.ts';
import { payoutsRoutes } from '../modules/payments/payouts.routes.ts';
import type { CardProcessor } from '../modules/payments/processor.ts';
import { warrantyRoutes } from '../modules/payments/warranty.routes.ts';
import { sandboxProcessorRoutes } from '../modules/sandbox-processor/sandbox.routes.ts';
import { SandboxProcessor } from '../modules/sandbox-processor/sandbox.service.ts';

/** What the payments hand back to buildApp, and through it to the tests and the server's start. */
export interface PaymentsHandle {
  deps: PaymentsDeps;
  /** The built-in sandbox processor when PROCESSOR=sandbox (tests inject faults through it). */
  sandbox: SandboxProcessor;
  /** What the payout run uses (tests run the daily payouts with a chosen clock). */
  payouts: PayoutsDeps;
  /** dLocal's built-in stand-in when DLOCAL_API_URL=sandbox (tests pay and expire its tickets). */
  dlocalSandbox: DlocalSandbox | null;
}

export interface PaymentsWiring {
  config: Config;
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  notifications: NotificationDispatcher;
  cipher: DataCipher;
  /** The clock the money notices are delivered as of (tests). */
  clock?: (() => Date) | undefined;
  /** Sends a job now (its schedule runs it if the send fails). */
  sendJob(name: Parameters<JobQueue['send']>[0]): () => void;
}

/**
 * Payment protection's routes and jobs: the card processor, cash and transfer, the bank's
 * statements, payouts and the warranty holdback.
 */
export async function registerPayments(app: FastifyInstance, w: PaymentsWiring): Promise<PaymentsHandle> {
  const { config, db, jobs, mailer, notifications, cipher, sendJob, clock } = w;
  // Payment protection (docs/decisions/021-payment-protection.md): the card processor behind its interface
  // (PROCESSOR; the sandbox runs in this server as if it were a separate service), saved cards, funding,
  // the escrow ledger; decided refunds go to the processor and unanswered charges are reconciled every minute,
  // and once a day the contractors' available balances are paid out.
  // PROCESSOR=dlocal: cards through dLocal's Payins API (decision 053); its stand-in outside production.
  // The card sandbox is kept for the tests' faults and, with dLocal's stand-in, for payouts (not Payins).
  const sandbox = new SandboxProcessor(db);
  if (config.isProduction && config.PROCESSOR === 'sandbox') app.log.warn('PROCESSOR=sandbox: cards are test cards and no real money moves');
  // Cash and transfer (docs/decisions/051-cash-and-transfer.md): cash vouchers through dLocal (its
  // built-in stand-in outside production, DLOCAL_API_URL=sandbox), transfers matched from the bank's statement.
  const dlocal = config.dlocalApiUrl ? await mountDlocal(app, db, config, jobs) : null;
  if (config.PROCESSOR === 'dlocal' && !dlocal) throw new Error('PROCESSOR=dlocal needs DLOCAL_API_URL');
  const processor: CardProcessor =
    config.PROCESSOR === 'dlocal'
      ? new DlocalCardProcessor({
          client: dlocal!.client,
          notificationUrl: `${config.appUrl}${DLOCAL_NOTIFICATION_PATH}`,
          callbackUrl: (returnPath) => `${config.appUrl}${DLOCAL_CALLBACK_PATH}?a=${encodeURIComponent(returnPath)}`,
          payerOf: dlocalCardPayer(db),
        })
      : sandbox;
  // What the money steps announce (decision 074) becomes the notices here, after their commit; the job retries what failed.
  const moneyNotices: MoneyNoticesDeps = { db, notify: { mailer, appUrl: config.appUrl, notifications }, log: app.log };
  jobs.define(...moneyNoticeJobs(moneyNotices));
  const paymentDeps: PaymentsDeps = {
    db,
    processor,
    feePercent: config.PLATFORM_FEE_PERCENT,
    actionMinutes: config.PAYMENT_ACTION_MINUTES,
    log: app.log,
    mail: { mailer, appUrl: config.appUrl, notifications },
    kickRefunds: sendJob('payments-refunds'),
    announce: (events) => deliverMoneyNotices(moneyNotices, clock?.() ?? new Date(), events),
  };
  paymentDeps.rails = fundingRails({
    payments: paymentDeps,
    hireHours: config.HIRE_PAYMENT_HOURS,
    transfer: config.transferAccount,
    cash: dlocal
      ? dlocalCashIssuer(
          dlocal.client,
          `${config.appUrl}${DLOCAL_NOTIFICATION_PATH}`,
          (returnPath) => `${config.appUrl}${DLOCAL_CALLBACK_PATH}?a=${encodeURIComponent(returnPath)}`,
        )
      : null,
  });
  if (dlocal) {
    paymentDeps.cashRefunds = dlocalCashRefunds(dlocal.client, `${config.appUrl}${DLOCAL_NOTIFICATION_PATH}`);
    await app.register(dlocalNotificationRoutes({ ...paymentDeps, credentials: dlocal.credentials }));
  }
  await app.register(bankStatementRoutes({ ...paymentDeps, feedToken: config.STATEMENT_FEED_TOKEN }));
  // The card sandbox's own routes (tokenize, challenge pages) only when it is the processor.
  if (config.PROCESSOR === 'sandbox') await app.register(sandboxProcessorRoutes(sandbox));
  // Payouts to Dominican banks through dLocal's Payouts v3 (decision 052; its stand-in outside production).
  const payoutDeps: PayoutsDeps = {
    db,
    rail: dlocal ? dlocalPayoutRail(dlocal.client, `${config.appUrl}${DLOCAL_PAYOUT_NOTIFICATION_PATH}`) : null,
    cipher,
    log: app.log,
    mail: { mailer, appUrl: config.appUrl, notifications },
  };
  if (dlocal) await app.register(dlocalPayoutNotificationRoutes({ ...payoutDeps, credentials: dlocal.credentials }));
  else if (config.isProduction) app.log.warn('DLOCAL_API_URL is not set: payouts wait in the ledger until it is');
  const tokenizer =
    config.PROCESSOR === 'sandbox'
      ? { processor: 'sandbox' as const, tokenizeUrl: '/sandbox-processor/v1/tokens' }
      : { processor: 'dlocal' as const, tokenizeUrl: dlocal?.sandbox ? `${DLOCAL_SANDBOX_PREFIX}/smart-fields/tokens` : null };
  await app.register(paymentsRoutes({ ...paymentDeps, payouts: payoutDeps, tokenizer }));
  await app.register(warrantyRoutes(paymentDeps));
  await app.register(payoutsRoutes(payoutDeps));
  jobs.define(...paymentJobs(paymentDeps, payoutDeps));
  return { deps: paymentDeps, sandbox, payouts: payoutDeps, dlocalSandbox: dlocal?.sandbox ?? null };
}
