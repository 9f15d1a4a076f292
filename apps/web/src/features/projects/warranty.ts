import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WarrantyHoldback } from '@arreglaya/shared/schemas/warranty';
import { api } from '@/lib/api.ts';
import { projectKeys } from './project.ts';

// The warranty holdback of a completed project (decision 055): its read and the client's claim.

const warrantyKey = (userId: string, projectId: string) => [...projectKeys.all(userId), 'warranty', projectId] as const;

export function useWarranty(userId: string, projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: warrantyKey(userId, projectId),
    queryFn: ({ signal }) => api.get<{ holdback: WarrantyHoldback | null }>(`/api/projects/${encodeURIComponent(projectId)}/warranty`, signal),
    enabled,
  });
}

export function useOpenWarrantyClaim(userId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<{ message: string }>(`/api/projects/${encodeURIComponent(projectId)}/warranty/claim`, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: warrantyKey(userId, projectId) }),
  });
}
