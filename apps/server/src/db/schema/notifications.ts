import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './types.ts';
import { users } from './users.ts';

/** A conversation's key: its client, contractor and project (null: the conversation without one). */
export interface ChatPair {
  clientId: string;
  contractorId: string;
  projectId: string | null;
}

// Notifications on the channels outside the app and e-mail (issue 32, decision 038).

/**
 * A person's choice for one notification type on one outside channel (push, whatsapp, sms), stored
 * only when they changed it: a missing row is the default (notification-channels.repository.ts).
 */
export const notificationChannelChoices = pgTable(
  'notification_channel_choices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 30 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

/**
 * One notification to one person on one outside channel: queued in the transaction that caused it,
 * sent by the `notification-delivery` job with back-off, later updated by the provider's status.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 30 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    /** What caused it (a notice, a project's alert): with user and channel, the idempotency key. */
    sourceKey: varchar('source_key', { length: 200 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('queued'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    templateParams: jsonb('template_params').$type<string[]>().notNull().default([]),
    reason: text('reason'),
    providerMessageId: text('provider_message_id'),
    /**
     * The chat conversation the notice is about, as its pair (client, contractor, project or none):
     * a WhatsApp reply to it is stored in that conversation (decision 061). Null for the rest.
     */
    chatPair: jsonb('chat_pair').$type<ChatPair>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_source_key').on(t.sourceKey, t.userId, t.channel),
    index('notification_deliveries_provider_idx').on(t.channel, t.providerMessageId),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    index('notification_deliveries_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The daily purge of old deliveries in a final state (decision 038).
    index('notification_deliveries_created_idx').on(t.createdAt),
  ],
);

/**
 * A provider's status callback that arrived before its delivery's provider message id was stored
 * (the provider can answer before our "sent" write commits): kept here and applied when the id is
 * stored (decision 038). One row per message and status: a repeat adds nothing.
 */
export const notificationStatusEvents = pgTable(
  'notification_status_events',
  {
    channel: varchar('channel', { length: 10 }).notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    reason: text('reason'),
    /** The provider said the address cannot receive on this channel (WhatsApp 131026). */
    addressGone: boolean('address_gone').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.providerMessageId, t.state] }), index('notification_status_events_received_idx').on(t.receivedAt)],
);
