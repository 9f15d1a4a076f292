import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DeferredWrites } from '../../db/deferred-writes.ts';
import { alias } from 'drizzle-orm/pg-core';
import { contractorProfiles, conversations, listableAccount, messages, photos, projects, sessions, users } from '../../db/schema/index.ts';

/** ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it. */
const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The node-postgres pool behind drizzle (typed away by the Db alias): for named (prepared) statements. */
const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

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

/**
 * Marks these messages delivered (each was written to its recipient's socket); the ones marked now,
 * with their senders. With `notifyChannel`, the same statement NOTIFYs each sender a `delivered`
 * frame per conversation (at most 150 ids each), so the receipts of a turn cost one commit.
 */
export async function markDeliveredIds(
  db: Db,
  messageIds: string[],
  notifyChannel?: string,
): Promise<{ id: string; conversationId: string; senderId: string; deliveredAt: Date }[]> {
  if (messageIds.length === 0) return [];
  const result = await poolOf(db).query<{ id: string; conversation_id: string; sender_id: string; delivered_at: string | Date }>(
    notifyChannel
      ? { name: 'chat_mark_delivered_notify', text: MARK_DELIVERED_NOTIFY, values: [messageIds, notifyChannel] }
      : { name: 'chat_mark_delivered', text: MARK_DELIVERED, values: [messageIds] },
  );
  return result.rows.map((r) => ({ id: r.id, conversationId: r.conversation_id, senderId: r.sender_id, deliveredAt: new Date(r.delivered_at) }));
}

const MARK_DELIVERED_BODY = `
    WITH u AS (
      UPDATE messages SET delivered_at = now()
      WHERE id = ANY($1::uuid[]) AND delivered_at IS NULL AND sender_id IS NOT NULL
      RETURNING id, conversation_id, sender_id, delivered_at
    )`;
const MARK_DELIVERED = `${MARK_DELIVERED_BODY}
    SELECT u.id, u.conversation_id, u.sender_id, u.delivered_at FROM u`;
const MARK_DELIVERED_NOTIFY = `${MARK_DELIVERED_BODY}, g AS (
      SELECT conversation_id, sender_id, min(delivered_at) AS at, json_agg(id ORDER BY id) AS ids
      FROM (SELECT u.*, (row_number() OVER (PARTITION BY conversation_id ORDER BY id) - 1) / 150 AS chunk FROM u) x
      GROUP BY conversation_id, sender_id, chunk
    ), n AS MATERIALIZED (
      SELECT pg_notify($2::text, json_build_object('k', 'frame', 'to', json_build_array(sender_id), 'frame',
        json_build_object('action', 'delivered', 'conversationId', conversation_id, 'messageIds', ids, 'at', ${isoOf('at')}))::text) AS sent
      FROM g
    )
    SELECT u.id, u.conversation_id, u.sender_id, u.delivered_at FROM u WHERE (SELECT count(*) FROM n) >= 0`;

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

/** A text message to store (its id chosen by the caller: time-ordered, decision 024). */
export interface TextMessageInput {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  sessionId: string | null;
  /** The conversation's two people and project: what the live event carries. */
  people: readonly [string, string];
  projectId: string | null;
  /** The sender's reference for its own copy (socket `sendPrivate`). */
  ref: string | null;
}

/**
 * Several text messages in ONE statement (one commit; group commit, decision 024): the messages,
 * each conversation's `last_message_at` and one log-trail entry (`chat-message`) per message. The
 * messages of one statement are a microsecond apart in the order given, so each conversation keeps
 * its order. With `notifyChannel`, the same statement NOTIFYs each message's live event on it
 * (PostgreSQL delivers them at commit, in this order): the message itself (`k: 'msg'`) when it fits
 * the 8000-byte payload, else its id (`k: 'message'`, read back by the listeners).
 */
