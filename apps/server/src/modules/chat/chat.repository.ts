import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DeferredWrites } from '../../db/deferred-writes.ts';
import { alias } from 'drizzle-orm/pg-core';
import { contractorProfiles, conversations, listableAccount, messages, photos, projects, sessions, users } from '../../db/schema/index.ts';

export interface ConversationRow {
  id: string;
  clientId: string;
  contractorId: string;
  projectId: string | null;
}

/** A conversation as one of its people opens it: `open` while both can still write and answer (neither banned nor deleted). */
export interface ConversationOfPerson extends ConversationRow {
  open: boolean;
}

const clientUser = alias(users, 'client_user');
const contractorUser = alias(users, 'contractor_user');

/** The conversation when `userId` is one of its two people; undefined otherwise (unknown or not theirs alike). */
export async function findConversationFor(db: DbOrTx, conversationId: string, userId: string): Promise<ConversationOfPerson | undefined> {
  const [row] = await db
    .select({
      id: conversations.id,
      clientId: conversations.clientId,
      contractorId: conversations.contractorId,
      projectId: conversations.projectId,
      // The rule of the offers' 'Escribir' (quotes.repository.ts, listOffers): an account that can still answer.
      open: sql<boolean>`(${listableAccount(clientUser)}) AND (${listableAccount(contractorUser)})`,
    })
    .from(conversations)
    .innerJoin(clientUser, eq(clientUser.id, conversations.clientId))
    .innerJoin(contractorUser, eq(contractorUser.id, conversations.contractorId))
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.clientId, userId), eq(conversations.contractorId, userId))));
  return row;
}

/**
 * Messages the person sees: every chat message of the conversation, and the notifications addressed
 * to them (a notification without a recipient is an old one nobody could attribute: both see it).
 */
function visibleTo(userId: string): SQL {
  return or(isNull(messages.recipientId), eq(messages.recipientId, userId))!;
}

/** Messages someone has not read: sent by the other person, or the platform's notifications addressed to them. */
function unreadFor(userId: string): SQL {
  return and(isNull(messages.readAt), or(ne(messages.senderId, userId), and(isNull(messages.senderId), visibleTo(userId))))!;
}

const mine = (userId: string) => or(eq(conversations.clientId, userId), eq(conversations.contractorId, userId))!;

export interface ConversationListRow {
  id: string;
  projectId: string | null;
  lastMessageAt: Date;
  otherId: string;
  otherRole: string;
  otherFirstName: string;
  otherLastName: string;
  otherDisplayName: string | null;
  otherAvatarPhotoId: string | null;
  ratingAvg: number | null;
  ratingCount: number | null;
  /** The other person can still answer (neither banned nor deleted). */
  otherOpen: boolean;
  lastBody: string | null;
  /** The last message was hidden by moderation (its text must not be shown). */
  lastHidden: boolean;
  lastType: string | null;
  lastSenderId: string | null;
  lastAt: Date | null;
  unread: number;
}

/** The person's conversations, newest first, with the other person, the last message and the unread count. */
export async function listConversations(db: DbOrTx, userId: string, q: string | undefined, limit = 200): Promise<ConversationListRow[]> {
  const otherId = sql<string>`CASE WHEN ${conversations.clientId} = ${userId} THEN ${conversations.contractorId} ELSE ${conversations.clientId} END`;
  const where: SQL[] = [mine(userId)];
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A contractor finds a client by the first name they are shown (issue 30): searching must not
    // tell them a last name the list does not.
    where.push(
      sql`public.f_unaccent(lower(CASE WHEN ${conversations.contractorId} = ${userId} THEN ${users.firstName} ELSE coalesce(${contractorProfiles.displayName}, '') || ' ' || ${users.firstName} || ' ' || ${users.lastName} END)) LIKE public.f_unaccent(lower(${pattern}))`,
    );
  }
  const rows = await db
    .select({
      id: conversations.id,
      projectId: conversations.projectId,
      lastMessageAt: conversations.lastMessageAt,
      otherId: users.id,
      otherRole: users.role,
      otherFirstName: users.firstName,
      otherLastName: users.lastName,
      otherDisplayName: contractorProfiles.displayName,
      otherAvatarPhotoId: users.avatarPhotoId,
      ratingAvg: contractorProfiles.ratingAvg,
      ratingCount: contractorProfiles.ratingCount,
      // The other person can still answer (findConversationFor's `open`: the person listing is signed in).
      otherOpen: sql<boolean>`${listableAccount(users)}`,
      lastBody: sql<string | null>`last.body`,
      lastHidden: sql<boolean>`coalesce(last.hidden_at IS NOT NULL, false)`,
      lastType: sql<string | null>`last.type`,
      lastSenderId: sql<string | null>`last.sender_id`,
      lastAt: sql<Date | null>`last.created_at`,
      unread: sql<number>`(SELECT count(*)::int FROM ${messages} WHERE ${messages.conversationId} = ${conversations.id} AND ${unreadFor(userId)})`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .leftJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .leftJoin(
      sql`LATERAL (SELECT m.body, m.hidden_at, m.type, m.sender_id, m.created_at FROM ${messages} m WHERE m.conversation_id = ${conversations.id} AND (m.recipient_id IS NULL OR m.recipient_id = ${userId}) ORDER BY m.created_at DESC, m.id DESC LIMIT 1) last`,
      sql`true`,
    )
    .where(and(...where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, lastAt: r.lastAt === null ? null : new Date(r.lastAt) }));
}

