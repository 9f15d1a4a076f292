import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, conversations, messages, users } from '../../db/schema/index.ts';

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
