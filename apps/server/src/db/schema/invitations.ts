import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { currency } from './enums.ts';
import { money } from './types.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Invite your técnico (issue 50, item 5; decision 064): a client's project for a técnico he
 * already knows, at the price they agreed. The link's token is stored hashed (sha256); the join
 * code is the phone code's kind, kept here because nobody has an account yet.
 * sent → joined (he made his account) → accepted (the agreed price is his accepted quote) →
 * funded (the project's money is held); or expired / cancelled.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contractorName: varchar('contractor_name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 16 }).notNull(),
    priceMinor: money('price_minor').notNull(),
    currency: currency('currency').notNull().default('DOP'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('sent'),
    /** The account that joined from the link, or the existing account it was attached to. */
    contractorId: uuid('contractor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The join code sent to the phone: hashed, its expiry, wrong attempts. */
    codeHash: varchar('code_hash', { length: 64 }),
    codeExpiresAt: at('code_expires_at'),
    codeSentAt: at('code_sent_at'),
    codeAttempts: smallint('code_attempts').notNull().default(0),
    channel: varchar('channel', { length: 10 }),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    joinedAt: at('joined_at'),
    acceptedAt: at('accepted_at'),
    fundedAt: at('funded_at'),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_client_idx').on(t.clientId),
    index('invitations_project_idx').on(t.projectId),
    check('invitations_status', sql`${t.status} IN ('sent', 'joined', 'accepted', 'funded', 'expired', 'cancelled')`),
  ],
);
