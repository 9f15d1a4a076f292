import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * A claim under the guarantee (issue 49, decision 054): who opened it and why, the other side's
 * answer, and every deadline the server keeps (answer due, escalated when unanswered, decision
 * due, late-decision alert). 'delivery': the work not delivered, or not as agreed; 'warranty': a
 * fault within the warranty, over the holdback (decision 055).
 */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull().default('delivery'),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 1000 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The other side's answer (the hired contractor for a client's claim); replaced while undecided. */
    answer: varchar('answer', { length: 2000 }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** openedAt + CLAIM_ANSWER_BUSINESS_DAYS business days (end of that day, Santo Domingo). */
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }).notNull(),
    /** Set by the claims-deadlines job when answerDueAt passed unanswered: the console's "Sin respuesta". */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** openedAt + CLAIM_DECIDE_BUSINESS_DAYS business days. */
    decideDueAt: timestamp('decide_due_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Set by the claims-deadlines job when decideDueAt passed undecided: the console's late-decision alert. */
    lateAt: timestamp('late_at', { withTimezone: true }),
  },
  (t) => [
    check('claims_kind_check', sql`${t.kind} IN ('delivery', 'warranty')`),
    // One undecided claim of a kind per project: a double claim is stored once.
    uniqueIndex('claims_open_project_idx')
      .on(t.projectId, t.kind)
      .where(sql`${t.decidedAt} IS NULL`),
    index('claims_project_idx').on(t.projectId, t.openedAt.desc()),
    // The deadlines job's sweeps: undecided claims only.
    index('claims_undecided_idx')
      .on(t.answerDueAt)
      .where(sql`${t.decidedAt} IS NULL`),
  ],
);