export type MessageRow = typeof messages.$inferSelect;

/** Which of these projects have this contractor hired (their conversations may name the client in full once funded). */
export async function findProjectsHiring(db: DbOrTx, contractorId: string, projectIds: readonly string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(inArray(projects.id, [...projectIds]), eq(projects.contractorId, contractorId)));
  return rows.map((r) => r.id);
}

/** The message's position (created_at, id) when it belongs to the conversation. */
export async function findMessageIn(db: DbOrTx, conversationId: string, messageId: string): Promise<{ createdAt: Date; id: string } | undefined> {
  const [row] = await db
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row;
}

/**
 * The cursor message's (created_at, id) as stored: microseconds, which a JavaScript Date would
 * round to milliseconds (messages stored together are a microsecond apart).
 */
const exactCursor = (id: string) => sql`(SELECT m0.created_at, m0.id FROM ${messages} m0 WHERE m0.id = ${id}::uuid)`;

/** `limit` messages the viewer sees before the cursor (or the newest), newest first. Ties on created_at are ordered by id. */
export async function listMessagesBefore(
  db: DbOrTx,
  conversationId: string,
  viewerId: string,
  cursor: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<MessageRow[]> {
  const where: (SQL | undefined)[] = [eq(messages.conversationId, conversationId), visibleTo(viewerId)];
  if (cursor) where.push(sql`(${messages.createdAt}, ${messages.id}) < ${exactCursor(cursor.id)}`);
  return db
    .select()
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** `limit` messages the viewer sees after the cursor, oldest first. */
export async function listMessagesAfter(db: DbOrTx, conversationId: string, viewerId: string, cursor: { createdAt: Date; id: string }, limit: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), visibleTo(viewerId), sql`(${messages.createdAt}, ${messages.id}) > ${exactCursor(cursor.id)}`))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);
}

