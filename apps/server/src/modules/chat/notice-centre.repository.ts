import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';

// The notification centre's statements (issue 31, decision 031): a person's notices are the
// `notification` messages addressed to them (messages.recipient_id, decision 024), read through
// messages_notices_idx (the list) and messages_unread_notices_idx (the count and the read marks).

export interface NoticeRow {
  id: string;
  notice_kind: string | null;
  subject: string | null;
  body: string;
  /** ISO text in UTC with milliseconds. */
  created_at: string;
  read: boolean;
  conversation_id: string;
  project_id: string | null;
}

const NOTICE_COLUMNS = `m.id, m.notice_kind, m.subject, m.body, m.read_at IS NOT NULL AS read, m.conversation_id, c.project_id,
  to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

const LIST_FIRST = `SELECT ${NOTICE_COLUMNS}
  FROM messages m JOIN conversations c ON c.id = m.conversation_id
  WHERE m.recipient_id = $1 AND m.type = 'notification'
  ORDER BY m.created_at DESC, m.id DESC LIMIT $2`;

// The page after `before` (a notice of the same person): its stored microseconds and id, so two
// notices of one transaction keep their order. Written as a row comparison with a scalar subquery
// (an InitPlan), it is an index condition of messages_notices_idx: the page reads its 21 rows,
// however deep it is (a join with the cursor's row would read every newer notice and skip them).
const LIST_AFTER = `SELECT ${NOTICE_COLUMNS}
  FROM messages m JOIN conversations c ON c.id = m.conversation_id
  WHERE m.recipient_id = $1 AND m.type = 'notification'
    AND (m.created_at, m.id) < ((SELECT created_at FROM messages WHERE id = $3 AND recipient_id = $1 AND type = 'notification'), $3::uuid)
  ORDER BY m.created_at DESC, m.id DESC LIMIT $2`;

/** The person's notices, newest first: `limit` of them, after the notice `before` when given. */
export function listNoticeRows(db: DbOrTx, userId: string, limit: number, before?: string): Promise<NoticeRow[]> {
  return before ? queryRows<NoticeRow>(db, LIST_AFTER, [userId, limit, before]) : queryRows<NoticeRow>(db, LIST_FIRST, [userId, limit]);
}

/** True when `id` is a notice addressed to the person. */
export async function isNoticeOf(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await queryRows(db, `SELECT 1 FROM messages WHERE id = $1 AND recipient_id = $2 AND type = 'notification'`, [id, userId]);
  return rows.length > 0;
}

export async function countUnreadNotices(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, `SELECT count(*)::int AS n FROM messages WHERE recipient_id = $1 AND type = 'notification' AND read_at IS NULL`, [userId]);
  return row?.n ?? 0;
}

// Read as the chat marks it (decision 024): read, and delivered if no socket had received it.
const MARK = `UPDATE messages m SET read_at = now(), delivered_at = coalesce(m.delivered_at, now())
  WHERE m.recipient_id = $1 AND m.type = 'notification' AND m.read_at IS NULL`;

/** Marks one of the person's notices read; how many changed (0 when it was read already, or is not theirs). */
export async function markNoticeRead(db: DbOrTx, userId: string, id: string): Promise<number> {
  return (await queryRows(db, `${MARK} AND m.id = $2 RETURNING m.id`, [userId, id])).length;
}

/** Marks every notice of the person read; how many changed. */
export async function markAllNoticesRead(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, `WITH marked AS (${MARK} RETURNING m.id) SELECT count(*)::int AS n FROM marked`, [userId]);
  return row?.n ?? 0;
}

/**
 * Marks the person's unread notices about a project read (its page was opened). Walks their
 * unread notices (the partial index: a handful) and looks each one's conversation up by key.
 */
export async function markProjectNoticesRead(db: DbOrTx, userId: string, projectId: string): Promise<number> {
  const sql = `WITH marked AS (${MARK}
      AND EXISTS (SELECT 1 FROM conversations c WHERE c.id = m.conversation_id AND c.project_id = $2) RETURNING m.id)
    SELECT count(*)::int AS n FROM marked`;
  const [row] = await queryRows<{ n: number }>(db, sql, [userId, projectId]);
  return row?.n ?? 0;
}
