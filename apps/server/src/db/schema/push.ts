import { index, text, timestamp, uuid, varchar, pgTable } from 'drizzle-orm/pg-core';
import { createdAt } from './types.ts';
import { users } from './users.ts';

/**
 * Web Push (issue 32, decision 039): one row per browser that asked to be told, with the keys its
 * payloads are encrypted to (RFC 8291). An endpoint is one device's: posted again by whoever is
 * signed in there, it moves to them. Removed on sign-out there, and when the push service answers
 * 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: varchar('p256dh', { length: 100 }).notNull(),
    auth: varchar('auth', { length: 40 }).notNull(),
    /** "Chrome en Android", from the User-Agent when subscribed. */
    userAgentLabel: varchar('user_agent_label', { length: 80 }).notNull().default(''),
    createdAt: createdAt(),
    /** When a push service last accepted a message for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
