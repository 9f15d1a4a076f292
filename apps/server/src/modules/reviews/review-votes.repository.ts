import type { ReviewVoteValue } from '@arreglaya/shared/schemas/reviews';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reviews, reviewVotes } from '../../db/schema/index.ts';

// Votes on approved public reviews (decision 058). Only review-votes.service.ts calls these.

/** An approved client→contractor review (the ones the public page shows) with its two people; undefined for any other. */
export async function findVotableReview(db: DbOrTx, id: string): Promise<{ id: string; authorId: string; subjectId: string } | undefined> {
  const [row] = await db
    .select({ id: reviews.id, authorId: reviews.authorId, subjectId: reviews.subjectId })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.status, 'approved'), eq(reviews.direction, 'client_to_contractor')));
  return row;
}

/** One vote per person and review: a second one replaces the first (the primary key decides a race). */
export async function upsertVote(db: DbOrTx, reviewId: string, voterId: string, value: ReviewVoteValue): Promise<void> {
  await db
    .insert(reviewVotes)
    .values({ reviewId, voterId, value })
    .onConflictDoUpdate({ target: [reviewVotes.reviewId, reviewVotes.voterId], set: { value, updatedAt: sql`now()` } });
}

export async function deleteVote(db: DbOrTx, reviewId: string, voterId: string): Promise<void> {
  await db.delete(reviewVotes).where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.voterId, voterId)));
}

export interface VoteCountsRow {
  reviewId: string;
  authorId: string;
  subjectId: string;
  likes: number;
  dislikes: number;
  mine: number | null;
}

/** Counts and the viewer's vote for those of `ids` that are approved public reviews. */
export async function countVotes(db: DbOrTx, ids: readonly string[], viewerId: string | null): Promise<VoteCountsRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      reviewId: reviews.id,
      authorId: reviews.authorId,
      subjectId: reviews.subjectId,
      likes: sql<number>`count(${reviewVotes.voterId}) FILTER (WHERE ${reviewVotes.value} = 1)::int`,
      dislikes: sql<number>`count(${reviewVotes.voterId}) FILTER (WHERE ${reviewVotes.value} = -1)::int`,
      mine: viewerId ? sql<number | null>`max(${reviewVotes.value}) FILTER (WHERE ${reviewVotes.voterId} = ${viewerId})` : sql<null>`NULL::smallint`,
    })
    .from(reviews)
    .leftJoin(reviewVotes, eq(reviewVotes.reviewId, reviews.id))
    .where(and(inArray(reviews.id, [...ids]), eq(reviews.status, 'approved'), eq(reviews.direction, 'client_to_contractor')))
    .groupBy(reviews.id);
}
