import { chat as tc } from '@arreglaya/shared/i18n/chat';
import { moneyToBeginHeld } from '@arreglaya/shared/lifecycles';
import { contractorContact } from '@arreglaya/shared/i18n/contractor-contact';
import { CHAT_PAGE_SIZE, type ChatMessage, type ConversationSummary, type ServiceRequestState } from '@arreglaya/shared/schemas/chat';
import type { NoticeKind } from '@arreglaya/shared/schemas/notifications';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deferred } from '../../db/deferred-writes.ts';
import { AppError } from '../../lib/app-error.ts';
import { CHAT_CHANNEL, type FanOutEvent } from './chat-fanout.ts';
import { timeOrderedUuid, type SendQueue } from './chat-send-queue.ts';
import { moneyCoverOf } from '../payments/money-cover.ts';
import { type PhotoStorage } from '../media/photo-storage.ts';
import {
  countUnread,
  findConversationFor,
  findMessageIn,
  findProjectsHiring,
  listConversations as listConversationRows,
  listMessagesAfter,
  listMessagesBefore,
  markDelivered,
  markRead,
  insertNoticeMessage,
  notifyOnCommit,
  noticeOnCommit,
  shareConversation,
  type ConversationOfPerson,
  type ConversationRow,
  type MessageRow,
} from './chat.repository.ts';
import { findRequestAnswers } from './service-requests.repository.ts';
import { insertTextMessages } from './chat-group-commit.repository.ts';

/** What the live side (sockets on every instance) is told; the hub implements it. */
export interface ChatEvents {
  /** A message was stored: both people's sockets receive it (the sender's with its `ref`). */
  messageCreated(message: MessageRow, people: readonly string[], ref?: string, projectId?: string | null): Promise<void>;
  /** Messages reached the recipient: the sender is told. */
  delivered(senderIds: readonly string[], conversationId: string, messageIds: string[], at: Date): Promise<void>;
  /** The reader opened the conversation: the other person is told. */
  read(otherId: string, conversationId: string, readerId: string, at: Date): Promise<void>;
}

export interface ChatDeps {
  db: Db;
  events: ChatEvents;
  storage: PhotoStorage;
  log: { warn(obj: object, msg: string): void };
  /** Conversations already looked up (their two people never change): spares a query per socket message. */
  conversations?: ConversationCache;
  /** Group commit of text messages (one statement per turn); without it, one statement per message. */
  sendQueue?: SendQueue;
}

/**
 * A conversation's people and project, remembered for a minute once found for one of them. A
 * conversation's two people never change, so a hit is only ever a query saved; only found
 * conversations are kept (a third person's id is looked up each time, and refused). Whether both
 * can still answer (`open`) can change: a ban or a deletion forgets their conversations here
 * (`forgetPeople`, from the hub's `ended` event), so the next message reads it again.
 */
export class ConversationCache {
  private readonly rows = new Map<string, { row: ConversationOfPerson; until: number }>();

  constructor(
    private readonly max = 50_000,
    private readonly ttlMs = 60_000,
  ) {}

  /** Lookups under way, by conversation and person: a burst waits for one query, and resumes in the order it came (a socket's messages keep their order). */
  private readonly inFlight = new Map<string, Promise<ConversationOfPerson>>();

