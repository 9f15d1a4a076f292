import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, index, pgSchema, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The built-in dLocal stand-in (modules/dlocal/sandbox; docs/dlocal-contract.md) keeps its records in
 * its own PostgreSQL schema, as dLocal would in its own database: our tables never join these. Like
 * dLocal, it never holds a card number or a CVC (a token keeps the brand, the last 4, the expiry and
 * the test behaviour the number asked for), and of the payer it keeps only our user reference.
 */
export const dlocalSandbox = pgSchema('dlocal_sandbox');

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** What the stand-in's Smart Fields gave the browser for a card ('CV-…'). */
export const dlocalSandboxCardTokens = dlocalSandbox.table('card_tokens', {
  id: varchar('id', { length: 60 }).primaryKey(),
  /** dLocal's brand codes: VI, MC, AE, DC, DI, JC. */
  brand: varchar('brand', { length: 2 }).notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** success, declined, insufficient_funds, challenge, processing_error (as the card sandbox's numbers). */
  behaviour: varchar('behaviour', { length: 30 }).notNull(),
  createdAt: at('created_at'),
});

export const dlocalSandboxPayments = dlocalSandbox.table(
  'payments',
  {
    /** dLocal's shape: D-4-<uuid>. */
    id: varchar('id', { length: 60 }).primaryKey(),
    /** The merchant (X-Login) that created it: order ids are unique per merchant. */
    merchantLogin: varchar('merchant_login', { length: 100 }).notNull(),
    orderId: varchar('order_id', { length: 200 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    country: char('country', { length: 2 }).notNull(),
    /** CARD, or a cash method (ZP: Banco Popular). */
    paymentMethodId: varchar('payment_method_id', { length: 10 }).notNull(),
    /** CARD or TICKET. */
    paymentMethodType: varchar('payment_method_type', { length: 20 }).notNull(),
    /** DIRECT or REDIRECT. */
    paymentMethodFlow: varchar('payment_method_flow', { length: 10 }).notNull(),
    /** PENDING, PAID, REJECTED, CANCELLED, EXPIRED. */
    status: varchar('status', { length: 12 }).notNull(),
    statusCode: varchar('status_code', { length: 3 }).notNull(),
    cardTokenId: varchar('card_token_id', { length: 60 }),
    ticketNumber: varchar('ticket_number', { length: 40 }),
    ticketBarcode: varchar('ticket_barcode', { length: 60 }),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    payerUserReference: varchar('payer_user_reference', { length: 100 }),
    description: varchar('description', { length: 200 }),
    notificationUrl: text('notification_url'),
    callbackUrl: text('callback_url'),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('dlocal_sandbox_payments_order').on(t.merchantLogin, t.orderId),
    index('dlocal_sandbox_payments_pending_tickets')
      .on(t.ticketExpiresAt)
      .where(sql`${t.status} = 'PENDING' AND ${t.ticketExpiresAt} IS NOT NULL`),
    check('dlocal_sandbox_payments_refund_within', sql`${t.refundedMinor} >= 0 AND ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
);

export const dlocalSandboxRefunds = dlocalSandbox.table(
  'refunds',
  {
    id: varchar('id', { length: 60 }).primaryKey(),
    paymentId: varchar('payment_id', { length: 60 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** PENDING, SUCCESS, REJECTED, CANCELLED. */
    status: varchar('status', { length: 12 }).notNull(),
    notificationUrl: text('notification_url'),
    description: varchar('description', { length: 200 }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('dlocal_sandbox_refunds_payment').on(t.paymentId)],
);

/**
 * A payout of the stand-in's Payouts v3 (decision 052): PO-<uuid>, unique by the merchant's
 * external_id (dLocal refuses a second with 5011). Of the beneficiary it keeps what dLocal's payout
 * object gives back and what the test rules read; the account number only as its last 4.
 */
export const dlocalSandboxPayouts = dlocalSandbox.table(
  'payouts',
  {
    id: varchar('id', { length: 60 }).primaryKey(),
    merchantLogin: varchar('merchant_login', { length: 100 }).notNull(),
    externalId: varchar('external_id', { length: 100 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    country: char('country', { length: 2 }).notNull(),
    paymentMethodId: varchar('payment_method_id', { length: 20 }).notNull(),
    flowType: varchar('flow_type', { length: 5 }).notNull(),
    purpose: varchar('purpose', { length: 40 }).notNull(),
    /** PENDING, DELIVERED, PAID, REJECTED, CANCELLED (with their codes 100, 500, 200, 300, 400). */
    status: varchar('status', { length: 12 }).notNull(),
    statusCode: varchar('status_code', { length: 4 }).notNull(),
    statusDetail: varchar('status_detail', { length: 100 }).notNull(),
    /** What it becomes when the bank answers (PAID or REJECTED with a reason), decided by the test rules at creation. */
    outcome: varchar('outcome', { length: 60 }).notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    accountType: char('account_type', { length: 1 }).notNull(),
    accountLast4: char('account_last4', { length: 4 }).notNull(),
    documentType: varchar('document_type', { length: 4 }).notNull(),
    description: varchar('description', { length: 200 }),
    notificationUrl: text('notification_url'),
    /** When the bank answers (the sweep settles it then). */
    settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('dlocal_sandbox_payouts_external').on(t.merchantLogin, t.externalId),
    index('dlocal_sandbox_payouts_open')
      .on(t.settlesAt)
      .where(sql`${t.status} IN ('PENDING', 'DELIVERED')`),
  ],
);

/**
 * A notification to deliver (one per status a payment or a refund takes): the body is the object
 * as it was then, signed afresh at each attempt; retried on dLocal's schedule until a 2xx.
 */
export const dlocalSandboxNotifications = dlocalSandbox.table(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** payment or refund. */
    subjectKind: varchar('subject_kind', { length: 10 }).notNull(),
    subjectId: varchar('subject_id', { length: 60 }).notNull(),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatus: smallint('last_status'),
    lastError: varchar('last_error', { length: 200 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    createdAt: at('created_at'),
  },
  (t) => [
    index('dlocal_sandbox_notifications_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.gaveUpAt} IS NULL`),
    index('dlocal_sandbox_notifications_subject').on(t.subjectId),
  ],
);
