import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewsPage, ReviewResult } from '@arreglaya/shared/schemas/reviews';
import { api } from '@/lib/api.ts';

/** Cache keys carry the sysadmin's id, so a different person signing in never sees these. */
export const reviewQueueKeys = {
  all: (userId: string) => ['review-queue', userId] as const,
  page: (userId: string, page: number) => ['review-queue', userId, page] as const,
};

export function useReviewQueue(userId: string, page: number) {
  return useQuery({
    queryKey: reviewQueueKeys.page(userId, page),
    queryFn: ({ signal }) => api.get<AdminReviewsPage>(`/api/admin/reviews?page=${page}`, signal),
    placeholderData: (previous) => previous,
  });
}

/** Approve (no reason) or reject (with the reason) one pending review. */
export function useModerate(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined
        ? api.post<ReviewResult>(`/api/admin/reviews/${encodeURIComponent(id)}/approve`, undefined)
        : api.post<ReviewResult>(`/api/admin/reviews/${encodeURIComponent(id)}/reject`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewQueueKeys.all(userId) }),
  });
}
