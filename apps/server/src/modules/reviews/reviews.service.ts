import { reviewMail as tm, reviews as tr } from '@arreglaya/shared/i18n/reviews';
import type { NoticeKind } from '@arreglaya/shared/schemas/notifications';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  type AdminReviewsPage,
  type MyReviewsPage,
  type ProjectReviewState,
  type Review,
  type ReviewData,
  type ReviewResult,
  type ReviewSort,
  type ReviewTab,
} from '@arreglaya/shared/schemas/reviews';
import type { Db, Tx } from '../../db/client.ts';
import { refreshContractorAggregates } from '../../db/contractor-aggregates.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { renderMail } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { notify } from '../projects/project-notify.ts';
import {
  countMine,
  countPending,
  findProjectParties,
  findReview,
  findReviewByAuthor,
  insertReview,
  listMine,
  listPending,
  lockProject,
  lockReview,
  setModeration,
  setReply,
  updateReviewText,
  type ReviewRow,
} from './reviews.repository.ts';

// Reviews both ways after a completed project (DOMAIN.md "Review"; docs/decisions/026-reviews.md).
// pending (its author may edit it) → approved | rejected by a sysadmin, with the reason. Only
// approved client→contractor reviews count in a contractor's rating, recomputed in the
// moderation's transaction (db/contractor-aggregates.ts), so the directory sees it on commit.

export interface ReviewsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

export interface Actor {
  id: string;
  role: string;
  sessionId?: string | null;
}

/** "Lucía A.": first name and last initial; a deleted account reads as it was anonymised. */
function shortName(first: string, last: string, status: string): string {
  if (status === 'deleted') return `${first} ${last}`.trim();
  const initial = last.trim().charAt(0);
  return initial ? `${first.trim()} ${initial.toLocaleUpperCase('es')}.` : first.trim();
}

/** The review as the API shows it; the rejection reason only to its author or a sysadmin. */
function toReview(r: ReviewRow, viewer: Actor): Review {
  const seesReason = viewer.id === r.authorId || viewer.role === 'sysadmin';
  return {
    id: r.id,
    projectId: r.projectId,
    projectTitle: r.projectTitle,
    direction: r.direction,
    status: r.status,
    rating: r.rating,
    title: r.title,
    comments: r.comments,
    reply: r.reply,
    rejectionReason: seesReason ? r.rejectionReason : null,
    authorId: r.authorId,
    authorName: shortName(r.authorFirstName, r.authorLastName, r.authorStatus),
    subjectId: r.subjectId,
    subjectName: shortName(r.subjectFirstName, r.subjectLastName, r.subjectStatus),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function reviewOf(db: Db | Tx, id: string, viewer: Actor): Promise<Review> {
  const row = await findReview(db, id);
  if (!row) throw new AppError('NOT_FOUND', tr.notFound);
  return toReview(row, viewer);
}

type Parties = { clientId: string; contractorId: string | null };
const isParty = (p: Parties, userId: string) => p.clientId === userId || (p.contractorId !== null && p.contractorId === userId);

/** May I review this project, and what I wrote. Only its client and hired contractor may ask. */
export async function projectReviewState(db: Db, actor: Actor, projectId: string): Promise<ProjectReviewState> {
  const project = await findProjectParties(db, projectId);
  if (!project) throw new AppError('NOT_FOUND', tr.projectNotFound);
  if (!isParty(project, actor.id)) throw new AppError('FORBIDDEN', tr.notYourProject);
  const mine = await findReviewByAuthor(db, projectId, actor.id);
  return { canReview: project.status === 'completado' && !mine, mine: mine ? toReview(mine, actor) : null };
}

/** The client reviews the hired contractor, or the contractor the client: once each, after completado. */
export async function createReview(deps: ReviewsDeps, actor: Actor, projectId: string, data: ReviewData): Promise<ReviewResult> {
  try {
    const id = await deps.db.transaction(async (tx) => {
      const project = await lockProject(tx, projectId);
      if (!project) throw new AppError('NOT_FOUND', tr.projectNotFound);
      if (!isParty(project, actor.id)) throw new AppError('FORBIDDEN', tr.notYourProject);
      if (project.status !== 'completado') throw new AppError('CONFLICT', tr.notCompleted);
      if (await findReviewByAuthor(tx, projectId, actor.id)) throw new AppError('CONFLICT', tr.alreadyReviewed);
      const byClient = actor.id === project.clientId;
      const reviewId = await insertReview(tx, {
        projectId,
        authorId: actor.id,
        subjectId: byClient ? project.contractorId! : project.clientId,
        direction: byClient ? 'client_to_contractor' : 'contractor_to_client',
        ...data,
      });
      await recordLogEntry(tx, { userId: actor.id, sessionId: actor.sessionId ?? null, action: 'review-created', location: `/proyectos/${projectId}`, details: { reviewId } });
      return reviewId;
    });
    return { message: tr.created, review: await reviewOf(deps.db, id, actor) };
  } catch (err) {
    // Two requests at once: the unique (project, author) index refuses the second.
    if (databaseErrorOf(err)?.code === '23505') throw new AppError('CONFLICT', tr.alreadyReviewed);
    throw err;
  }
}

/** Its author edits a review until a sysadmin moderates it. */
export async function editReview(deps: ReviewsDeps, actor: Actor, id: string, data: ReviewData): Promise<ReviewResult> {
  await deps.db.transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (!row) throw new AppError('NOT_FOUND', tr.notFound);
    if (row.authorId !== actor.id) throw new AppError('FORBIDDEN', tr.notYourReview);
    if (row.status !== 'pending') throw new AppError('CONFLICT', tr.alreadyModerated);
    await updateReviewText(tx, id, data);
  });
  return { message: tr.updated, review: await reviewOf(deps.db, id, actor) };
}

