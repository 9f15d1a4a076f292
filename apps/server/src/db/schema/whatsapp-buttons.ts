import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ChatPair } from './notifications.ts';
import { createdAt } from './types.ts';
import { users } from './users.ts';

// Buttons on WhatsApp notices and the one-time links of the money notices (decision 062).

/**
 * One button of one WhatsApp notice: its id at Meta is a random token (only its SHA-256 is kept
 * here), bound to the person it was sent to and to the record it acts on. A press spends it
 * (`usedAt`); a "Responder" press leaves `replyTo` set until that person's next text.
 */
export const whatsappButtons = pgTable(
  'whatsapp_buttons',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivery it was sent with (no foreign key: deliveries are purged on their own schedule). */
    deliveryId: uuid('delivery_id').notNull(),
    /** acceptOffer, declineOffer, onMyWay, arrived, reply (BUTTON_ACTIONS): never one that moves money. */
    action: varchar('action', { length: 20 }).notNull(),
    quoteId: uuid('quote_id'),
    projectId: uuid('project_id'),
    /** The conversation the notice is about (the "Responder" target; "Voy en camino" is written there). */
    chatPair: jsonb('chat_pair').$type<ChatPair>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** "Responder" pressed: the person's next WhatsApp text goes to `chatPair`'s conversation until this time. */
    replyUntil: timestamp('reply_until', { withTimezone: true }),
  },
  (t) => [
    index('whatsapp_buttons_reply_idx')
      .on(t.userId, t.replyUntil)
      .where(sql`${t.replyUntil} IS NOT NULL`),
    index('whatsapp_buttons_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A one-time link in a notice about money (approving delivered work, a release, a refund, the
 * cancellation of a funded hire): it opens the signed-in page for that action and approves nothing
 * itself. Only its SHA-256 is kept; spent at its first use by the person it was sent to.
 */
export const oneTimeLinks = pgTable(
  'one_time_links',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The app's path it opens (/proyectos/:id). */
    path: text('path').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_links_expires_idx').on(t.expiresAt)],
);
