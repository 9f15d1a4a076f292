import { sql } from 'drizzle-orm';
import { bigserial, boolean, char, check, date, index, integer, jsonb, pgTable, smallint, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { bankAccountType, cardBrand, countryCode, currency, ledgerAccountKind, ledgerTransactionKind, paymentStatus } from './enums.ts';
import { milestones, projects } from './projects.ts';
import { bytea, createdAt, money, updatedAt } from './types.ts';
import { users } from './users.ts';

/**
 * A saved card. The processor holds the card; we keep its token and what a person needs
 * to recognise it. Never the number, never the CVC (PCI DSS 3.3.1.2).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    processor: varchar('processor', { length: 30 }).notNull(),
    processorToken: text('processor_token').notNull(),
    brand: cardBrand('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: varchar('holder_name', { length: 120 }),
    country: countryCode('country'),
    postalCode: varchar('postal_code', { length: 12 }),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * 'active': verified by the processor at save, usable for funding. 'pending_verification': its
     * bank asked for a challenge; not listed, never the default, never charged, until the client
     * comes back from the challenge and the processor says it succeeded (then 'active'; refused: deleted).
     */
    status: varchar('status', { length: 20 }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    check('payment_methods_status', sql`${t.status} IN ('active', 'pending_verification')`),
    check('payment_methods_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_month', sql`${t.expMonth} BETWEEN 1 AND 12`),
  ],
);

/** A charge at the card processor that funds a project's escrow (or one milestone). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    milestoneId: uuid('milestone_id').references(() => milestones.id),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    amountMinor: money('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    processorRef: text('processor_ref'),
    failureCode: varchar('failure_code', { length: 60 }),
    /** Where the client confirms a challenged charge (3-D Secure), while it requires action. */
    nextActionUrl: text('next_action_url'),
    /** A retried request with the same key never charges twice. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_project_idx').on(t.projectId), check('payments_amount_positive', sql`${t.amountMinor} > 0`)],
);

/**
 * Double-entry ledger. Balances are derived from entries, never stored alone:
 * held(project) = funded − released − refunded = balance of its escrow account.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerAccountKind('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    projectId: uuid('project_id').references(() => projects.id),
    currency: currency('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('ledger_accounts_key').on(t.kind, t.userId, t.projectId, t.currency).nullsNotDistinct()],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerTransactionKind('kind').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    projectId: uuid('project_id').references(() => projects.id),
    milestoneId: uuid('milestone_id').references(() => milestones.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdBy: uuid('created_by').references(() => users.id),
    memo: text('memo'),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transactions_project_idx').on(t.projectId)],
);

/** Entries of one transaction sum to zero per currency (a deferred constraint trigger checks it). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: money('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_nonzero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * Every money action's Idempotency-Key (per person): the same key replays the first answer,
 * the same key with another request is a 409. `response` is null while the action is unfinished
 * (the processor did not answer); a retry finishes it.
 */
export const moneyRequests = pgTable(
  'money_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: varchar('key', { length: 60 }).notNull(),
    /** SHA-256 of the route, its target and its body. */
    requestHash: char('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('money_requests_user_key').on(t.userId, t.key)],
);

/**
 * A refund to the client's card, recorded in the ledger when decided and sent to the processor
 * after the deciding transaction commits (retried by the payments sweep until it succeeds).
 */
export const processorRefunds = pgTable(
  'processor_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    amountMinor: money('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    processorRef: text('processor_ref'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('processor_refunds_status_idx').on(t.status), check('processor_refunds_amount_positive', sql`${t.amountMinor} > 0`)],
);

/** A contractor's bank account for payouts; the number sealed with AES-256-GCM (decision 010), the last 4 in the clear. */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bank: varchar('bank', { length: 100 }).notNull(),
  accountType: bankAccountType('account_type').notNull(),
  accountNumberEnc: bytea('account_number_enc').notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  holderName: varchar('holder_name', { length: 120 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Money paid out of a contractor's payable balance, posted in the ledger first and then sent through the processor. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id),
    amountMinor: money('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    processorRef: text('processor_ref'),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payouts_contractor_idx').on(t.contractorId), check('payouts_amount_positive', sql`${t.amountMinor} > 0`)],
);

/**
 * The daily payout run, one row per day in the Dominican Republic: written in the transaction that
 * holds the run's advisory lock once the run has finished, so a second instance or a restart the
 * same day finds it and does nothing, and a run cut short by a crash is done again.
 */
export const payoutRuns = pgTable('payout_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sent: integer('sent').notNull(),
  createdAt: createdAt(),
});
