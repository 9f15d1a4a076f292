import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { currency } from './enums.ts';
import { projects } from './projects.ts';
import { createdAt, money, updatedAt } from './types.ts';
import { users } from './users.ts';

/**
 * A warranty holdback (decision 055): the part of the price an approval kept in the project's
 * escrow for the offer's warranty days. `held` until `release_at`, then released to the contractor
 * by the `warranty-holdbacks` job; `claimed` while the client's warranty claim waits for a
 * sysadmin, who releases it, refunds it or splits it. The money itself is only in the ledger.
 */
export const warrantyHoldbacks = pgTable(
  'warranty_holdbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    amountMinor: money('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    /** The approval's instant plus the offer's warranty days: the window's end. */
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('held'),
    claimReason: text('claim_reason'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    /** The contractor's share of a split decision, in percent. */
    contractorPercent: smallint('contractor_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One holdback per project: an approval happens once.
    uniqueIndex('warranty_holdbacks_project_key').on(t.projectId),
    // The job reads the held ones past their date.
    index('warranty_holdbacks_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.status} = 'held'`),
    check('warranty_holdbacks_status', sql`${t.status} IN ('held', 'claimed', 'released', 'refunded', 'split')`),
    check('warranty_holdbacks_amount', sql`${t.amountMinor} > 0`),
    check('warranty_holdbacks_percent', sql`${t.contractorPercent} IS NULL OR ${t.contractorPercent} BETWEEN 0 AND 100`),
  ],
);