export async function insertTextMessages(db: Db, rows: readonly TextMessageInput[], location: string, notifyChannel?: string): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof TextMessageInput>(k: K) => rows.map((r) => r[k]);
  const values: unknown[] = [
    col('id'),
    col('conversationId'),
    col('senderId'),
    col('body'),
    col('sessionId'),
    rows.map((r) => r.people[0]),
    rows.map((r) => r.people[1]),
    col('projectId'),
    col('ref'),
    location,
  ];
  if (notifyChannel) values.push(notifyChannel, MAX_NOTIFY_PAYLOAD);
  // A named (prepared) statement: its text is the same whatever the number of messages (arrays
  // through unnest), so each connection parses and plans it once.
  const result = await poolOf(db).query<Record<string, unknown>>({
    name: notifyChannel ? 'chat_insert_texts_notify' : 'chat_insert_texts',
    text: notifyChannel ? INSERT_TEXTS_NOTIFY : INSERT_TEXTS,
    values,
  });
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
  return result.rows.map((r) => ({
    id: r.id as string,
    conversationId: r.conversation_id as string,
    senderId: r.sender_id as string | null,
    type: r.type as MessageRow['type'],
    subject: r.subject as string | null,
    body: r.body as string,
    photoId: r.photo_id as string | null,
    voiceNoteId: null,
    voiceDurationMs: null,
    voiceMime: null,
    quoteId: r.quote_id as string | null,
    recipientId: null,
    noticeKind: null,
    deliveredAt: date(r.delivered_at),
    readAt: date(r.read_at),
    mailedAt: date(r.mailed_at),
    hiddenAt: date(r.hidden_at),
    createdAt: date(r.created_at)!,
  }));
}

const INSERT_TEXTS_BODY = `
    WITH input AS (
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::uuid[], $9::text[])
        WITH ORDINALITY AS u(id, conversation_id, sender_id, body, session_id, a, b, project_id, ref, n)
    ), m AS (
      INSERT INTO messages (id, conversation_id, sender_id, type, body, created_at)
      SELECT id, conversation_id, sender_id, 'chat', body, now() + (n - 1) * interval '1 microsecond' FROM input ORDER BY n
      RETURNING *
    ), c AS (
      UPDATE conversations SET last_message_at = x.at
      FROM (SELECT conversation_id, max(created_at) AS at FROM m GROUP BY conversation_id) x WHERE conversations.id = x.conversation_id
    ), l AS (
      INSERT INTO log_trail (user_id, action, location, session_id, details)
      SELECT sender_id, 'chat-message', $10::text, session_id, jsonb_build_object('conversationId', conversation_id, 'messageId', id) FROM input ORDER BY n
    )`;
const INSERT_TEXTS_COLUMNS =
  'e.id, e.conversation_id, e.sender_id, e.type, e.subject, e.body, e.photo_id, e.quote_id, e.delivered_at, e.read_at, e.mailed_at, e.hidden_at, e.created_at';
const INSERT_TEXTS = `${INSERT_TEXTS_BODY}
    SELECT ${INSERT_TEXTS_COLUMNS} FROM m e JOIN input ON input.id = e.id ORDER BY input.n`;
const INSERT_TEXTS_NOTIFY = `${INSERT_TEXTS_BODY}, e AS (
      SELECT m.*, input.n,
        json_build_object('k', 'msg', 'to', json_build_array(input.a, input.b), 'ref', input.ref, 'm',
          json_build_object('id', m.id, 'c', m.conversation_id, 's', m.sender_id, 'b', m.body, 'p', input.project_id, 't', ${isoOf('m.created_at')}))::text AS full,
        json_build_object('k', 'message', 'id', m.id, 'to', json_build_array(input.a, input.b), 'ref', input.ref)::text AS short
      FROM m JOIN input ON input.id = m.id
    )
    SELECT ${INSERT_TEXTS_COLUMNS}, pg_notify($11::text, CASE WHEN octet_length(e.full) <= $12::int THEN e.full ELSE e.short END) AS notified
    FROM e ORDER BY e.n`;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD = 7900;

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

export interface AwayMessage {
  id: string;
  conversationId: string;
  /** The conversation's project, if any (whether the client's full name may show to the contractor). */
  projectId: string | null;
  senderId: string;
  recipientId: string;
  /** The recipient is the conversation's contractor. */
  toContractor: boolean;
  body: string;
  type: string;
  createdAt: Date;
}

