import type { ContactProject } from '@arreglaya/shared/schemas/directory';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DeferredWrites } from '../../db/deferred-writes.ts';
import { conversations, messages, projects, users } from '../../db/schema/index.ts';

/** The client's projects still open for quotes (status 'created'), newest first. */
export async function listOpenProjects(db: DbOrTx, clientId: string, limit = 50): Promise<ContactProject[]> {
  return db
    .select({ id: projects.id, title: projects.title, startDate: projects.startDate })
    .from(projects)
    .where(and(eq(projects.clientId, clientId), eq(projects.status, 'created')))
    .orderBy(desc(projects.createdAt))
    .limit(limit);
}

/** One of the client's own open projects, or undefined (someone else's, closed or unknown). */
export async function findOwnOpenProject(db: DbOrTx, clientId: string, projectId: string): Promise<ContactProject | undefined> {
  const [row] = await db
    .select({ id: projects.id, title: projects.title, startDate: projects.startDate })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId), eq(projects.status, 'created')));
  return row;
}

export async function findFirstName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row?.firstName ?? '';
}

/**
 * The conversation of (client, contractor, project or none), created on first contact. The
 * unique key treats a null project as a value, so two requests without a project share one.
 */
export async function upsertConversation(tx: DbOrTx, key: { clientId: string; contractorId: string; projectId: string | null }): Promise<string> {
  const [row] = await tx
    .insert(conversations)
    .values(key)
    .onConflictDoUpdate({
      target: [conversations.clientId, conversations.contractorId, conversations.projectId],
      set: { lastMessageAt: sql`now()` },
    })
    .returning({ id: conversations.id });
  return row!.id;
}

/**
 * `upsertConversation` deferred to the transaction's commit: the name of the CTE returning its id
 * (written once per transaction and key, however often asked).
 */
export function conversationOnCommit(later: DeferredWrites, key: { clientId: string; contractorId: string; projectId: string | null }): SQL {
  return later.write(
    sql`INSERT INTO ${conversations} (client_id, contractor_id, project_id) VALUES (${key.clientId}, ${key.contractorId}, ${key.projectId})
      ON CONFLICT (client_id, contractor_id, project_id) DO UPDATE SET last_message_at = now() RETURNING id`,
    `conversation:${key.clientId}:${key.contractorId}:${key.projectId ?? ''}`,
  );
}

export async function insertMessage(tx: DbOrTx, row: { conversationId: string; senderId: string; subject: string; body: string }): Promise<string> {
  const [created] = await tx
    .insert(messages)
    // The service-request mail already tells the contractor: the chat's away mail skips it (decision 024).
    .values({ ...row, type: 'chat', mailedAt: sql`now()` })
    .returning({ id: messages.id });
  return created!.id;
}
