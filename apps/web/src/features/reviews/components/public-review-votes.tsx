import { useCountry } from '@/lib/country.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { useReviewVotes, useVote } from '../api/review-votes-api.ts';
import { ReviewVoteButtons } from './review-votes.tsx';

interface PublicReviewVotesProps {
  /** Every review the page shows: their counts are read in one request, shared by each review's buttons. */
  reviewIds: readonly string[];
  reviewId: string;
}

/** The votes under one review of a page (nothing until the counts arrive, or for a review that is not public). */
export function PublicReviewVotes({ reviewIds, reviewId }: PublicReviewVotesProps) {
  const { user, isLoading } = useViewer();
  const { locale } = useCountry();
  const viewerId = user?.id ?? null;
  // Until the session is known the counts wait: a signed-in person's pressed button must not flicker.
  const votes = useReviewVotes(viewerId, reviewIds, !isLoading);
  const vote = useVote(viewerId, reviewIds);
  const v = votes.data?.items.find((item) => item.reviewId === reviewId);
  return <ReviewVoteButtons votes={v} signedIn={viewerId !== null} locale={locale} onVote={(value) => vote.mutateAsync({ reviewId, value })} />;
}
