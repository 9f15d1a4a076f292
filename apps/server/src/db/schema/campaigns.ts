import { CAMPAIGN_STATES } from '@arreglaya/shared/schemas/campaigns';
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { countryCode, userRole } from './enums.ts';
import { createdAt, updatedAt } from './types.ts';
import { users } from './users.ts';

// "Ofertas especiales" (decision 041): a sysadmin's campaign to the people of some roles and
// countries who opted in (notification_preferences.special_offers), and who has had it.

export const campaignState = pgEnum('campaign_state', CAMPAIGN_STATES);

export const campaigns = pgTable('campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  subject: varchar('subject', { length: 120 }).notNull(),
  body: text('body').notNull(),
  roles: userRole('roles').array().notNull(),
  countries: countryCode('countries').array().notNull(),
  state: campaignState('state').notNull().default('draft'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** Mails queued by its send (one per recipient); set as the fan-out ends. */
  mailed: integer('mailed').notNull().default(0),
  /** People handed to the notification dispatcher for a WhatsApp `specialOffer` delivery. */
  whatsappQueued: integer('whatsapp_queued').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** When "Enviar" was confirmed (state sending) and when the fan-out ended (sent). */
  sendRequestedAt: timestamp('send_requested_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Who has had a campaign: one row per campaign and person, written in the statement that queues
 * their mail, so a second click or a re-run job mails nobody twice. `whatsapp_queued_at`: when the
 * notification dispatcher took their WhatsApp delivery (null until it exists and has).
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    whatsappQueuedAt: timestamp('whatsapp_queued_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index('campaign_recipients_user_idx').on(t.userId)],
);
