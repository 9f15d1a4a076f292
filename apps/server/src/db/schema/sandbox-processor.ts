import { sql } from 'drizzle-orm';
import { bigint, char, check, pgSchema, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox card processor (modules/sandbox-processor) keeps its own records in its own
 * PostgreSQL schema, as a separate service would in its own database: our tables never join them.
 * Like ours, they never hold a card number or a CVC: a token remembers the brand, the last 4, the
 * expiry and which test behaviour the number asked for.
 */
export const sandboxProcessor = pgSchema('sandbox_processor');

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

export const sandboxTokens = sandboxProcessor.table('tokens', {
  id: varchar('id', { length: 40 }).primaryKey(),
  brand: varchar('brand', { length: 20 }).notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** success, declined, insufficient_funds, challenge, processing_error. */
  behaviour: varchar('behaviour', { length: 30 }).notNull(),
  createdAt: at('created_at'),
});

export const sandboxCharges = sandboxProcessor.table(
  'charges',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    tokenId: varchar('token_id', { length: 40 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull().unique(),
    /** succeeded, requires_action, failed, canceled. */
    status: varchar('status', { length: 20 }).notNull(),
    failureCode: varchar('failure_code', { length: 40 }),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    returnUrl: text('return_url'),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [check('sandbox_charges_refund_within', sql`${t.refundedMinor} >= 0 AND ${t.refundedMinor} <= ${t.amountMinor}`)],
);

/**
 * A zero-amount card verification (as Stripe's SetupIntent): a saved card is verified once with no
 * money moved. succeeded, requires_action (the challenge page), failed (with its code) or canceled.
 */
export const sandboxVerifications = sandboxProcessor.table('verifications', {
  id: varchar('id', { length: 40 }).primaryKey(),
  tokenId: varchar('token_id', { length: 40 }).notNull(),
  idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull().unique(),
  /** succeeded, requires_action, failed, canceled. */
  status: varchar('status', { length: 20 }).notNull(),
  failureCode: varchar('failure_code', { length: 40 }),
  returnUrl: text('return_url'),
  createdAt: at('created_at'),
  updatedAt: at('updated_at'),
});

export const sandboxRefunds = sandboxProcessor.table('refunds', {
  id: varchar('id', { length: 40 }).primaryKey(),
  chargeId: varchar('charge_id', { length: 40 }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull().unique(),
  createdAt: at('created_at'),
});

/** No longer written: payouts go through dLocal's Payouts v3 since decision 052; kept for the payouts it recorded before. */
export const sandboxPayouts = sandboxProcessor.table('payouts', {
  id: varchar('id', { length: 40 }).primaryKey(),
  destination: varchar('destination', { length: 120 }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull().unique(),
  createdAt: at('created_at'),
});
