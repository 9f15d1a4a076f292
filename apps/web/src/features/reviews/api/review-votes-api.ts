import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewVotes, ReviewVotesList, ReviewVoteValue } from '@arreglaya/shared/schemas/reviews';
import { api } from '@/lib/api.ts';

// Me gusta / No me gusta on public reviews (docs/decisions/058-review-votes.md): one request for
// a page's counts, one per tap to vote. The viewer's id is in the key: a person signing in or out
// never sees another's pressed buttons.

export const reviewVoteKeys = {
  list: (viewerId: string | null, ids: readonly string[]) => ['review-votes', viewerId ?? 'visitor', ids.join(',')] as const,
};

export function useReviewVotes(viewerId: string | null, ids: readonly string[], enabled = true) {
  return useQuery({
    queryKey: reviewVoteKeys.list(viewerId, ids),
    queryFn: ({ signal }) => api.get<ReviewVotesList>(`/api/review-votes?ids=${ids.map(encodeURIComponent).join(',')}`, signal),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
  });
}

export interface VoteChange {
  reviewId: string;
  /** The new vote, or null to remove it. */
  value: ReviewVoteValue | null;
}

const sendVote = ({ reviewId, value }: VoteChange) =>
  value === null
    ? api.delete<ReviewVotes>(`/api/reviews/${encodeURIComponent(reviewId)}/vote`)
    : api.put<ReviewVotes>(`/api/reviews/${encodeURIComponent(reviewId)}/vote`, { value });

/** The counts a vote change leaves, before the server says so. */
export function afterVote(v: ReviewVotes, value: ReviewVoteValue | null): ReviewVotes {
  const likes = v.likes - (v.mine === 1 ? 1 : 0) + (value === 1 ? 1 : 0);
  const dislikes = v.dislikes - (v.mine === -1 ? 1 : 0) + (value === -1 ? 1 : 0);
  return { ...v, likes, dislikes, mine: value };
}

/**
 * A vote, optimistic: the counts and the pressed button change at once, go back when the server
 * refuses (the caller shows why), and take the server's counts when it answers.
 */
export function useVote(viewerId: string | null, ids: readonly string[]) {
  const queryClient = useQueryClient();
  const key = reviewVoteKeys.list(viewerId, ids);
  const replace = (reviewId: string, next: (v: ReviewVotes) => ReviewVotes) =>
    queryClient.setQueryData<ReviewVotesList>(key, (list) => list && { items: list.items.map((v) => (v.reviewId === reviewId ? next(v) : v)) });
  return useMutation({
    mutationFn: sendVote,
    onMutate: async ({ reviewId, value }: VoteChange) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ReviewVotesList>(key);
      replace(reviewId, (v) => afterVote(v, value));
      return { previous };
    },
    onError: (_error, _change, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (answer) => replace(answer.reviewId, () => answer),
  });
}
