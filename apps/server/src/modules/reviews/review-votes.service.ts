import { reviews as tr } from '@arreglaya/shared/i18n/reviews';
import type { ReviewVotes, ReviewVoteValue } from '@arreglaya/shared/schemas/reviews';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { countVotes, deleteVote, findVotableReview, upsertVote, type VoteCountsRow } from './review-votes.repository.ts';

// "Me gusta" / "No me gusta" on approved public reviews (issue 55; docs/decisions/058-review-votes.md).
// The voter is always the session: nobody names, changes or removes another person's vote. The
// review's author and the person it is about may not vote on it (their vote would be a thumb on
// their own scale); visitors are refused by the route (401).

const toVotes = (r: VoteCountsRow, viewerId: string | null): ReviewVotes => ({
  reviewId: r.reviewId,
  likes: r.likes,
  dislikes: r.dislikes,
  mine: r.mine === 1 || r.mine === -1 ? r.mine : null,
  own: viewerId !== null && (viewerId === r.authorId || viewerId === r.subjectId),
});

/** The counts (and the viewer's vote) of the requested reviews that are public; others are left out. */
export async function reviewVotes(db: Db, ids: readonly string[], viewerId: string | null): Promise<ReviewVotes[]> {
  return (await countVotes(db, ids, viewerId)).map((r) => toVotes(r, viewerId));
}

async function votableBy(db: Db, reviewId: string, voterId: string) {
  const review = await findVotableReview(db, reviewId);
  if (!review) throw new AppError('NOT_FOUND', tr.notFound);
  if (review.authorId === voterId || review.subjectId === voterId) throw new AppError('FORBIDDEN', tr.voteOwn);
}

async function votesOf(db: Db, reviewId: string, voterId: string): Promise<ReviewVotes> {
  const [row] = await countVotes(db, [reviewId], voterId);
  // The review was votable a moment ago; were it hidden since, nobody is told its counts.
  if (!row) throw new AppError('NOT_FOUND', tr.notFound);
  return toVotes(row, voterId);
}

/** Sets (or changes) the voter's one vote on the review; answers the new counts. */
export async function voteOnReview(db: Db, voterId: string, reviewId: string, value: ReviewVoteValue): Promise<ReviewVotes> {
  await votableBy(db, reviewId, voterId);
  await upsertVote(db, reviewId, voterId, value);
  return votesOf(db, reviewId, voterId);
}

/** Removes the voter's vote (nothing to remove is not an error); answers the new counts. */
export async function removeReviewVote(db: Db, voterId: string, reviewId: string): Promise<ReviewVotes> {
  await votableBy(db, reviewId, voterId);
  await deleteVote(db, reviewId, voterId);
  return votesOf(db, reviewId, voterId);
}