/**
 * Claims (marks mailed) the messages no socket of their recipient received within `awayMs`,
 * oldest first; rows another instance is claiming are skipped, so each is mailed once.
 */
export async function claimAwayMessages(tx: DbOrTx, awayMs: number, limit = 500): Promise<AwayMessage[]> {
  const result = await tx.execute<{
    id: string;
    conversation_id: string;
    project_id: string | null;
    sender_id: string;
    recipient_id: string;
    to_contractor: boolean;
    body: string;
    type: string;
    created_at: string;
  }>(sql`
    WITH due AS (
      SELECT m.id FROM ${messages} m
      WHERE m.delivered_at IS NULL AND m.read_at IS NULL AND m.mailed_at IS NULL AND m.sender_id IS NOT NULL
        AND m.created_at < now() - make_interval(secs => ${awayMs / 1000})
      ORDER BY m.created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${messages} m SET mailed_at = now()
    FROM due, ${conversations} c
    WHERE m.id = due.id AND c.id = m.conversation_id
    RETURNING m.id, m.conversation_id, c.project_id, m.sender_id,
      CASE WHEN c.client_id = m.sender_id THEN c.contractor_id ELSE c.client_id END AS recipient_id,
      c.client_id = m.sender_id AS to_contractor,
      m.body, m.type, m.created_at`);
  return result.rows.map((r) => ({
    id: r.id,
    conversationId: r.conversation_id,
    projectId: r.project_id,
    senderId: r.sender_id,
    recipientId: r.recipient_id,
    toContractor: r.to_contractor,
    body: r.body,
    type: r.type,
    createdAt: new Date(r.created_at),
  }));
}

/** A person's e-mail and the names others see. */
export async function findPersonForMail(db: DbOrTx, userId: string): Promise<{ email: string; firstName: string; lastName: string; name: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, displayName: contractorProfiles.displayName, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .leftJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row || row.deletedAt !== null) return undefined;
  const personal = `${row.firstName} ${row.lastName}`.trim();
  return { email: row.email, firstName: row.firstName, lastName: row.lastName, name: (row.role === 'contractor' && row.displayName) || personal };
}

/**
 * A service request of the conversation (the contact modal's message: sent by the client, with
 * the request's subject), locked until the transaction ends so two answers cannot both pass.
 */
export async function lockServiceRequest(tx: DbOrTx, conversationId: string, messageId: string, clientId: string, subject: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId), eq(messages.senderId, clientId), eq(messages.type, 'chat'), eq(messages.subject, subject)))
    .for('update');
  return row;
}

/**
 * The contractor's answers (messages with one of `subjects`) after each of the given requests:
 * request id → the subject of the first answer after it.
 */
export async function findRequestAnswers(
  db: DbOrTx,
  conversationId: string,
  contractorId: string,
  requests: readonly { id: string; createdAt: Date }[],
  subjects: readonly string[],
): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  if (requests.length === 0) return answers;
  const replies = await db
    .select({ subject: messages.subject, createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, contractorId), inArray(messages.subject, [...subjects])))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  for (const r of requests) {
    const reply = replies.find((x) => x.createdAt > r.createdAt || (x.createdAt.getTime() === r.createdAt.getTime() && x.id > r.id));
    if (reply?.subject) answers.set(r.id, reply.subject);
  }
  return answers;
}

/** The title of the project when it is still open for offers (`created`); undefined otherwise. */
export async function findOpenProjectTitle(db: DbOrTx, projectId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.status, 'created')));
  return row?.title;
}

/** A contractor's answer to a service request: a chat message with the answer's subject. */
export async function insertRequestAnswer(tx: DbOrTx, row: { conversationId: string; senderId: string; subject: string; body: string }): Promise<MessageRow> {
  const [inserted] = await tx
    .insert(messages)
    .values({ ...row, type: 'chat' })
    .returning();
  await tx.update(conversations).set({ lastMessageAt: inserted!.createdAt }).where(eq(conversations.id, row.conversationId));
  return inserted!;
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
