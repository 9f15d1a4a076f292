import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { messageType, reportReason, reportStatus, reportTarget, reviewDirection, reviewStatus } from './enums.ts';
import { projects, quotes } from './projects.ts';
import { createdAt, updatedAt } from './types.ts';
import { photos, users } from './users.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id),
    direction: reviewDirection('direction').notNull(),
    rating: smallint('rating').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    comments: varchar('comments', { length: 2000 }).notNull(),
    /** Spec isApproved: pending at creation; only approved reviews count and show. */
    status: reviewStatus('status').notNull().default('pending'),
    moderatedBy: uuid('moderated_by').references(() => users.id),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** Why a sysadmin rejected it (sent to the author; decision 026). */
    rejectionReason: varchar('rejection_reason', { length: 500 }),
    /** The reviewed person's one public reply. */
    reply: varchar('reply', { length: 2000 }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_author_project_key').on(t.projectId, t.authorId),
    index('reviews_subject_idx').on(t.subjectId, t.status, t.createdAt.desc()),
    // A contractor's public page: the newest approved client reviews read in order, 20 rows,
    // not a sort of all of them (a popular contractor has thousands). Decision 015.
    index('reviews_subject_approved_idx')
      .on(t.subjectId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'approved' AND ${t.direction} = 'client_to_contractor'`),
    index('reviews_author_idx').on(t.authorId, t.createdAt.desc()),
    index('reviews_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * A signed-in person's "Me gusta" (+1) or "No me gusta" (−1) on an approved public review (issue
 * 55; decision 058). One per person and review (the primary key), changeable, removable; never on
 * a review the person wrote or is about (checked in the service). Deleting an account deletes the
 * votes it cast (its own data, like favourites; DOMAIN.md "Deleting an account").
 */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voterId] }), index('review_votes_voter_idx').on(t.voterId), check('review_votes_value', sql`${t.value} IN (-1, 1)`)],
);

export const favourites = pgTable(
  'favourites',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.contractorId] }), index('favourites_contractor_idx').on(t.contractorId)],
);

/** A conversation between one client and one contractor, optionally about a project. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id),
    projectId: uuid('project_id').references(() => projects.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_pair_project_key').on(t.clientId, t.contractorId, t.projectId).nullsNotDistinct(),
    index('conversations_client_idx').on(t.clientId, t.lastMessageAt.desc()),
    index('conversations_contractor_idx').on(t.contractorId, t.lastMessageAt.desc()),
  ],
);

/**
 * A chat voice note's file (decision 060): one object in the photo storage under `voice/<id>`,
 * owned by its sender (deleted with their account, like chat photos). Its message carries the
 * duration and type; only the conversation's two people are served it.
 */
export const voiceNotes = pgTable(
  'voice_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('voice_notes_owner_idx').on(t.ownerId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null for system notifications (new quote, new request). */
    senderId: uuid('sender_id').references(() => users.id),
    type: messageType('type').notNull().default('chat'),
    subject: varchar('subject', { length: 200 }),
    body: text('body').notNull(),
    photoId: uuid('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id').references(() => quotes.id),
    /** A voice note (type 'voice', decision 060); null once its sender's account is deleted. */
    voiceNoteId: uuid('voice_note_id').references(() => voiceNotes.id, { onDelete: 'set null' }),
    /** The voice note's length read from the file itself, in milliseconds. */
    voiceDurationMs: integer('voice_duration_ms'),
    /** The voice note's type as sniffed from its bytes ('audio/webm', 'audio/ogg', 'audio/mp4'). */
    voiceMime: varchar('voice_mime', { length: 40 }),
    /**
     * A notification's one recipient (decision 024): only they see it, count it unread and mark it
     * read. Null for chat messages (the recipient is the other person) and for old notifications
     * the migration could not attribute (both people, as before).
     */
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What a notification is about (shared NOTICE_KINDS: 'newQuote', 'projectFunded'...); null for chat messages and older notices. */
    noticeKind: varchar('notice_kind', { length: 40 }),
    /** When the recipient's socket received it (chat: the spec's `uploaded`; decision 024). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the recipient, away, was mailed about it (one mail per conversation and run; decision 024). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** Hidden by a sysadmin after a report (moderation): its text is no longer shown. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt.desc()),
    index('messages_unread_idx')
      .on(t.conversationId)
      .where(sql`${t.readAt} IS NULL`),
    // The away-mail sweep: chat messages nobody's socket received yet.
    index('messages_away_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.readAt} IS NULL AND ${t.mailedAt} IS NULL AND ${t.senderId} IS NOT NULL`),
    // The notification centre (issue 31): a person's notices newest first, and their unread ones
    // (counted with the session, marked read by the project page).
    index('messages_notices_idx')
      .on(t.recipientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.type} = 'notification'`),
    index('messages_unread_notices_idx')
      .on(t.recipientId)
      .where(sql`${t.type} = 'notification' AND ${t.readAt} IS NULL`),
    check('messages_body_not_blank', sql`length(btrim(${t.body})) > 0`),
  ],
);

/**
 * A signed-in person's report of a chat message or a contractor profile (moderation). One open
 * report per reporter and target; a sysadmin dismisses it or acts on it.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetKind: reportTarget('target_kind').notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    /** The reported contractor (a profile report), or the message's sender. */
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReason('reason').notNull(),
    details: varchar('details', { length: 1000 }),
    status: reportStatus('status').notNull().default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_target_key')
      .on(t.reporterId, t.targetKind, sql`coalesce(${t.messageId}, ${t.subjectId})`)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('reports_target_present', sql`(${t.targetKind} = 'message' AND ${t.messageId} IS NOT NULL) OR (${t.targetKind} = 'profile' AND ${t.subjectId} IS NOT NULL)`),
  ],
);
