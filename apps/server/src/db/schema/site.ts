import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { bankAccountType, contactKind, contactMessageType, emailStatus, inboxStatus, serviceType, subscriptionStatus } from './enums.ts';
import { bytea, createdAt, updatedAt } from './types.ts';
import { users } from './users.ts';

/** The spec's three contact-us forms (contact page, quick booking, hardware store). */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: contactKind('kind').notNull(),
    /** Null for a visitor (the spec's userId '0'). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 30 }),
    messageType: contactMessageType('message_type'),
    serviceTypes: serviceType('service_types').array(),
    message: text('message'),
    /** Legacy plaintext cédula: emptied at start, sealed into cedula_enc (decision 010). */
    cedula: char('cedula', { length: 11 }),
    /** The applicant's cédula, AES-256-GCM at rest (decision 010). */
    cedulaEnc: bytea('cedula_enc'),
    address: varchar('address', { length: 200 }),
    bank: varchar('bank', { length: 100 }),
    bankAccountType: bankAccountType('bank_account_type'),
    /** AES-256-GCM ciphertext of the account number; only the last 4 digits are ever shown. */
    bankAccountNumberEnc: bytea('bank_account_number_enc'),
    bankAccountLast4: char('bank_account_last4', { length: 4 }),
    /** The console inbox's state: new, answered (a reply was mailed), closed. */
    status: inboxStatus('status').notNull().default('new'),
    /** The team's last reply, as mailed. */
    replyText: text('reply_text'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_requests_kind_idx').on(t.kind, t.createdAt.desc()),
    index('contact_requests_kind_status_idx').on(t.kind, t.status, t.createdAt.desc()),
    // Every start looks for cédulas still in the clear: an empty partial index, not a read of the table.
    index('contact_requests_legacy_cedula_idx')
      .on(t.id)
      .where(sql`${t.cedula} IS NOT NULL`),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 30 }),
    /** The console inbox's state: new, answered (a reply was mailed), closed. */
    status: inboxStatus('status').notNull().default('new'),
    replyText: text('reply_text'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('referrals_email_or_phone', sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }).notNull(),
    status: subscriptionStatus('status').notNull().default('active'),
    /** Secret used by the one-click unsubscribe link. */
    unsubscribeToken: varchar('unsubscribe_token', { length: 64 }).notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`)],
);

/** The spec's log trail: who (user or visitor), what, where, session, postOnWall. */
export const logTrail = pgTable(
  'log_trail',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null means 'visitor'. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 60 }).notNull(),
    location: varchar('location', { length: 200 }).notNull(),
    sessionId: varchar('session_id', { length: 100 }),
    postOnWall: boolean('post_on_wall').notNull().default(false),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('log_trail_user_idx').on(t.userId, t.createdAt.desc()),
    index('log_trail_created_idx').on(t.createdAt.desc()),
    index('log_trail_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

/** Every e-mail the app sends passes through here first (transactional outbox). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: varchar('template', { length: 60 }).notNull(),
    /** Extra mail headers (a campaign's List-Unsubscribe, decision 041); null for most mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: emailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one instance is delivering it; a stale lock is taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('email_outbox_created_idx').on(t.createdAt.desc()),
  ],
);

/** Fixed-window rate-limit counters, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Settings a sysadmin can change at run time (platform fee percentage, ...). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
