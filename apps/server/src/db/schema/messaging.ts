import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSchema, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { conversations } from './social.ts';
import { users } from './users.ts';

// WhatsApp and SMS (issue 32, items 3 and 4; decision 040, migration 0034).

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's phone number (E.164) and, per channel, when it was verified and when it opted out.
 * A channel reaches the person only while verified and not opted out. One number per person; a
 * number verified on one channel belongs to one account (the partial unique index).
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 16 }).notNull(),
    whatsappVerifiedAt: at('whatsapp_verified_at'),
    smsVerifiedAt: at('sms_verified_at'),
    whatsappOptedOutAt: at('whatsapp_opted_out_at'),
    smsOptedOutAt: at('sms_opted_out_at'),
    /** WhatsApp consent (decision 061): when and how the person opted in ('settings', 'message'), and how they opted out. */
    whatsappOptedInAt: at('whatsapp_opted_in_at'),
    whatsappOptInSource: varchar('whatsapp_opt_in_source', { length: 10 }),
    whatsappOptOutSource: varchar('whatsapp_opt_out_source', { length: 10 }),
    /** The person's last message to us on WhatsApp: free text may be sent for 24 hours after it. */
    lastInboundAt: at('last_inbound_at'),
    /**
     * When the provider said the number cannot receive on the channel (WhatsApp 131026, an invalid
     * SMS number): the channel was unverified then; the person's page says why. Cleared by a new verification.
     */
    whatsappUndeliverableAt: at('whatsapp_undeliverable_at'),
    smsUndeliverableAt: at('sms_undeliverable_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Webhooks find a number's rows (opt-out, the 24-hour window).
    index('phone_numbers_number_idx').on(t.number),
    uniqueIndex('phone_numbers_verified_number_unique')
      .on(t.number)
      .where(sql`${t.whatsappVerifiedAt} IS NOT NULL OR ${t.smsVerifiedAt} IS NOT NULL`),
    // E.164 of the three countries (decision 065): +1 (DR), +57 (Colombia), +52 (Mexico), 10 national digits each.
    check('phone_numbers_e164', sql`${t.number} ~ '^\\+(1|57|52)[0-9]{10}$'`),
  ],
);

/** The code waiting to be confirmed (one per person): hashed, with its expiry and wrong attempts. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 16 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [check('phone_codes_channel', sql`${t.channel} IN ('whatsapp', 'sms')`)],
);

/**
 * A code to sign in with (decision 071): sent to a number verified on one account, kept hashed,
 * single use (deleted when it signs in), 10 minutes, 5 wrong attempts. One per number: a new one
 * replaces the last.
 */
export const phoneSignInCodes = pgTable(
  'phone_sign_in_codes',
  {
    number: varchar('number', { length: 16 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 10 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [check('phone_sign_in_codes_channel', sql`${t.channel} IN ('whatsapp', 'sms')`), index('phone_sign_in_codes_user_idx').on(t.userId)],
);

/** Provider webhook events already handled (a repeated status or inbound message changes nothing). */
export const messagingWebhookEvents = pgTable(
  'messaging_webhook_events',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  // The daily purge deletes those older than 30 days (decision 038).
  (t) => [index('messaging_webhook_events_received_idx').on(t.receivedAt)],
);

/**
 * A photo or voice note a person sent on WhatsApp whose download failed for a reason that may pass
 * (Meta answered 5xx or 429, the network or a timeout, the short-lived url expired): tried again
 * with back-off by the `whatsapp-media` job (decision 063). One row per WhatsApp message id; deleted
 * once the file is stored or given up (the person is then told in their conversation and on WhatsApp).
 * The caption waits here with it, no longer than the tries.
 */
export const whatsappMediaDownloads = pgTable(
  'whatsapp_media_downloads',
  {
    messageId: varchar('message_id', { length: 200 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The person's number (E.164): where the WhatsApp answer goes, inside the 24-hour window of `receivedAt`. */
    fromNumber: varchar('from_number', { length: 16 }).notNull(),
    /** image or audio. */
    kind: varchar('kind', { length: 5 }).notNull(),
    mediaId: varchar('media_id', { length: 200 }).notNull(),
    sha256: varchar('sha256', { length: 100 }),
    caption: text('caption'),
    /** When the person sent it (the webhook's timestamp). */
    receivedAt: at('received_at').notNull(),
    /** Tries made so far (the webhook's own first one included). */
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** Why the last try failed (no bytes, no token: for the logs and a sysadmin's query). */
    lastError: varchar('last_error', { length: 300 }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [check('whatsapp_media_downloads_kind', sql`${t.kind} IN ('image', 'audio')`), index('whatsapp_media_downloads_due_idx').on(t.nextAttemptAt)],
);

/**
 * The built-in WhatsApp and SMS stand-ins (modules/messaging/sandbox-*) keep their records in their
 * own schema, as separate services would: what they "delivered" (the outbox a developer and the
 * tests read) and what they know of each number (last inbound message, SMS unsubscription).
 */
export const sandboxMessaging = pgSchema('sandbox_messaging');

export const sandboxMessages = sandboxMessaging.table(
  'messages',
  {
    id: varchar('id', { length: 80 }).primaryKey(),
    /** whatsapp or sms. */
    channel: varchar('channel', { length: 10 }).notNull(),
    toNumber: varchar('to_number', { length: 20 }).notNull(),
    /** template, text or buttons (an interactive message with reply buttons). */
    kind: varchar('kind', { length: 10 }).notNull(),
    template: varchar('template', { length: 100 }),
    params: jsonb('params').$type<string[]>(),
    /** What the phone shows (the template's body filled in, or the text). */
    body: text('body').notNull(),
    /** accepted, sent, delivered, read, failed. */
    status: varchar('status', { length: 12 }).notNull(),
    errorCode: integer('error_code'),
    idempotencyKey: varchar('idempotency_key', { length: 120 }),
    /** The reply buttons it showed (an interactive message's, a template's quick replies): what the phone can press (decision 062). */
    buttons: jsonb('buttons').$type<{ id: string; title: string }[]>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_messages_to_idx').on(t.toNumber, t.createdAt), uniqueIndex('sandbox_messages_idempotency_unique').on(t.channel, t.idempotencyKey)],
);

export const sandboxContacts = sandboxMessaging.table(
  'contacts',
  {
    channel: varchar('channel', { length: 10 }).notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    lastInboundAt: at('last_inbound_at'),
    unsubscribedAt: at('unsubscribed_at'),
  },
  (t) => [primaryKey({ columns: [t.channel, t.number] })],
);