/** The reviewed person's one public reply, on a published review. */
export async function replyToReview(deps: ReviewsDeps, actor: Actor, id: string, reply: string): Promise<ReviewResult> {
  await deps.db.transaction(async (tx) => {
    const row = await lockReview(tx, id);
    if (!row) throw new AppError('NOT_FOUND', tr.notFound);
    if (row.subjectId !== actor.id) throw new AppError('FORBIDDEN', tr.notYourReply);
    if (row.status !== 'approved') throw new AppError('CONFLICT', tr.replyNotPublished);
    if (row.reply !== null) throw new AppError('CONFLICT', tr.alreadyReplied);
    await setReply(tx, id, reply);
  });
  return { message: tr.reply.done, review: await reviewOf(deps.db, id, actor) };
}

/** /perfil/reviews: one tab's page, both counts and my rating. */
export async function myReviews(db: Db, actor: Actor, q: { tab: ReviewTab; sort: ReviewSort; page: number }): Promise<MyReviewsPage> {
  const counts = await countMine(db, actor.id);
  const total = q.tab === 'about' ? counts.about : counts.by;
  const rows = await listMine(db, actor.id, q.tab, q.sort, REVIEWS_PAGE_SIZE, (q.page - 1) * REVIEWS_PAGE_SIZE);
  return {
    items: rows.map((r) => toReview(r, actor)),
    page: q.page,
    pageCount: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
    total,
    counts: { about: counts.about, by: counts.by },
    rating: { average: counts.about > 0 ? counts.average : 0, count: counts.about },
  };
}

// ---- The console's queue (sysadmin) ----

export async function pendingReviews(db: Db, actor: Actor, page: number): Promise<AdminReviewsPage> {
  const total = await countPending(db);
  const rows = await listPending(db, ADMIN_REVIEWS_PAGE_SIZE, (page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  return { items: rows.map((r) => toReview(r, actor)), page, pageCount: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)), total };
}

/**
 * Tells the review's author or its subject about a moderation decision: a notice in their
 * notification centre (the project's conversation, issue 31) and the review's own mail.
 */
async function tell(
  tx: Tx,
  deps: ReviewsDeps,
  r: ReviewRow,
  who: 'author' | 'subject',
  kind: NoticeKind,
  template: string,
  m: { subject: string; title: string },
  paragraphs: string[],
) {
  const to = who === 'author' ? { id: r.authorId, email: r.authorEmail, firstName: r.authorFirstName } : { id: r.subjectId, email: r.subjectEmail, firstName: r.subjectFirstName };
  const [clientId, contractorId] = r.direction === 'client_to_contractor' ? [r.authorId, r.subjectId] : [r.subjectId, r.authorId];
  await notify(tx, deps, { kind, to: to.id, pair: { clientId, contractorId, projectId: r.projectId }, subject: m.subject, title: m.title, paragraphs, mailedByCaller: true });
  const mail = renderMail({
    title: m.title,
    paragraphs: [tm.greeting(to.firstName), ...paragraphs],
    actions: [{ label: tm.open, url: `${deps.appUrl}/perfil/reviews` }],
    footer: tm.footer,
  });
  await deps.mailer.queue(tx, { to: to.email, template, subject: m.subject, ...mail });
}

/**
 * A sysadmin publishes a pending review: the contractor's rating and count are recomputed in the
 * same transaction; the author is told, and so is the reviewed person.
 */
export async function approveReview(deps: ReviewsDeps, actor: Actor, id: string): Promise<ReviewResult> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockReview(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', tr.notFound);
    if (locked.status !== 'pending') throw new AppError('CONFLICT', tr.notPending);
    await setModeration(tx, id, { status: 'approved', by: actor.id, reason: null });
    if (locked.direction === 'client_to_contractor') await refreshContractorAggregates(tx, [locked.subjectId]);
    const r = (await findReview(tx, id))!;
    await tell(tx, deps, r, 'author', 'reviewApproved', 'review-approved', tm.approved, [tm.approved.intro(r.projectTitle)]);
    await tell(tx, deps, r, 'subject', 'reviewPublished', 'review-published', tm.published, [
      tm.published.intro(shortName(r.authorFirstName, r.authorLastName, r.authorStatus), r.projectTitle, r.rating),
      tm.published.replyHint,
    ]);
    await recordLogEntry(tx, { userId: actor.id, sessionId: actor.sessionId ?? null, action: 'review-approved', location: '/admin/resenas', details: { reviewId: id } });
  });
  deps.mailer.kick();
  return { message: tr.admin.approved, review: await reviewOf(deps.db, id, actor) };
}

/** A sysadmin refuses a pending review with a reason, which goes to its author. */
export async function rejectReview(deps: ReviewsDeps, actor: Actor, id: string, reason: string): Promise<ReviewResult> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockReview(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', tr.notFound);
    if (locked.status !== 'pending') throw new AppError('CONFLICT', tr.notPending);
    await setModeration(tx, id, { status: 'rejected', by: actor.id, reason });
    const r = (await findReview(tx, id))!;
    await tell(tx, deps, r, 'author', 'reviewRejected', 'review-rejected', tm.rejected, [tm.rejected.intro(r.projectTitle), tm.rejected.reason(reason)]);
    await recordLogEntry(tx, { userId: actor.id, sessionId: actor.sessionId ?? null, action: 'review-rejected', location: '/admin/resenas', details: { reviewId: id } });
  });
  deps.mailer.kick();
  return { message: tr.admin.rejected, review: await reviewOf(deps.db, id, actor) };
}
