import type { ReportReason, ReportTarget } from '@arreglaya/shared/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, conversations, messages, portfolioEntries, reports, users } from '../../db/schema/index.ts';

/** A message with the two people of its conversation (to check the reporter is one of them). */
export async function findMessageParties(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({ id: messages.id, senderId: messages.senderId, clientId: conversations.clientId, contractorId: conversations.contractorId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  return row;
}

export async function findUserRole(db: DbOrTx, userId: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

/** Adds an open report; undefined when the reporter already has one open on that target. */
export async function insertReport(
  db: DbOrTx,
  r: { reporterId: string; targetKind: ReportTarget; messageId: string | null; subjectId: string | null; reason: ReportReason; details: string | null },
) {
  const [row] = await db.insert(reports).values(r).onConflictDoNothing().returning({ id: reports.id });
  return row;
}

const reporter = alias(users, 'reporter');
const subject = alias(users, 'subject');
const nameOf = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(btrim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/** The open reports, oldest first, with the names and the reported message's text. */
export function listOpenReports(db: DbOrTx) {
  return db
    .select({
      id: reports.id,
      targetKind: reports.targetKind,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      reporterName: nameOf(reporter),
      subjectId: reports.subjectId,
      subjectName: nameOf(subject),
      messageId: reports.messageId,
      messageBody: messages.body,
      messageHiddenAt: messages.hiddenAt,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(subject, eq(subject.id, reports.subjectId))
    .leftJoin(messages, eq(messages.id, reports.messageId))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(200);
}

export async function lockOpenReport(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: reports.id, targetKind: reports.targetKind, messageId: reports.messageId, subjectId: reports.subjectId, status: reports.status })
    .from(reports)
    .where(eq(reports.id, id))
    .for('update');
  return row;
}

export async function closeReports(tx: DbOrTx, where: { id: string; messageId: string | null }, status: 'dismissed' | 'actioned', by: string) {
  // Acting on a message settles every open report of it, not only this one.
  const target = status === 'actioned' && where.messageId ? or(eq(reports.id, where.id), eq(reports.messageId, where.messageId)) : eq(reports.id, where.id);
  await tx
    .update(reports)
    .set({ status, decidedBy: by, decidedAt: new Date() })
    .where(and(target, eq(reports.status, 'open')));
}

export async function hideMessage(tx: DbOrTx, messageId: string) {
  await tx
    .update(messages)
    .set({ hiddenAt: sql`coalesce(${messages.hiddenAt}, now())` })
    .where(eq(messages.id, messageId));
}

// A cheap pre-filter in SQL (a digit run, an @, a web-looking word); the exact rule runs in JS.
const LOOKS_LIKE_CONTACT = String.raw`[0-9]{3}[^0-9]{0,2}[0-9]{3,4}|@|https?://|www\.|\.(com|net|org|do)\b`;

/** Contractor descriptions that may hold contact data. */
export function listSuspectDescriptions(db: DbOrTx) {
  return db
    .select({ contractorId: contractorProfiles.userId, name: contractorProfiles.displayName, description: contractorProfiles.description })
    .from(contractorProfiles)
    .where(sql`${contractorProfiles.description} ~* ${LOOKS_LIKE_CONTACT}`)
    .limit(500);
}

/** Portfolio entries (the contractor's captioned photos) whose title or text may hold contact data. */
export function listSuspectPortfolioTexts(db: DbOrTx) {
  return db
    .select({ contractorId: portfolioEntries.contractorId, name: contractorProfiles.displayName, title: portfolioEntries.title, description: portfolioEntries.description })
    .from(portfolioEntries)
    .innerJoin(contractorProfiles, eq(contractorProfiles.userId, portfolioEntries.contractorId))
    .where(sql`(${portfolioEntries.title} || ' ' || ${portfolioEntries.description}) ~* ${LOOKS_LIKE_CONTACT}`)
    .limit(500);
}
