import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, timestamp, uuid, varchar, check } from 'drizzle-orm/pg-core';
import { RELIABILITY_KINDS } from '@arreglaya/shared/schemas/show-up';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { createdAt } from './types.ts';

// A record of who shows up (decision 057): the hired contractor's "Llegué" and the client's
// answer, and the late cancellations and no-shows the public record and the pause count.

export const reliabilityKind = pgEnum('reliability_kind', RELIABILITY_KINDS);

/** One "Llegué" per project (the primary key: fifty taps store one). */
export const projectArrivals = pgTable(
  'project_arrivals',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    /** Marked on the hire's start day in the project's country (it cannot be marked before). */
    onStartDay: boolean('on_start_day').notNull(),
    /** The client's answer: 'confirmed' ("Sí, llegó") or 'denied' ("No llegó"); null until answered. */
    answer: varchar('answer', { length: 10 }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('project_arrivals_contractor_idx').on(t.contractorId), check('project_arrivals_answer_check', sql`${t.answer} IN ('confirmed', 'denied')`)],
);

/** A late cancellation or a no-show: one per project at most. */
export const reliabilityEvents = pgTable(
  'reliability_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id),
    projectId: uuid('project_id')
      .notNull()
      .unique()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: reliabilityKind('kind').notNull(),
    /** When it happened, by the server's clock (the 90 days count from here). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reliability_events_contractor_at_idx').on(t.contractorId, t.at)],
);
