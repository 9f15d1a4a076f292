import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReviewsPage, ProjectReviewState, ReviewData, ReviewResult, ReviewSort, ReviewTab } from '@arreglaya/shared/schemas/reviews';
import { api } from '@/lib/api.ts';

/** Cache keys carry the viewer's id, so a different person signing in never sees these. */
export const reviewKeys = {
  all: (userId: string) => ['reviews', userId] as const,
  project: (userId: string, projectId: string) => ['reviews', userId, 'project', projectId] as const,
  mine: (userId: string, tab: ReviewTab, sort: ReviewSort, page: number) => ['reviews', userId, 'mine', tab, sort, page] as const,
};

export function useProjectReview(userId: string, projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.project(userId, projectId),
    queryFn: ({ signal }) => api.get<ProjectReviewState>(`/api/projects/${encodeURIComponent(projectId)}/review`, signal),
    enabled,
  });
}

export const createReview = (projectId: string, body: ReviewData) => api.post<ReviewResult>(`/api/projects/${encodeURIComponent(projectId)}/review`, body);
export const editReview = (id: string, body: ReviewData) => api.put<ReviewResult>(`/api/reviews/${encodeURIComponent(id)}`, body);

export function useMyReviews(userId: string, tab: ReviewTab, sort: ReviewSort, page: number) {
  return useQuery({
    queryKey: reviewKeys.mine(userId, tab, sort, page),
    queryFn: ({ signal }) => api.get<MyReviewsPage>(`/api/me/reviews?tab=${tab}&sort=${sort}&page=${page}`, signal),
    placeholderData: (previous) => previous,
  });
}

export function useReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) => api.put<ReviewResult>(`/api/reviews/${encodeURIComponent(id)}/reply`, { reply }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(userId) }),
  });
}
