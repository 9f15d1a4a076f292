import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { MessageRow } from './chat.repository.ts';

// The live path's writes in one statement each (group commit, decision 024): named statements on the pool, with the NOTIFY of their live events.

/** ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it. */
const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The node-postgres pool behind drizzle (typed away by the Db alias): for named (prepared) statements. */
const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

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
