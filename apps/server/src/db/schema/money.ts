import { sql } from 'drizzle-orm';
import { bigserial, boolean, char, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { bankAccountType, cardBrand, countryCode, currency, ledgerAccountKind, ledgerTransactionKind, paymentRail, paymentStatus } from './enums.ts';
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
    /** How the client pays (decision 051): card, cash (a voucher) or transfer (a reference). */
    rail: paymentRail('rail').notNull().default('card'),
    /**
     * A cash-rail payment's local method (decision 067; shared LOCAL_METHOD_IDS): popular (Banco
     * Popular's voucher), efecty, pse, oxxo, spei. Null for a card, a transfer, and a voucher opened before.
     */
    method: varchar('method', { length: 12 }),
    /**
     * When an unfinished payment stops holding the hire (decision 051): a 3-D Secure challenge
     * after PAYMENT_ACTION_MINUTES, a voucher at its due time, a transfer reference with its hire.
     * Null: a card charge the processor has not answered (reconciliation settles it).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A transfer's reference, unique to this funding (AY-XXXX-XXXX-X, shared/transfer-reference.ts). */
    reference: varchar('reference', { length: 20 }).unique(),
    /** What the bank's statement lines brought towards a transfer so far (a short payment holds nothing). */
    receivedMinor: money('received_minor').notNull().default(0),
    /**
     * What the client was told to pay with, as shown then (shared PendingPayment's `voucher` or
     * `transfer`): the processor's cash voucher, or ArreglaYa's account with the reference.
     */
    instructions: jsonb('instructions'),
    /** The card that paid, as a person recognises it (a one-off card too): never the number. */
    cardBrand: cardBrand('card_brand'),
    cardLast4: char('card_last4', { length: 4 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_project_idx').on(t.projectId),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('payments_received_not_negative', sql`${t.receivedMinor} >= 0`),
    // The sweep's look-up: unfinished payments by due time.
    index('payments_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} IN ('pending', 'requires_action')`),
  ],
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
    /**
     * A transfer-funded refund goes back by a bank transfer the console records (issue 47): the day
     * it was made and who recorded it (the bank's reference of it is `processorRef`).
     */
    returnedOn: date('returned_on', { mode: 'string' }),
    returnedBy: uuid('returned_by').references(() => users.id, { onDelete: 'set null' }),
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
  /** cedula, rnc or passport (decision 052); null for an account saved before they were asked. */
  documentType: varchar('document_type', { length: 10 }),
  /** The holder's document, sealed like the account number; its last 4 in the clear. */
  documentNumberEnc: bytea('document_number_enc'),
  documentLast4: varchar('document_last4', { length: 4 }),
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
    /** pending (not sent), sent (dLocal has it), paid, failed (its money back in the payable: decision 052). */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** dLocal's payout id (PO-…), once it took it. */
    processorRef: text('processor_ref'),
    /** dLocal's last status_code (100, 200, 300, 400…) or error code when it refused the request. */
    processorStatusCode: varchar('processor_status_code', { length: 10 }),
    /** Why it failed: dLocal's reason (ERROR_ACCOUNT_INCORRECT…) or error code; the page shows it in Spanish. */
    failureReason: varchar('failure_reason', { length: 60 }),
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

/** A statement file imported in the console (decision 051): what it held and what became of it. */
export const statementImports = pgTable('statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** camt053, csv or feed. */
  format: varchar('format', { length: 10 }).notNull(),
  fileName: varchar('file_name', { length: 200 }),
  importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
  lines: integer('lines').notNull().default(0),
  matched: integer('matched').notNull().default(0),
  unmatched: integer('unmatched').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  /** The lines that could not be read, with their number and reason (Spanish). */
  errors: jsonb('errors').notNull().default([]),
  createdAt: createdAt(),
});

/**
 * One line of ArreglaYa's bank statement (decision 051), whichever way it came (a camt.053 or CSV
 * file, or the automated feed). The bank's transaction id is unique: the same line imported twice is
 * counted once. A credit is matched to a transfer by its reference and amount; what it brought
 * beyond the funding is `returnMinor`, to give back; a credit matching nothing waits (`unmatched`).
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bankTxId: varchar('bank_tx_id', { length: 200 }).notNull().unique(),
    importId: uuid('import_id').references(() => statementImports.id),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    /** The transfer reference found in the line's text, normalised. */
    reference: varchar('reference', { length: 20 }),
    description: text('description').notNull().default(''),
    payerName: varchar('payer_name', { length: 200 }),
    /** matched, unmatched, returned, debit (domain STATEMENT_LINE_STATUSES). */
    status: varchar('status', { length: 12 }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** Of the line, what went towards its payment. */
    appliedMinor: money('applied_minor').notNull().default(0),
    /** Of the line, what is to be given back to the payer (an overpayment, a late or unknown transfer). */
    returnMinor: money('return_minor').notNull().default(0),
    /** When the return was made, and the bank's reference of it (the console records it). */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnRef: varchar('return_ref', { length: 140 }),
    /** The day the return was made, as the console recorded it (null for returns recorded before it asked). */
    returnedOn: date('returned_on', { mode: 'string' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('statement_lines_payment_idx').on(t.paymentId),
    index('statement_lines_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'unmatched' OR (${t.returnMinor} > 0 AND ${t.returnedAt} IS NULL)`),
    check('statement_lines_amount_positive', sql`${t.amountMinor} > 0`),
    check('statement_lines_split', sql`${t.appliedMinor} >= 0 AND ${t.returnMinor} >= 0 AND ${t.appliedMinor} + ${t.returnMinor} <= ${t.amountMinor}`),
    check('statement_lines_status', sql`${t.status} IN ('matched', 'unmatched', 'returned', 'debit')`),
  ],
);

/** A CSV statement's column mapping for one bank, set in the console (shared/statements CsvMappingSchema). */
export const bankCsvMappings = pgTable('bank_csv_mappings', {
  bank: varchar('bank', { length: 60 }).primaryKey(),
  mapping: jsonb('mapping').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * Something about money a person must look at (decision 051): a processor's notification whose
 * amount or currency differs from the funding, a payment received for a hire that had ended. Shown
 * in the console until resolved.
 */
export const moneyAlerts = pgTable(
  'money_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 40 }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** Once per kind and subject: a replayed notification raises nothing new. */
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull().unique(),
    details: jsonb('details').notNull().default({}),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the sysadmin checked and did, written when marking it reviewed. */
    resolutionNote: text('resolution_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('money_alerts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/**
 * What a money step announces (decision 074): written in the money's own transaction, turned into
 * the chat's notices, the notification centre's and the outside channels' by the subscriber
 * (notifications/money-notices.ts) after commit; a subscriber that fails leaves it pending for the
 * `money-events` job's next run (attempts, back-off), never the money rolled back.
 */
export const moneyEvents = pgTable(
  'money_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 40 }).notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('money_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);
