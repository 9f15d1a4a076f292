import type { ReactNode } from 'react';
import { useCountry } from '@/lib/country.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { useReviewVotes, useVote } from '../api/review-votes-api.ts';
import { ReviewVoteButtons } from './review-votes.tsx';

/**
 * The votes of the reviews a page shows, read in one request: returns what to draw under each
 * review (nothing until the counts arrive, or for a review that is not public).
 */
export function usePublicReviewVotes(reviewIds: readonly string[]): (reviewId: string) => ReactNode {
  const { user, isLoading } = useViewer();
  const { locale } = useCountry();
  const viewerId = user?.id ?? null;
  // Until the session is known the counts wait: a signed-in person's pressed button must not flicker.
  const votes = useReviewVotes(viewerId, reviewIds, !isLoading);
  const vote = useVote(viewerId, reviewIds);
  return (reviewId) => {
    const v = votes.data?.items.find((item) => item.reviewId === reviewId);
    return <ReviewVoteButtons votes={v} signedIn={viewerId !== null} locale={locale} onVote={(value) => vote.mutateAsync({ reviewId, value })} />;
  };
}