  of(db: Db, conversationId: string, userId: string): Promise<ConversationOfPerson> {
    const hit = this.rows.get(conversationId);
    if (hit && hit.until > Date.now() && (hit.row.clientId === userId || hit.row.contractorId === userId)) return Promise.resolve(hit.row);
    const key = `${conversationId}:${userId}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = conversationOf(db, conversationId, userId)
        .then((row) => {
          if (this.rows.size >= this.max) this.rows.delete(this.rows.keys().next().value!);
          this.rows.set(conversationId, { row, until: Date.now() + this.ttlMs });
          return row;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** Forgets the conversations of people who can no longer sign in (banned, deleted). */
  forgetPeople(userIds: readonly string[]): void {
    if (userIds.length === 0) return;
    const gone = new Set(userIds);
    for (const [id, { row }] of this.rows) if (gone.has(row.clientId) || gone.has(row.contractorId)) this.rows.delete(id);
  }
}

const cachedConversationOf = (deps: ChatDeps, conversationId: string, userId: string) =>
  deps.conversations ? deps.conversations.of(deps.db, conversationId, userId) : conversationOf(deps.db, conversationId, userId);

export interface ChatActor {
  id: string;
  sessionId?: string | null;
}

const otherOf = (c: ConversationRow, userId: string) => (c.clientId === userId ? c.contractorId : c.clientId);

/** The conversation of one of its two people; anyone else (and an unknown id) gets the same 404. */
export async function conversationOf(db: Db, conversationId: string, userId: string): Promise<ConversationOfPerson> {
  const conversation = await findConversationFor(db, conversationId, userId);
  if (!conversation) throw new AppError('NOT_FOUND', tc.conversationNotFound);
  return conversation;
}

/** The contact modal's message (decision 014): a client's chat message carrying the request's subject. */
function isServiceRequest(row: Pick<MessageRow, 'type' | 'senderId' | 'subject'>): boolean {
  return row.type === 'chat' && row.senderId !== null && row.subject === contractorContact.emailTitle;
}

/** The subjects of a contractor's answer to a service request. */
export const ANSWER_SUBJECTS = [tc.serviceRequest.acceptedSubject, tc.serviceRequest.rejectedSubject] as const;
const stateOfAnswer = (subject: string | undefined): ServiceRequestState =>
  subject === tc.serviceRequest.acceptedSubject ? 'accepted' : subject === tc.serviceRequest.rejectedSubject ? 'rejected' : 'pending';

/**
 * A stored message as the viewer sees it; `projectId` is its conversation's (a notification's link to act);
 * `answers`: request id → the subject of its answer (findRequestAnswers); a request without one is pending.
 */
export function toChatMessage(row: MessageRow, viewerId: string, projectId: string | null, answers?: ReadonlyMap<string, string>): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    mine: row.senderId === viewerId,
    type: row.type,
    subject: row.subject,
    // A message a sysadmin hid after a report (moderation) shows as a placeholder, its photo gone.
    text: row.hiddenAt ? tc.hiddenByModeration : row.body,
    photoId: row.hiddenAt ? null : row.photoId,
    voiceNote: row.hiddenAt || !row.voiceNoteId ? null : { id: row.voiceNoteId, mime: row.voiceMime ?? 'audio/webm', durationMs: row.voiceDurationMs ?? 0 },
    quoteId: row.quoteId,
    projectId,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    serviceRequest: isServiceRequest(row) ? stateOfAnswer(answers?.get(row.id)) : null,
  };
}

/** "Yolanda A.": a first name and the last name's initial, as a contractor sees a client (the project page's way). */
export function firstNameAndInitial(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return initial ? `${first.trim()} ${initial.toLocaleUpperCase('es')}.` : first.trim();
}

/**
 * The projects among these on which the contractor is hired and the money to begin is held: only
 * in their conversations does a contractor see the client's full name (contact details follow the
 * money, issue 29; a contractor who only quoted sees "Yolanda A.", issue 30).
 */
export async function fundedHires(db: DbOrTx, contractorId: string, projectIds: readonly string[]): Promise<Set<string>> {
  const hired = await findProjectsHiring(db, contractorId, [...new Set(projectIds)]);
  const covers = await Promise.all(hired.map(async (id) => [id, await moneyCoverOf(db, id)] as const));
  return new Set(covers.filter(([, cover]) => moneyToBeginHeld(cover)).map(([id]) => id));
}

export async function listConversations(deps: Pick<ChatDeps, 'db'>, userId: string, q: string | undefined): Promise<ConversationSummary[]> {
  const rows = await listConversationRows(deps.db, userId, q);
  // The conversations where I am the contractor and the other person the client.
  const withClients = rows.filter((r) => r.otherRole !== 'contractor' && r.projectId !== null).map((r) => r.projectId!);
  const funded = withClients.length > 0 ? await fundedHires(deps.db, userId, withClients) : new Set<string>();
  return rows.map((r) => {
    const contractor = r.otherRole === 'contractor';
    const fullName = contractor || (r.projectId !== null && funded.has(r.projectId));
    const personal = fullName ? `${r.otherFirstName} ${r.otherLastName}`.trim() : firstNameAndInitial(r.otherFirstName, r.otherLastName);
    return {
      id: r.id,
      projectId: r.projectId,
      other: {
        id: r.otherId,
        name: (contractor && r.otherDisplayName) || personal,
        role: contractor ? 'contractor' : 'client',
        avatarPhotoId: r.otherAvatarPhotoId,
        rating: contractor ? { average: r.ratingAvg ?? 0, count: r.ratingCount ?? 0 } : null,
      },
      canWrite: r.otherOpen,
      lastMessage:
        r.lastAt === null || r.lastBody === null
          ? null
          : {
              text: r.lastHidden ? tc.hiddenByModeration : r.lastBody.slice(0, 120),
              type: r.lastType as ChatMessage['type'],
              mine: r.lastSenderId === userId,
              at: r.lastAt.toISOString(),
            },
      lastMessageAt: r.lastMessageAt.toISOString(),
      unread: r.unread,
    };
  });
}

/**
 * A page of history. No cursor: the newest 30; `before`: the 30 before that message; `after`:
 * everything after it (up to 200 at a time, for a reconnect). Always oldest first in the page.
 * Messages fetched by their recipient count as delivered.
 */
export async function getMessages(
  deps: ChatDeps,
  userId: string,
  conversationId: string,
  cursor: { before?: string; after?: string },
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const conversation = await conversationOf(deps.db, conversationId, userId);
  const id = cursor.before ?? cursor.after;
  const at = id === undefined ? undefined : await findMessageIn(deps.db, conversationId, id);
  if (id !== undefined && !at) throw new AppError('NOT_FOUND', tc.messageNotFound);
  let rows: MessageRow[];
  let hasMore: boolean;
  if (cursor.after !== undefined) {
    const limit = 200;
    rows = await listMessagesAfter(deps.db, conversationId, userId, at!, limit + 1);
    hasMore = rows.length > limit;
    rows = rows.slice(0, limit);
  } else {
    rows = await listMessagesBefore(deps.db, conversationId, userId, at, CHAT_PAGE_SIZE + 1);
    hasMore = rows.length > CHAT_PAGE_SIZE;
    rows = rows.slice(0, CHAT_PAGE_SIZE).reverse();
  }
  await acknowledgeDelivery(deps, userId, conversation, rows);
  const requests = rows.filter((r) => isServiceRequest(r) && r.senderId === conversation.clientId);
  const answers = await findRequestAnswers(deps.db, conversationId, conversation.contractorId, requests, ANSWER_SUBJECTS);
  return { messages: rows.map((r) => toChatMessage(r, userId, conversation.projectId, answers)), hasMore };
}

/** Marks the recipient's undelivered messages among `rows` delivered and tells the sender. */
export async function acknowledgeDelivery(deps: ChatDeps, recipientId: string, conversation: ConversationRow, rows: readonly MessageRow[]): Promise<void> {
  const pending = rows.filter((r) => r.deliveredAt === null && r.senderId !== null && r.senderId !== recipientId);
  if (pending.length === 0) return;
  const marked = await markDelivered(
    deps.db,
    pending.map((r) => r.id),
    recipientId,
  );
  for (const r of rows) {
    const m = marked.find((x) => x.id === r.id);
    if (m) r.deliveredAt = m.deliveredAt;
  }
  if (marked.length > 0)
    await deps.events.delivered(
      [otherOf(conversation, recipientId)],
      conversation.id,
      marked.map((m) => m.id),
      marked[0]!.deliveredAt,
    );
}

export const CHAT_LOCATION = '/perfil/mensajes';

/** A conversation the person may write in: theirs, with someone who can still answer (not banned or deleted; decision 043). */
export function writable(conversation: ConversationOfPerson): ConversationOfPerson {
  if (!conversation.open) throw new AppError('CONFLICT', tc.otherPersonGone);
  return conversation;
}

/**
 * Stores a text message (already trimmed and checked by the shared schema) and tells both people's
 * sockets. Through the send queue it is stored with the others of this turn in one statement,
 * which also NOTIFYs its live event; an overloaded instance refuses it at once (UNAVAILABLE).
 */
export async function sendMessage(deps: ChatDeps, actor: ChatActor, conversationId: string, text: string, ref?: string): Promise<ChatMessage> {
  const conversation = writable(await cachedConversationOf(deps, conversationId, actor.id));
  const people = [conversation.clientId, conversation.contractorId] as const;
  const input = { conversationId, senderId: actor.id, body: text, sessionId: actor.sessionId ?? null, people, projectId: conversation.projectId, ref: ref ?? null };
  const queue = deps.sendQueue;
  const row = queue ? await queue.add(input) : (await insertTextMessages(deps.db, [{ ...input, id: timeOrderedUuid() }], CHAT_LOCATION))[0]!;
  if (!queue?.notifies) await deps.events.messageCreated(row, people, ref, conversation.projectId);
  return toChatMessage(row, actor.id, conversation.projectId);
}

/** A notice's content: its one recipient, what it is about (shared NOTICE_KINDS), its title and text, and the offer it concerns. */
export interface NoticeContent {
  recipientId: string;
  kind: NoticeKind;
  subject: string;
  body: string;
  quoteId?: string | null;
}

/**
 * A platform notification (new offer, accepted, delivered...) in the conversation of a project's
 * client and contractor, addressed to one of them and stored inside the caller's transaction. Only
 * its recipient sees it, counts it unread and marks it read (decision 024); their open sockets
 * receive it as a `message` frame once that transaction commits (a NOTIFY on the chat's channel,
 * which PostgreSQL delivers only at commit), so a rolled-back move never shows up live.
 */
export async function postNotice(tx: DbOrTx, n: { conversationId: string } & NoticeContent): Promise<MessageRow> {
  const row = await insertNoticeMessage(tx, {
    conversationId: n.conversationId,
    recipientId: n.recipientId,
    kind: n.kind,
    subject: n.subject,
    body: n.body,
    quoteId: n.quoteId ?? null,
  });
  const event: FanOutEvent = { k: 'message', id: row.id, to: [n.recipientId] };
  await notifyOnCommit(tx, CHAT_CHANNEL, JSON.stringify(event));
  return row;
}

/**
 * `postNotice` deferred to the transaction's commit, in the conversation a deferred write returns
 * (`openConversationOnCommit`); its live event is a NOTIFY sent once the transaction has committed
 * (db/notifier.ts). False when `tx` does not defer writes (post it at once instead).
 */
export function postNoticeOnCommit(tx: DbOrTx, n: { conversation: SQL } & NoticeContent): boolean {
  const later = deferred(tx);
  if (!later) return false;
  const id = timeOrderedUuid();
  noticeOnCommit(later, { id, conversation: n.conversation, recipientId: n.recipientId, kind: n.kind, subject: n.subject, body: n.body, quoteId: n.quoteId ?? null });
  const event: FanOutEvent = { k: 'message', id, to: [n.recipientId] };
  later.notify(CHAT_CHANNEL, JSON.stringify(event));
  return true;
}

/** The other person of a conversation the user is in (for a typing notice); the same 404 otherwise. */
export async function otherPersonOf(deps: ChatDeps, conversationId: string, userId: string): Promise<{ conversationId: string; otherId: string }> {
  const c = await cachedConversationOf(deps, conversationId, userId);
  return { conversationId: c.id, otherId: otherOf(c, userId) };
}

/** Marks the conversation read for the person; the other person's sockets are told. */
export async function markConversationRead(deps: ChatDeps, userId: string, conversationId: string): Promise<number> {
  const conversation = await conversationOf(deps.db, conversationId, userId);
  const ids = await markRead(deps.db, conversationId, userId);
  if (ids.length > 0) await deps.events.read(otherOf(conversation, userId), conversationId, userId, new Date());
  return ids.length;
}

export function unreadCount(deps: Pick<ChatDeps, 'db'>, userId: string): Promise<number> {
  return countUnread(deps.db, userId);
}

/** True when the two people share a conversation (presence is only told to contacts). */
export function isContact(deps: Pick<ChatDeps, 'db'>, userId: string, otherId: string): Promise<boolean> {
  return shareConversation(deps.db, userId, otherId);
}
