import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { VERIFICATION_KINDS, VERIFICATION_STATUSES, type VerificationDetails } from '@arreglaya/shared/schemas/verification';
import { bytea, createdAt } from './types.ts';
import { users } from './users.ts';

// Verification badges (issue 49 part 3; docs/decisions/056-verification-badges.md).

export const verificationKind = pgEnum('verification_kind', VERIFICATION_KINDS);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);

/**
 * A contractor's request for a badge and, once a sysadmin decides, the badge itself. What was
 * checked stays in `details` (the RNC's registered name and status, the certificate's issuer,
 * title and issue date); the document does not (contractor_verification_documents, deleted at the decision).
 * One pending request per person and kind (the partial unique index): 20 submissions at once
 * store one. A new request never touches an earlier approved badge; the newest approved,
 * unexpired badge of a kind is the one shown.
 */
export const contractorVerifications = pgTable(
  'contractor_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: verificationKind('kind').notNull(),
    status: verificationStatus('status').notNull().default('pending'),
    details: jsonb('details').$type<VerificationDetails>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 500 }),
    /** The day the badge stops showing (the criminal record: issue date + 12 months); null: never. */
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('contractor_verifications_one_pending_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('contractor_verifications_user_idx').on(t.userId, t.kind, t.decidedAt),
    index('contractor_verifications_pending_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** An uploaded document's bytes, kept apart and only until the sysadmin decides. */
export const verificationDocuments = pgTable('contractor_verification_documents', {
  verificationId: uuid('verification_id')
    .primaryKey()
    .references(() => contractorVerifications.id, { onDelete: 'cascade' }),
  mime: varchar('mime', { length: 40 }).notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** The DGII's RNC registry (DGII_RNC.TXT), replaced whole by `npm run rnc:import`. */
export const rncRegistry = pgTable('rnc_registry', {
  rnc: varchar('rnc', { length: 11 }).primaryKey(),
  name: text('name').notNull(),
  tradeName: text('trade_name'),
  activity: text('activity'),
  status: varchar('status', { length: 40 }).notNull(),
});
