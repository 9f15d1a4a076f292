import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { conversations, messages, projects, users } from '../../db/schema/index.ts';

const clientUser = alias(users, 'client_user');
const contractorUser = alias(users, 'contractor_user');
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`btrim(${u.firstName} || ' ' || ${u.lastName})`;

/** The projects in claim (disputed), oldest claim first, with both people's names. */
export function listDisputedProjects(db: DbOrTx) {
  return db
    .select({
      projectId: projects.id,
      title: projects.title,
      clientName: fullName(clientUser),
      contractorName: fullName(contractorUser),
      claimReason: projects.claimReason,
      disputedAt: projects.disputedAt,
    })
    .from(projects)
    .innerJoin(clientUser, eq(clientUser.id, projects.clientId))
    .innerJoin(contractorUser, eq(contractorUser.id, projects.contractorId))
    .where(eq(projects.status, 'disputed'))
    .orderBy(asc(projects.disputedAt), asc(projects.id))
    .limit(500);
}

/** One project's claim facts: its state, its two people, whether a claim was ever opened. */
export async function findClaimProject(db: DbOrTx, projectId: string) {
  const [row] = await db
    .select({
      id: projects.id,
      status: projects.status,
      clientId: projects.clientId,
      contractorId: projects.contractorId,
      disputedAt: projects.disputedAt,
      clientName: fullName(clientUser),
      contractorName: fullName(contractorUser),
    })
    .from(projects)
    .innerJoin(clientUser, eq(clientUser.id, projects.clientId))
    .innerJoin(contractorUser, eq(contractorUser.id, projects.contractorId))
    .where(eq(projects.id, projectId));
  return row;
}

/** The messages between the project's client and its hired contractor about it, oldest first. */
export function listProjectMessages(db: DbOrTx, pair: { projectId: string; clientId: string; contractorId: string }) {
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      type: messages.type,
      subject: messages.subject,
      body: messages.body,
      hiddenAt: messages.hiddenAt,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.projectId, pair.projectId), eq(conversations.clientId, pair.clientId), eq(conversations.contractorId, pair.contractorId)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(2000);
}