/** Messages with their conversations (people and project), in one query: what live deliveries need. */
export async function findMessagesWithConversation(db: DbOrTx, messageIds: string[]): Promise<{ message: MessageRow; conversation: ConversationRow }[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({
      message: messages,
      conversation: { id: conversations.id, clientId: conversations.clientId, contractorId: conversations.contractorId, projectId: conversations.projectId },
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(inArray(messages.id, messageIds));
}

/** A message with its conversation (its two people and project), in one query: what a live delivery needs. */
export async function findMessageWithConversation(db: DbOrTx, messageId: string): Promise<{ message: MessageRow; conversation: ConversationRow } | undefined> {
  const [row] = await db
    .select({
      message: messages,
      conversation: { id: conversations.id, clientId: conversations.clientId, contractorId: conversations.contractorId, projectId: conversations.projectId },
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  return row;
}

export async function insertChatMessage(
  tx: DbOrTx,
  row: { conversationId: string; senderId: string; body: string; type: 'chat' | 'image'; photoId?: string },
): Promise<MessageRow> {
  const [inserted] = await tx
    .insert(messages)
    .values({ conversationId: row.conversationId, senderId: row.senderId, type: row.type, body: row.body, photoId: row.photoId ?? null })
    .returning();
  await tx.update(conversations).set({ lastMessageAt: inserted!.createdAt }).where(eq(conversations.id, row.conversationId));
  return inserted!;
}

/** A platform notification (no sender) in the conversation, for one of its two people. */
export async function insertNoticeMessage(
  tx: DbOrTx,
  row: { conversationId: string; recipientId: string; kind: string; subject: string; body: string; quoteId: string | null },
): Promise<MessageRow> {
  const [inserted] = await tx
    .insert(messages)
    .values({
      conversationId: row.conversationId,
      senderId: null,
      recipientId: row.recipientId,
      type: 'notification',
      noticeKind: row.kind,
      subject: row.subject,
      body: row.body,
      quoteId: row.quoteId,
    })
    .returning();
  return inserted!;
}

/**
 * A notice message (its id made by the caller) deferred to the transaction's commit
 * (db/deferred-writes.ts), in the conversation a deferred write of `conversation` returns.
 */
export function noticeOnCommit(
  later: DeferredWrites,
  row: { id: string; conversation: SQL; recipientId: string; kind: string; subject: string; body: string; quoteId: string | null },
): void {
  later.write(sql`INSERT INTO ${messages} (id, conversation_id, sender_id, recipient_id, type, notice_kind, subject, body, quote_id)
    VALUES (${row.id}, (SELECT id FROM ${row.conversation}), NULL, ${row.recipientId}, 'notification', ${row.kind}, ${row.subject}, ${row.body}, ${row.quoteId})`);
}

/**
 * NOTIFY inside the caller's transaction: PostgreSQL delivers it when the transaction commits and
 * drops it when it rolls back, so listeners never hear of a row they cannot read yet.
 */
export async function notifyOnCommit(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

/** Marks the person's unread messages of the conversation read; the ids marked. */
export async function markRead(db: DbOrTx, conversationId: string, userId: string): Promise<string[]> {
  const rows = await db
    .update(messages)
    .set({ readAt: sql`now()`, deliveredAt: sql`coalesce(${messages.deliveredAt}, now())` })
    .where(and(eq(messages.conversationId, conversationId), unreadFor(userId)))
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}

/** Marks these messages delivered (those to `recipientId` not yet marked); the ids marked and when. */
export async function markDelivered(db: DbOrTx, messageIds: string[], recipientId: string): Promise<{ id: string; conversationId: string; deliveredAt: Date }[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .update(messages)
    .set({ deliveredAt: sql`now()` })
    .where(and(inArray(messages.id, messageIds), isNull(messages.deliveredAt), ne(messages.senderId, recipientId)))
    .returning({ id: messages.id, conversationId: messages.conversationId, deliveredAt: messages.deliveredAt });
  return rows.map((r) => ({ id: r.id, conversationId: r.conversationId, deliveredAt: r.deliveredAt! }));
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(mine(userId), unreadFor(userId)));
  return row?.n ?? 0;
}

/** True when the two people share at least one conversation (presence is only told to contacts). */
export async function shareConversation(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(and(eq(conversations.clientId, a), eq(conversations.contractorId, b)), and(eq(conversations.clientId, b), eq(conversations.contractorId, a))))
    .limit(1);
  return row !== undefined;
}

/** Everyone who shares a conversation with the person (told of their presence changes). */
export async function listContactIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: sql<string>`CASE WHEN ${conversations.clientId} = ${userId} THEN ${conversations.contractorId} ELSE ${conversations.clientId} END` })
    .from(conversations)
    .where(mine(userId));
  return rows.map((r) => r.id);
}

export async function insertChatPhoto(
  tx: DbOrTx,
  photo: { id: string; ownerId: string; storageKey: string; mime: string; width: number; height: number; bytes: number },
): Promise<void> {
  await tx.insert(photos).values({ ...photo, kind: 'chat' });
}

/** The storage key of a chat photo sent in this conversation, or undefined. */
export async function findConversationPhoto(db: DbOrTx, conversationId: string, photoId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ storageKey: photos.storageKey })
    .from(messages)
    .innerJoin(photos, eq(photos.id, messages.photoId))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.photoId, photoId), eq(photos.kind, 'chat')))
    .limit(1);
  return row?.storageKey;
}

/** Of these sessions, the ones still valid: not signed out or revoked, not expired, their user still active. */
export async function findLiveSessions(db: DbOrTx, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, sessionIds), sql`${sessions.expiresAt} > now()`, eq(users.status, 'active')));
  return new Set(rows.map((r) => r.id));
}
