import type { ReviewData, ReviewDirection, ReviewSort, ReviewStatus, ReviewTab } from '@arreglaya/shared/schemas/reviews';
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { projects, reviews, users } from '../../db/schema/index.ts';

// Reviews both ways (docs/decisions/026-reviews.md). Only the service calls these.

const author = alias(users, 'review_author');
const subject = alias(users, 'review_subject');

const reviewColumns = {
  id: reviews.id,
  projectId: reviews.projectId,
  projectTitle: projects.title,
  direction: reviews.direction,
  status: reviews.status,
  rating: reviews.rating,
  title: reviews.title,
  comments: reviews.comments,
  reply: reviews.reply,
  rejectionReason: reviews.rejectionReason,
  authorId: reviews.authorId,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
  authorStatus: author.status,
  authorEmail: author.email,
  subjectId: reviews.subjectId,
  subjectFirstName: subject.firstName,
  subjectLastName: subject.lastName,
  subjectStatus: subject.status,
  subjectEmail: subject.email,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

export interface ReviewRow {
  id: string;
  projectId: string;
  projectTitle: string;
  direction: ReviewDirection;
  status: ReviewStatus;
  rating: number;
  title: string;
  comments: string;
  reply: string | null;
  rejectionReason: string | null;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  authorStatus: string;
  authorEmail: string;
  subjectId: string;
  subjectFirstName: string;
  subjectLastName: string;
  subjectStatus: string;
  subjectEmail: string;
  createdAt: Date;
  updatedAt: Date;
}

function selectReviews(db: DbOrTx) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(projects, eq(projects.id, reviews.projectId))
    .innerJoin(author, eq(author.id, reviews.authorId))
    .innerJoin(subject, eq(subject.id, reviews.subjectId));
}

export async function findReview(db: DbOrTx, id: string): Promise<ReviewRow | undefined> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return row;
}

export async function findReviewByAuthor(db: DbOrTx, projectId: string, authorId: string): Promise<ReviewRow | undefined> {
  const [row] = await selectReviews(db).where(and(eq(reviews.projectId, projectId), eq(reviews.authorId, authorId)));
  return row;
}

/** The review row alone, locked for a change (edit, reply, moderation). */
export async function lockReview(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

/** The project's parties and status, locked so two reviews of one side cannot race. */
export async function lockProject(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: projects.id, title: projects.title, status: projects.status, clientId: projects.clientId, contractorId: projects.contractorId })
    .from(projects)
    .where(eq(projects.id, id))
    .for('update');
  return row;
}

export async function findProjectParties(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: projects.id, status: projects.status, clientId: projects.clientId, contractorId: projects.contractorId })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

export async function insertReview(tx: DbOrTx, r: { projectId: string; authorId: string; subjectId: string; direction: ReviewDirection } & ReviewData): Promise<string> {
  const [row] = await tx.insert(reviews).values(r).returning({ id: reviews.id });
  return row!.id;
}

export async function updateReviewText(tx: DbOrTx, id: string, data: ReviewData): Promise<void> {
  await tx
    .update(reviews)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(reviews.id, id));
}

export async function setReply(tx: DbOrTx, id: string, reply: string): Promise<void> {
  await tx.update(reviews).set({ reply, repliedAt: new Date(), updatedAt: new Date() }).where(eq(reviews.id, id));
}

export async function setModeration(tx: DbOrTx, id: string, m: { status: 'approved' | 'rejected'; by: string; reason: string | null }): Promise<void> {
  await tx.update(reviews).set({ status: m.status, moderatedBy: m.by, moderatedAt: new Date(), rejectionReason: m.reason, updatedAt: new Date() }).where(eq(reviews.id, id));
}

const ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

/** 'Sobre ti': approved reviews about the person; 'De ti': every review they wrote (pending and rejected too). */
function tabWhere(userId: string, tab: ReviewTab): SQL {
  return tab === 'about' ? and(eq(reviews.subjectId, userId), eq(reviews.status, 'approved'))! : eq(reviews.authorId, userId);
}

export async function listMine(db: DbOrTx, userId: string, tab: ReviewTab, sort: ReviewSort, limit: number, offset: number): Promise<ReviewRow[]> {
  return selectReviews(db)
    .where(tabWhere(userId, tab))
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset);
}

export async function countMine(db: DbOrTx, userId: string): Promise<{ about: number; by: number; average: number }> {
  const [row] = await db
    .select({
      about: sql<number>`count(*) FILTER (WHERE ${reviews.subjectId} = ${userId} AND ${reviews.status} = 'approved')::int`,
      by: sql<number>`count(*) FILTER (WHERE ${reviews.authorId} = ${userId})::int`,
      average: sql<number>`coalesce(avg(${reviews.rating}) FILTER (WHERE ${reviews.subjectId} = ${userId} AND ${reviews.status} = 'approved'), 0)::real`,
    })
    .from(reviews)
    .where(or(eq(reviews.subjectId, userId), eq(reviews.authorId, userId)));
  return row ?? { about: 0, by: 0, average: 0 };
}

/** The console's queue: pending reviews, oldest first (reviews_pending_idx). */
export async function listPending(db: DbOrTx, limit: number, offset: number): Promise<ReviewRow[]> {
  return selectReviews(db).where(eq(reviews.status, 'pending')).orderBy(asc(reviews.createdAt), asc(reviews.id)).limit(limit).offset(offset);
}

export async function countPending(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'));
  return row?.n ?? 0;
}
