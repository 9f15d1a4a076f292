import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations, messages, projects } from '../../db/schema/index.ts';
import type { MessageRow } from './chat.repository.ts';

// A client's service request (the contact modal's message) and the contractor's answer to it.

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
